/// A gesture event of a generated gesture set, read by name: the gesture as
/// the set's `Gesture` enum and the kind's values as optionals, so an app
/// never needs the layout of `GestureEvent`'s `value0`/`value1` fields.
public struct TypedGestureEvent<Gestures: GestureSet>: Hashable, Sendable {
    /// The event as the engine reported it.
    public var event: GestureEvent
    /// Which gesture.
    public var gesture: Gestures.Gesture
    /// The gesture's kind: which of the values below it carries.
    public var kind: GestureKind
    /// The view that receives the event: the gesture's own, or its parent
    /// when the view forwards it (the root without views).
    public var view: Gestures.View
    /// The event's time on the platform's clock, in seconds (engine
    /// microseconds / 1e6 when no host clock converted it).
    public var timestamp: Double

    /// The event of a gesture of `Gestures.table`; nil if the table has no
    /// such gesture (an event from another table).
    public init?(_ event: GestureEvent) {
        let table = Gestures.table
        guard table.has(event.gesture),
              let gesture = Gestures.Gesture(rawValue: table.firstInstance(of: event.gesture).rawValue),
              let view = Gestures.View(rawValue: table.receiver(of: event.gesture).rawValue) else { return nil }
        self.init(event, gesture: gesture, kind: table.kind(of: event.gesture), view: view,
                  timestamp: event.time.seconds)
    }

    /// For hosts that looked the gesture, kind and view up once.
    @inlinable
    init(_ event: GestureEvent, gesture: Gestures.Gesture, kind: GestureKind, view: Gestures.View, timestamp: Double) {
        (self.event, self.gesture, self.kind, self.view, self.timestamp) = (event, gesture, kind, view, timestamp)
    }

    /// `began`, `changed`, `ended`, `cancelled`, `recognized` or `failed`; for a
    /// gesture with `provisional: true`, also `provisional` then `recognized` or `retracted`.
    public var state: GestureState { event.state }
    /// Engine time.
    public var time: Microseconds { event.time }
    /// The centroid of the gesture's touches (a multi-tap: its first press;
    /// a swipe: where it began); for an action, the view's centre.
    public var location: SIMD2<Double> { SIMD2(event.x, event.y) }
    /// Whether an accessibility action reported it (v4 `action:`), not touches.
    public var isAction: Bool { event.isAction }

    /// The value `key` with the shape `shape`, if the event carries it (`GestureKind.eventValues`).
    private func value(_ key: EventKey, _ shape: EventValue.Shape) -> EventValue? {
        guard EventValue.carried(in: event.state), let v = kind.eventValue(key), v.shape == shape else { return nil }
        return v
    }
    private func number(_ key: EventKey) -> Double? { value(key, .number).map { $0.slot.double(event) } }
    private func pair(_ key: EventKey) -> SIMD2<Double>? {
        value(key, .pair).map { SIMD2($0.slot.double(event), $0.second.double(event)) }
    }

    /// pan: how far the touches moved since it began, in points.
    public var translation: SIMD2<Double>? { pair(.translation) }
    /// pan: the release-ready velocity of the translation; longPress: of the
    /// location; points per second.
    public var velocity: SIMD2<Double>? { pair(.velocity) }
    /// pinch: the distance between the fingers relative to when it began.
    public var scale: Double? { number(.scale) }
    /// pinch: the scale's change per second.
    public var scaleVelocity: Double? { scale == nil ? nil : number(.velocity) }
    /// rotation: radians since it began, positive clockwise on screen, unwrapped.
    public var rotation: Double? { number(.rotation) }
    /// rotation: radians per second.
    public var rotationVelocity: Double? { rotation == nil ? nil : number(.velocity) }
    /// swipe: the direction it went.
    public var direction: Direction? {
        value(.direction, .direction).flatMap { Direction(rawValue: UInt8(truncatingIfNeeded: $0.slot.int32(event))) }
    }
    /// tap: how many taps were counted.
    public var taps: Int? { value(.taps, .count).map { Int($0.slot.int32(event)) } }
}
