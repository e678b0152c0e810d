import GestureRuntime

/// The reference executor: steps the unoptimized NFAs directly, path sets
/// and all, so the optimized tables can be checked against it. Slow and
/// allocating by design; for tests and `gspec run --reference`.
package final class ReferenceTransitions: TransitionFunction {
    private let automata: [Automaton]
    private let live: [[Bool]]
    private var ids: [[[Int]: Int]]
    private var sets: [[[Int]]]

    package init(_ set: CheckedGestureSet) {
        automata = set.gestures.map(Lowering.automaton(for:))
        live = automata.map { $0.liveStates() }
        ids = Array(repeating: [:], count: automata.count)
        sets = Array(repeating: [], count: automata.count)
    }

    /// The state standing for NFA state set `set` of gesture `g` (numbered as first met).
    private func id(_ g: Int, _ set: [Int]) -> StateID {
        if let i = ids[g][set] { return StateID(i) }
        ids[g][set] = sets[g].count
        sets[g].append(set)
        return StateID(sets[g].count - 1)
    }

    package func startState(_ g: Int) -> StateID {
        id(g, automata[g].closure([automata[g].start], live: live[g]))
    }

    package func next(_ g: Int, _ state: StateID, _ symbol: Symbol) -> StateID {
        if output(g, state).isTerminal { return state }
        let a = automata[g]
        return id(g, a.closure(a.step(sets[g][state.rawValue], symbol), live: live[g]))
    }

    package func output(_ g: Int, _ state: StateID) -> StateOutput {
        let set = sets[g][state.rawValue]
        return set.isEmpty ? .failed : automata[g].output(of: set)
    }

    package func timer(_ g: Int, _ state: StateID) -> StateTimer {
        output(g, state).isTerminal ? .none : automata[g].timer(of: sets[g][state.rawValue])
    }
}

/// An engine that runs the reference executor with the same arena and feature extraction.
package typealias ReferenceEngine = GestureEngine<ReferenceTransitions>
