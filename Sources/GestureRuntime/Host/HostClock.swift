/// Converts a platform's clock (seconds as a `Double`: `UIEvent.timestamp`,
/// `CACurrentMediaTime()`, `performance.now() / 1000`) to the engine's
/// integer microseconds, and back for scheduling timers.
///
/// The first time seen is the origin (engine time 0), so microseconds stay
/// exact however long the device has been up. Times never go backwards: a
/// sample earlier than the last one (two clocks mixed, a platform bug) gets
/// the last time, so the engine sees a monotonic stream.
public struct HostClock: Hashable, Sendable {
    /// The platform time of engine time 0, once a time has been seen.
    public var origin: Double? { start }
    /// The latest engine time handed out.
    public var latest: Microseconds { Microseconds(last) }
    // Inlinable, as a host calls it for every sample.
    @usableFromInline var start: Double?
    @usableFromInline var last: Int64 = 0

    public init() {}

    /// The engine time of platform time `seconds`: rounded to the nearest
    /// microsecond, never earlier than the previous result. A non-finite time
    /// is taken as the previous one.
    @inlinable
    public mutating func microseconds(_ seconds: Double) -> Microseconds {
        guard seconds.isFinite else { return Microseconds(last) }
        guard start != nil, let t = peek(seconds)?.rawValue else {
            start = seconds
            return Microseconds(last)
        }
        if t > last { last = t }
        return Microseconds(last)
    }

    /// The engine time of platform time `seconds` without taking it as the
    /// latest (for a timer's "now", which must not hold back touches that
    /// happened earlier but are delivered later); nil for a non-finite time.
    /// Before any finite time was seen the origin is 0, as `seconds(_:)`
    /// counts it, so a deadline reported then fires when its timer does.
    @inlinable
    public func peek(_ seconds: Double) -> Microseconds? {
        guard seconds.isFinite else { return nil }
        let start = self.start ?? 0
        // Clamped before the conversion: a time centuries away must not trap.
        // Times before the origin clamp to 0, so adding a half and truncating
        // rounds to nearest, without a call to libm's `round`.
        let us = (seconds - start) * 1_000_000 + 0.5
        return Microseconds(us >= 9e18 ? Int64(9e18) : us <= 0 ? 0 : Int64(us))
    }

    /// The platform time of engine time `microseconds` (the origin when no
    /// time has been seen yet counts as 0).
    @inlinable
    public func seconds(_ time: Microseconds) -> Double {
        (start ?? 0) + time.seconds
    }

    /// Moves the clock to at least `microseconds`, the engine's time after a
    /// timer fired a deadline: later samples then never fall behind the engine.
    public mutating func catchUp(to time: Microseconds) {
        if time.rawValue > last { last = time.rawValue }
    }
}
