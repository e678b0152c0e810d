import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// Provisional recognition and handing a live gesture over (docs/semantics.md,
/// "Provisional recognition", "Handing a live gesture over"), through the
/// engine's API and the typed host; the golden traces cover the trace lines.
@Suite struct ProvisionalAndHandOverTests {
    static let spec = """
        gesture select: tap { provisional: true }
        gesture zoomIn: tap { taps: 2 }
        gesture plain: tap { taps: 1 }
        select requires zoomIn to fail
        plain requires zoomIn to fail
        gesture listScroll: pan { axis: vertical }
        gesture sheetDrag: pan { axis: vertical }
        gesture zoom: pinch {}
        gesture twoFingers: pan { touches: 2 }
        listScroll hands over to sheetDrag
        sheetDrag hands over to listScroll
        zoom hands over to twoFingers
        """
    static let (select, zoomIn, plain, listScroll, sheetDrag, zoom, twoFingers): (GestureID, GestureID, GestureID, GestureID, GestureID, GestureID, GestureID) = (0, 1, 2, 3, 4, 5, 6)

    func engine() throws -> Engine {
        var e = Engine(table: try #require(Compiler.compile(SourceFile(path: "p.gesture", text: Self.spec)).table))
        e.explains = true
        return e
    }

    func ev(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double = 100, _ y: Double = 100) -> TouchEvent {
        TouchEvent(time: Microseconds(seconds: t), id: id, phase: phase, x: x, y: y)
    }

    func states(_ e: Engine, _ g: GestureID) -> [GestureState] { e.events.filter { $0.gesture == g }.map(\.state) }

    @Test func aProvisionalTapIsShownAtOnceThenConfirmedWithTheSameValues() throws {
        var e = try engine()
        e.feed(ev(0, 1, .began, 40, 60))
        e.feed(ev(0.05, 1, .ended, 40, 60))
        e.advance(to: 100_000)
        // Shown when it completes; the same gesture without `provisional` shows nothing yet.
        let shown = try #require(e.events.first { $0.gesture == Self.select })
        #expect(shown.state == .provisional && shown.time == 50_000 && shown.x == 40 && shown.y == 60 && shown.taps == 1)
        #expect(states(e, Self.plain).isEmpty)
        e.finish()
        let final = try #require(e.events.last { $0.gesture == Self.select })
        #expect(states(e, Self.select) == [.provisional, .recognized])
        #expect(final.time == 350_000 && final.x == shown.x && final.y == shown.y)
        // Confirmed exactly when the plain one is recognized: provisional changes no outcome.
        #expect(e.events.first { $0.gesture == Self.plain }?.time == final.time)
    }

    @Test func aSecondTapRetractsItRightAfterTheEventThatCausedIt() throws {
        var e = try engine()
        for (t, id) in [(0.0, 1), (0.15, 2)] {
            e.feed(ev(t, id, .began))
            e.feed(ev(t + 0.05, id, .ended))
        }
        e.finish()
        #expect(states(e, Self.select) == [.provisional, .retracted])
        let zoomed = try #require(e.events.firstIndex { $0.gesture == Self.zoomIn && $0.state == .recognized })
        #expect(e.events[zoomed + 1].gesture == Self.select && e.events[zoomed + 1].state == .retracted)
        #expect(e.events[zoomed + 1].time == e.events[zoomed].time)
        let why = try #require(e.explanations.first { $0.gesture == Self.select && $0.retracted })
        #expect(why.state == "retracted")
        #expect(why.message(in: e.table).hasPrefix("'select' was retracted: 'zoomIn', which it requires to fail, succeeded"))
    }

    @Test func disablingAProvisionalGestureRetractsIt() throws {
        var e = try engine()
        e.feed(ev(0, 1, .began))
        e.feed(ev(0.05, 1, .ended))
        e.setEnabled(false, gesture: Self.select, at: 100_000)
        e.finish()
        #expect(states(e, Self.select) == [.provisional, .retracted])
        #expect(e.events.last { $0.gesture == Self.select }?.time == 100_000)
    }

    @Test func withNothingHoldingItAProvisionalGestureIsRecognizedOnly() throws {
        var e = try engine()
        e.setEnabled(false, gesture: Self.zoomIn, at: 0)
        e.feed(ev(0.1, 1, .began))
        e.feed(ev(0.15, 1, .ended))
        e.finish()
        #expect(states(e, Self.select) == [.recognized])
    }

    /// A list scrolls up, the app hands the scroll to the sheet, then back.
    @Test func aHandOverCancelsTheGestureAndBeginsTheOtherWithTheSameTouch() throws {
        var e = try engine()
        e.feed(ev(0, 1, .began, 100, 300))
        e.feed(ev(0.016, 1, .moved, 100, 280))
        e.feed(ev(0.032, 1, .moved, 100, 260))
        e.advance(to: 32_000)
        #expect(states(e, Self.listScroll) == [.began, .changed])
        let before = try #require(e.events.last { $0.gesture == Self.listScroll })
        e.removeAllEvents()
        e.handOver(from: Self.listScroll, at: 40_000)
        #expect(e.events.map(\.state) == [.cancelled, .began])
        let (cancelled, began) = (e.events[0], e.events[1])
        #expect(cancelled.gesture == Self.listScroll && began.gesture == Self.sheetDrag)
        #expect(cancelled.time == 40_000 && began.time == 40_000)
        // Cancelled where it was; the sheet measures from here, with the finger's velocity so far.
        #expect(cancelled.value1 == before.value1 && began.value0 == 0 && began.value1 == 0)
        // (The same fit over values shifted by a constant: equal up to rounding.)
        #expect(abs(began.velocity1 - cancelled.velocity1) < 1e-6 && began.velocity1 != 0)
        e.removeAllEvents()
        e.feed(ev(0.048, 1, .moved, 100, 290))
        e.advance(to: 48_000)
        #expect(e.events.map(\.state) == [.changed] && e.events[0].gesture == Self.sheetDrag && e.events[0].value1 == 30)
        e.removeAllEvents()
        // And back.
        e.handOver(from: Self.sheetDrag, at: 50_000)
        #expect(e.events.map { [$0.gesture.rawValue, Int($0.state.rawValue)] } == [[Self.sheetDrag.rawValue, 4], [Self.listScroll.rawValue, 1]])
        e.feed(ev(0.064, 1, .ended, 100, 270))
        e.finish()
        #expect(states(e, Self.listScroll).last == .ended)
        #expect(e.table.gestureIDs.allSatisfy { e.isIdle($0) })
    }

    @Test func aHandOverOfAGestureThatIsNotActiveChangesNothing() throws {
        var e = try engine()
        e.handOver(from: Self.listScroll, at: 10_000)
        e.feed(ev(0.02, 1, .began, 100, 300))
        e.handOver(from: Self.listScroll, at: 30_000)  // undecided, not active
        e.handOver(from: Self.select, at: 30_000)  // no rule
        e.handOver(from: 99, at: 30_000)  // outside the table
        #expect(e.events.isEmpty)
        #expect(e.explanations.filter { $0.reason == .notHandedOver(first: nil) }.count == 3)
        #expect(e.explanations[0].state == "unchanged")
        #expect(e.explanations[0].message(in: e.table).contains("it is not active"))
        #expect(e.explanations[2].message(in: e.table).hasSuffix("it has no 'hands over to' rule"))
    }

    @Test func aDisabledTakerLeavesTheGestureAsItWas() throws {
        var e = try engine()
        e.setEnabled(false, gesture: Self.sheetDrag, at: 0)
        e.feed(ev(0, 1, .began, 100, 300))
        e.feed(ev(0.016, 1, .moved, 100, 280))
        e.advance(to: 16_000)
        e.removeAllEvents()
        e.handOver(from: Self.listScroll, at: 20_000)
        #expect(e.events.isEmpty)
        #expect(e.explanations.last?.reason == .notHandedOver(first: Self.sheetDrag))
        e.feed(ev(0.032, 1, .moved, 100, 260))
        e.advance(to: 32_000)
        #expect(states(e, Self.listScroll) == [.changed])
    }

    @Test func aPinchHandsBothFingersToATwoFingerPan() throws {
        var e = try engine()
        e.feed(ev(0, 1, .began, 100, 300))
        e.feed(ev(0, 2, .began, 200, 300))
        for (k, d) in [10.0, 20, 30].enumerated() {
            e.feed(ev(0.016 * Double(k + 1), 1, .moved, 100 - d, 300))
            e.feed(ev(0.016 * Double(k + 1), 2, .moved, 200 + d, 300))
        }
        e.advance(to: 48_000)
        #expect(states(e, Self.zoom).first == .began)
        e.removeAllEvents()
        e.handOver(from: Self.zoom, at: 50_000)
        #expect(e.events.map(\.gesture) == [Self.zoom, Self.twoFingers])
        #expect(e.events[1].state == .began && e.events[1].value0 == 0 && e.events[1].value1 == 0)
        e.removeAllEvents()
        e.feed(ev(0.064, 1, .moved, 70, 320))
        e.feed(ev(0.064, 2, .moved, 230, 320))
        e.advance(to: 64_000)
        #expect(e.events.map(\.state) == [.changed] && e.events[0].value1 == 20)
    }

    /// What `gspec test` runs provisional cases on: a subset with the rules among its gestures.
    @Test func aSubsetKeepsTheRulesAmongItsGestures() throws {
        let table = try engine().table
        let sheet = table.keeping([Self.sheetDrag, Self.listScroll], arbitration: true)
        try TableFormat.validate(sheet)
        #expect(sheet.gestureCount == 2 && Array(sheet.handOverTargets(of: 0)) == [1] && Array(sheet.handOverTargets(of: 1)) == [0])
        let held = table.keeping([Self.select, Self.zoomIn], arbitration: true)
        try TableFormat.validate(held)
        #expect(held.requires(0, 1) && held.requiresLine(0, 1) == 4)
        let apart = table.keeping([Self.select, Self.zoomIn], arbitration: false)
        #expect(!apart.requires(0, 1) && apart.handOverTargets(of: 0).isEmpty)
    }

    /// The typed host hands over every instance and dispatches both events before it returns.
    @Test func theHostHandsOverAndDispatches() {
        let host = GestureHost(SheetWithListGestures.self, touches: Int.self)
        var seen: [(SheetWithListGestures.Gesture, GestureState)] = []
        host.onEvent = { seen.append(($0.gesture, $0.state)) }
        host.touch(1, .began, x: 200, y: 500, at: 10, view: .list)
        host.touch(1, .moved, x: 200, y: 470, at: 10.016)
        host.advance(to: 10.016)
        #expect(seen.last.map { $0 == (.listScroll, .began) } == true)
        seen.removeAll()
        host.handOver(from: .listScroll)
        #expect(seen.map(\.0) == [.listScroll, .sheetDrag] && seen.map(\.1) == [.cancelled, .began])
        host.touch(1, .ended, x: 200, y: 520, at: 10.05)
        host.advance(to: 10.05)
        #expect(seen.last.map { $0 == (.sheetDrag, .ended) } == true)
    }
}
