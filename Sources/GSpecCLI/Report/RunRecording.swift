import GestureRuntime
import GestureTrace

/// Everything a run decided, kept for `gspec run --html`: the touch samples
/// fed, the gesture events, the explanations (failures and holds), the
/// deliveries, and each deadline a gesture armed.
final class RunRecording: TraceObserver {
    var samples: [TouchEvent] = []
    var events: [GestureEvent] = []
    var explanations: [Explanation] = []
    var deliveries: [TouchDelivery] = []
    /// (gesture, time): a deadline armed, once per distinct value.
    var deadlines: [(gesture: GestureID, time: Microseconds)] = []
    /// The trace's control lines that applied: when, to which gestures, and
    /// what they set (`enabled` nil: parameters only; `changes` as written, `slop: 15pt`).
    var controls: [(time: Microseconds, gestures: [GestureID], enabled: Bool?, changes: [String])] = []
    /// The trace's mode lines: when, which mode, on or off.
    var modes: [(time: Microseconds, mode: ModeID, on: Bool)] = []
    /// Each change of a gesture's enabling, as the engine has it (a spec's
    /// `enabled: false` and mode conditions at the first sample, then after control lines).
    var enabling: [(time: Microseconds, gesture: GestureID, enabled: Bool)] = []
    private var lastDeadline: [Microseconds?] = []
    private var lastEnabled: [Bool] = []

    func record(_ events: [GestureEvent], _ deliveries: [TouchDelivery], _ explanations: [Explanation]) {
        self.events += events
        self.deliveries += deliveries
        self.explanations += explanations
    }

    /// After each sample: the sample, and any deadline that changed.
    func observe<E: TouchEngine>(_ sample: TouchEvent?, _ engine: E, gestures: Int) {
        if let sample {
            if samples.isEmpty { observeEnabling(engine, gestures: gestures, at: sample.time) }
            samples.append(sample)
        }
        if lastDeadline.count != gestures { lastDeadline = Array(repeating: nil, count: gestures) }
        for g in Range(gestures: gestures) {
            let d = engine.deadline(of: g)
            if d != lastDeadline[g.rawValue], let d { deadlines.append((g, d)) }
            lastDeadline[g.rawValue] = d
        }
    }

    func modeChanged(at time: Microseconds, mode: ModeID, on: Bool) { modes.append((time, mode, on)) }

    func controlApplied(at time: Microseconds, gestures: [GestureID], enabled: Bool?, changes: [String]) {
        controls.append((time, gestures, enabled, changes))
    }

    /// After a control line (and before the first sample): each gesture whose enabling changed.
    func observeEnabling<E: TouchEngine>(_ engine: E, gestures: Int, at time: Microseconds) {
        if lastEnabled.count != gestures { lastEnabled = Array(repeating: true, count: gestures) }
        for g in Range(gestures: gestures) where engine.isEnabled(g) != lastEnabled[g.rawValue] {
            lastEnabled[g.rawValue].toggle()
            enabling.append((time, g, lastEnabled[g.rawValue]))
        }
    }
}
