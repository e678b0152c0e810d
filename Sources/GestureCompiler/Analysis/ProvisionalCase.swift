import GestureRuntime

/// One generated test of a `provisional: true` gesture and the gestures it
/// requires to fail (v3), run apart from the rest of the set, rules included:
/// on its own performance it is shown `provisional` when it completes and
/// then confirmed (`recognized`; a long press, `began`); on the performance of
/// a gesture it requires to fail it is shown, then `retracted`.
public struct ProvisionalCase: Hashable, Sendable {
    public var gesture: GestureID
    /// The gesture whose performance `stream` is: `gesture` itself, or one it requires to fail.
    public var performed: GestureID
    public var stream: TouchStream
    /// The gestures the case runs (indices into the set; `gesture` first) and
    /// what `gesture` reports there: `provisional`, then its confirmation or `retracted`.
    public var gestures: [GestureID]
    public var expected: [GestureState]

    /// Whether the case expects the gesture confirmed (its own performance) or taken back.
    public var confirms: Bool { performed == gesture }

    /// The cases of every provisional gesture that a `requires` rule can hold
    /// and that is enabled at start: for its own performance and for each
    /// gesture it requires to fail, the first of their exemplars on which the
    /// spec shows it `provisional` (a performance on which nothing holds it,
    /// or that the gesture waited for never claims, tests nothing).
    public static func cases(for set: CheckedGestureSet, source: SourceFile) -> [ProvisionalCase] {
        var simulator = Simulator(set: set, source: source)
        return set.gestureIDs.flatMap { g -> [ProvisionalCase] in
            let d = set[g]
            guard d.record.options & GestureRecord.optionProvisional != 0, d.record.options & GestureRecord.optionDisabled == 0 else { return [] }
            var seen = Set<GestureID>()
            let waitsFor = set.rules.filter { $0.relation == .requiresToFail && $0.gesture == g }.map(\.other).filter { seen.insert($0).inserted }
            guard !waitsFor.isEmpty else { return [] }
            // The gestures that arm any of them come along: unarmed, they would take no touches.
            var kept = [g] + waitsFor
            for k in kept {
                for source in simulator.alone(k).dropFirst() where !kept.contains(source) { kept.append(source) }
            }
            return ([g] + waitsFor).compactMap { p in
                for stream in ExemplarGenerator.candidates(for: set[p], view: set[p].view) {
                    let expected = Self.reports(of: g, in: simulator.run(stream, gestures: kept).events)
                    if expected.first == .provisional && expected.count == 2 {
                        return ProvisionalCase(gesture: g, performed: p, stream: stream, gestures: kept, expected: expected)
                    }
                }
                return nil
            }
        }
    }

    /// What `g` reports of its provisional life: `provisional`, its confirmation, `retracted`.
    static func reports(of g: GestureID, in events: [GestureEvent]) -> [GestureState] {
        events.filter { $0.gesture == g && [.provisional, .recognized, .began, .retracted].contains($0.state) }.map(\.state)
    }

    /// What `table` (the set's, compiled or loaded) reports on the stream:
    /// nil when it is what the case expects, otherwise what went wrong.
    public func failure(on table: GestureTable) -> String? {
        var engine = Engine(table: table.keeping(gestures, arbitration: true))
        engine.screenSize = TouchStream.screen
        for e in stream.events { engine.feed(e) }
        engine.finish()
        let got = Self.reports(of: 0, in: engine.events)
        guard got != expected else { return nil }
        func text(_ states: [GestureState]) -> String { states.isEmpty ? "nothing" : states.map { "'\($0.name)'" }.joined(separator: " then ") }
        return "expected \(text(expected)), got \(text(got))"
    }
}
