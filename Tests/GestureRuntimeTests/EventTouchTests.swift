import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// Each event names its gesture's first touch (`GestureEvent.touch`, what the
/// web's `attach` finds the touched element by), also after a hand-over and
/// when a tap series restarts on a new press.
@Suite struct EventTouchTests {
    static func engine(_ spec: String) throws -> Engine {
        Engine(table: try ParameterDescriptionTests.table(spec))
    }

    @Test func aPanReportsTheTouchItBeganWith() throws {
        var engine = try Self.engine("gesture drag: pan {}\n")
        engine.feed(TouchEvent(time: 0, id: 7, phase: .began, x: 10, y: 10))
        for k in 1...5 { engine.feed(TouchEvent(time: Microseconds(Int64(k) * 16_000), id: 7, phase: .moved, x: 10 + Double(k) * 10, y: 10)) }
        engine.feed(TouchEvent(time: 100_000, id: 7, phase: .ended, x: 60, y: 10))
        engine.finish()
        #expect(!engine.events.isEmpty && engine.events.allSatisfy { $0.touch == 7 }, "\(engine.events.map(\.touch))")
    }

    @Test func aHandOverKeepsTheTouchItsTakerBeganWith() throws {
        var engine = try Self.engine("gesture list: pan {}\ngesture sheet: pan {}\nlist hands over to sheet\n")
        engine.feed(TouchEvent(time: 0, id: 3, phase: .began, x: 10, y: 10))
        for k in 1...4 { engine.feed(TouchEvent(time: Microseconds(Int64(k) * 16_000), id: 3, phase: .moved, x: 10, y: 10 + Double(k) * 10)) }
        engine.handOver(from: 0, at: 70_000)
        engine.feed(TouchEvent(time: 80_000, id: 3, phase: .moved, x: 10, y: 70))
        engine.feed(TouchEvent(time: 100_000, id: 3, phase: .ended, x: 10, y: 80))
        engine.finish()
        let sheet = engine.events.filter { $0.gesture == 1 }
        #expect(sheet.contains { $0.state == .began } && sheet.allSatisfy { $0.touch == 3 }, "\(engine.events)")
    }

    @Test func aRestartedSeriesReportsTheNewPress() throws {
        // The second press is too far for the series: it starts a new one, whose tap is the second touch's.
        var engine = try Self.engine("gesture double: tap { taps: 2  tapDistance: 20pt }\n")
        engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 10, y: 10))
        engine.feed(TouchEvent(time: 50_000, id: 1, phase: .ended, x: 10, y: 10))
        engine.feed(TouchEvent(time: 150_000, id: 2, phase: .began, x: 200, y: 10))
        engine.feed(TouchEvent(time: 200_000, id: 2, phase: .ended, x: 200, y: 10))
        engine.feed(TouchEvent(time: 300_000, id: 4, phase: .began, x: 200, y: 10))
        engine.feed(TouchEvent(time: 350_000, id: 4, phase: .ended, x: 200, y: 10))
        engine.finish()
        let recognized = engine.events.filter { $0.state == .recognized }
        #expect(recognized.count == 1 && recognized[0].touch == 2, "\(engine.events)")
    }
}
