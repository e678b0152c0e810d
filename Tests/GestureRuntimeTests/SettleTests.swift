import Foundation
import GestureCompiler
@testable import GestureRuntime
import Testing

/// Release decisions (v5 `settle`; docs/semantics.md, "Settle"): the
/// momentum models against their published formulas, the anchor rule against
/// a reference of Jetpack Compose's AnchoredDraggable written here, the
/// rubber band, marks with hysteresis, and the engine reporting them.
@Suite struct SettleTests {
    static func table(_ spec: String) -> GestureTable {
        let result = Compiler.compile(SourceFile(path: "settle.gesture", text: spec))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return result.table!
    }

    // MARK: Models

    @Test func iosProjectsAsUIKitsDecelerationRates() {
        // distance = v/1000 · d/(1 - d): 1000 pt/s at 0.998 per ms is 499 pt, at 0.99 99 pt.
        #expect(abs(Settle(model: .ios).distance(velocity: 1000) - 499) < 0.5)
        #expect(abs(Settle(model: .iosFast, rate: 0.99).distance(velocity: 1000) - 99) < 0.5)
        #expect(abs(Settle(model: .ios).distance(velocity: -2000) + 998) < 0.5)
        #expect(Settle(model: .exponential, rate: 0.995).distance(velocity: 1000) == 1000.0 / 1000 * 0.995 / (1 - 0.995))
        #expect(Settle(model: .none, rate: 0).distance(velocity: 5000) == 0)
    }

    @Test func androidProjectsAsSplineOverScroller() {
        // 1000 dp/s at density 1 flings 194.3 dp (SplineOverScroller, friction 0.015).
        let android = Settle(model: .android, rate: 0)
        #expect(abs(android.distance(velocity: 1000) - 194.3) < 0.5)
        #expect(abs(android.distance(velocity: -1000) + 194.3) < 0.5)
        // The formula with the C library's exp and log, over four decades of velocity.
        let coefficient = 0.015 * 9.80665 * 39.37 * 160 * 0.84
        let rate = Foundation.log(0.78) / Foundation.log(0.9)
        for v in stride(from: 10.0, through: 100_000, by: 37.3) {
            let expected = coefficient * Foundation.exp(rate / (rate - 1) * Foundation.log(0.35 * v / coefficient))
            #expect(abs(android.distance(velocity: v) - expected) <= 1e-12 * expected)
        }
        // iOS and Android cross near 4000 pt/s (the figure).
        let ios = Settle(model: .ios)
        #expect(android.distance(velocity: 3000) < ios.distance(velocity: 3000))
        #expect(android.distance(velocity: 6000) > ios.distance(velocity: 6000))
    }

    @Test func logAndExpAreWithinAnUlpOrTwoOfTheCLibrary() {
        var random = EveryFingerTests.Random(state: 17)
        for _ in 0..<100_000 {
            let x = Foundation.exp(random.uniform(-700, 700))
            #expect(abs(Math.log(x) - Foundation.log(x)) <= 4e-16 * max(1, abs(Foundation.log(x))))
            let y = random.uniform(-700, 700)
            #expect(abs(Math.exp(y) - Foundation.exp(y)) <= 4e-16 * Foundation.exp(y))
        }
        #expect(Math.log(1) == 0 && Math.exp(0) == 1)
        #expect(Math.log(0) == -.infinity && Math.log(-1).isNaN && Math.exp(1000) == .infinity && Math.exp(-1000) == 0)
    }

    // MARK: The anchor rule

    /// Jetpack Compose's AnchoredDraggable `computeTarget`, written from its
    /// rule: from `current`, the anchor the value last passed through,
    /// travelling up (the offset above it), a velocity of at least the
    /// threshold goes to the closest anchor at or above the offset; below it,
    /// that anchor once the offset is more than `positional` of the way to
    /// it. Travelling down, the mirror.
    static func compose(anchors: [Double], current: Int, offset x: Double, velocity v: Double, threshold: Double, positional: Double) -> Int {
        let c = anchors[current]
        if x == c { return current }
        if c < x {
            let upper = anchors.firstIndex { $0 >= x }!
            if v >= threshold { return upper }
            return (x - c) / (anchors[upper] - c) > positional ? upper : current
        } else {
            let lower = anchors.lastIndex { $0 <= x }!
            if v <= -threshold { return lower }
            return (c - x) / (c - anchors[lower]) > positional ? lower : current
        }
    }

    @Test func tenThousandReleasesDecideAsComposesRule() {
        var random = EveryFingerTests.Random(state: 59)
        var (agreed, againstTravel) = (0, 0)
        for _ in 0..<10_000 {
            var anchors = (0..<(2 + random.below(5))).map { _ in random.uniform(-800, 800).rounded() }
            anchors = Array(Set(anchors)).sorted()
            guard anchors.count >= 2 else { continue }
            let current = random.below(anchors.count)
            let x = random.uniform(anchors[0], anchors[anchors.count - 1])
            let v = random.uniform(-3000, 3000)
            let (threshold, positional) = (random.uniform(0, 1500), random.uniform(0.05, 0.95))
            let settle = Settle(model: .ios, flingVelocity: threshold, positional: positional, anchors: anchors)
            let decision = settle.decide(position: x, from: current, velocity: v)
            #expect(decision.rest == anchors[decision.anchor!])
            let travel = x - anchors[current]
            if abs(v) >= threshold && travel * v < 0 {
                // A fling against the direction of travel: Compose looks at the position only; the
                // contract goes to the next anchor in the fling's direction (a flick back returns).
                let expected = v > 0 ? anchors.firstIndex { $0 > x }! : anchors.lastIndex { $0 < x }!
                #expect(decision.anchor == expected)
                againstTravel += 1
            } else {
                let expected = Self.compose(anchors: anchors, current: current, offset: x, velocity: v, threshold: threshold, positional: positional)
                #expect(decision.anchor == expected, "anchors \(anchors) from \(current) at \(x) v \(v)")
                agreed += 1
            }
        }
        #expect(agreed > 5_000 && againstTravel > 2_000, "\(agreed) agreed, \(againstTravel) against travel")
    }

    @Test func aFlingThatIsNotSequentialGoesToTheAnchorNearestItsProjection() {
        let settle = Settle(model: .ios, flingVelocity: 100, sequential: false, anchors: [0, 100, 200, 300, 400])
        // 1000 pt/s projects 499 pt: from 10, the anchor nearest 509 is 400.
        #expect(settle.decide(position: 10, from: 0, velocity: 1000).anchor == 4)
        let sequential = Settle(model: .ios, flingVelocity: 100, anchors: [0, 100, 200, 300, 400])
        #expect(sequential.decide(position: 10, from: 0, velocity: 1000).anchor == 1)
    }

    @Test func pagesArePitchApartWithinTheBounds() {
        let pager = Settle(model: .ios, flingVelocity: 300, lower: -1500, upper: 0, pitch: 375)
        // A flick left from page 0 goes to page -1; one past the last page stays there.
        let flick = pager.decide(position: -40, from: 0, velocity: -800)
        #expect(flick.anchor == -1 && flick.rest == -375 && abs(flick.projected - (-40 - 399.2)) < 1e-9)
        #expect(pager.decide(position: -1480, from: -4, velocity: -2000).anchor == -4)
        // A slow drag past half a page turns it; short of it, it returns.
        #expect(pager.decide(position: -200, from: 0, velocity: 0).rest == -375)
        #expect(pager.decide(position: -150, from: 0, velocity: 0).rest == 0)
        // Without anchors the projection rests inside the bounds.
        let free = Settle(model: .ios, lower: 0, upper: 1000)
        let coast = free.decide(position: 900, from: 0, velocity: 1000)
        #expect(coast.anchor == nil && coast.rest == 1000 && abs(coast.projected - 1399) < 1e-9)
    }

    /// UIKit's `scrollViewWillEndDragging` gives a content offset and a
    /// velocity in points per millisecond, both the translation negated.
    @Test func aScrollViewsTargetOffsetIsTheDecisionNegated() {
        let pager = Settle(model: .ios, flingVelocity: 300, lower: -1500, upper: 0, pitch: 375)
        // Offset 400 moving 0.5 pt/ms toward larger offsets (a finger moving left) from page 1: page 2.
        #expect(pager.targetOffset(offset: 400, velocityPerMillisecond: 0.5, dragStart: 375) == 750)
        // Slowly (10 pt/s), 100pt from page 0: back; 200pt: on to page 1.
        #expect(pager.targetOffset(offset: 100, velocityPerMillisecond: 0.01, dragStart: 0) == 0)
        #expect(pager.targetOffset(offset: 200, velocityPerMillisecond: 0.01, dragStart: 0) == 375)
        // Moving back toward smaller offsets, fast: the page below.
        #expect(pager.targetOffset(offset: 700, velocityPerMillisecond: -1, dragStart: 750) == 375)
        // Without anchors, UIKit's own projection held to the bounds (offsets 0...1500).
        let free = Settle(model: .ios, lower: -1500, upper: 0)
        #expect(abs(free.targetOffset(offset: 100, velocityPerMillisecond: 1, dragStart: 0) - 599) < 1e-9)
        #expect(free.targetOffset(offset: 1400, velocityPerMillisecond: 1, dragStart: 0) == 1500)
    }

    @Test func theRubberBandIsUIKits() {
        let s = Settle(lower: 0, upper: 640, rubberBand: 0.55)
        for d in [1.0, 10, 100, 1000] {
            #expect(s.banded(640 + d) == 640 + d * 640 * 0.55 / (640 + 0.55 * d))
            #expect(s.banded(-d) == -(d * 640 * 0.55 / (640 + 0.55 * d)))
        }
        #expect(s.banded(300) == 300)
        #expect(Settle(lower: 0, upper: 640, rubberBand: 0).banded(700) == 640)
        #expect(Settle(lower: 0, rubberBand: 0.5).banded(-10) == -5)  // one bound: c·d
    }

    // MARK: The engine

    static let sheet = table("""
        gesture sheetDrag: pan {
            axis: vertical  threshold: 10pt
            settle {
                anchors: 0pt, 320pt, 640pt
                flingVelocity: 400pt/s
                bounds: 0pt...640pt  rubberBand: 0.55
                marks: 40%, 80%
            }
        }
        """)

    /// A vertical drag: (ms, y) samples of one finger, lifted at the last.
    static func drag(_ path: [(Int64, Double)], from start: Int64 = 0) -> [(Int64, Int64, TouchPhase, Double, Double)] {
        path.enumerated().map { k, p in (start + p.0, 1, k == 0 ? .began : k == path.count - 1 ? .ended : .moved, 200, p.1) }
    }

    @Test func aReleaseReportsItsDecisionAndTheNextDragStartsWhereItRested() {
        var engine = Engine(table: Self.sheet)
        // A slow drag down 200pt, held still before the lift: past 50% of the way to 320.
        var first: [(Int64, Double)] = [(0, 100)]
        for k in 1...20 { first.append((Int64(k) * 16, 100 + Double(k) * 10)) }
        first += [(500, 300), (516, 300)]
        // Then a fling down from 320 at about 800 pt/s, 208pt to 528: the next anchor, 640.
        var second: [(Int64, Double)] = [(0, 100)]
        for k in 1...16 { second.append((Int64(k) * 16, 100 + Double(k) * 13)) }
        second.append((268, 308))
        let samples = Self.drag(first) + Self.drag(second, from: 2000)
        for (t, id, phase, x, y) in samples { engine.feed(TouchEvent(time: Microseconds(t * 1000), id: id, phase: phase, x: x, y: y)) }
        engine.finish()
        let ended = engine.events.filter { $0.state == .ended }
        #expect(ended.count == 2)
        // At rest when lifted: projected where it is (200, 62% of the way to 320), resting at 320.
        #expect(ended[0].anchor == 1 && ended[0].rest == 320 && ended[0].projected == 200)
        #expect(ended[1].anchor == 2 && ended[1].rest == 640 && ended[1].projected > 528 + 300)
        #expect(engine.events.allSatisfy { $0.isSettled == ($0.state == .ended) })
        // The marks at 256 (40%) and 512 (80%): the first drag crosses neither; the second starts past 256 and crosses 512, up.
        let marks = engine.events.filter { $0.state == .marked }
        #expect(marks.map(\.mark) == [1] && marks.map(\.direction) == [.up])
    }

    @Test func theTranslationPastABoundIsRubberBanded() {
        var engine = Engine(table: Self.sheet)
        // From rest at 0, up 100pt: 100pt past the lower bound shows 100·640·0.55/(640 + 55).
        for (t, id, phase, x, y) in Self.drag([(0, 300), (16, 280), (32, 250), (48, 200), (300, 200), (316, 200)]) {
            engine.feed(TouchEvent(time: Microseconds(t * 1000), id: id, phase: phase, x: x, y: y))
        }
        engine.finish()
        let last = engine.events.last { $0.state == .changed }!
        #expect(abs(last.value1 - -(100 * 640 * 0.55 / (640 + 55))) < 1e-9)
        let ended = engine.events.last!
        #expect(ended.state == .ended && ended.rest == 0 && ended.anchor == 0)
    }

    @Test func aValueHoveringAtAMarkReportsOnce() {
        let t = Self.table("""
            gesture drag: pan {
                axis: horizontal  threshold: 8pt
                settle { bounds: -500pt...500pt  marks: 100pt }
            }
            """)
        var engine = Engine(table: t)
        // Past the mark, then jitter of ±5pt about it (less than the 8pt threshold), then well back and over again.
        var xs: [Double] = [0, 20, 60, 99, 101]
        for k in 0..<20 { xs.append(k % 2 == 0 ? 96 : 104) }
        xs += [80, 90, 99, 100, 108, 109]
        var samples: [(Int64, Int64, TouchPhase, Double, Double)] = []
        for (k, x) in xs.enumerated() { samples.append((Int64(k) * 16, 1, k == 0 ? .began : .moved, 200 + x, 300)) }
        samples.append((Int64(xs.count) * 16, 1, .ended, 309, 300))
        for (ms, id, phase, x, y) in samples { engine.feed(TouchEvent(time: Microseconds(ms * 1000), id: id, phase: phase, x: x, y: y)) }
        engine.finish()
        let marks = engine.events.filter { $0.state == .marked }.map(\.direction)
        // Up at 101; the jitter repeats nothing; back below 92 at 80: down; up again only past 108.
        #expect(marks == [.up, .down, .up])
        let times = engine.events.filter { $0.state == .marked }.map { $0.time.rawValue / 1000 }
        #expect(times == [Int64(64), 400, 464])  // samples 4, 25 and 29, 16 ms apart
    }

    @Test func aSetWithoutSettlesReportsNoDecision() {
        let events = EveryFingerTests.run(EveryFingerTests.table("gesture move: pan {}"), EveryFingerTests.twoFingerDrag)
        #expect(!events.isEmpty && events.allSatisfy { !$0.isSettled && $0.projected.isNaN })
    }

    // MARK: Tables

    @Test func settlesRoundTripThroughATable() throws {
        let bytes = TableFormat.encode(Self.sheet)
        let read = try TableFormat.decode(bytes)
        #expect(read == Self.sheet)
        #expect(read.settle(of: 0) == Settle(flingVelocity: 400, lower: 0, upper: 640, component: 1, anchors: [0, 320, 640], marks: [256, 512]))
    }

    @Test func craftedSettlesAreRefusedNotTrapped() {
        let bad: [Double] = [.nan, .infinity, -.infinity, -1, 1e300, 0.5, 255, 4e9]
        var refused = 0
        for k in 0..<Settle.headerCount {
            for v in bad {
                var t = Self.sheet
                t.settleValues[k] = v
                let resealed = TableFormat.encode(t)
                if (try? TableFormat.decode(resealed)) == nil { refused += 1 }
            }
        }
        // Unordered anchors, a settle on a tap, a count past the numbers.
        var unordered = Self.sheet
        unordered.settleValues.swapAt(Settle.headerCount, Settle.headerCount + 1)
        #expect((try? TableFormat.decode(TableFormat.encode(unordered))) == nil)
        var short = Self.sheet
        short.settleValues.removeLast(3)
        short.settleStart[1] -= 3
        #expect((try? TableFormat.decode(TableFormat.encode(short))) == nil)
        var onTap = Self.table("gesture press: tap {}")
        onTap.settleStart = [0]
        onTap.appendSettle(Settle())
        #expect((try? TableFormat.decode(TableFormat.encode(onTap))) == nil)
        #expect(refused > 40)
    }
}
