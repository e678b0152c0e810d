import Foundation
import GestureRuntime
import Testing
@testable import GestureCompiler

/// The analysis's claims, checked against the engine and against values
/// worked out by hand.
@Suite struct AnalysisTests {
    static let analysisSpecs = Paths.files(in: Paths.golden.appendingPathComponent("analysis"), ext: "gesture")
    static let shippedSpecs = Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture")

    func analyze(_ url: URL) throws -> (CheckedGestureSet, Analyzer.Report) {
        let front = Frontend.check(try Paths.source(url), examples: .beside(url.path))
        let set = front.gestureSet
        return (set, Analyzer.analyze(set, source: front.source))
    }

    /// The analysis of a spec written here, without the accessibility
    /// warnings (v4): these small specs are about other analyses, and
    /// `AccessibilityTests` tests those warnings.
    func analyze(_ text: String) -> (CheckedGestureSet, Analyzer.Report) {
        let front = Frontend.check(SourceFile(path: "t.gesture", text: text))
        var report = Analyzer.analyze(front.gestureSet, source: front.source)
        report.diagnostics.removeAll { $0.kind == .pointerGesture || $0.kind == .draggingMovement }
        return (front.gestureSet, report)
    }

    func claims(_ g: GestureID, _ table: GestureTable, _ stream: TouchStream, as index: GestureID? = nil) -> Bool {
        var engine = Engine(table: table)
        // As the witness's control lines do: the analysis runs gestures disabled at start as enabled.
        for h in table.gestureIDs { engine.setEnabled(true, gesture: h, at: 0) }
        for e in stream.events { engine.feed(e) }
        engine.finish()
        return engine.events.contains { $0.gesture == (index ?? g) && ($0.state == .began || $0.state == .recognized) }
    }

    /// Every witness does what its warning says: the victim succeeds on it
    /// alone, and in the set the winner claims and the victim does not.
    @Test(arguments: analysisSpecs + shippedSpecs)
    func witnessesReplay(_ url: URL) throws {
        let (set, report) = try analyze(url)
        let source = try Paths.source(url)
        let whole = Compiler.compile(source, examples: .beside(url.path)).table
        for c in report.conflicts {
            let table = try #require(whole)
            #expect(claims(c.winner, table, c.witness), "\(url.lastPathComponent): the winner must claim")
            #expect(!claims(c.victim, table, c.witness), "\(url.lastPathComponent): the victim must lose")
            let alone = TableBuilder.build(CheckedGestureSet(gestures: [set[c.victim]], rules: [], views: set.views),
                                           source: source).0
            #expect(claims(c.victim, alone, c.witness, as: 0), "\(url.lastPathComponent): the victim alone must succeed")
        }
    }

    @Test(arguments: shippedSpecs)
    func shippedSpecsHaveNoWarnings(_ url: URL) throws {
        let (_, report) = try analyze(url)
        #expect(report.diagnostics.isEmpty, "\(url.lastPathComponent): \(report.diagnostics.map(\.message))")
    }

    /// v5's finger-count paths: a performance's last finger landing late (the
    /// others waiting, or moving meanwhile) and lifting halfway, each a stream
    /// the analyses run as the gesture's.
    @Test func fingerCountPathsLandLateAndLiftEarly() throws {
        let front = Frontend.check(SourceFile(path: "t.gesture", text: "gesture three: pan { touches: 3  together: 80ms }"))
        let set = front.gestureSet
        let plain = try #require(ExemplarGenerator.candidates(for: set[0], view: 0).first)
        let paths = ExemplarGenerator.fingerPaths(plain, set[0])
        #expect(paths.count == 3)
        let downs = { (s: TouchStream) in s.events.filter { $0.phase == .began }.map(\.time.rawValue) }
        // Half the window late; waiting, every later sample is late by as much.
        #expect(downs(paths[0]) == [0, 0, 40_000])
        #expect(paths[0].events.last!.time.rawValue == plain.events.last!.time.rawValue + 40_000)
        // Moving: the first two fingers' samples are the plain ones, and the third lands where it would be.
        #expect(downs(paths[1]) == [0, 0, 40_000])
        #expect(paths[1].events.filter { $0.id != 3 } == plain.events.filter { $0.id != 3 })
        let third = try #require(paths[1].events.first { $0.id == 3 })
        #expect(plain.events.contains { $0.id == 3 && $0.time.rawValue >= 40_000 && ($0.x, $0.y) == (third.x, third.y) })
        // Lifting early: the third finger's last sample is a lift before the others end.
        let lift = try #require(paths[2].events.last { $0.id == 3 })
        #expect(lift.phase == .ended && lift.time < paths[2].events.last!.time)
        #expect(paths[2].events.filter { $0.id != 3 } == plain.events.filter { $0.id != 3 })
        // Alone, the pan still performs each of them.
        var analysis = ConflictAnalysis(simulator: Simulator(set: set, source: front.source))
        #expect(paths.allSatisfy { analysis.claimTime(of: 0, alone: $0) != nil })
    }

    @Test func theConflictsTheLanguageNames() {
        func pairs(_ text: String) -> [String] {
            let (set, report) = analyze(text)
            return report.conflicts.map { "\(set[$0.winner].name)>\(set[$0.victim].name)\($0.always ? "!" : "")" }
        }
        #expect(pairs("gesture s: tap {}\ngesture d: tap { taps: 2 }") == ["s>d!"])
        #expect(pairs("gesture f: swipe {}\ngesture p: pan { threshold: 10pt }") == ["p>f"])
        // Pan thresholds past the swipe's distance: a single-sample jump still ties.
        #expect(pairs("gesture f: swipe {}\ngesture p: pan { threshold: 80pt }").count == 1)
        #expect(pairs("gesture h: longPress { slop: 20pt }\ngesture p: pan { threshold: 10pt }") == ["p>h"])
        #expect(pairs("gesture h: longPress { slop: 10pt }\ngesture p: pan { threshold: 10pt }") == [])
        #expect(pairs("gesture l: stroke { match: right  recognize: immediately }\ngesture c: stroke { match: right down }") == ["l>c!"])
        // A pan held for a press it requires to fail: a short drag lifted before the press's
        // duration is the tap's at lift (the pan completed long before, but waited).
        #expect(pairs("gesture p: pan { threshold: 1pt }\ngesture t: tap {}\ngesture h: longPress {}\np requires h to fail") == ["t>p"])
        #expect(pairs("gesture z: pinch {}\ngesture t: tap {}") == [])
        #expect(pairs("gesture r: rotation {}\ngesture t: tap { touches: 1  taps: 2 }") == [])
        // Decided by a rule either way.
        #expect(pairs("gesture s: tap {}\ngesture d: tap { taps: 2 }\ns requires d to fail") == [])
        #expect(pairs("gesture s: tap {}\ngesture d: tap { taps: 2 }\ns with d") == [])
    }

    /// docs/language.md's example "compiles with no warning"; without `drag requires
    /// flick to fail` the drag takes the flick.
    /// A conflict a limit and a threshold make (a tap still down when a long
    /// press fires, a press that may move past a pan's threshold) is offered
    /// the parameter changes that settle it, after its rules: each fix-it,
    /// applied to the text as an editor would, leaves the pair without a
    /// conflict and the spec without an error, whether it replaces a written
    /// value or adds the parameter to a body on one line, empty, or on several.
    @Test func parameterFixItsSettleTheirConflict() {
        let specs = [
            "gesture open: tap {}\ngesture reorder: longPress { duration: 400ms }\n",
            "gesture open: tap { maxDuration: 600ms }\ngesture reorder: longPress {\n    duration: 400ms\n}\n",
            "gesture press: tap { slop: 20pt }\ngesture drag: pan {\n    axis: horizontal\n}\n",
            "gesture hold: longPress { slop: 30pt  duration: 300ms }\ngesture drag: pan { threshold: 12pt }",
        ]
        for text in specs {
            let (set, report) = analyze(text)
            let conflicts = report.diagnostics.filter { $0.id == "conflict" || $0.id == "preempted" }
            #expect(conflicts.count == 1, "\(text): \(report.diagnostics.map(\.message))")
            for d in conflicts {
                #expect(d.message.contains(", or write \""), "\(d.message)")
                let changes = d.fixIts.dropFirst()
                #expect(!changes.isEmpty, "\(text): no parameter change offered")
                for fix in changes {
                    var bytes = Array(text.utf8)
                    bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
                    let fixed = String(decoding: bytes, as: UTF8.self)
                    let (after, again) = analyze(fixed)
                    #expect(!again.diagnostics.contains { $0.severity == .error }, "\(fixed)")
                    #expect(again.conflicts.isEmpty, "\(fixed): \(again.diagnostics.map(\.message))")
                    #expect(after.gestures.count == set.gestures.count)
                    // A `wins over` fix-it (v4) settles it too; the rest are parameter changes.
                    if fix.replacement.contains(" wins over ") { continue }
                    // The change is the one the message names, written once.
                    let written = fix.replacement.trimmingCharacters(in: .whitespacesAndNewlines)
                    #expect(d.message.contains("\"\(written)\""), "\(d.message) does not name \(written)")
                    #expect(fixed.components(separatedBy: written.split(separator: ":")[0] + ":").count == 2, "\(fixed)")
                }
            }
        }
        // The issue's card list: either side of the tap and the long press may move.
        let (_, cards) = analyze(specs[0])
        #expect(cards.diagnostics.first?.message.hasSuffix(#"or write "maxDuration: 400ms" in 'open' or "duration: 500ms" in 'reorder'"#) == true)
        // A conflict no parameter settles (a single tap against a double) offers the rules alone.
        let (_, taps) = analyze("gesture s: tap {}\ngesture d: tap { taps: 2 }")
        #expect(taps.diagnostics.allSatisfy { $0.fixIts.count == 1 && !$0.message.contains(", or write") })
    }

    @Test func theLanguageExampleIsCleanAndNeedsItsSwipeRule() {
        let example = """
            let slop = 10pt
            gesture singleTap: tap { taps: 1 }
            gesture doubleTap: tap { taps: 2  maxInterval: 300ms  slop: slop }
            gesture tripleTap: tap { taps: 3 }
            gesture hold:  longPress { duration: 500ms  slop: 10pt }
            gesture flick: swipe     { directions: left | right  minDistance: 50pt  minVelocity: 300pt/s }
            gesture drag:  pan       { touches: 1...2  threshold: 10pt }
            gesture zoom:  pinch     { threshold: 0.05 }
            gesture twist: rotation  { threshold: 5deg }
            singleTap requires doubleTap to fail
            doubleTap requires tripleTap to fail
            zoom with twist
            drag with zoom
            drag with twist
            hold with drag

            """
        #expect(analyze(example + "drag requires flick to fail\n").1.diagnostics.isEmpty)
        let (set, report) = analyze(example)
        #expect(report.conflicts.map { "\(set[$0.winner].name)>\(set[$0.victim].name)" } == ["drag>flick"])
    }

    @Test func aStateExplosionIsReportedNotAnalysed() {
        let (_, report) = analyze("gesture fine: tap {}\ngesture blowUp: stroke { match: any* right any{12} }\n")
        #expect(report.diagnostics.map(\.id) == ["state-explosion"])
    }

    @Test func deadGestures() {
        let (_, dead) = analyze("gesture z: stroke { match: right down right down  minSegment: 50% }")
        #expect(dead.diagnostics.map(\.id) == ["dead-gesture"])
        let (_, fits) = analyze("gesture z: stroke { match: right down right down  minSegment: 49% }")
        #expect(fits.diagnostics.isEmpty)
        let (_, byRule) = analyze("gesture s: tap {}\ngesture d: tap { taps: 2 }\nd requires s to fail")
        #expect(byRule.diagnostics.map(\.id) == ["preempted-by-rule"])
    }

    /// Worked out by hand from the specs' parameters: a single tap waits for
    /// the double tap's interval (300 ms) and, if a second press comes just in
    /// time, for its maxDuration (500 ms); a drag at 200pt/s passes 10pt at
    /// 56 ms and the swipe fails when the finger is 50pt out, at 256 ms.
    @Test func latenciesOfTheShippedSpecs() throws {
        func latency(_ spec: String, _ name: String) throws -> Latency {
            let path = spec.contains("/") ? spec : "specs/\(spec).gesture"
            let (set, report) = try analyze(Paths.packageRoot.appendingPathComponent(path))
            let g = try #require(set.gestures.firstIndex { $0.name == name })
            return report.latencies[g]
        }
        let single = try latency("tap-or-double-tap", "singleTap")
        #expect(single.worst == 800_000 && single.typical == 300_000)
        let exclusiveDouble = try latency("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture", "doubleTap")
        #expect(exclusiveDouble.worst == 800_000 && exclusiveDouble.typical == 300_000)
        // Series taps fire as their tap happens: no wait at all.
        let viewDouble = try latency("tap-view", "doubleTap")
        #expect(viewDouble.waitsFor.isEmpty && viewDouble.worst == 0 && viewDouble.typical == 0)
        let drag = try latency("bench", "drag")
        #expect(drag.worst == nil && drag.typical == 200_000)
        let swipe = try latency("bench", "swipeH")
        #expect(swipe.worst == nil && swipe.typical == 0)
        let chomp = try latency("simultaneous-transform", "chomp")
        #expect(chomp.worst == 0 && chomp.typical == 0)
        let tripleTap = try latency("tap-view", "tripleTap")
        #expect(tripleTap.waitsFor.isEmpty && tripleTap.worst == 0)
    }

    @Test func maxLatencyIsCheckedAgainstTheWorstCase() {
        let rules = "gesture d: tap { taps: 2 }\ns requires d to fail"
        let (_, over) = analyze("gesture s: tap { maxLatency: 799ms }\n" + rules)
        #expect(over.diagnostics.map(\.id) == ["latency-budget"])
        let (_, within) = analyze("gesture s: tap { maxLatency: 800ms }\n" + rules)
        #expect(within.diagnostics.isEmpty)
        let (_, longerPress) = analyze("gesture s: tap { maxLatency: 800ms }\ngesture d: tap { taps: 2  maxDuration: 600ms }\ns requires d to fail")
        #expect(longerPress.diagnostics.map(\.id) == ["latency-budget"])
    }

    /// `tag requires zoom to fail` makes every tap on a tag wait for the
    /// photo's double tap to fail; `zoom wins over tag` (v4) settles the pair with no wait:
    /// the tap's worst latency falls to what it needs alone, and the conflict
    /// analysis stays clean either way.
    @Test func winsOverSettlesAPairWithoutTheWaitOfRequires() throws {
        let gestures = "gesture zoom: tap { taps: 2 }\ngesture tag: tap {}\nview photo {\n    gestures: zoom\n    view tags { gestures: tag }\n}\n"
        func tag(_ rule: String) -> (Latency, [String]) {
            let (set, report) = analyze(gestures + rule)
            let g = set.gestures.firstIndex { $0.name == "tag" }!
            return (report.latencies[g], report.diagnostics.map(\.id))
        }
        let (alone, _) = tag("")
        let (waiting, waitingDiagnostics) = tag("tag requires zoom to fail")
        let (winning, winningDiagnostics) = tag("zoom wins over tag")
        #expect(waiting.waitsFor.count == 1 && (waiting.worst ?? .max) > (alone.worst ?? 0), "\(waiting) vs \(alone)")
        #expect(winning.waitsFor.isEmpty && winning.worst == alone.worst && winning.typical == alone.typical, "\(winning) vs \(alone)")
        #expect(waitingDiagnostics.isEmpty && winningDiagnostics.isEmpty)
        // A pan that preempts a swipe: the fixes offer 'wins over' beside 'requires' and 'with', as a fix-it too.
        let (_, conflict) = analyze("gesture drag: pan {}\ngesture flick: swipe { directions: left }\n")
        let d = try #require(conflict.diagnostics.first { $0.id == "conflict" || $0.id == "preempted" })
        #expect(d.message.contains("\"flick wins over drag\""), "\(d.message)")
        #expect(d.fixIts.contains { $0.replacement.contains("flick wins over drag") })
        let (_, settled) = analyze("gesture drag: pan {}\ngesture flick: swipe { directions: left }\nflick wins over drag\n")
        #expect(settled.diagnostics.isEmpty, "\(settled.diagnostics.map(\.message))")
    }

    /// A screen-edge pan in a system gesture zone (v4) is warned about with
    /// a witness that the pan does claim: the system would take that swipe.
    @Test func systemZoneWitnessesAreClaimedByTheirPan() throws {
        let (set, report) = analyze("profile ios\ngesture pull: pan { edges: bottom }\ngesture back: pan { edges: left }\n")
        let warnings = report.diagnostics.filter { $0.id == "system-gesture" }
        #expect(warnings.count == 1 && warnings[0].message.contains("'pull' begins at the bottom edge"), "\(report.diagnostics.map(\.message))")
        let table = try #require(Compiler.compile(SourceFile(path: "s.gesture", text: "profile ios\ngesture pull: pan { edges: bottom }\n")).table)
        let zone = try #require(Profile.ios.systemGestureZones.first { $0.edge == .bottom })
        let witness = SystemGestures.witness(for: zone, gesture: set.gestures[0])
        #expect(witness.claimTime(of: 0, on: table) != nil, "the pan claims its witness")
        #expect(witness.traceLines(screen: true).hasPrefix("{\"screen\":"))
        // Without a profile, no platform is named: no zone, no warning.
        let (_, none) = analyze("gesture pull: pan { edges: bottom }\n")
        #expect(!none.diagnostics.contains { $0.id == "system-gesture" })
    }
}
