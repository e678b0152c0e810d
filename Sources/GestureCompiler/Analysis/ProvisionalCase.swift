import GestureRuntime

/// One generated test of a `provisional: true` gesture in its set (v3): on
/// its own performance it is shown `provisional` when it completes and then
/// `recognized` (a long press: `began`); on the performance of a gesture it requires to fail it is
/// `retracted` (or never shown), never `recognized`.
public struct ProvisionalCase: Hashable, Sendable {
    public var gesture: Int
    /// The gesture whose performance `stream` is: `gesture` itself, or one it requires to fail.
    public var performed: Int
    public var stream: TouchStream

    /// Whether the case expects the gesture confirmed (its own performance) or taken back.
    public var confirms: Bool { performed == gesture }

    /// The cases of every provisional gesture that a `requires` rule can hold,
    /// enabled at start (the whole set runs them, rules and all).
    public static func cases(for set: CheckedGestureSet) -> [ProvisionalCase] {
        set.gestures.indices.flatMap { g -> [ProvisionalCase] in
            let d = set.gestures[g]
            guard d.record.options & GestureRecord.optionProvisional != 0, d.record.options & GestureRecord.optionDisabled == 0 else { return [] }
            var seen = Set<Int>()
            let waitsFor = set.rules.filter { $0.relation == .requiresToFail && $0.gesture == g }.map(\.other).filter { seen.insert($0).inserted }
            guard !waitsFor.isEmpty else { return [] }
            return ([g] + waitsFor).compactMap { p in
                guard set.gestures[p].record.options & GestureRecord.optionDisabled == 0,
                      let stream = ExemplarGenerator.candidates(for: set.gestures[p], view: set.gestures[p].view).first else { return nil }
                return ProvisionalCase(gesture: g, performed: p, stream: stream)
            }
        }
    }

    /// What the set reports for the gesture on the stream: nil when that is
    /// what the case expects, otherwise what went wrong.
    public func failure(on table: GestureTable) -> String? {
        var engine = Engine(table: table)
        engine.screenSize = TouchStream.screen
        for e in stream.events { engine.feed(e) }
        engine.finish()
        // A long press is confirmed by its `began` (then goes on as usual), the discrete kinds by `recognized`.
        let confirmation: GestureState = table.kind(of: gesture).isContinuous ? .began : .recognized
        let shown = engine.events.filter { $0.gesture == gesture }.map(\.state)
            .filter { [.provisional, confirmation, .retracted].contains($0) }
        if confirms {
            return shown == [.provisional, confirmation] ? nil
                : "expected 'provisional' then '\(confirmation.name)', got " + (shown.isEmpty ? "neither" : shown.map(\.name).joined(separator: ", "))
        }
        return shown.isEmpty || shown == [.provisional, .retracted] ? nil
            : "expected 'provisional' then 'retracted' (or nothing), got " + shown.map(\.name).joined(separator: ", ")
    }
}
