import GestureRuntime

/// A `GestureSet` whose table is chosen at run time (`allKinds` unless a
/// tool such as the benchmark's host mode sets another before making a
/// host): the protocol asks for `Int`-backed, case-iterable gestures and
/// views, not enums, so the cases are the table's indices.
public enum LoadedGestureSet: GestureSet {
    nonisolated(unsafe) public static var table = FuzzTargets.allKinds

    public struct Gesture: RawRepresentable, CaseIterable, Hashable, Sendable {
        public var rawValue: Int
        public init?(rawValue: Int) {
            // As generated code: one case per gesture, its first instance's index.
            let table = LoadedGestureSet.table
            guard rawValue >= 0 && rawValue < table.gestureCount && table.firstInstance(of: GestureID(rawValue)).rawValue == rawValue else { return nil }
            self.rawValue = rawValue
        }
        public static var allCases: [Gesture] { (0..<LoadedGestureSet.table.gestureCount).compactMap(Gesture.init) }
    }

    public struct View: RawRepresentable, CaseIterable, Hashable, Sendable {
        public var rawValue: Int
        public init?(rawValue: Int) {
            guard rawValue >= 0 && rawValue < LoadedGestureSet.table.viewCount else { return nil }
            self.rawValue = rawValue
        }
        public static var allCases: [View] { (0..<LoadedGestureSet.table.viewCount).compactMap(View.init) }
    }
}

extension FuzzTargets {
    /// The host layer on arbitrary platform input: touch keys beyond the id
    /// capacity, lost `ended`s, unknown touches, clocks that jump back, NaN
    /// and infinite times, timers fired early, late or stale, and handlers
    /// that feed the host again. Afterwards, once everything is cancelled and
    /// every timer has run, nothing is stuck: no id taken, no touch down, no
    /// deadline pending, every gesture idle, events dispatched in order.
    public static func host(_ bytes: [UInt8]) {
        precondition(LoadedGestureSet.table == allKinds)
        let host = GestureHost(LoadedGestureSet.self, touches: UInt8.self, touchCapacity: 24)
        host.reportsFailures = bytes.first.map { $0 & 1 == 0 } ?? false
        if bytes.first.map({ $0 & 2 == 0 }) ?? false { host.staleTouchTimeout = 0.5 }
        var lastTime = Microseconds(.min)
        var reentered = 0
        host.onEvent = { [unowned host] event in  // the host owns the handler: no cycle
            precondition(event.time >= lastTime, "events out of order")
            lastTime = event.time
            precondition(event.state != .failed || host.reportsFailures)
            if event.gesture.rawValue % 5 == 0 && reentered < 16 {  // a handler that touches the host again
                reentered += 1
                host.touch(200, .began, x: event.location.x, y: event.location.y, at: event.timestamp)
                host.touch(200, .ended, x: event.location.x, y: event.location.y, at: event.timestamp + 0.01)
            }
        }
        var seconds = 5_000.0
        var i = 0
        while i + 6 <= bytes.count {
            // 6 bytes per sample: time step, key, phase, x, y, flags.
            let flags = bytes[i + 5]
            seconds += Double(bytes[i]) * 0.004 - (flags & 1 != 0 ? 0.6 : 0)
            let at = flags & 0x30 == 0x30 ? (flags & 8 != 0 ? Double.nan : .infinity) : seconds
            let phase = TouchPhase(rawValue: bytes[i + 2] % 5)!
            let x = flags & 2 != 0 ? Double.nan : Double(bytes[i + 3]) * 2
            host.touch(bytes[i + 1] % 40, phase, x: x, y: Double(bytes[i + 4]) * 2, at: at,
                       view: LoadedGestureSet.View(rawValue: Int(flags >> 6)))
            // The app hands a gesture over now and then (active or not: an idle one changes nothing).
            if flags & 0x38 == 0x28, let gesture = LoadedGestureSet.Gesture(rawValue: Int(bytes[i + 3]) % LoadedGestureSet.table.gestureCount) {
                host.handOver(from: gesture, at: at)
            }
            if flags & 4 != 0, let due = host.nextDeadline {
                host.timerFired(at: due + Double(Int(flags & 0x0C) - 6) * 0.000_3)  // early, on time or late
            }
            i += 6
        }
        host.cancelAllTouches()
        var rounds = 0
        while let due = host.nextDeadline {
            host.timerFired(at: due)
            rounds += 1
            precondition(rounds < 10_000, "timers never stop")
        }
        host.cancelAllTouches()
        while let due = host.nextDeadline { host.timerFired(at: due) }
        precondition(host.identities.count == 0, "ids still taken")
        precondition(!host.engine.hasTouchesDown && !host.engine.hasPendingDeadline)
        for g in host.engine.table.gestureIDs { precondition(host.engine.isIdle(g), "gesture \(g) is stuck") }
    }
}
