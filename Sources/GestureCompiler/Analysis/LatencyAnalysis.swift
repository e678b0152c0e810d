import GestureRuntime

/// How long the rules make one gesture wait between completing (its own
/// automaton accepts) and being reported (the gestures it requires to fail
/// have failed).
public struct Latency: Hashable, Sendable {
    public var gesture: GestureID
    /// The gestures it requires to fail, in rule order, then those whose
    /// `together` window it may wait in (v5: they need more fingers).
    public var waitsFor: [GestureID]
    /// The longest wait in microseconds over every way to go on after
    /// completing (a supremum: the wait gets as close as the input likes);
    /// nil when it is unbounded (a gesture waited for can stay undecided
    /// until an input decides it, such as a swipe until its finger lifts).
    public var worst: Int64?
    /// The wait on the gesture's plain performance (the first of its
    /// exemplars), or nil when the set never reports it there.
    public var typical: Int64?
    /// That performance.
    public var typicalStream: String?
    /// A `provisional: true` gesture that waits: the wait until it is first
    /// shown (`provisional`) on its plain performance, 0 as it is shown when it
    /// completes; `worst` and `typical` are then its final latency. Nil for
    /// other gestures.
    public var provisional: Int64?
}

/// Works out each gesture's `Latency`: the typical wait by running its plain
/// exemplar through the set, the worst by following, in the automaton of
/// each gesture it waits for, the longest path of deadlines from where that
/// automaton is when the gesture completes (on its exemplars and on the
/// performances of the gestures it waits for), avoiding its success.
struct LatencyAnalysis {
    var conflicts: ConflictAnalysis
    var set: CheckedGestureSet { conflicts.set }
    private var automata: [GestureID: DFA] = [:]
    private let groups: [ModeGroup]

    init(conflicts: ConflictAnalysis) {
        self.conflicts = conflicts
        groups = conflicts.set.modeGroups()
    }

    /// With modes, the worst wait over the groups of mode combinations that
    /// enable `a`, each counting the gestures it waits for that the group
    /// enables; the typical wait is the first such group's.
    mutating func latency(of a: GestureID) -> Latency {
        var seen = Set<GestureID>()
        let targets = set.rules.filter { $0.relation == .requiresToFail && $0.gesture == a }.map(\.other)
            .filter { seen.insert($0).inserted }
        // Gestures never enabled together never make `a` wait.
        let waiting = groups.filter { g in g.enables(a) && targets.contains { g.enables($0) } }
        let windows = windowTargets(of: a)
        // A gesture both required to fail and with a window to wait in is named once.
        var result = Latency(gesture: a, waitsFor: targets + windows.filter { !targets.contains($0) }, worst: 0, typical: waiting.isEmpty && windows.isEmpty ? 0 : nil)
        for group in waiting {
            conflicts.simulator.situation = Situation(modes: group.modes)
            defer { conflicts.simulator.situation = Situation() }
            // The typical wait on its exemplars, the worst also on the performances of the gestures it
            // waits for, which are under way the longest there.
            let own = conflicts.exemplars(of: a).count
            for (i, x) in conflicts.completions(of: a, amid: targets).enumerated() {
                let stream = x.stream
                // Another gesture's stream counts for its completion point alone, as `a` alone completes there.
                let events = i < own ? conflicts.simulator.runAll(stream) : []
                let event = events.first { $0.gesture == a && $0.claims }
                if result.typicalStream == nil, let event {
                    result.typical = (event.time - event.completedAt).rawValue
                    result.typicalStream = stream.summary
                    if let shown = events.first(where: { $0.gesture == a && $0.state == .provisional }) {
                        result.provisional = (shown.time - event.completedAt).rawValue
                    }
                }
                let completed = event?.completedAt.rawValue ?? x.claimsAt
                for b in targets where group.enables(b) {
                    guard let worst = result.worst else { break }
                    switch wait(for: b, on: stream, from: completed) {
                    case .infinite: result.worst = nil
                    case .finite(let w): result.worst = max(worst, w)
                    case .invalid: break
                    }
                }
            }
        }
        if let longest = windows.map({ set[$0].record.together }).max() {
            // A window holds it at most its length, from that gesture's first finger (before it completes).
            result.worst = result.worst.map { max($0, longest) }
            if result.typicalStream == nil, let x = conflicts.exemplars(of: a, inGenerationOrder: true).first,
               let event = conflicts.simulator.runAll(x.stream).first(where: { $0.gesture == a && $0.claims }) {
                result.typical = (event.time - event.completedAt).rawValue
                result.typicalStream = x.stream.summary
            }
        }
        return result
    }

    /// The gestures whose `together` window `a` may wait in: they need more
    /// fingers than `a`, and no `with` or `after` rule links the two (a
    /// scroll waits for none, as the engine's `waitedFor`).
    private func windowTargets(of a: GestureID) -> [GestureID] {
        guard set[a].kind != .scroll else { return [] }
        return set.gestureIDs.filter { b in
            b != a && set[b].record.together > 0 && set[b].minTouches > set[a].minTouches
                && !set.rules.contains { $0.isSimultaneous && Set([$0.gesture, $0.other]) == Set([a, b]) }
        }
    }

    enum Wait {
        /// Every way on recognizes the gesture waited for (the waiting one then fails).
        case invalid
        case finite(Int64)
        case infinite

        static func + (a: Int64, b: Wait) -> Wait {
            if case .finite(let w) = b { return .finite(a + w) }
            return b
        }

        func larger(_ other: Wait) -> Wait {
            switch (self, other) {
            case (.infinite, _), (_, .infinite): .infinite
            case (.invalid, _): other
            case (_, .invalid): self
            case (.finite(let a), .finite(let b)): .finite(max(a, b))
            }
        }
    }

    /// The longest time `b` can stay undecided after `time` on `stream`.
    mutating func wait(for b: GestureID, on stream: TouchStream, from time: Int64) -> Wait {
        // `b` alone: its automaton never looks at other gestures, so it is where it would be in the set.
        var engine = conflicts.simulator.engine(for: conflicts.simulator.alone(b), rules: false)
        for e in stream.events where e.time.rawValue <= time { engine.feed(e) }
        engine.advance(to: Microseconds(time))
        guard !engine.isIdle(0) else { return .finite(0) }
        let dfa = automaton(b)
        // The table of one gesture holds exactly this automaton: its states number the DFA's.
        let q = engine.automatonState(of: 0).rawValue
        guard dfa.timers[q] != .none, let deadline = engine.deadline(of: 0) else {
            return dfa.outputs[q].isTerminal ? .finite(0) : .infinite
        }
        var visiting: Set<Int> = [q]
        return max(0, deadline.rawValue - time) + successors(of: q, run: dfa.timers[q], dfa, set[b], &visiting)
    }

    /// The longest wait through state `q`, entered while the deadline of `run` ticks.
    /// Consecutive states with one timer share its deadline (a press's
    /// `pressDuration` runs from its first down whatever the finger count).
    private func longest(_ q: Int, run: StateTimer, _ dfa: DFA, _ g: GestureDefinition, _ visiting: inout Set<Int>) -> Wait {
        switch dfa.outputs[q] {
        case .failed, .restart: return .finite(0)
        case .none: break
        default: return .invalid
        }
        let timer = dfa.timers[q]
        guard timer != .none, visiting.insert(q).inserted else { return .infinite }
        defer { visiting.remove(q) }
        return (timer == run ? 0 : timer.duration(of: g.record)) + successors(of: q, run: timer, dfa, g, &visiting)
    }

    private func successors(of q: Int, run: StateTimer, _ dfa: DFA, _ g: GestureDefinition, _ visiting: inout Set<Int>) -> Wait {
        var best = Wait.invalid
        for next in Set(dfa.next[q]) where next != q {
            best = best.larger(longest(next, run: run, dfa, g, &visiting))
        }
        return best
    }

    private mutating func automaton(_ g: GestureID) -> DFA {
        if let a = automata[g] { return a }
        // The table of a single gesture holds exactly this automaton, so engine states index it.
        let a = DFA(determinizing: Lowering.automaton(for: set[g]))!.minimized()
        automata[g] = a
        return a
    }

    /// An error for each gesture whose `maxLatency` the rules can exceed.
    func budgetErrors(_ latencies: [Latency]) -> [Diagnostic] {
        latencies.compactMap { l in
            let g = set[l.gesture]
            guard let budget = g.maxLatency, let range = g.maxLatencyRange else { return nil }
            let names = l.waitsFor.map { "'\(set.label($0))'" }.joined(separator: " and ")
            if let worst = l.worst, worst <= budget { return nil }
            let message = DiagnosticMessage.latencyBudget(g.name, worst: l.worst.map(DurationText.prose), waitsFor: names,
                                                          budget: DurationText.prose(budget))
            let notes = set.rules.filter { $0.relation == .requiresToFail && $0.gesture == l.gesture }
                .map { Diagnostic.Note("'\(g.name)' waits because of this rule", at: $0.range) }
            return Diagnostic(message, at: range, notes: notes)
        }
    }
}
