import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// The fuzz targets: each takes arbitrary bytes and must neither crash, hang
/// nor break an invariant (a broken invariant traps, which the fuzzer
/// reports). libFuzzer drives them through `gspec-fuzz`; `swift test` runs a
/// short seeded version of each.
public enum FuzzTargets {
    /// The front end and back end on arbitrary spec text: every diagnostic
    /// lies inside the file, and a spec without errors yields a valid table.
    public static func compiler(_ bytes: [UInt8]) {
        let source = SourceFile(path: "fuzz.gesture", bytes: bytes)
        let output = Compiler.compile(source)
        for d in output.diagnostics {
            precondition(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= bytes.count)
            for note in d.notes { precondition(note.range.start >= 0 && note.range.end <= bytes.count) }
        }
        _ = DiagnosticRenderer().render(output.diagnostics, in: source)
        if let table = output.table {
            do { try TableFormat.validate(table) } catch { preconditionFailure("compiler built an invalid table: \(error)") }
            checkSwiftNames(table)
            analyze(output.frontend.gestureSet, source, table)
        }
    }

    /// The generated Swift's case names are distinct Swift identifiers (or
    /// escaped keywords), whatever the spec names its gestures and views.
    static func checkSwiftNames(_ table: GestureTable) {
        func check(_ names: [String]) {
            let cases = SwiftEmitter.caseNames(names)
            precondition(Set(cases).count == cases.count, "case names collide: \(cases)")
            for name in cases {
                let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                precondition(!bare.isEmpty && bare.utf8.allSatisfy { $0 == 95 || ($0 >= 48 && $0 <= 57) || ($0 | 32 >= 97 && $0 | 32 <= 122) }
                             && !(bare.first!.isNumber), "not an identifier: \(name)")
                precondition(name.hasPrefix("`") == SwiftEmitter.keywords.contains(bare))
            }
        }
        check(table.gestureIDs.map { table.name(of: $0) })
        if table.hasViews { check(table.viewIDs.map { table.name(ofView: $0) }) }
    }

    /// Every failure is explained once, at its `failed` or `retracted` event, in words; a hold names a gesture it
    /// requires; a hand-over is explained at the `cancelled` it caused.
    static func checkExplanations(_ engine: Engine) {
        guard engine.explains else { return precondition(engine.explanations.isEmpty) }
        let failures = engine.events.indices.filter { engine.events[$0].state == .failed || engine.events[$0].state == .retracted }
        let explained = engine.explanations.filter { $0.state == "failed" || $0.state == "retracted" }
        precondition(explained.map(\.eventIndex) == failures, "failures and their explanations differ")
        for x in engine.explanations {
            switch x.reason {
            case .held(let b): precondition(engine.table.requiresLine(x.gesture, b) != nil)
            case .unarmed(let a): precondition(engine.table.afterLine(x.gesture, a) != nil)
            case .waitsForFingers(let h):
                // A hold (its event is the next one) for a gesture that has a window and needs more fingers.
                let (held, window) = (engine.table.gestures[x.gesture.rawValue], engine.table.gestures[h.rawValue])
                precondition(window.together > 0 && window.minTouches > held.minTouches && x.eventIndex <= engine.events.count)
            case .off, .notHandedOver: precondition(x.eventIndex <= engine.events.count)
            case .handedOver, .wonOver(_, cancelled: true):
                precondition(engine.events[x.eventIndex].gesture == x.gesture && engine.events[x.eventIndex].state == .cancelled)
            default: precondition(engine.events[x.eventIndex].gesture == x.gesture)
            }
            precondition(!x.message(in: engine.table).isEmpty)
        }
    }

    /// The analysis on a set that compiled: every witness shows its conflict
    /// on the compiled table, and every generated boundary and provisional test
    /// passes on it (`gspec test` must never fail the compiler's own output).
    static func analyze(_ set: CheckedGestureSet, _ source: SourceFile, _ table: GestureTable) {
        guard set.gestures.count <= 16 else { return }  // the search is quadratic; small sets find the same bugs
        let report = Analyzer.analyze(set, source: source)
        for d in report.diagnostics {
            precondition(d.range.start >= 0 && d.range.end <= source.bytes.count)
        }
        for c in report.conflicts {
            precondition(c.witness.claimTime(of: 0, on: table.isolating(c.victim)) != nil, "a witness its victim does not perform alone")
            precondition(c.witness.claimTime(of: c.victim, on: table, in: c.situation) == nil
                         && c.witness.claimTime(of: c.winner, on: table, in: c.situation) != nil,
                         "a witness that shows no conflict")
        }
        for c in BoundaryCaseGenerator.cases(for: set) {
            let alone = c.table(table.isolating(c.gesture))
            precondition(c.accepted.claimTime(of: 0, on: alone) != nil, "boundary \(c.parameter): the accepted stream fails")
            precondition(c.rejected.claimTime(of: 0, on: alone) == nil, "boundary \(c.parameter): the rejected stream succeeds")
        }
        for c in ProvisionalCase.cases(for: set, source: source) {
            precondition(c.failure(on: table) == nil, "provisional case of gesture \(c.gesture) fails on its own table")
        }
    }

    /// The table loader on arbitrary bytes, resealed (the header's length and
    /// checksum made right, as a crafted table's are, so that the section
    /// readers and the validation behind them are what a mutation reaches):
    /// a table that loads must run, touches hitting each of its views,
    /// deliveries worked out.
    public static func table(_ bytes: [UInt8]) {
        guard let table = try? GestureTable(decoding: TableFormat.resealed(bytes)) else { return }
        // The C library's names by index (`gspec_engine_name`): each list has
        // a name at every index below its count and none past it or before 0.
        for list in NameList.allCases {
            var count = 0
            while list.name(count, in: table) != nil { count += 1 }
            precondition(list.name(-1, in: table) == nil && list.name(count + 1, in: table) == nil, "\(list.name) names past its end")
            precondition([NameList.gesture, .kind, .action, .values].contains(list) ? count == table.gestureCount : true, "\(list.name) has \(count) names")
        }
        var engine = Engine(table: table)
        engine.reportsDeliveries = true
        for var e in sampleStream {
            e.view = table.viewNames.isEmpty ? 0 : ViewID(Int(e.time.rawValue / 16_000) % table.viewNames.count)
            engine.feed(e)
        }
        engine.reset()
        engine.finish()
        precondition(!engine.hasTouchesDown && !engine.hasPendingDeadline && !engine.hasWithheldDeliveries)
    }

    /// The engine on arbitrary touch streams over a set with every kind and
    /// rule: afterwards, once everything is cancelled, nothing is stuck.
    public static func engine(_ bytes: [UInt8]) {
        var engine = Engine(table: allKinds)
        engine.reportsDeliveries = bytes.first.map { $0 & 1 == 0 } ?? false
        engine.explains = bytes.first.map { $0 & 2 == 0 } ?? false
        // Coordinates run to 510: a screen that small puts some touches near its right edge.
        engine.screenSize = bytes.first.map { $0 & 4 == 0 } ?? false ? SIMD2(400, 500) : .zero
        // A twin explaining when the engine does not, or the reverse: explaining
        // scores every template, so its events show that skipping templates changes none.
        var twin = engine
        twin.explains.toggle()
        var t: Microseconds = 0
        var i = 0
        while i + 6 <= bytes.count {
            // 6 bytes per event: time step, id, phase, x, y, and one byte of NaN/backwards flags.
            let flags = bytes[i + 5]
            t += Microseconds(Int64(bytes[i]) * 4_000 - (flags & 1 != 0 ? 600_000 : 0))
            let phase = TouchPhase(rawValue: bytes[i + 2] % 5)!
            let x = flags & 2 != 0 ? Double.nan : Double(bytes[i + 3]) * 2
            let y = Double(bytes[i + 4]) * 2
            // The high bits of the flags pick the hit view (4 values for 3 views: one unknown).
            // The id byte's high bits pick the pointer kind (3 of 4 values a finger).
            let event = TouchEvent(time: t, id: Int(bytes[i + 1] % 24), phase: phase, x: x, y: y, view: ViewID(Int(flags >> 6)),
                                   pointer: PointerKind.allCases[max(0, Int(bytes[i + 1] >> 6) - 1)])
            func step(_ e: inout Engine) {
                e.feed(event)
                if flags & 4 != 0 { e.advance(to: t + Microseconds(Int64(flags) * 10_000)) }
                // The app switches a gesture off or on, or changes a distance or a score, between samples.
                if flags & 0x38 == 0x38 {
                    let g = GestureID(Int(bytes[i + 3]) % e.table.gestureCount)
                    e.setEnabled(bytes[i + 4] & 1 == 0, gesture: g, at: t)
                    try? e.set(.slop, to: .points(Double(bytes[i + 4] % 32)), gesture: g, at: t)
                    try? e.set(.minScore, to: .ratio(Double(bytes[i + 4]) / 255), gesture: g, at: t)
                }
                // Or turns a mode on or off (an index past the table's modes too).
                if flags & 0x38 == 0x30 { e.setMode(ModeID(Int(bytes[i + 3]) % 3), bytes[i + 4] & 1 == 0, at: t) }
                // Or hands a gesture over, active or not, with a `hands over to` rule or without.
                if flags & 0x38 == 0x28 { e.handOver(from: GestureID(Int(bytes[i + 3]) % e.table.gestureCount), at: t) }
                // Or says which edges a scroll (or any gesture: refused) is at, any bits.
                if flags & 0x38 == 0x20 { e.setScrollEdges(DirectionSet(rawValue: bytes[i + 4]), gesture: GestureID(Int(bytes[i + 3]) % e.table.gestureCount), at: t) }
                // Or says the platform began scrolling with a scroll's touches (or any gesture's: ignored).
                if flags & 0x38 == 0x18 { e.scrollBegan(gesture: GestureID(Int(bytes[i + 3]) % e.table.gestureCount), at: t) }
                // Or performs a gesture's accessibility action (one without: refused), or sets a ranged duration, in range or not.
                if flags & 0x38 == 0x10 {
                    e.performAction(gesture: GestureID(Int(bytes[i + 3]) % e.table.gestureCount), x: Double(bytes[i + 4]), y: 0, at: t)
                    try? e.set(.duration, to: .seconds(Double(bytes[i + 4]) / 100), gesture: GestureID(Int(bytes[i + 3]) % e.table.gestureCount), at: t)
                }
            }
            step(&engine)
            step(&twin)
            precondition(engine.events == twin.events, "skipping templates changed an event")
            checkExplanations(engine)
            checkExplanations(twin)
            engine.removeAllEvents()
            twin.removeAllEvents()
            i += 6
        }
        engine.reset()
        engine.finish()
        checkExplanations(engine)
        precondition(!engine.hasTouchesDown && !engine.hasPendingDeadline && !engine.hasWithheldDeliveries)
        for g in engine.table.gestureIDs { precondition(engine.isIdle(g), "gesture \(g) is stuck") }
    }

    /// A set with every kind, tap series (restarting and continuing, on lift
    /// and on press), screen-edge pans, pan offsets and minimum velocity,
    /// gestures enabled by modes and taking some pointer kinds only,
    /// strokes (segmented, template, feature-bounded, with differing
    /// smoothing and corner angles, so lifts both share and redo their
    /// measurements), provisional gestures, a gesture on several views and
    /// every kind of rule (`after` a continuous and a discrete gesture too,
    /// hand-overs both ways and to several gestures), accessibility actions
    /// and a range.
    public static let allKinds: GestureTable = {
        let spec = """
            mode editing
            mode locked
            gesture single: tap { provisional: true }
            gesture double: tap { taps: 2 }
            gesture twoFinger: tap { touches: 2  enabled: not locked  input: any }
            gesture hold: longPress { taps: 1  duration: 300ms in 200ms...1s  provisional: true  action: "Menu" }
            gesture flick: swipe { directions: left | right  provisional: true  action: "Delete" }
            gesture drag: pan { touches: 1...3 }
            gesture sidewaysDrag: pan { axis: horizontal  threshold: 4pt  enabled: editing and not locked  input: mouse | pen }
            gesture zoom: pinch { action: "Plus" }
            gesture twist: rotation { action: "R" }
            gesture check: stroke { segment: 12pt  match: down-right up-right }
            gesture tickle: stroke { axis: horizontal  segment: 20pt  match: horizontal{3,}  recognize: immediately  enabled: editing or locked  input: pen }
            gesture caret: stroke {
                segment: 5%  resample: true  smoothing: 20%  hysteresis: 15deg  minSegment: 10%  hooks: 15%
                match: (up-right | up)+ (down-right | down)+  chord: -45deg...45deg
            }
            gesture press: tap { delaysTouchesBegan: true  cancelsTouches: false }
            gesture tapOnce: tap { series: continues }
            gesture tapTwice: tap { taps: 2  series: continues  recognize: onPress }
            gesture touchDown: tap { recognize: onPress  duringMomentum: true }
            gesture back: pan { edges: left | right  edgeWidth: 30pt  axis: horizontal }
            gesture scrub: pan { threshold: 0pt  activeOffsetX: -20pt...20pt  failOffsetY: -10pt...10pt  minVelocity: 200pt/s }
            view canvas {
                gestures: drag, zoom, twist, caret, tapOnce, scrub
                forwards: ended
                view button { gestures: press, single, double, tapOnce, touchDown  forwards: double }
            }
            gesture carry: pan { threshold: 0pt }
            gesture pressAfterTap: longPress { duration: 200ms }
            gesture follow: pan { threshold: 0pt }
            gesture loop: stroke { examples: loops  minScore: 0.7  turning: 180deg...720deg  closure: 0%...50% }
            gesture wedge: stroke { examples: wedges  maxTemplates: 2  maxRotation: 90deg  corners: 1...4  counterTurn: 0deg...60deg  counterSpan: 20%...  startY: 0%...60%  endX: 10%...  smoothing: 30%  hooks: 10% }
            gesture sheet: pan { touches: 1...3  axis: vertical  settle { anchors: 0pt, 320pt, 640pt  bounds: 0pt...640pt  marks: 40%, 80% } }
            gesture feed: scroll { touches: 1...2  axis: vertical  settle { pitch: 375pt  bounds: -1500pt...0pt  model: android } }
            gesture bend: stroke { match: any+  corners: 1...2  cornerAngle: 45deg  firstLeg: 20%...80%  aspect: 0.2...5  straightness: 0%...95% }
            gesture spread: pinch { touches: 2...5  together: 60ms  settle { anchors: 1, 2, 4  bounds: 1...4  model: exponential(0.99)  sequential: false } }
            gesture spin: rotation { touches: 3...  fingers: restart  settle { model: none  bounds: -90deg...90deg  rubberBand: 0  marks: 0deg } }
            gesture glide: pan { touches: 2...4  fingers: end  together: 40ms }
            gesture swipe3: swipe { touches: 3  together: 80ms  directions: left }
            gesture press3: tap { touches: 3  together: 50ms }
            tapOnce with tapTwice
            scrub requires back to fail
            carry after hold
            pressAfterTap after single within 250ms
            follow after drag
            single requires double to fail
            flick requires drag to fail
            zoom with twist
            drag with zoom
            hold with drag
            drag hands over to sheet
            sheet, twist hands over to drag, back
            hold requires flick to fail
            single requires feed to fail
            feed with zoom
            feed hands over to sheet at top | bottom
            zoom wins over press, caret
            bend wins over loop
            spread with spin
            glide hands over to spread
            """
        return Compiler.compile(SourceFile(path: "all-kinds.gesture", text: spec), examples: templateExamples).table!
    }()

    /// Template strokes' examples for `allKinds`: circles and triangles of a few sizes.
    static let templateExamples: StrokeExamples = {
        func shape(_ corners: [SIMD2<Double>], size: Double) -> [SIMD2<Double>] {
            (0...40).map { i in
                let f = Double(i) / 40
                guard !corners.isEmpty else { return SIMD2(cos(2 * .pi * f), -sin(2 * .pi * f)) * size + 200 }
                let x = f * Double(corners.count - 1), k = min(Int(x), corners.count - 2)
                return (corners[k] + (corners[k + 1] - corners[k]) * (x - Double(k))) * size + 200
            }
        }
        let triangle: [SIMD2<Double>] = [[0, -1], [-0.9, 0.6], [0.9, 0.6], [0, -1]]
        return StrokeExamples(location: "all-kinds.examples", folders: [
            // More loops than pivots, so that lifts skip templates.
            "loops": [30.0, 40, 50, 60, 80, 100].map { .init(name: "loops/\(Int($0))", points: shape([], size: $0)) }
                + [50.0, 70].map { .init(name: "loops/wedge\(Int($0))", points: shape(triangle, size: $0)) },
            "wedges": [30.0, 50, 80].map { .init(name: "wedges/\(Int($0))", points: shape(triangle, size: $0)) },
        ])
    }()

    static let sampleStream: [TouchEvent] = {
        var events: [TouchEvent] = []
        var t: Microseconds = 0
        for k in 0..<40 {
            let id = k % 3
            events.append(TouchEvent(time: t, id: id, phase: .began, x: Double(k * 7 % 200), y: Double(k * 13 % 300)))
            t += 16_000
            events.append(TouchEvent(time: t, id: id, phase: .moved, x: Double(k * 11 % 200), y: Double(k * 5 % 300)))
            t += Microseconds(40_000 * Int64(k % 5))
            events.append(TouchEvent(time: t, id: id, phase: k % 7 == 0 ? .cancelled : .ended, x: Double(k * 11 % 200), y: 3))
            t += 100_000
        }
        return events
    }()
}

extension FuzzTargets {
    /// The trace reader on arbitrary bytes, resolving views, gestures and
    /// control lines against a set with every kind, its events fed to an
    /// engine: every error names a line of the input, every line that parsed
    /// as JSON writes back to the same value, and nothing is stuck at the end.
    public static func trace(_ bytes: [UInt8]) {
        let table = allKinds
        var engine = Engine(table: table)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        let errors = TraceReader.read(
            bytes, views: { table.view(named: $0) },
            gestures: table.gestureIDs.map(table.name(of:)),
            modes: table.modeIDs.map(table.name(ofMode:)),
            control: { c in
                if let enabled = c.enabled { for g in c.gestures { engine.setEnabled(enabled, gesture: g, at: c.time) } }
                if let (m, on) = c.mode { engine.setMode(m, on, at: c.time) }
                if c.handOver { for g in c.gestures { engine.handOver(from: g, at: c.time) } }
                return nil
            }
        ) { engine.feed($0) }
        for e in errors { precondition(e.line >= 1 && e.line <= lines, "error on line \(e.line) of \(lines)") }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let value = try? JSON.parse(line) else { continue }
            precondition((try? JSON.parse(Array(value.serialized.utf8))) == value, "JSON does not write back: \(value.serialized)")
        }
        engine.reset()
        engine.finish()
        precondition(!engine.hasTouchesDown && !engine.hasPendingDeadline)
        for g in table.gestureIDs { precondition(engine.isIdle(g), "gesture \(g) stuck after the trace") }
    }
}
