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
    private func id(_ gesture: GestureID, _ set: [Int]) -> StateID {
        let g = gesture.rawValue
        if let i = ids[g][set] { return StateID(i) }
        ids[g][set] = sets[g].count
        sets[g].append(set)
        return StateID(sets[g].count - 1)
    }

    package func startState(_ gesture: GestureID) -> StateID {
        let g = gesture.rawValue
        return id(gesture, automata[g].closure([automata[g].start], live: live[g]))
    }

    package func next(_ gesture: GestureID, _ state: StateID, _ symbol: Symbol) -> StateID {
        if output(gesture, state).isTerminal { return state }
        let (g, a) = (gesture.rawValue, automata[gesture.rawValue])
        return id(gesture, a.closure(a.step(sets[g][state.rawValue], symbol), live: live[g]))
    }

    package func output(_ gesture: GestureID, _ state: StateID) -> StateOutput {
        let set = sets[gesture.rawValue][state.rawValue]
        return set.isEmpty ? .failed : automata[gesture.rawValue].output(of: set)
    }

    package func timer(_ gesture: GestureID, _ state: StateID) -> StateTimer {
        output(gesture, state).isTerminal ? .none : automata[gesture.rawValue].timer(of: sets[gesture.rawValue][state.rawValue])
    }
}

/// An engine that runs the reference executor with the same arena and feature extraction.
package typealias ReferenceEngine = GestureEngine<ReferenceTransitions>
