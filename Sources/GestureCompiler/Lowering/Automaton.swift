import GestureRuntime

/// The unoptimized automaton of one gesture: an NFA over `Symbol` with
/// ε-edges, an output and a timer per state. A state "ignores" a symbol when
/// it stays put on it; a symbol it neither ignores nor has an edge for kills
/// that path (a set of paths that all died is a failure).
package struct Automaton: Hashable, Sendable {
    package struct State: Hashable, Sendable {
        package var output: StateOutput
        package var timer: StateTimer
        package var edges: [Edge]
        package var epsilon: [Int]
        /// Bit `a` set: the state stays on symbol `a`.
        package var ignores: UInt32
    }

    /// A labelled transition.
    package struct Edge: Hashable, Sendable {
        package var symbol: Symbol
        package var target: Int
    }

    package var states: [State] = []
    package var start = 0

    /// Every symbol, as an `ignores` mask.
    package static let allSymbols: UInt32 = (1 << UInt32(Symbol.count)) - 1

    /// Adds a state. `ignoringRest`: symbols without an edge keep the state (set
    /// once its edges are in, by `sealed()`); otherwise they kill the path.
    mutating func add(_ output: StateOutput = .none, timer: StateTimer = .none, ignoringRest: Bool = true) -> Int {
        let terminal = output.isTerminal
        states.append(State(output: output, timer: timer, edges: [], epsilon: [],
                            ignores: terminal || ignoringRest ? Self.allSymbols : 0))
        return states.count - 1
    }

    mutating func on(_ from: Int, _ symbols: [Symbol], _ to: Int) {
        for s in symbols {
            states[from].edges.append(Edge(symbol: s, target: to))
            states[from].ignores &= ~(1 << UInt32(s.rawValue))
        }
    }

    mutating func ignore(_ state: Int, _ symbols: [Symbol]) {
        for s in symbols { states[state].ignores |= 1 << UInt32(s.rawValue) }
    }

    mutating func epsilon(_ from: Int, _ to: Int) {
        states[from].epsilon.append(to)
    }

    /// Whether a state's output is one that a successful gesture reports.
    static func isSuccess(_ output: StateOutput) -> Bool {
        switch output {
        case .began, .changed, .recognized, .ended, .cancelled: true
        case .none, .failed, .restart: false
        }
    }

    /// States that can still reach a success output. The others are dead: a
    /// gesture in only dead states fails at once ("its first dead state").
    package func liveStates() -> [Bool] {
        var reverse = [[Int]](repeating: [], count: states.count)
        for (i, s) in states.enumerated() {
            for e in s.edges { reverse[e.target].append(i) }
            for t in s.epsilon { reverse[t].append(i) }
        }
        var live = states.map { Self.isSuccess($0.output) }
        var stack = live.indices.filter { live[$0] }
        while let t = stack.popLast() {
            for p in reverse[t] where !live[p] {
                live[p] = true
                stack.append(p)
            }
        }
        return live
    }

    /// States that no path from the start reaches (subset construction never
    /// sees them), such as a one-tap series's restart state.
    package func unreachableStates() -> [Int] {
        var seen = [Bool](repeating: false, count: states.count)
        var stack = [start]
        seen[start] = true
        while let s = stack.popLast() {
            for t in states[s].edges.map(\.target) + states[s].epsilon where !seen[t] {
                seen[t] = true
                stack.append(t)
            }
        }
        return states.indices.filter { !seen[$0] }
    }

    /// The ε-closure of `set`, keeping only states that are live or terminal.
    package func closure(_ set: [Int], live: [Bool]) -> [Int] {
        var seen = Set(set)
        var stack = set
        while let s = stack.popLast() {
            for t in states[s].epsilon where seen.insert(t).inserted { stack.append(t) }
        }
        return seen.filter { live[$0] || states[$0].output.isTerminal }.sorted()
    }

    /// The paths' successors on `symbol`, before closure.
    package func step(_ set: [Int], _ symbol: Symbol) -> [Int] {
        var result: [Int] = []
        let bit = UInt32(1) << UInt32(symbol.rawValue)
        for s in set {
            if states[s].ignores & bit != 0 {
                result.append(s)
            } else {
                for e in states[s].edges where e.symbol == symbol { result.append(e.target) }
            }
        }
        return result
    }

    /// The output of a set of paths: the strongest member's.
    package func output(of set: [Int]) -> StateOutput {
        set.map { states[$0].output }.max { $0.priority < $1.priority } ?? .failed
    }

    /// The timer of a set of paths (members never disagree in lowered automata).
    package func timer(of set: [Int]) -> StateTimer {
        set.map { states[$0].timer }.max { $0.rawValue < $1.rawValue } ?? .none
    }
}
