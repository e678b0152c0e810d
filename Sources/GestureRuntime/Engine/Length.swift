/// Comparisons of a displacement's length with a limit, exactly equal to
/// comparing `(dx * dx + dy * dy).squareRoot()`, that take the square root
/// only near the limit. A square root's latency was the largest single cost
/// of a move (one per gesture per move), and most moves are far from any limit.
///
/// With m = max(|dx|, |dy|), the computed length L satisfies m <= L (rounding is
/// monotonic and the square root of a rounded square gives |dx| back, barring
/// underflow below 1e-154 pt, where the real length is the better answer) and
/// L <= sqrt(2) m, rounded, which stays below 1.5 m.
enum Length {
    /// `length > limit`, for `limit >= 0`.
    @inline(__always)
    static func exceeds(_ dx: Double, _ dy: Double, _ limit: Double) -> Bool {
        let m = max(abs(dx), abs(dy))
        if m > limit { return true }
        if m * 1.5 <= limit { return false }
        return (dx * dx + dy * dy).squareRoot() > limit
    }

    /// `length >= limit`, for `limit >= 0`.
    @inline(__always)
    static func reaches(_ dx: Double, _ dy: Double, _ limit: Double) -> Bool {
        let m = max(abs(dx), abs(dy))
        if m >= limit { return true }
        if m * 1.5 < limit { return false }
        return (dx * dx + dy * dy).squareRoot() >= limit
    }
}
