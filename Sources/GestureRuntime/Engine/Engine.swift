/// What every engine offers: tools that drive either the production engine
/// or the reference interpreter are generic over this.
public protocol TouchEngine {
    /// Adds one touch sample; equal times form one frame.
    mutating func feed(_ event: TouchEvent)
    /// Applies the pending frame and fires every deadline due by `time`.
    mutating func advance(to time: Int64)
    /// Ends the stream: applies the pending frame and fires every remaining deadline.
    mutating func finish()
    /// Cancels every touch that is down.
    mutating func reset()
    /// Gesture events decided so far.
    var events: [GestureEvent] { get }
    /// Forgets the events reported so far, keeping the buffer.
    mutating func removeAllEvents()
    /// Repaired stream anomalies so far.
    var anomalies: StreamAnomalies { get }
    /// Cancel a touch after this many microseconds without a sample (nil: never).
    var staleTouchTimeout: Int64? { get set }
}

extension GestureEngine: TouchEngine {}

/// The production engine: automata stepped through the packed table.
///
/// A concrete type rather than a generic instance, so that the whole engine is
/// specialized for the packed table inside this module: callers in other
/// modules get one direct call per sample and no protocol dispatch inside it.
/// See `GestureEngine` for the semantics, threading and cost.
public struct Engine: TouchEngine {
    @usableFromInline var core: GestureEngine<GestureTable>

    /// The most touches down at once.
    public static var touchCapacity: Int { GestureEngine<GestureTable>.touchCapacity }

    /// An engine over a compiled table.
    public init(table: GestureTable) {
        core = GestureEngine(table: table, transitions: table)
    }

    public var table: GestureTable { core.table }
    public var events: [GestureEvent] { core.events }
    /// Whether any event is waiting: cheaper than `events.isEmpty` in a per-sample loop.
    public var hasEvents: Bool { !core.events.isEmpty }
    public var anomalies: StreamAnomalies { core.anomalies }
    public var clock: Int64 { core.clock }
    public var staleTouchTimeout: Int64? {
        get { core.staleTouchTimeout }
        set { core.staleTouchTimeout = newValue }
    }

    // The requirements' documentation is on `TouchEngine`.
    public mutating func feed(_ event: TouchEvent) { core.feed(event) }
    public mutating func advance(to time: Int64) { core.advance(to: time) }
    public mutating func finish() { core.finish() }
    public mutating func reset() { core.reset() }
    public mutating func removeAllEvents() { core.removeAllEvents() }

    /// Whether gesture `g` is back in `possible` with no touches.
    public func isIdle(_ g: Int) -> Bool { core.isIdle(g) }
    /// Whether any touch is down.
    public var hasTouchesDown: Bool { core.hasTouchesDown }
    /// Whether any gesture has a deadline pending.
    public var hasPendingDeadline: Bool { core.hasPendingDeadline }
}
