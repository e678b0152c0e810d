@testable import GestureCompiler
import Testing

/// The ways a template stroke's examples are varied (`varyAspect`, ...; issue 61) and `gspec eval --vary-traces` redraws strokes.
@Suite struct StrokeVariationTests {
    /// An L: 100 down, then 100 right, a point every 5.
    static let ell: [SIMD2<Double>] = (0...20).map { SIMD2(0, Double($0) * 5) } + (1...20).map { SIMD2(Double($0) * 5, 100) }

    static func box(_ p: [SIMD2<Double>]) -> SIMD2<Double> {
        SIMD2(p.map(\.x).max()! - p.map(\.x).min()!, p.map(\.y).max()! - p.map(\.y).min()!)
    }

    @Test func aspectStretchesEachWay() {
        let copies = StrokeVariation(aspect: 1.44).variants(of: Self.ell)
        #expect(copies.count == 2)
        let ratios = copies.map { Self.box($0).x / Self.box($0).y }
        #expect(abs(ratios[0] - 1.44) < 1e-9 && abs(ratios[1] - 1 / 1.44) < 1e-9, "\(ratios)")
    }

    @Test func endsShortenAndLengthenBothLegs() {
        let copies = StrokeVariation(ends: 0.1).variants(of: Self.ell)
        #expect(copies.count == 2)
        let (shorter, longer) = (copies[0], copies[1])
        // 200 long: 20 off (or on) each end, along the legs.
        #expect(shorter.first! == SIMD2(0, 20) && shorter.last! == SIMD2(80, 100), "\(shorter.first!) \(shorter.last!)")
        #expect(longer.first! == SIMD2(0, -20) && longer.last! == SIMD2(120, 100), "\(longer.first!) \(longer.last!)")
    }

    @Test func roundingCutsTheCornerAndKeepsTheEnds() {
        let copies = StrokeVariation(rounding: 0.2).variants(of: Self.ell)
        #expect(copies.count == 1)
        let round = copies[0]
        #expect(round.first! == Self.ell.first! && round.last! == Self.ell.last!)
        // The point nearest the corner (0, 100) is now inside the L, off both legs.
        let nearest = round.min { (($0 - SIMD2(0, 100)) * ($0 - SIMD2(0, 100))).sum() < (($1 - SIMD2(0, 100)) * ($1 - SIMD2(0, 100))).sum() }!
        #expect(nearest.x > 1 && nearest.y < 99, "\(nearest)")
    }

    /// The pen carried past the L's one corner and back: straight (a
    /// twentieth of 200 past the corner at 100), or round a loop on the
    /// side the next leg goes (right); a line has no corner to overshoot.
    @Test func overshootGoesPastEachCornerAndBack() throws {
        let copies = StrokeVariation(overshoot: 0.05).variants(of: Self.ell)
        #expect(copies.count == 2)
        let (spike, loop) = (copies[0], copies[1])
        // The corner is between two of the 64 evenly spaced points: the spike leaves from the one before it.
        let tip = try #require(spike.max { $0.y < $1.y })
        #expect(abs(tip.x) < 1e-6 && tip.y > 106 && tip.y <= 110 && spike.first! == Self.ell.first! && spike.last! == Self.ell.last!, "\(tip)")
        #expect(Self.box(loop).y > 106, "\(Self.box(loop))")
        #expect(loop.contains { $0.x > 5 && $0.y > 100 }, "\(loop)")
        #expect(StrokeVariation.corners(of: StrokeVariation.evenlySpaced(Self.ell, count: 64)).count == 1)
        let line = (0...40).map { SIMD2(Double($0), 0) }
        #expect(StrokeVariation(overshoot: 0.1).variants(of: line).isEmpty)
    }

    @Test func nothingForNoAmountOrNoPath() {
        #expect(StrokeVariation().variants(of: Self.ell).isEmpty)
        #expect(StrokeVariation(aspect: 2, ends: 0.1, rounding: 0.1).variants(of: [SIMD2(1, 1), SIMD2(1, 1)]).isEmpty)
        var v = StrokeVariation()
        #expect(!v.set("aspect", "0.5") && !v.set("ends", "0.5") && !v.set("spin", "1") && !v.set("rounding", "x") && !v.set("overshoot", "0.3"))
        #expect(v.set("aspect", "1.2") && v.aspect == 1.2)
    }
}
