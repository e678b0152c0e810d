import Foundation
import GestureRuntime
import Testing

/// Views through the runtime API: the hit view decides which gestures see a
/// touch, and deliveries are reported only when asked for.
@Suite struct ViewTests {
    static let moveMe = RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture")

    func drag(_ engine: inout Engine, view: ViewID, id: Int = 1) {
        engine.feed(TouchEvent(time: 1_000_000, id: id, phase: .began, x: 10, y: 10, view: view))
        engine.feed(TouchEvent(time: 1_050_000, id: id, phase: .moved, x: 40, y: 10))
        engine.feed(TouchEvent(time: 1_100_000, id: id, phase: .ended, x: 40, y: 10))
        engine.finish()
    }

    @Test func onlyGesturesOnTheHitPathSeeATouch() throws {
        let table = try RuntimePaths.compile(Self.moveMe)
        let placard = try #require(table.view(named: "placard"))
        let background = try #require(table.view(named: "background"))
        let myView = try #require(table.view(named: "myView"))
        #expect(table.view(myView, contains: placard) && !table.view(placard, contains: background))
        var onPlacard = Engine(table: table)
        drag(&onPlacard, view: placard)
        #expect(onPlacard.events.contains { table.name(of: $0.gesture) == "movePlacard" && $0.state == .began })
        var onBackground = Engine(table: table)
        drag(&onBackground, view: background)
        #expect(!onBackground.events.contains { table.name(of: $0.gesture) == "movePlacard" })
        // The root sees neither: both gestures are on views below it.
        var onRoot = Engine(table: table)
        drag(&onRoot, view: 0)
        #expect(onRoot.events.isEmpty)
    }

    @Test func aHitTestPathGivesItsLastViewIfItAgreesWithTheTree() throws {
        let table = try RuntimePaths.compile(Self.moveMe)
        let placard = try #require(table.view(named: "placard"))
        #expect(table.view(path: ["myView", "placard"]) == placard)
        #expect(table.view(path: ["window", "myView", "placard"]) == placard)
        #expect(table.view(path: ["placard"]) == placard)
        #expect(table.view(path: ["myView", "background", "placard"]) == nil)  // siblings, not nested
        #expect(table.view(path: ["myView", "nowhere"]) == nil)
        #expect(table.view(path: []) == 0)
    }

    @Test func anUnknownHitViewIsTheRootAndCounted() throws {
        var engine = Engine(table: try RuntimePaths.compile(Self.moveMe))
        drag(&engine, view: 42)
        #expect(engine.anomalies.unknownView == 1)
        #expect(engine.events.isEmpty)
    }

    @Test func aTouchTheSystemCancelsIsCancelledForItsView() throws {
        let table = try RuntimePaths.compile(Self.moveMe)
        let background = try #require(table.view(named: "background"))
        var engine = Engine(table: table)
        engine.reportsDeliveries = true
        engine.feed(TouchEvent(time: 1_000_000, id: 1, phase: .began, x: 10, y: 10, view: background))
        engine.feed(TouchEvent(time: 1_050_000, id: 1, phase: .cancelled, x: 0, y: 0))
        engine.finish()
        #expect(engine.deliveries.map(\.phase) == [.began, .cancelled])
        #expect(!engine.hasWithheldDeliveries)
    }

    @Test func deliveriesAreReportedOnlyWhenAsked() throws {
        let table = try RuntimePaths.compile(Self.moveMe)
        let background = try #require(table.view(named: "background"))
        var quiet = Engine(table: table)
        drag(&quiet, view: background)
        #expect(quiet.deliveries.isEmpty)
        var told = Engine(table: table)
        told.reportsDeliveries = true
        drag(&told, view: background)
        #expect(told.deliveries.map(\.phase) == [.began, .moved, .ended])
        #expect(told.deliveries.allSatisfy { $0.view == background && $0.touches == [1] })
        #expect(told.events == quiet.events)
        told.removeAllEvents()
        #expect(told.deliveries.isEmpty)
    }
}
