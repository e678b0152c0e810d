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

    private func id(_ g: Int, _ set: [Int]) -> Int {
        if let i = ids[g][set] { return i }
        ids[g][set] = sets[g].count
        sets[g].append(set)
        return sets[g].count - 1
    }

    package func startState(_ g: Int) -> Int {
        id(g, automata[g].closure([automata[g].start], live: live[g]))
    }

    package func next(_ g: Int, _ state: Int, _ symbol: Symbol) -> Int {
        if output(g, state).isTerminal { return state }
        let a = automata[g]
        return id(g, a.closure(a.step(sets[g][state], symbol), live: live[g]))
    }

    package func output(_ g: Int, _ state: Int) -> StateOutput {
        let set = sets[g][state]
        return set.isEmpty ? .failed : automata[g].output(of: set)
    }

    package func timer(_ g: Int, _ state: Int) -> StateTimer {
        output(g, state).isTerminal ? .none : automata[g].timer(of: sets[g][state])
    }
}

/// An engine that runs the reference executor with the same arena and feature extraction.
package typealias ReferenceEngine = GestureEngine<ReferenceTransitions>
