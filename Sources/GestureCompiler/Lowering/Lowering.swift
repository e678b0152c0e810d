import GestureRuntime

/// Lowers each checked gesture to its automaton over the symbol alphabet:
/// counting (taps, presses) and order (stroke segments) become states;
/// geometry stays with the runtime's feature extractor.
package enum Lowering {
    /// The NFA of one gesture, with its kind's control (fingers, lifts, timers).
    package static func automaton(for g: GestureDefinition) -> Automaton {
        var a = Automaton()
        switch g.kind {
        case .tap:
            let rec = a.add(.recognized)
            let first = taps(&a, count: g.taps, then: rec, onPress: g.recognize == .onPress)
            a.start = first
        case .longPress:
            let press = pressThenHold(&a, prefixTaps: g.taps)
            a.start = press
        case .swipe:
            let fail = a.add(.failed), rec = a.add(.recognized)
            let waiting = a.add(), tracking = a.add()
            a.start = waiting
            a.on(waiting, [.full], tracking)
            a.on(waiting, [.tooMany, .lift, .allUp, .cancel], fail)
            a.on(tracking, [.swipe], rec)
            a.on(tracking, [.swipeFail, .lift, .allUp, .tooMany, .cancel], fail)
        case .pan, .scroll:  // a scroll claims as a pan along its axis does
            let fail = a.add(.failed)
            let possible = a.add()
            a.start = possible
            let began = active(&a)
            a.on(possible, [.threshold], began)
            a.on(possible, [.offAxis, .allUp, .cancel], fail)
        case .pinch, .rotation:
            let fail = a.add(.failed)
            let waiting = a.add(), armed = a.add()
            a.start = waiting
            let began = active(&a)
            a.on(waiting, [.full], armed)
            a.on(waiting, [.lift, .allUp, .cancel], fail)
            a.on(armed, [.threshold], began)
            a.on(armed, [.lift, .allUp, .cancel], fail)
        case .stroke:
            stroke(&a, g)
        }
        return a
    }

    /// `count` presses of the tap rules; the last lift goes to `then` (with
    /// `onPress`, the last press's fingers all down). Returns the first state.
    private static func taps(_ a: inout Automaton, count: Int, then last: Int, onPress: Bool = false) -> Int {
        let fail = a.add(.failed), restart = a.add(.restart)
        var next = last
        // Built back to front so each press knows where its lift leads.
        for i in stride(from: count - 1, through: 0, by: -1) {
            let idle = a.add(timer: i == 0 ? .none : .interval)
            let pressing = a.add(timer: .pressDuration), full = a.add(timer: .pressDuration)
            a.on(idle, [.down], pressing)
            if i > 0 {
                a.on(idle, [.timeout], fail)
                a.on(idle, [.far], restart)
            }
            a.on(pressing, [.full], onPress && i == count - 1 ? next : full)
            a.on(pressing, [.tooMany, .slop, .timeout, .cancel, .allUp], fail)
            a.on(full, [.allUp], next)
            a.on(full, [.tooMany, .slop, .timeout, .cancel], fail)
            next = idle
        }
        return next
    }

    /// A long press: `prefixTaps` taps, then fingers down and held for `duration`.
    private static func pressThenHold(_ a: inout Automaton, prefixTaps: Int) -> Int {
        let fail = a.add(.failed), restart = a.add(.restart)
        let idle = a.add(timer: prefixTaps > 0 ? .interval : .none)
        let pressing = a.add(), holding = a.add(timer: .hold)
        let began = active(&a, endsOnFirstLift: true)
        a.on(idle, [.down], pressing)
        if prefixTaps > 0 {
            a.on(idle, [.timeout], fail)
            a.on(idle, [.far], restart)
        }
        a.on(pressing, [.full], holding)
        a.on(pressing, [.tooMany, .slop, .lift, .allUp, .cancel], fail)
        a.on(holding, [.timeout], began)
        a.on(holding, [.slop, .tooMany, .lift, .allUp, .cancel], fail)
        return prefixTaps > 0 ? taps(&a, count: prefixTaps, then: idle) : idle
    }

    /// began -> changed* -> ended | cancelled. Returns the began state.
    private static func active(_ a: inout Automaton, endsOnFirstLift: Bool = false) -> Int {
        let ended = a.add(.ended), cancelled = a.add(.cancelled)
        let began = a.add(.began), changed = a.add(.changed)
        for s in [began, changed] {
            a.on(s, [.move], changed)
            a.on(s, endsOnFirstLift ? [.lift, .allUp] : [.allUp], ended)
            a.on(s, [.cancel], cancelled)
        }
        return began
    }

    /// The pattern's Thompson NFA over segment symbols, with the stroke's
    /// control: a second finger or a cancel fails; lift decides (`onLift`) or
    /// fails (`immediately`, where reaching the pattern's end recognizes).
    private static func stroke(_ a: inout Automaton, _ g: GestureDefinition) {
        guard let pattern = g.pattern else { return }
        let nfa = DirectionNFA(pattern)
        let alphabet = g.axis.directions
        let fail = a.add(.failed), rec = a.add(.recognized)
        let immediate = g.recognize == .immediately
        // Symbols a stroke's extractor never sends, plus the finger's own down and moves.
        let ignored: [Symbol] = [.down, .move, .lift, .full, .slop, .far, .timeout, .threshold, .offAxis, .swipe, .swipeFail]
        let base = a.states.count
        for i in 0..<nfa.stateCount {
            let accepting = i == nfa.accepting
            _ = a.add(immediate && accepting ? .recognized : .none, ignoringRest: false)
            a.ignore(base + i, ignored)
            a.on(base + i, [.tooMany, .cancel], fail)
            a.on(base + i, [.allUp], !immediate && accepting ? rec : fail)
        }
        for i in 0..<nfa.stateCount {
            for e in nfa.edges[i] {
                if let label = e.label {
                    a.on(base + i, label.intersection(alphabet).directions.map(Symbol.segment), base + e.target)
                } else {
                    a.epsilon(base + i, base + e.target)
                }
            }
        }
        // A start without ε-edges, so that matching needs at least one step and
        // an empty match is decided only at lift.
        let start = a.add(ignoringRest: false)
        a.ignore(start, ignored)
        a.on(start, [.tooMany, .cancel], fail)
        let initial = nfa.closure([0])
        a.on(start, [.allUp], !immediate && initial.contains(nfa.accepting) ? rec : fail)
        for i in initial.sorted() {
            for e in nfa.edges[i] {
                guard let label = e.label else { continue }
                a.on(start, label.intersection(alphabet).directions.map(Symbol.segment), base + e.target)
            }
        }
        a.start = start
    }
}
