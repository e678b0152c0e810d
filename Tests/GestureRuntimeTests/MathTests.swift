#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import GestureRuntime

/// The runtime's own trigonometry (`Math`): within the documented bound of the
/// C library's on a million random inputs, and C's values at zeros, infinities and NaN.
@Suite struct MathTests {
    /// A reproducible generator, so a failure names an input that fails again.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let bound = 4.5e-16

    @Test func atan2AndAcosStayWithinTheBound() {
        var rng = SplitMix(state: 1)
        var worst = 0.0
        for i in 0..<1_000_000 {
            // Coordinates of every size, and the small deltas of neighbouring samples.
            let scale = i % 3 == 0 ? 1e-3 : i % 3 == 1 ? 1.0 : 1e4
            let y = Double.random(in: -scale...scale, using: &rng), x = Double.random(in: -scale...scale, using: &rng)
            worst = max(worst, abs(Math.atan2(y, x) - atan2(y, x)))
            let c = Double.random(in: -1...1, using: &rng)
            worst = max(worst, abs(Math.acos(c) - acos(c)))
        }
        #expect(worst <= Self.bound, "worst error \(worst)")
    }

    @Test func sinAndCosStayWithinTheBound() {
        var rng = SplitMix(state: 2)
        var worst = 0.0
        for _ in 0..<1_000_000 {
            let a = Double.random(in: -2 * .pi...2 * .pi, using: &rng)
            let (s, c) = Math.sinCos(a)
            worst = max(worst, abs(s - sin(a)), abs(c - cos(a)))
        }
        #expect(worst <= Self.bound, "worst error \(worst)")
    }

    @Test func edgeValuesAreTheCLibrarys() {
        let values: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, 1e-300, -1e-300, 1e300, .leastNonzeroMagnitude]
        for y in values {
            for x in values {
                let ours = Math.atan2(y, x), theirs = atan2(y, x)
                #expect(ours == theirs || abs(ours - theirs) <= Self.bound, "atan2(\(y), \(x)): \(ours) vs \(theirs)")
                #expect(ours.sign == theirs.sign, "atan2(\(y), \(x)) sign")
            }
        }
        #expect(Math.atan2(.nan, 1).isNaN && Math.atan2(1, .nan).isNaN)
        #expect(Math.acos(1) == 0 && Math.acos(-1) == .pi && Math.acos(1.5).isNaN && Math.acos(.nan).isNaN)
        #expect(Math.sinCos(0) == (0, 1) && Math.sinCos(.infinity).sin.isNaN)
        #expect(abs(Math.cos(.pi / 2)) < 1e-16 && Math.sin(.pi / 2) == 1)
    }
}
