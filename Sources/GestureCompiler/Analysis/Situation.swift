import GestureRuntime

/// What the app has told the engine before a touch comes down: the modes on
/// (v3) and the edges of its content each scroll is at (v4). Outcomes differ
/// between situations (a pull on a list at its top goes to the sheet, the
/// same pull on a list scrolled down scrolls it), so the analyses decide
/// every pair in each situation that can change one, and a witness starts
/// with the lines that put the engine in its situation.
package struct Situation: Hashable, Sendable {
    /// Bit `m`: mode `m` on.
    package var modes: UInt16 = 0
    /// The scrolls at an edge, by name (every instance of a name, as a trace's
    /// scroll line says it), with the edges (`DirectionSet` raw values).
    /// Sorted by name; a scroll at no edge is absent.
    package var edges: [Edge] = []

    package struct Edge: Hashable, Sendable {
        package var scroll: String
        package var at: DirectionSet
    }

    package init(modes: UInt16 = 0, edges: [Edge] = []) {
        (self.modes, self.edges) = (modes, edges)
    }

    /// Puts a fresh engine in the situation at `time`, as a witness's lines
    /// do: its modes on, and every gesture named as a scroll of `edges` (only
    /// scrolls have those names) at its edges.
    func apply(to engine: inout Engine, at time: Microseconds) {
        for m in 0..<Condition.maxModes where modes >> UInt16(m) & 1 == 1 { engine.setMode(ModeID(m), true, at: time) }
        guard !edges.isEmpty else { return }
        for g in engine.table.gestureIDs {
            let name = engine.table.name(of: g)
            if let e = edges.first(where: { $0.scroll == name }) { engine.setScrollEdges(e.at, gesture: g, at: time) }
        }
    }

    /// The scroll lines of a witness (docs/trace-format.md): `{"t":0.000,"scroll":"list","at":["top"]}`.
    func scrollLines(at time: String) -> [String] {
        edges.map { e in
            "{\"t\":\(time),\"scroll\":\(TableEmitter.quoted(e.scroll)),\"at\":[\(Self.names(e.at).map { "\"\($0)\"" }.joined(separator: ","))]}"
        }
    }

    /// The edges in prose, "" when no scroll is at one: ", with 'list' at its top edge".
    var edgesNote: String {
        edges.isEmpty ? "" : ", with " + edges.map { e in
            let names = Self.names(e.at)
            return "'\(e.scroll)' at its \(names.joined(separator: " and ")) edge\(names.count == 1 ? "" : "s")"
        }.joined(separator: " and ")
    }

    static func names(_ edges: DirectionSet) -> [String] {
        ScreenEdge.allCases.filter { edges.contains(DirectionSet($0.direction)) }.map(\.name)
    }
}

extension CheckedGestureSet {
    /// Whether `a hands over to b at EDGE` is written: `a`, a scroll, has a
    /// touch first, and gives it to `b` when at the edge the touch pulls past.
    func handsOverAtEdge(from a: GestureID, to b: GestureID) -> Bool {
        rules.contains { $0.relation == .handsOver && $0.gesture == a && $0.other == b && !$0.edges.isEmpty }
    }

    /// The edge states the analyses look at: every scroll at no edge first,
    /// then each scroll that an `at` hand-over names at each of those edges
    /// alone, and at all of them at once when it names several (content that
    /// fits its view is at both). An edge no rule names changes nothing in
    /// the engine, so it is not a state of its own.
    package func edgeStates() -> [[Situation.Edge]] {
        var named: [(scroll: String, edges: DirectionSet)] = []
        for r in rules where r.relation == .handsOver && !r.edges.isEmpty {
            let name = self[r.gesture].name
            if let i = named.firstIndex(where: { $0.scroll == name }) { named[i].edges.formUnion(r.edges) } else { named.append((name, r.edges)) }
        }
        var states: [[Situation.Edge]] = [[]]
        for (scroll, edges) in named.sorted(by: { $0.scroll < $1.scroll }) {
            let single = ScreenEdge.allCases.map { DirectionSet($0.direction) }.filter { edges.contains($0) }
            states += (single + (single.count > 1 ? [edges] : [])).map { [Situation.Edge(scroll: scroll, at: $0)] }
        }
        return states
    }

    /// Every situation the conflict analysis decides pairs in: each group of
    /// mode combinations (`ModeGroup`) in each edge state.
    package func situations() -> [(group: ModeGroup, situation: Situation)] {
        let edges = edgeStates()
        return modeGroups().flatMap { group in edges.map { (group, Situation(modes: group.modes, edges: $0)) } }
    }
}
