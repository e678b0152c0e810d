import Foundation
@testable import GestureRuntime
import Testing

/// A touch that stops momentum is no tap (v5; docs/semantics.md, "A touch
/// that stops momentum"): how long a settle's momentum runs, and which
/// touches, on which views, it fails the taps of.
@Suite struct MomentumTests {
    /// iOS's deceleration: what is left of the projection is D·d^t after t ms,
    /// so the content is within half a point of it after ln(0.5/D)/ln(d) ms.
    @Test func aSettlesMomentumRunsAsLongAsItsModelCarriesTheValue() {
        let ios = Settle(model: .ios)
        let d = ios.distance(velocity: 1000)  // 499pt
        let expected = log(0.5 / d) / log(0.998) * 1000
        #expect(abs(Double(ios.momentumDuration(velocity: 1000, tolerance: 0.5)) - expected) < 2)
        #expect(abs(Double(ios.momentumDuration(velocity: 1000, tolerance: 0.5)) - 3_449_000) < 2_000)
        // Faster decay, shorter; a slower release, shorter; the same both ways.
        #expect(Settle(model: .iosFast, rate: 0.99).momentumDuration(velocity: 1000, tolerance: 0.5) < 700_000)
        #expect(ios.momentumDuration(velocity: 100, tolerance: 0.5) < ios.momentumDuration(velocity: 1000, tolerance: 0.5))
        #expect(ios.momentumDuration(velocity: -1000, tolerance: 0.5) == ios.momentumDuration(velocity: 1000, tolerance: 0.5))
        // Android: SplineOverScroller.getSplineFlingDuration, 1000 · e^(l / (DECELERATION_RATE - 1)) ms.
        let coefficient = 0.015 * 9.80665 * 39.37 * 160 * 0.84, rate = log(0.78) / log(0.9)
        let android = 1000 * exp(log(0.35 * 1000 / coefficient) / (rate - 1)) * 1000
        #expect(abs(Double(Settle(model: .android).momentumDuration(velocity: 1000, tolerance: 0.5)) - android) < 2)
        #expect(abs(android - 555_000) < 1_000)
        // None: no momentum; a release within the resolution of its projection neither.
        #expect(Settle(model: .none).momentumDuration(velocity: 5000, tolerance: 0.5) == 0)
        #expect(ios.momentumDuration(velocity: 0.5, tolerance: 0.5) == 0)
        #expect(ios.momentumDuration(velocity: .nan, tolerance: 0.5) == 0 && ios.momentumDuration(velocity: .infinity, tolerance: 0.5) == 0)
    }

    static let set = SettleTests.table("""
        view list {
            gestures: listScroll
            view row { gestures: openRow }
        }
        view other { gestures: otherTap, otherHold }
        gesture listScroll: scroll { axis: vertical }
        gesture openRow: tap {}
        gesture otherTap: tap {}
        gesture otherHold: longPress { duration: 300ms  duringMomentum: true }
        """)

    static func tap(_ engine: inout Engine, at ms: Int64, id: Int64, view: String) {
        let v = set.view(named: view)!
        engine.feed(TouchEvent(time: Microseconds(ms * 1000), id: id, phase: .began, x: 10, y: 10, view: v))
        engine.feed(TouchEvent(time: Microseconds((ms + 60) * 1000), id: id, phase: .ended, x: 10, y: 10, view: v))
    }

    static func recognized(_ engine: Engine, _ name: String) -> Int {
        engine.events.filter { $0.state == .recognized && set.name(of: $0.gesture) == name }.count
    }

    @Test func aTouchOnTheScrollingViewFailsItsTapAndStopsTheMomentum() {
        var engine = Engine(table: Self.set)
        let list = Self.set.gestureIDs.first { Self.set.name(of: $0) == "listScroll" }!
        engine.explains = true
        engine.setMomentum(true, gesture: list, at: Microseconds(1_000_000))
        Self.tap(&engine, at: 1100, id: 1, view: "row")  // inside the list: stops it, no tap
        Self.tap(&engine, at: 1400, id: 2, view: "row")  // the list at rest: a tap
        engine.finish()
        #expect(Self.recognized(engine, "openRow") == 1)
        let failed = engine.events.first { $0.state == .failed && Self.set.name(of: $0.gesture) == "openRow" }
        #expect(failed?.time == Microseconds(1_100_000))
        #expect(engine.explanations.contains { $0.reason == .stoppedMomentum })
    }

    @Test func momentumStopsOnlyTouchesOnItsViewAndTheGesturesThatSaySo() {
        var engine = Engine(table: Self.set)
        let list = Self.set.gestureIDs.first { Self.set.name(of: $0) == "listScroll" }!
        engine.setMomentum(true, gesture: list, at: Microseconds(1_000_000))
        // A sibling view's tap is not on the list: a tap; the list still runs after it.
        Self.tap(&engine, at: 1100, id: 1, view: "other")
        Self.tap(&engine, at: 1300, id: 2, view: "row")
        engine.finish()
        #expect(Self.recognized(engine, "otherTap") == 1 && Self.recognized(engine, "openRow") == 0)
        // Told it ended: a touch on the row is an ordinary one.
        var ended = Engine(table: Self.set)
        ended.setMomentum(true, gesture: list, at: Microseconds(1_000_000))
        ended.setMomentum(false, gesture: list, at: Microseconds(1_050_000))
        Self.tap(&ended, at: 1100, id: 1, view: "row")
        ended.finish()
        #expect(Self.recognized(ended, "openRow") == 1)
        // A tap gesture is no scroll and has no settle: saying its momentum changes nothing.
        var wrong = Engine(table: Self.set)
        wrong.setMomentum(true, gesture: Self.set.gestureIDs.first { Self.set.name(of: $0) == "otherTap" }!, at: Microseconds(1_000_000))
        Self.tap(&wrong, at: 1100, id: 1, view: "other")
        wrong.finish()
        #expect(Self.recognized(wrong, "otherTap") == 1)
    }
}
