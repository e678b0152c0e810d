import GestureRuntime

/// Runs touch streams through compiled subsets of one gesture set: a gesture
/// alone, a pair without rules, the whole set, the set with two gestures'
/// declaration order swapped. Tables are compiled once per subset.
struct Simulator {
    let set: CheckedGestureSet
    let source: SourceFile
    private var tables: [[Int]: GestureTable] = [:]
    /// Runs of the whole set by stream: gestures with equal parameters have equal exemplars.
    private var wholeRuns: [[TouchEvent]: [GestureEvent]] = [:]

    init(set: CheckedGestureSet, source: SourceFile) {
        self.set = set
        self.source = source
    }

    /// Events of a run over the gestures `order` (indices into the set, in
    /// the order they are declared in the subset), with the rules among them
    /// when `rules` is set. Event gesture indices are mapped back to the set's.
    mutating func run(_ stream: TouchStream, gestures order: [Int], rules: Bool = true) -> [GestureEvent] {
        var engine = Engine(table: table(for: order, rules: rules))
        engine.screenSize = TouchStream.screen
        for e in stream.events { engine.feed(e) }
        engine.finish()
        return engine.events.map { e in
            var e = e
            e.gesture = order[e.gesture]
            return e
        }
    }

    /// The compiled subset `order`, with the rules among its gestures when `rules` is set.
    mutating func table(for order: [Int], rules: Bool = true) -> GestureTable {
        let key = order + (rules ? [] : [-1])
        if let t = tables[key] { return t }
        let table = build(order, rules: rules)
        tables[key] = table
        return table
    }

    /// The whole set as declared.
    mutating func runAll(_ stream: TouchStream) -> [GestureEvent] {
        if let events = wholeRuns[stream.events] { return events }
        let events = run(stream, gestures: Array(set.gestures.indices))
        wholeRuns[stream.events] = events
        return events
    }

    /// Gesture `g` and the gestures its `after` rules name: what "g alone"
    /// runs (unarmed, g would take no touches at all). `g` comes first.
    func alone(_ g: Int) -> [Int] {
        [g] + set.rules.filter { $0.relation == .after && $0.gesture == g && $0.other != g }.map(\.other)
    }

    /// Without `rules`, the `after` rules among `order` stay: they arm, not arbitrate.
    private func build(_ order: [Int], rules: Bool) -> GestureTable {
        var position = [Int: Int]()
        for (i, g) in order.enumerated() { position[g] = i }
        // Gestures disabled at start are analyzed as they behave once enabled.
        var subset = CheckedGestureSet(gestures: order.map { var d = set.gestures[$0]; d.enabled = true; return d }, rules: [], views: set.views)
        for r in set.rules where rules || r.relation == .after {
            guard let a = position[r.gesture], let b = position[r.other] else { continue }
            subset.rules.append(Rule(relation: r.relation, gesture: a, other: b, range: r.range, within: r.within))
        }
        return TableBuilder.build(subset, source: source).0
    }
}

extension GestureEvent {
    /// Whether the event claims the gesture's touches: it began or was recognized.
    var claims: Bool { state == .began || state == .recognized }
}
