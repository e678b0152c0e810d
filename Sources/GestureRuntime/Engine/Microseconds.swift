/// A time on the engine's clock, or a span of it, in whole microseconds: what
/// touch samples, gesture events, deadlines and the control calls carry.
///
/// Integers, not seconds as a `Double`, so that equal times are equal (a
/// frame is the samples of one time) and a deadline fires at the microsecond
/// a spec's duration says, however long the device has been up (`HostClock`
/// converts a platform's clock). A type of its own, so that a time cannot be
/// passed where a touch id or a count is expected; a literal is a time
/// (`engine.advance(to: 1_500_000)`), and it costs what an `Int64` costs.
public struct Microseconds: Hashable, Comparable, Sendable, AdditiveArithmetic, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The count of microseconds.
    public var rawValue: Int64

    @inline(__always)
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    @inline(__always)
    public init(integerLiteral value: Int64) { rawValue = value }

    /// `seconds` as `init(seconds:)` rounds it, or nil when it is not finite
    /// or a trace could not write it: a line's `t` has at most 18 digits of
    /// microseconds, so |t| < 10^12 s (31,700 years). What the C, Java and web
    /// interfaces refuse from a caller, with the trace reader's message.
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        self.init(seconds: seconds)
    }

    /// `seconds` on the same clock, rounded to the nearest microsecond, half
    /// away from zero, as the trace reader rounds a line's decimal `t` (the
    /// rule of the C, Java and web interfaces, which take seconds); NaN is 0,
    /// and a time past Int64's range is held inside it.
    ///
    /// A double within a few ulps of a half microsecond is taken as that half:
    /// the double nearest `0.0160015` is 16001.4999… µs, and the text a host
    /// or a trace wrote said 16001.5, which `gspec run` reads as 16,002. So any
    /// time written with 15 significant digits or fewer gives the trace's
    /// microsecond, whether it is read as text or as a `Double`.
    public init(seconds: Double) {
        let x = seconds * 1_000_000
        var us = x.rounded()
        let whole = x.rounded(.towardZero)
        if 8 * x.ulp < 0.5 && abs(abs(x - whole) - 0.5) <= 4 * x.ulp { us = whole + (x < 0 ? -1 : 1) }
        rawValue = us.isNaN ? 0 : Int64(max(-9.2e18, min(9.2e18, us)))
    }

    /// The time in seconds (exact below 2^53 microseconds, 285 years).
    @inline(__always)
    public var seconds: Double { Double(rawValue) / 1_000_000 }

    public static var zero: Microseconds { Microseconds(0) }

    /// The count, as messages and trace lines print it.
    public var description: String { String(rawValue) }

    @inline(__always)
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    @inline(__always)
    public static func + (a: Self, b: Self) -> Self { Self(a.rawValue + b.rawValue) }

    @inline(__always)
    public static func - (a: Self, b: Self) -> Self { Self(a.rawValue - b.rawValue) }
}
