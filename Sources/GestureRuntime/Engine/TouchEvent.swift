/// The phase of one touch sample, as UIKit and the trace format name them.
public enum TouchPhase: UInt8, SpecWord {
    case began, moved, stationary, ended, cancelled

    /// The phases a view may forward to its parent (`forwards:`): a
    /// stationary touch delivers nothing.
    public static let forwardable: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// The trace spelling.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension TouchPhase {
    /// The phase's bit in a frame's set of phases (`GestureEngine.framePhases`).
    @inline(__always)
    var bit: UInt8 { 1 &<< rawValue }
}

/// What produced a touch (v3): a gesture takes only the kinds its `input` names.
public enum PointerKind: UInt8, SpecWord {
    case touch, pen, mouse

    /// The word for every kind at once in a spec's `input`.
    public static let anyName = "any"

    /// The trace and spec spelling: `touch`, `pen`, `mouse`.
    public var name: String {
        switch self {
        case .touch: "touch"
        case .pen: "pen"
        case .mouse: "mouse"
        }
    }

    /// The kind's bit in a gesture's `input` mask (`GestureRecord.inputs`).
    @inline(__always)
    public var bit: UInt8 { 1 << rawValue }
}

/// One touch sample fed to an engine.
public struct TouchEvent: Hashable, Sendable {
    /// On the host's clock; equal times form one frame.
    public var time: Microseconds
    /// The host's touch id, unique while the finger is down.
    public var id: Int64
    /// Points, y downward.
    public var x: Double
    public var y: Double
    /// The hit view of a `began`: the deepest view under the finger, as an
    /// index of the table's views (`GestureTable.view(named:)`); its path is
    /// the view and its ancestors. Ignored for other phases and when the
    /// table declares no views.
    public var view: ViewID {
        get { ViewID(hitView) }
        set { hitView = Int32(clamping: newValue.rawValue) }
    }
    // 32 bits keep a sample at 40 bytes: every sample is copied into the frame.
    private var hitView: Int32
    // Last, so the coordinates are one aligned 16-byte pair: copying a sample
    // then needs no load that straddles the phase's one-byte store.
    public var phase: TouchPhase
    /// What produced the touch (read from its `began`; a sample stays 40 bytes).
    public var pointer: PointerKind

    public init(time: Microseconds, id: Int64, phase: TouchPhase, x: Double, y: Double, view: ViewID = 0, pointer: PointerKind = .touch) {
        self.time = time
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
        hitView = Int32(clamping: view.rawValue)
        self.pointer = pointer
    }

    /// With an `Int` id, as most callers hold one.
    public init(time: Microseconds, id: Int, phase: TouchPhase, x: Double, y: Double, view: ViewID = 0, pointer: PointerKind = .touch) {
        self.init(time: time, id: Int64(id), phase: phase, x: x, y: y, view: view, pointer: pointer)
    }
}

/// One report from the engine: a gesture changed state.
public struct GestureEvent: Hashable, Sendable {
    /// An input time or a deadline, never interpolated.
    public var time: Microseconds
    /// When the gesture's own automaton completed: equal to `time` unless the
    /// event was held for a `requires` rule, which added `time - completedAt`.
    public var completedAt: Microseconds
    /// The centroid of the gesture's touches (a multi-tap: its first press; a swipe: where it began).
    public var x: Double
    public var y: Double
    /// pan: translation x; pinch: scale; rotation: radians (clockwise on screen).
    public var value0: Double
    /// pan: translation y.
    public var value1: Double
    /// Velocity of `value0` / `value1` per second (longPress: of the location).
    public var velocity0: Double
    public var velocity1: Double
    /// A settle's `ended` (v5): the value its momentum alone would carry it
    /// to, and where it rests; NaN on every other event.
    public var projected: Double {
        get { Double(bitPattern: projectedBits ^ Self.noDecision) }
        set { projectedBits = newValue.bitPattern ^ Self.noDecision }
    }
    public var rest: Double {
        get { Double(bitPattern: restBits ^ Self.noDecision) }
        set { restBits = newValue.bitPattern ^ Self.noDecision }
    }
    // Stored as bits, so that two events without a decision (NaN) are equal,
    // and relative to NaN, so that an event's init writes only zeros (every
    // event is built on the hot path; a settle's are a few of them).
    private var projectedBits: UInt64
    private var restBits: UInt64
    private static let noDecision = Double.nan.bitPattern
    // Narrow storage keeps an event at 96 bytes: the engine builds and appends
    // one for every `changed`, many per second.
    private var gestureIndex: Int32
    private var tapCount: Int32
    public var state: GestureState
    /// swipe: the direction it went (`right` for the other kinds).
    public var direction: Direction
    /// Reported for an accessibility action (v4 `action:`), not for touches:
    /// `"input":"action"` on its line. In the padding: the event stays 96 bytes.
    public var isAction: Bool
    /// pan, pinch, rotation: how many fingers the values were measured from
    /// in that frame (v5 `fingers`). In the padding: the event stays 96 bytes.
    private var fingerCount: UInt8
    // In the padding after `direction`: the event stays 96 bytes.
    private var firstTouch: Int32

    /// pan, pinch, rotation: how many fingers its values came from in that frame; 0 for the other kinds.
    public var fingers: Int {
        get { Int(fingerCount) }
        set { fingerCount = UInt8(clamping: newValue) }
    }

    /// The id of the gesture's first touch in this attempt (what `attach`
    /// finds the touched element by); -1 when it has none, or its id does
    /// not fit 31 bits (hosts number touches from 1).
    public var touch: Int64 {
        get { Int64(firstTouch) }
        set { firstTouch = newValue >= 0 && newValue <= Int64(Int32.max) ? Int32(newValue) : -1 }
    }

    /// Index into the table's gestures.
    public var gesture: GestureID {
        get { GestureID(gestureIndex) }
        set { gestureIndex = Int32(truncatingIfNeeded: newValue.rawValue) }
    }

    /// tap: taps counted.
    public var taps: Int {
        get { Int(tapCount) }
        set { tapCount = Int32(clamping: newValue) }
    }

    /// Whether this is a settle's `ended` (v5): it carries `projected`, `anchor` and `rest`.
    public var isSettled: Bool { state == .ended && !projected.isNaN }

    /// A settle's `ended` (v5): the anchor chosen (with a pitch, its page,
    /// which may be negative); nil without anchors. Where a tap keeps its
    /// count (records hold -2^31 for none).
    public var anchor: Int? {
        get { tapCount == Self.noAnchor ? nil : Int(tapCount) }
        set { tapCount = newValue.map { Int32(clamping: $0) } ?? Self.noAnchor }
    }

    /// `anchor`'s storage for none.
    public static let noAnchor = Int32.min

    /// The record's `anchor` slot: a settle's anchor (`noAnchor` for none), a
    /// `marked` event's mark, `noAnchor` on every other event.
    public var anchorSlot: Int32 { state == .marked || isSettled ? tapCount : Self.noAnchor }

    /// `marked` (v5): the index of the mark crossed, and `direction` says
    /// how: `up` as the value rose past it, `down` as it fell back.
    public var mark: Int {
        get { Int(tapCount) }
        set { tapCount = Int32(clamping: newValue) }
    }

    public init(time: Microseconds, gesture: GestureID, state: GestureState, x: Double, y: Double) {
        self.init(time: time.rawValue, gesture: gesture, state: state, x: x, y: y, touch: -1)
    }

    /// With the first touch's id as `touch` stores it (the engine's tracks keep it so), at the engine's clock.
    @inline(__always)
    package init(time: Int64, gesture: GestureID, state: GestureState, x: Double, y: Double, touch: Int32) {
        self.time = Microseconds(time)
        gestureIndex = Int32(truncatingIfNeeded: gesture.rawValue)
        self.state = state
        self.x = x
        self.y = y
        value0 = 0; value1 = 0; velocity0 = 0; velocity1 = 0; projectedBits = 0; restBits = 0; direction = .right; isAction = false; tapCount = 0; fingerCount = 0; firstTouch = touch
        completedAt = Microseconds(time)
    }
}

/// Counts of repaired stream anomalies; the rules are in docs/semantics.md.
public struct StreamAnomalies: Hashable, Sendable {
    /// A frame earlier than the previous one: clamped to the previous time.
    public var timeWentBackwards = 0
    /// `began` for an id that is down: the old instance is cancelled first.
    public var duplicateBegan = 0
    /// `moved`, `stationary` or `ended` for an id that is not down: dropped.
    public var unknownTouch = 0
    /// A NaN or infinite coordinate: the touch keeps its last position (a `began` is dropped).
    public var nonFiniteCoordinate = 0
    /// More touches down than the engine's capacity: the extra `began` is dropped.
    public var overCapacity = 0
    /// A touch with no sample for longer than `staleTouchTimeout`: cancelled.
    public var staleTouch = 0
    /// A `began` whose hit view the table does not have: it hits the root view.
    public var unknownView = 0

    public init() {}

    /// Whether nothing was repaired.
    public var isEmpty: Bool { self == StreamAnomalies() }

    /// Every count by its name (the property's), in declaration order: what
    /// the web module's `engine.anomalies` returns and its types declare.
    public var counts: [(name: String, count: Int)] {
        [("timeWentBackwards", timeWentBackwards), ("duplicateBegan", duplicateBegan), ("unknownTouch", unknownTouch),
         ("nonFiniteCoordinate", nonFiniteCoordinate), ("overCapacity", overCapacity), ("staleTouch", staleTouch),
         ("unknownView", unknownView)]
    }
}

/// What a view itself receives for touches, as UIKit calls `touchesBegan`,
/// `touchesMoved`, `touchesEnded` and `touchesCancelled` on it: the
/// deliveries that gestures' `delaysTouchesBegan`, `delaysTouchesEnded` and
/// `cancelsTouches` let through, delay or cancel (docs/delivery.md).
public struct TouchDelivery: Hashable, Sendable {
    /// The frame's time, or the time a withheld delivery was released.
    public var time: Microseconds
    /// The view that receives it: the hit view, or the ancestor it was forwarded to.
    public var view: ViewID
    /// The view the touches hit.
    public var hitView: ViewID
    /// `began`, `moved`, `ended` or `cancelled`.
    public var phase: TouchPhase
    /// The touches' ids, in the order they began.
    public var touches: [Int64]
    /// How many of the engine's `events` were decided before this delivery:
    /// merge the two lists by it to see them in the order they happened.
    public var eventIndex: Int

    public init(time: Microseconds, view: ViewID, hitView: ViewID, phase: TouchPhase, touches: [Int64], eventIndex: Int) {
        self.time = time
        self.view = view
        self.hitView = hitView
        self.phase = phase
        self.touches = touches
        self.eventIndex = eventIndex
    }
}
