/// The input alphabet of every gesture automaton: what the feature extractor
/// tells an automaton about one frame of touches. Geometry (slop, thresholds,
/// velocities) is measured by the extractor with the table's thresholds;
/// order and counting (taps, segments) is the automaton's job.
///
/// Raw values are stable: tables index by them.
public enum Symbol: UInt8, CaseIterable, Sendable {
    /// A finger the gesture tracks went down.
    case down = 0
    /// As many fingers as the gesture needs are down together.
    case full = 1
    /// More fingers than the gesture allows are down.
    case tooMany = 2
    /// A tracked finger lifted while another is still down.
    case lift = 3
    /// The last tracked finger lifted.
    case allUp = 4
    /// A finger moved farther than `slop` from its down point.
    case slop = 5
    /// A later press began farther than `tapDistance` from the first press.
    case far = 6
    /// The deadline of the current state passed.
    case timeout = 7
    /// A continuous gesture's begin threshold was exceeded.
    case threshold = 8
    /// An axis pan moved past its threshold across its axis first.
    case offAxis = 9
    /// Tracked fingers moved (at most once per frame).
    case move = 10
    /// A swipe met distance, angle and speed.
    case swipe = 11
    /// A swipe reached its distance without the angle or the speed.
    case swipeFail = 12
    /// A tracked touch was cancelled.
    case cancel = 13
    /// A stroke segment of direction class `rawValue - segmentRight.rawValue` began (`right` ... `down-right`).
    case segmentRight = 14
    case segmentUpRight = 15
    case segmentUp = 16
    case segmentUpLeft = 17
    case segmentLeft = 18
    case segmentDownLeft = 19
    case segmentDown = 20
    case segmentDownRight = 21

    /// The segment symbol of a direction class.
    public static func segment(_ d: Direction) -> Symbol {
        Symbol(rawValue: segmentRight.rawValue + d.rawValue)!
    }

    /// The spelling used in dumps and JSON tables.
    public var name: String {
        switch self {
        case .down: "down"
        case .full: "full"
        case .tooMany: "tooMany"
        case .lift: "lift"
        case .allUp: "allUp"
        case .slop: "slop"
        case .far: "far"
        case .timeout: "timeout"
        case .threshold: "threshold"
        case .offAxis: "offAxis"
        case .move: "move"
        case .swipe: "swipe"
        case .swipeFail: "swipeFail"
        case .cancel: "cancel"
        default: "segment:" + Direction(rawValue: rawValue - Self.segmentRight.rawValue)!.name
        }
    }

    /// Number of symbols: the last case's raw value plus one (raw values run
    /// from 0 without gaps: a test checks it), folded to a constant where tables are indexed.
    @inline(__always)
    public static var count: Int { Int(segmentDownRight.rawValue) + 1 }
}

/// What a gesture reports when its automaton enters a state.
package enum StateOutput: UInt8, CaseIterable, Sendable {
    /// Still deciding: nothing to report.
    case none = 0
    /// A continuous gesture begins.
    case began = 1
    /// A continuous gesture's values changed.
    case changed = 2
    /// A discrete gesture is recognized (terminal).
    case recognized = 3
    /// The gesture failed (terminal).
    case failed = 4
    /// A continuous gesture ended (terminal).
    case ended = 5
    /// A continuous gesture was cancelled (terminal).
    case cancelled = 6
    /// The current series failed and this press starts a new one (a tap too far from the first).
    case restart = 7

    /// Whether the automaton stops in such a state.
    package var isTerminal: Bool {
        switch self {
        case .recognized, .failed, .ended, .cancelled, .restart: true
        case .none, .began, .changed: false
        }
    }

    /// When NFA states merge, the strongest output wins.
    package var priority: Int {
        switch self {
        case .none: 0
        case .changed: 1
        case .began: 2
        case .failed: 3
        case .restart: 4
        case .cancelled: 5
        case .ended: 6
        case .recognized: 7
        }
    }
}

/// The deadline a state arms, measured from an anchor the extractor keeps.
public enum StateTimer: UInt8, CaseIterable, Sendable {
    case none = 0
    /// `maxDuration` after the current press's first down.
    case pressDuration = 1
    /// `maxInterval` after the last lift.
    case interval = 2
    /// `duration` after the required fingers were all down (a long press).
    case hold = 3

    /// How long the deadline waits: the parameter `field` holds. The engine's
    /// deadlines, the latency analysis and explanations all read it here.
    @inline(__always)
    package func duration(of r: borrowing GestureRecord) -> Int64 {
        switch self {
        case .none: 0
        case .pressDuration: r.maxDuration
        case .interval: r.maxInterval
        case .hold: r.duration
        }
    }

    /// The record field (and so the parameter) that `duration(of:)` reads; nil for no deadline.
    package var field: GestureRecord.DurationField? {
        switch self {
        case .none: nil
        case .pressDuration: .maxDuration
        case .interval: .maxInterval
        case .hold: .duration
        }
    }
}
