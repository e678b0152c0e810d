extension Math {
    private static let ln2Hi = 0.6931471803691238, ln2Lo = 1.9082149292705877e-10

    /// The natural logarithm of a positive finite `x` (NaN otherwise), from
    /// IEEE operations alone as the rest of `Math`: x = m * 2^e with m within
    /// [√½, √2), ln m = 2 atanh((m - 1) / (m + 1)) by its series. Within
    /// 4e-16 of the true value (MathTests). For the Android fling model,
    /// whose distance is a power of the velocity (v5 `settle`).
    package static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : x == .infinity ? .infinity : .nan }
        var m = x.significand  // exact: [1, 2) for a normal or subnormal x
        var e = Double(x.exponent)
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let f = (m - 1) / (m + 1), f2 = f * f
        // 2 (f + f³/3 + f⁵/5 + ...): |f| < 0.172, so 13 terms reach below an ulp.
        var s = 1.0 / 25
        for k in stride(from: 23, through: 3, by: -2) { s = s * f2 + 1.0 / Double(k) }
        let lnm = 2 * f + 2 * f * f2 * s
        return (e * ln2Hi + lnm) + e * ln2Lo
    }

    /// e^x, from IEEE operations alone: x = k ln 2 + r with |r| <= ln 2 / 2,
    /// e^r by its Taylor series, scaled by 2^k exactly. Within 4e-16 of the
    /// true value relative (MathTests); 0 below -745, infinity above 709.8.
    package static func exp(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? x : x > 0 ? .infinity : 0 }
        if x > 709.8 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / (ln2Hi + ln2Lo)).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo
        // e^r = 1 + r(1 + r/2 (1 + r/3 (...))): 18 terms reach below an ulp for |r| <= 0.35.
        var p = 1.0
        var n = 18.0
        while n >= 1 {
            p = 1 + r * p / n
            n -= 1
        }
        // 2^k in two steps, so a k near the ends of the range stays exact.
        let half = (k / 2).rounded(.towardZero)
        return p * power2(half) * power2(k - half)
    }

    /// `base` to the power `y` for a positive finite base: e^(y ln base).
    package static func pow(_ base: Double, _ y: Double) -> Double { exp(y * log(base)) }

    private static func power2(_ k: Double) -> Double {
        Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
