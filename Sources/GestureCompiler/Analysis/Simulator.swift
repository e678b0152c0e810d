import GestureRuntime

/// Runs touch streams through compiled subsets of one gesture set: a gesture
/// alone, a pair without rules, the whole set, the set with two gestures'
/// declaration order swapped. Tables are compiled once per subset, and each
/// gets one fresh engine that every run starts from as a copy: an engine's
/// construction validates and packs its whole table, which for a large set
/// costs more than the short streams the analyses run.
struct Simulator {
    let set: CheckedGestureSet
    let source: SourceFile
    private var engines: [[GestureID]: Engine] = [:]
    /// Runs of the whole set by situation and stream: gestures with equal parameters have equal exemplars.
    private var wholeRuns: [Situation: [[TouchEvent]: [GestureEvent]]] = [:]
    private var explainedRuns: [Situation: [[TouchEvent]: Run]] = [:]
    private var aloneClaims: [GestureID: [[TouchEvent]: Int64?]] = [:]
    /// The situation of whole-set runs (`runAll`), set before the first touch:
    /// the representative of the `ModeGroup` being analysed, in one edge state.
    var situation = Situation()

    init(set: CheckedGestureSet, source: SourceFile) {
        self.set = set
        self.source = source
    }

    /// Events of a run over the gestures `order` (indices into the set, in
    /// the order they are declared in the subset), with the rules among them
    /// when `rules` is set. Event gesture indices are mapped back to the set's.
    /// In a `situation`, the gestures keep their conditions, its modes are on
    /// and its scrolls at its edges; without, every gesture runs as if
    /// enabled. With `explains`, the engine's explanations (why gestures
    /// failed or waited) come with the events.
    mutating func run(_ stream: TouchStream, gestures order: [GestureID], rules: Bool = true, in situation: Situation? = nil,
                      explains: Bool = false) -> Run {
        var engine = engine(for: order, rules: rules, conditions: situation != nil)
        engine.explains = explains
        situation?.apply(to: &engine, at: stream.events.first?.time ?? .zero)
        for e in stream.events { engine.feed(e) }
        engine.finish()
        return Run(events: engine.events.map { e in
            var e = e
            e.gesture = order[e.gesture.rawValue]
            return e
        }, explanations: engine.explanations)
    }

    /// What one run gave: its events and, when asked for, its explanations
    /// (gesture indices of events mapped back to the set's; of explanations,
    /// the subset's, which are the set's for a whole-set run).
    struct Run {
        var events: [GestureEvent]
        var explanations: [Explanation]
    }

    /// A fresh engine (on the analyses' screen) of the compiled subset
    /// `order`, with the rules among its gestures when `rules` is set and
    /// their conditions on modes when `conditions` is.
    mutating func engine(for order: [GestureID], rules: Bool = true, conditions: Bool = false) -> Engine {
        let key = order + (rules ? [] : [-1]) + (conditions ? [-2] : [])  // negative ids: no gesture, the flags
        if let e = engines[key] { return e }
        var engine = Engine(table: build(order, rules: rules, conditions: conditions))
        engine.screenSize = TouchStream.screen
        engines[key] = engine
        return engine
    }

    /// The whole set as declared, in `situation`.
    mutating func runAll(_ stream: TouchStream) -> [GestureEvent] {
        if let events = wholeRuns[situation]?[stream.events] { return events }
        let events = run(stream, gestures: Array(set.gestureIDs), in: situation).events
        wholeRuns[situation, default: [:]][stream.events] = events
        return events
    }

    /// The whole set as declared, in `situation`, with the engine's explanations.
    mutating func runAllExplained(_ stream: TouchStream) -> Run {
        if let known = explainedRuns[situation]?[stream.events] { return known }
        let result = run(stream, gestures: Array(set.gestureIDs), in: situation, explains: true)
        explainedRuns[situation, default: [:]][stream.events] = result
        return result
    }

    /// When gesture `g` alone (with the sources that arm it, no rules) first
    /// begins or is recognized on `stream`: the same in every situation,
    /// since alone a gesture runs as if enabled.
    mutating func aloneClaim(of g: GestureID, on stream: TouchStream) -> Int64? {
        if let known = aloneClaims[g]?[stream.events] { return known }
        let time = run(stream, gestures: alone(g), rules: false).events.first { $0.gesture == g && $0.claims }?.time.rawValue
        aloneClaims[g, default: [:]][stream.events] = .some(time)
        return time
    }

    /// The attempt of gesture `g` alone that first claims on `stream`: when
    /// it claims, and when its first touch came down (the first touch after
    /// the failure of the attempt before it). In the whole set, the failure
    /// of `g` that matters is the one of the attempt holding that touch, not
    /// of a later one (a triple tap taken at its first press restarts at its
    /// second, and fails again at the third for another reason).
    mutating func aloneAttempt(of g: GestureID, on stream: TouchStream) -> (start: Int64, claim: Int64)? {
        guard let claim = aloneClaim(of: g, on: stream) else { return nil }
        // The alone run again with explanations, only for a stream it claims (explaining costs a copy of the engine).
        let run = run(stream, gestures: alone(g), rules: false, explains: true)
        // Explanations are of the subset, where `g` is gesture 0.
        let before = run.explanations.last { $0.gesture == 0 && ($0.state == "failed" || $0.state == "retracted") && $0.time.rawValue < claim }?.time
        let start = stream.events.first { e in e.phase == .began && before.map { e.time > $0 } ?? true }?.time.rawValue
        return (start ?? claim, claim)
    }

    /// Gesture `g` and the gestures its `after` rules name: what "g alone"
    /// runs (unarmed, g would take no touches at all). `g` comes first.
    func alone(_ g: GestureID) -> [GestureID] {
        [g] + set.rules.filter { $0.relation == .after && $0.gesture == g && $0.other != g }.map(\.other)
    }

    /// Without `rules`, the `after` rules among `order` stay: they arm, not arbitrate.
    private func build(_ order: [GestureID], rules: Bool, conditions: Bool) -> GestureTable {
        var position = [GestureID: GestureID]()
        for (i, g) in order.enumerated() { position[g] = GestureID(i) }
        // Gestures disabled at start are analyzed as they behave once enabled;
        // with conditions, a gesture starts as its condition says with all modes off.
        let gestures = order.map { g in
            var d = set[g]
            if !conditions { d.condition = [] }
            d.enabled = d.condition.isEmpty || Condition.evaluate(d.condition[...], modes: 0)
            return d
        }
        var subset = CheckedGestureSet(gestures: gestures, rules: [], views: set.views)
        subset.modes = set.modes
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
