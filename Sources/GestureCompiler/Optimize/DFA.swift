import GestureRuntime

/// A deterministic automaton with a full transition function: the optimized
/// form of one gesture, before packing.
package struct DFA: Hashable, Sendable {
    package var start: Int
    package var outputs: [StateOutput]
    package var timers: [StateTimer]
    /// `next[s][a]` for every state `s` and symbol raw value `a`.
    package var next: [[Int]]

    package var stateCount: Int { outputs.count }

    /// Subset construction from the NFA. Dead paths are dropped as they
    /// arise, so a state from which the gesture can no longer succeed is the
    /// failure state itself. Terminal states loop on every symbol.
    /// Most DFA states one gesture may have; past it the pattern is refused.
    package static let stateLimit = 4_096

    /// nil when the subset construction passes `limit` states.
    package init?(determinizing a: Automaton, limit: Int = DFA.stateLimit) {
        let live = a.liveStates()
        var ids: [[Int]: Int] = [:]
        var sets: [[Int]] = []
        func id(_ set: [Int]) -> Int {
            if let i = ids[set] { return i }
            ids[set] = sets.count
            sets.append(set)
            return sets.count - 1
        }
        start = id(a.closure([a.start], live: live))
        outputs = []
        timers = []
        next = []
        var i = 0
        while i < sets.count {
            if sets.count > limit { return nil }
            let set = sets[i]
            let output = set.isEmpty ? StateOutput.failed : a.output(of: set)
            outputs.append(output)
            timers.append(output.isTerminal ? .none : a.timer(of: set))
            var row = [Int](repeating: i, count: Symbol.count)
            if !output.isTerminal {
                for symbol in Symbol.allCases {
                    row[Int(symbol.rawValue)] = id(a.closure(a.step(set, symbol), live: live))
                }
            }
            next.append(row)
            i += 1
        }
    }

    /// Minimization by partition refinement (Moore): states start grouped by
    /// output and timer, and split until every group agrees on where each
    /// symbol leads. States are then renumbered in breadth-first order from
    /// the start over symbols in raw order, which also drops unreachable
    /// states and makes the numbering canonical.
    package func minimized() -> DFA {
        var block = [Int](repeating: 0, count: stateCount)
        var keys: [[Int]: Int] = [:]
        for s in 0..<stateCount {
            let key = [Int(outputs[s].rawValue), Int(timers[s].rawValue)]
            block[s] = keys[key] ?? { keys[key] = keys.count; return keys.count - 1 }()
        }
        var blockCount = keys.count
        while true {
            var signatures: [[Int]: Int] = [:]
            var refined = [Int](repeating: 0, count: stateCount)
            for s in 0..<stateCount {
                let signature = [block[s]] + next[s].map { block[$0] }
                refined[s] = signatures[signature] ?? { signatures[signature] = signatures.count; return signatures.count - 1 }()
            }
            block = refined
            if signatures.count == blockCount { break }
            blockCount = signatures.count
        }
        // Canonical breadth-first numbering of the blocks.
        var representative = [Int](repeating: -1, count: blockCount)
        for s in 0..<stateCount where representative[block[s]] < 0 { representative[block[s]] = s }
        var number = [Int](repeating: -1, count: blockCount)
        var order: [Int] = [block[start]]
        number[block[start]] = 0
        var head = 0
        while head < order.count {
            let b = order[head]
            head += 1
            for t in next[representative[b]] where number[block[t]] < 0 {
                number[block[t]] = order.count
                order.append(block[t])
            }
        }
        var result = DFA(start: 0, outputs: [], timers: [], next: [])
        for b in order {
            let s = representative[b]
            result.outputs.append(outputs[s])
            result.timers.append(timers[s])
            result.next.append(next[s].map { number[block[$0]] })
        }
        return result
    }

    private init(start: Int, outputs: [StateOutput], timers: [StateTimer], next: [[Int]]) {
        self.start = start
        self.outputs = outputs
        self.timers = timers
        self.next = next
    }

    /// Symbols that act alike in every state share a class. Returns the class
    /// of each symbol (numbered by first occurrence) and one symbol per class.
    package func symbolClasses() -> (classOf: [Int], representatives: [Int]) {
        var classOf = [Int](repeating: 0, count: Symbol.count)
        var columns: [[Int]: Int] = [:]
        var representatives: [Int] = []
        for a in 0..<Symbol.count {
            let column = next.map { $0[a] }
            if let c = columns[column] {
                classOf[a] = c
            } else {
                columns[column] = representatives.count
                classOf[a] = representatives.count
                representatives.append(a)
            }
        }
        return (classOf, representatives)
    }
}
