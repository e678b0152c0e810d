/// Why a gesture failed or waits, for `gspec run --explain` and an app's
/// debug overlay. Recorded only while `Engine.explains` is on.
public struct Explanation: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// Its own automaton could not go on after `symbol`; `timer` is the
        /// deadline that passed when the symbol is `timeout`.
        case automaton(Symbol, StateTimer)
        /// Gesture `by` began or was recognized with one of its touches, and no `with` rule links them.
        case claimedBy(GestureID)
        /// Gesture `other`, which it requires to fail, began or was recognized.
        case requiredSucceeded(GestureID)
        /// Its stroke ended where the `chord` does not allow.
        case chord
        /// No touch and no deadline is left to decide it.
        case undecidable
        /// It completed, and waits for gesture `other` (one it requires to fail) to fail.
        case held(GestureID)
        /// A screen-edge pan's first touch began farther than `edgeWidth` from its edges.
        case notAtEdge
        /// A pan's translation left a fail offset range before it began; `vertical`: `failOffsetY`.
        case failOffset(vertical: Bool)
        /// Touches began that it would see, but no `after` rule arms it: it
        /// waits for gesture `source` (the first of its sources) to begin or be recognized.
        case unarmed(GestureID)
        /// Gesture `source`, which armed it, ended, failed or was cancelled before it began.
        case disarmed(GestureID)
        /// The app disabled it during an attempt.
        case disabled
        /// Touches began that it would see, but it is disabled (`enabled: false`,
        /// by the app, or by its condition on modes, `modes` being the modes then on).
        case off(modes: UInt16)
        /// A template stroke's closest template (a `GestureTable` template
        /// index; -1: the stroke had no length) scored below its `minScore`
        /// (the score is `measured`).
        case template(Int)
        /// Another template stroke on the same touch matched it better.
        case outscored(GestureID)
        /// Its stroke's feature was outside the bounds the spec set (the
        /// value is `measured`; nil: the stroke had no length).
        case feature(StrokeFeatures.Feature)
        /// The app handed it over (v3 `hands over to`): gesture `to` took its touches.
        case handedOver(to: GestureID)
        /// The app handed it over, and nothing changed: it was not active, or
        /// no gesture it hands over to (`first`, the first of them; nil: it
        /// was not active) was enabled, free and able to take its touches.
        case notHandedOver(first: GestureID?)
        /// A scroll at an edge of its content (the platform said so) was
        /// pulled past it (`edge`, a `DirectionSet` raw value): it did not
        /// scroll, and its `at` hand-over's gesture may take the touch (v4).
        case atEdge(UInt8)
        /// Gesture `by`, which wins over it (v4 `wins over`), claimed a touch
        /// it was using: it failed, or, `cancelled`, it had begun and was cancelled.
        case wonOver(by: GestureID, cancelled: Bool)
        /// Its `together` window closed before the fingers it needs had all landed (v5).
        case lateFingers
        /// Its touch came down while momentum ran on its view (v5): a touch that
        /// stops the content is not a tap or a long press (`duringMomentum: true` says it may be).
        case stoppedMomentum
        /// It completed, and waits while gesture `other`, which needs more
        /// fingers, may still get them within its `together` window (v5).
        case waitsForFingers(GestureID)
        /// It ended with a settle (v5): released at `position` (its settled
        /// value) moving at `velocity` per second, from anchor `from` (the
        /// one it last passed through); explains the `ended` event's decision.
        case settled(position: Double, velocity: Double, from: Int)
    }

    public var time: Microseconds
    public var gesture: GestureID
    public var reason: Reason

    /// The state its `--explain` line reports: `held` (waiting for a rule),
    /// `disabled` (touches it would see, untaken), or `failed`, the one state
    /// whose event it explains.
    public var state: String {
        switch reason {
        case .held, .unarmed, .waitsForFingers: "held"
        case .off: "disabled"
        case .handedOver, .wonOver(_, cancelled: true): "cancelled"
        case .notHandedOver: "unchanged"
        case .settled: "ended"
        default: retracted ? "retracted" : "failed"
        }
    }
    /// The failure took back a `provisional` report: its event is `retracted`.
    public var retracted = false
    /// What was measured when it happened: the distance a finger moved
    /// (`slop`), the press's distance from the first (`far`), the average
    /// speed of a swipe (`swipeFail`); nil when the reason needs none.
    public var measured: Double?
    /// Index in the engine's `events` of the event it explains (the `failed`
    /// one), or of the next event for a hold.
    public var eventIndex: Int
    /// The gesture's parameters when it happened (run-time changes
    /// included); nil: the table's.
    package var record: GestureRecord?

    /// One sentence, naming the parameter or rule and its line in the spec
    /// (`line 3`): the table carries the lines, so a spec and its compiled
    /// table explain alike.
    public func message(in table: GestureTable) -> String {
        let text = reasonText(in: table)
        // A retracted gesture failed after it was shown: the same reasons, said of what was shown.
        let name = table.strings[Int((record ?? table.gestures[gesture.rawValue]).name)]
        let failed = "'\(name)' failed: "
        guard retracted, text.hasPrefix(failed) else { return text }
        return "'\(name)' was retracted: " + text.dropFirst(failed.count)
    }

    /// Why a release rested where it did (v5 `settle`): the model's
    /// projection without anchors; with them, the fling rule or the positional one.
    private static func settleReason(_ name: String, _ settle: Settle?, kind: GestureKind, position x: Double, velocity v: Double, from: Int) -> String {
        guard let s = settle else { return "'\(name)' ended" }
        // Values in the spec's units: points, a scale, degrees; speeds of them per second.
        func value(_ y: Double) -> String {
            guard y.isFinite else { return y < 0 ? "-inf" : "inf" }
            switch kind {
            case .rotation: return shortest((Unit.degrees.value(fromRuntime: y) * 1000).rounded() / 1000 + 0) + "deg"
            case .pinch: return shortest((y * 1000).rounded() / 1000 + 0)
            default: return shortest((y * 1000).rounded() / 1000 + 0) + "pt"
            }
        }
        func speed(_ y: Double) -> String { value(y) + "/s" }
        func percent(_ y: Double) -> String { shortest((y * 1000).rounded() / 10) + "%" }
        func anchor(_ k: Int) -> String { s.pitch > 0 ? "page \(k) (\(value(s.value(of: k))))" : "the anchor at \(value(s.value(of: k)))" }
        let released = "released at \(value(x)) moving \(speed(v))"
        let decision = s.decide(position: x, from: from, velocity: v)
        guard let k = decision.anchor else {
            let held = decision.rest != decision.projected ? ", held within its bounds \(value(s.lower))...\(value(s.upper))" : ""
            return "'\(name)' rests at \(value(decision.rest)): \(released), which model \(s.model.name) carries to \(value(decision.projected))\(held)"
        }
        let head = "'\(name)' rests at \(anchor(k)): \(released)"
        if s.isFling(v) {
            let fling = ", at least its flingVelocity \(speed(s.flingVelocity))"
            return s.sequential ? head + fling + ", so it goes to the next anchor \(v > 0 ? "up" : "down") (sequential)"
                : head + fling + ", so it goes to the anchor nearest where model \(s.model.name) carries it, \(value(decision.projected))"
        }
        let slow = head + ", under its flingVelocity \(speed(s.flingVelocity))"
        guard let to = s.anchor(toward: x, from: from) else { return slow + ", where it rested" }
        guard to != from else { return slow + ", beyond the last anchor that way" }
        let share = s.share(of: x, from: from, to: to)
        return slow + ", \(percent(share)) of the way from \(value(s.value(of: from))) to \(value(s.value(of: to))), "
            + (k == to ? "past" : "not past") + " its positional \(percent(s.positional))"
    }

    private func reasonText(in table: GestureTable) -> String {
        func place(_ line: Int) -> String { "line \(line)" }
        func score(_ x: Double) -> String { shortest((x * 1000).rounded() / 1000) }
        let r = record ?? table.gestures[gesture.rawValue]
        let name = table.strings[Int(r.name)]
        func other(_ g: GestureID) -> String { "'\(table.name(of: g))'" }
        func rule(_ b: GestureID) -> String {
            guard let line = table.requiresLine(gesture, b) else { return "" }
            return " (rule at \(place(line)))"
        }
        let at = " (\(place(Int(r.line))))"
        switch reason {
        case .held(let b):
            if r.options & GestureRecord.optionProvisional != 0 {
                return "'\(name)' is provisional: it waits for \(other(b)) to fail\(rule(b))"
            }
            return "'\(name)' completed and waits for \(other(b)) to fail\(rule(b))"
        case .claimedBy(let g):
            return "'\(name)' failed: \(other(g)) claimed a touch it was using, and no 'with' rule lets both run"
        case .requiredSucceeded(let b):
            return "'\(name)' failed: \(other(b)), which it requires to fail, succeeded\(rule(b))"
        case .chord:
            return "'\(name)' failed: the line from the stroke's start to its end is outside its chord\(at)"
        case .undecidable:
            return "'\(name)' failed: no touch or deadline was left to decide it"
        case .automaton(let symbol, let timer):
            return "'\(name)' failed: " + Self.automatonReason(symbol, timer, r, measured) + at
        case .unarmed(let a):
            let line = table.afterLine(gesture, a).map { " (rule at \(place($0)))" } ?? ""
            let within = table.afterWithin(gesture, a) ?? 0
            return within == 0 ? "'\(name)' waits for \(other(a)) to begin\(line)"
                : "'\(name)' waits for \(other(a)) to be recognized, then for touches within \(DurationText.prose(within))\(line)"
        case .disarmed(let a):
            let line = table.afterLine(gesture, a).map { " (rule at \(place($0)))" } ?? ""
            return "'\(name)' failed: \(other(a)), which armed it, ended before it began\(line)"
        case .disabled:
            return "'\(name)' failed: it was disabled"
        case .off(let modes):
            if let condition = table.conditionText(of: gesture) {
                // The modes its condition names, as they were.
                let named = Set(table.condition(of: gesture).filter { Int($0) < Condition.maxModes })
                let states = named.sorted().map { "'\(table.name(ofMode: ModeID(Int($0))))' is \(modes >> UInt16($0) & 1 == 1 ? "on" : "off")" }
                return "'\(name)' takes no touches: it is disabled: mode \(states.joined(separator: ", mode ")) ('enabled: \(condition)', \(place(Int(r.line))))"
            }
            let why = r.options & GestureRecord.optionDisabled != 0 ? "'enabled: false', \(place(Int(r.line)))" : "by the app"
            return "'\(name)' takes no touches: it is disabled (\(why))"
        case .template(let k):
            guard k >= 0 else { return "'\(name)' failed: the stroke has no length to match its templates" + at }
            return "'\(name)' failed: its closest template '\(table.strings[Int(table.templateNames[k])])' scored "
                + "\(score(measured ?? 0)), below minScore \(score(r.minScore))\(r.origin(of: .minScore))" + at
        case .outscored(let h):
            return "'\(name)' failed: \(other(h)) matched the stroke better than its best score, \(score(measured ?? 0))" + at
        case .feature(let f):
            guard let measured else { return "'\(name)' failed: the stroke has no length to measure its \(f.name)" + at }
            let p = f.parameter
            guard case .bounds(let type) = p.type else { return "'\(name)' failed: its \(f.name)" + at }
            let value = type == .count || !measured.isFinite ? (measured.isFinite ? shortest(measured) : "infinite")
                : type.format(type == .angle ? measured : (measured * 1000).rounded() / 1000)
            return "'\(name)' failed: its \(f.name), \(value), is outside \(r.text(of: p) ?? "its bounds")" + at
        case .handedOver(let b):
            return "'\(name)' was handed over to \(other(b)), which goes on with its touches"
        case .wonOver(let a, let cancelled):
            return "'\(name)' \(cancelled ? "was cancelled" : "failed"): \(other(a)) claimed a touch it was using, and wins over it"
        case .atEdge(let bits):
            let edge = ScreenEdge.allCases.first { DirectionSet($0.direction).rawValue == bits }?.name ?? "an"
            let targets = table.handOverTargets(of: gesture).indices.filter { table.handOverEdges[$0] & bits != 0 }
                .map { other(GestureID(table.handOverTarget[$0])) }.joined(separator: ", ")
            return "'\(name)' did not scroll: it is at its \(edge) edge and the touch pulled past it, so it goes to \(targets) (hands over at \(edge))"
        case .notHandedOver(let first):
            // Through the engine's API a gesture with no rule can be handed over too (a trace line is refused).
            guard !table.handOverTargets(of: gesture).isEmpty else { return "'\(name)' was not handed over: it has no 'hands over to' rule" }
            guard first != nil else { return "'\(name)' was not handed over: it is not active (a hand-over acts between its began and its end)" }
            let targets = table.handOverTargets(of: gesture).map { other(GestureID($0)) }.joined(separator: ", ")
            return "'\(name)' was not handed over: no gesture it hands over to (\(targets)) was enabled, free of an attempt "
                + "of its own and able to take its touches"
        case .stoppedMomentum:
            return "'\(name)' failed: its touch stopped momentum (a settle's or a scrolling view's; 'duringMomentum: true' takes such a touch)" + at
        case .lateFingers:
            return "'\(name)' failed: its \(r.minTouches) fingers did not all land within together \(DurationText.prose(r.together)) "
                + "of its first" + at
        case .waitsForFingers(let b):
            let w = table.gestures[b.rawValue]
            return "'\(name)' waits: \(other(b)) may still get its \(w.minTouches) fingers (together \(DurationText.prose(w.together)), "
                + "line \(w.line))"
        case .settled(let x, let v, let from):
            return Self.settleReason(name, table.settle(of: gesture), kind: r.kind, position: x, velocity: v, from: from) + at
        case .notAtEdge:
            let edges = ScreenEdge.allCases.filter { DirectionSet(rawValue: r.edges).contains(DirectionSet($0.direction)) }
            return "'\(name)' failed: its touch began more than edgeWidth \(Unit.points.literal(r.edgeWidth))\(r.origin(of: .edgeWidth)) from the "
                + listed(edges.map { $0.name }, "or") + " edge of the screen" + at
        case .failOffset(let vertical):
            let range = vertical ? r.failOffsetY : r.failOffsetX
            func end(_ x: Double) -> String { x.isFinite ? Unit.points.literal(x) : (x < 0 ? "-inf" : "inf") }
            return "'\(name)' failed: its \(vertical ? "vertical" : "horizontal") translation"
                + "\(measured.map { " (" + Unit.points.literal($0) + ")" } ?? "") left failOffset\(vertical ? "Y" : "X") "
                + "\(end(range.x))...\(end(range.y)) before it began" + at
        }
    }

    static func automatonReason(_ symbol: Symbol, _ timer: StateTimer, _ r: GestureRecord, _ measured: Double?) -> String {
        func pt(_ x: Double) -> String { Unit.points.literal(x) }
        let moved = measured.map { " (\(pt($0)))" } ?? ""
        switch symbol {
        case .slop: return "a finger moved more than its slop of \(pt(r.slop))\(r.origin(of: .slop))\(moved)"
        case .far: return "a later press began more than tapDistance \(pt(r.tapDistance))\(r.origin(of: .tapDistance)) from the first\(moved)"
        case .tooMany: return "more fingers came down than its \(r.maxTouches == 0 ? Int(r.minTouches) : Int(r.maxTouches))"
        case .cancel: return "a touch it was using was cancelled"
        case .lift, .allUp:
            switch r.kind {
            case .tap: return "the fingers lifted before \(r.minTouches) were down together"
            case .longPress: return "the fingers lifted before its duration of \(DurationText.prose(r.duration))\(r.origin(of: .duration))"
            case .swipe: return "the fingers lifted before the swipe reached minDistance \(pt(r.minDistance))\(r.origin(of: .minDistance))"
            case .pan, .pinch, .rotation: return "the fingers lifted before it passed its threshold"
            case .scroll: return "the fingers lifted before they moved past the scroll slop of \(pt(r.threshold))\(r.origin(of: .threshold))"
            case .stroke: return "the stroke ended before its pattern was complete"
            }
        case .timeout:
            switch timer {
            case .pressDuration, .interval:
                // A table is validated, not trusted to pair timers with kinds: no force-unwrap here.
                let name = timer.field.flatMap(r.parameter(storedIn:))?.name ?? "its deadline"
                let wait = "\(name) \(DurationText.prose(timer.duration(of: r)))\(timer.field.map(r.origin(of:)) ?? "")"
                return timer == .pressDuration ? "a press lasted \(wait)" : "the next press did not come within \(wait)"
            case .hold, .none: return "its deadline passed"
            }
        case .swipeFail:
            if let speed = measured, speed < r.minVelocity {
                return "it reached minDistance \(pt(r.minDistance))\(r.origin(of: .minDistance)) at \(Unit.pointsPerSecond.prose(speed)), below minVelocity \(Unit.pointsPerSecond.literal(r.minVelocity))\(r.origin(of: .minVelocity))"
            }
            return "it reached minDistance \(pt(r.minDistance))\(r.origin(of: .minDistance)) more than maxAngle \(Unit.degrees.literal(r.maxAngle))\(r.origin(of: .maxAngle)) off its directions"
        case .offAxis: return "it moved across its axis past its threshold first"
        default:
            if symbol.rawValue >= Symbol.segmentRight.rawValue {
                return "a \(Direction(rawValue: symbol.rawValue - Symbol.segmentRight.rawValue)!.name) segment does not fit its pattern"
            }
            return "its automaton could not continue after '\(symbol.name)'"
        }
    }
}

extension GestureTable {
    /// The index into the `after` arrays of the rule `g after a`, if there is one.
    private func afterEntry(_ g: GestureID, _ a: GestureID) -> Int? {
        let (g, a) = (g.rawValue, a.rawValue)
        guard g >= 0, g + 1 < afterStart.count else { return nil }
        return (Int(afterStart[g])..<Int(afterStart[g + 1])).first { afterTarget[$0] == UInt32(truncatingIfNeeded: a) }
    }

    /// The spec line of the rule `g after a`, if the table carries it.
    package func afterLine(_ g: GestureID, _ a: GestureID) -> Int? { afterEntry(g, a).map { Int(afterLines[$0]) } }

    /// The `within` of the rule `g after a` (0 after a continuous `a`).
    package func afterWithin(_ g: GestureID, _ a: GestureID) -> Int64? { afterEntry(g, a).map { afterWithin[$0] } }

    /// The spec line of the rule `g requires b to fail`, if the table carries it.
    package func requiresLine(_ g: GestureID, _ b: GestureID) -> Int? {
        let (g, b) = (g.rawValue, b.rawValue)
        guard requiresLines.count == requiresTarget.count, g >= 0, g + 1 < requiresStart.count else { return nil }
        for i in Int(requiresStart[g])..<Int(requiresStart[g + 1]) where requiresTarget[i] == UInt32(truncatingIfNeeded: b) {
            return Int(requiresLines[i])
        }
        return nil
    }
}
