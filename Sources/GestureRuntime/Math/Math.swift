/// The trigonometry the runtime needs, written in Swift from IEEE 754
/// operations alone (`+ - * /`, `squareRoot`, `rounded`), each correctly
/// rounded on every platform Swift targets, and never contracted into fused
/// multiply-adds by the compiler. So every build (Linux, Apple platforms,
/// WebAssembly) computes bit-identical results from the same inputs, where the
/// platform's libm would not: glibc, musl, Apple's libm and JavaScript's `Math`
/// disagree in the last bit of `atan2` or `acos` on about one input in six.
///
/// Accuracy (checked against the C library by `MathTests` on a million random
/// inputs each): `atan2`, `acos`, `sin` and `cos` stay within 4.5e-16 of the true
/// value for arguments of the size the engine sees (angles within ±2π);
/// `sin`/`cos` lose precision slowly past ±1e6 radians.
package enum Math {
    /// atan(k/8), k = 0...8, as a high part and the rest (a switch of
    /// constants compiles to a lookup table, with no array to allocate).
    @inline(__always)
    private static func atanOfEighths(_ k: Int) -> (hi: Double, lo: Double) {
        switch k {
        case 1: (0.12435499454676144, -3.1253241424539383e-18)
        case 2: (0.24497866312686414, 1.0698755618734451e-17)
        case 3: (0.35877067027057225, -2.4623815582638635e-17)
        case 4: (0.4636476090008061, 2.2698777452961687e-17)
        case 5: (0.5585993153435624, -5.4556305485916264e-18)
        case 6: (0.6435011087932844, 1.5834785051444286e-17)
        case 7: (0.7188299996216245, -2.1478388444456983e-17)
        case 8: (0.7853981633974483, 3.061616997868383e-17)
        default: (0, 0)
        }
    }
    private static let piHi = 3.141592653589793, piLo = 1.2246467991473532e-16
    private static let halfPiHi = 1.5707963267948966, halfPiLo = 6.123233995736766e-17
    /// π/2 in two parts, the first with 33 significant bits, so k·part is exact for |k| < 2^20.
    private static let halfPi33 = 1.5707963267341256, halfPiRest = 6.077100506506192e-11

    /// atan(t) for t in [0, 1]: atan(b) for the nearest b = k/8, plus
    /// atan((t - b) / (1 + t·b)), whose argument is within ±1/16, where the
    /// series to u^15 is exact to double precision.
    @inline(__always)
    private static func atanUnit(_ t: Double) -> Double {
        let k = Int(t * 8 + 0.5)
        let b = Double(k) * 0.125
        let u = (t - b) / (1 + t * b)
        let p = u * u
        var s = -1.0 / 15
        s = s * p + 1.0 / 13
        s = s * p - 1.0 / 11
        s = s * p + 1.0 / 9
        s = s * p - 1.0 / 7
        s = s * p + 1.0 / 5
        s = s * p - 1.0 / 3
        let series = u + u * p * s
        let base = atanOfEighths(k)
        return base.hi + (base.lo + series)
    }

    /// The angle of (x, y) from the positive x axis, in (-π, π], with C's
    /// `atan2` values for zeros and infinities. Never inlined: as a call (like
    /// libm's) it keeps the engine's per-gesture step small enough to inline.
    @inline(never)
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ay = abs(y), ax = abs(x)
        var a: Double
        if ax.isInfinite && ay.isInfinite {
            a = halfPiHi / 2
        } else if ay == 0 {
            a = 0
        } else if ax == 0 {
            a = halfPiHi
        } else if ay <= ax {
            a = atanUnit(ay / ax)
        } else {
            a = halfPiHi - (atanUnit(ax / ay) - halfPiLo)
        }
        // Left half plane (including x = -0): mirror about the y axis.
        if x < 0 || (x == 0 && x.sign == .minus) { a = piHi - (a - piLo) }
        return y.sign == .minus ? -a : a
    }

    /// The angle in [0, π] whose cosine is `x`; NaN outside [-1, 1].
    @inline(never)
    package static func acos(_ x: Double) -> Double {
        guard abs(x) <= 1 else { return .nan }
        return atan2(((1 - x) * (1 + x)).squareRoot(), x)
    }

    /// sin(r) and cos(r) for r within ±π/4: Taylor series to the 17th and 16th power.
    @inline(__always)
    private static func sinCosQuarter(_ r: Double) -> (sin: Double, cos: Double) {
        let p = r * r
        var s = 1.0 / 355_687_428_096_000 // 1/17!
        s = s * p - 1.0 / 1_307_674_368_000
        s = s * p + 1.0 / 6_227_020_800
        s = s * p - 1.0 / 39_916_800
        s = s * p + 1.0 / 362_880
        s = s * p - 1.0 / 5040
        s = s * p + 1.0 / 120
        s = s * p - 1.0 / 6
        var c = 1.0 / 20_922_789_888_000 // 1/16!
        c = c * p - 1.0 / 87_178_291_200
        c = c * p + 1.0 / 479_001_600
        c = c * p - 1.0 / 3_628_800
        c = c * p + 1.0 / 40320
        c = c * p - 1.0 / 720
        c = c * p + 1.0 / 24
        c = c * p - 0.5
        return (r + r * p * s, 1 + p * c)
    }

    /// sin(a) and cos(a), from one reduction to within ±π/4.
    @inline(never)
    package static func sinCos(_ a: Double) -> (sin: Double, cos: Double) {
        guard a.isFinite else { return (.nan, .nan) }
        let k = (a / halfPiHi).rounded()
        let r = (a - k * halfPi33) - k * halfPiRest
        let (s, c) = sinCosQuarter(r)
        // k mod 4, for any k the conversion can hold.
        let quadrant = abs(k) < 9e15 ? Int(k) & 3 : 0
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    package static func sin(_ a: Double) -> Double { sinCos(a).sin }
    package static func cos(_ a: Double) -> Double { sinCos(a).cos }
}
