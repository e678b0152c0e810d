import GestureRuntime

/// A Thompson NFA over direction classes, built from a `StrokePattern`.
/// States are integers; state 0 is the start, `accepting` the only final state.
public struct DirectionNFA: Hashable, Sendable {
    /// A transition: on a direction in `label` (or on nothing), go to `target`.
    public struct Edge: Hashable, Sendable {
        /// `nil` is an ε-edge.
        public var label: DirectionSet?
        public var target: Int
    }

    /// Outgoing edges per state.
    public private(set) var edges: [[Edge]] = [[]]
    /// The final state.
    public private(set) var accepting = 0

    /// Builds the NFA. The caller bounds `pattern.expandedSize` first.
    public init(_ pattern: StrokePattern) {
        let end = build(pattern, from: 0)
        accepting = end
    }

    /// Number of states, the start included.
    public var stateCount: Int { edges.count }

    private mutating func newState() -> Int {
        edges.append([])
        return edges.count - 1
    }

    private mutating func link(_ from: Int, _ to: Int, _ label: DirectionSet? = nil) {
        edges[from].append(Edge(label: label, target: to))
    }

    /// Adds `pattern` starting at `start`; returns its end state.
    private mutating func build(_ pattern: StrokePattern, from start: Int) -> Int {
        switch pattern {
        case .classes(let set):
            let end = newState()
            link(start, end, set)
            return end
        case .sequence(let items):
            return items.reduce(start) { build($1, from: $0) }
        case .alternation(let items):
            let end = newState()
            for item in items {
                let branch = newState()
                link(start, branch)
                link(build(item, from: branch), end)
            }
            return end
        case .repetition(let inner, let min, let max):
            var current = start
            for _ in 0..<min { current = build(inner, from: current) }
            if let max {
                let end = newState()
                link(current, end)
                for _ in min..<max {
                    current = build(inner, from: current)
                    link(current, end)
                }
                return end
            }
            // Kleene star on the last copy: loop back through a fresh entry state.
            let loop = newState()
            link(current, loop)
            let body = build(inner, from: loop)
            link(body, loop)
            let end = newState()
            link(loop, end)
            return end
        }
    }

    /// The ε-closure of a set of states.
    public func closure(_ states: Set<Int>) -> Set<Int> {
        var result = states
        var stack = Array(states)
        while let s = stack.popLast() {
            for e in edges[s] where e.label == nil && result.insert(e.target).inserted {
                stack.append(e.target)
            }
        }
        return result
    }

    /// Whether the empty segment sequence matches.
    public var matchesEmpty: Bool { closure([0]).contains(accepting) }

    /// Whether the segment sequence `word` matches.
    public func matches(_ word: [Direction]) -> Bool {
        var states = closure([0])
        for d in word {
            var next = Set<Int>()
            for s in states {
                for e in edges[s] where e.label?.contains(DirectionSet(d)) == true { next.insert(e.target) }
            }
            states = closure(next)
        }
        return states.contains(accepting)
    }

    /// Up to `limit` accepted words over `alphabet` with no two equal adjacent
    /// directions, shortest first (ties in direction order), none longer
    /// than `maxLength`: strokes that the analyses draw as witnesses.
    public func shortestWords(over alphabet: DirectionSet, limit: Int, maxLength: Int = 12) -> [[Direction]] {
        // Breadth-first over (closure, last direction): a node's first visit is by a shortest word.
        struct Node: Hashable { var states: [Int]; var last: Int }
        var frontier: [(Node, [Direction])] = [(Node(states: closure([0]).sorted(), last: 8), [])]
        var seen: Set<Node> = [frontier[0].0]
        var words: [[Direction]] = []
        for _ in 0..<maxLength where !frontier.isEmpty && words.count < limit {
            var next: [(Node, [Direction])] = []
            for (node, word) in frontier {
                for d in alphabet.directions where Int(d.rawValue) != node.last {
                    var targets = Set<Int>()
                    for s in node.states {
                        for e in edges[s] where e.label?.contains(DirectionSet(d)) == true { targets.insert(e.target) }
                    }
                    guard !targets.isEmpty else { continue }
                    let child = Node(states: closure(targets).sorted(), last: Int(d.rawValue))
                    guard seen.insert(child).inserted else { continue }
                    if child.states.contains(accepting) && words.count < limit { words.append(word + [d]) }
                    next.append((child, word + [d]))
                }
            }
            frontier = next
        }
        return words
    }

    /// Whether some word over `alphabet` with no two equal adjacent directions
    /// is accepted. Segmentation never yields two adjacent segments of one
    /// class, so a pattern for which this is false can never match.
    public func acceptsSegmentSequence(over alphabet: DirectionSet) -> Bool {
        // Search the product of NFA state and last direction (8 = none yet).
        var seen = Set<Int>()
        var stack: [(Int, Int)] = []
        for s in closure([0]) {
            stack.append((s, 8))
            seen.insert(s * 9 + 8)
        }
        while let (state, last) = stack.popLast() {
            if state == accepting { return true }
            for e in edges[state] {
                guard let label = e.label else { continue }
                for d in label.intersection(alphabet).directions where Int(d.rawValue) != last {
                    for t in closure([e.target]) where seen.insert(t * 9 + Int(d.rawValue)).inserted {
                        stack.append((t, Int(d.rawValue)))
                    }
                }
            }
        }
        return false
    }
}
