import GestureRuntime
import GestureTrace
import Testing
@testable import GestureCompiler

/// v4: accessibility actions performed through the engine and the host, and
/// the range a spec gives a value, which `set` keeps to.
@Suite struct ActionTests {
    static let spec = """
        mode editing
        gesture open: tap { taps: 2  action: "Enter" }
        gesture flick: swipe { directions: up | left  action: "Next" }
        gesture zoom: pinch { action: "Plus" }
        gesture drag: pan { action: "Move"  enabled: editing }
        gesture plain: rotation {}
        gesture hold: longPress { duration: 500ms in 500ms...1500ms  action: "Menu" }
        view card { gestures: flick, zoom }
        """

    @Test func anActionIsOneRecognizedWithNeutralValues() throws {
        let table = try RuntimePaths.compile(source: Self.spec)
        var engine = Engine(table: table)
        let g = { (name: String) in table.gesture(named: name)! }
        for name in ["open", "flick", "zoom", "hold"] {
            let performed = engine.performAction(gesture: g(name), x: 10, y: 20, at: 1_000)
            #expect(performed, "\(name)")
        }
        let events = engine.events
        #expect(events.map(\.state) == [.recognized, .recognized, .recognized, .recognized] && events.allSatisfy { $0.isAction && $0.x == 10 && $0.y == 20 })
        #expect(events[0].taps == 2 && events[1].direction == .up && events[2].value0 == 1 && events[3].velocity0 == 0)
        #expect(events.allSatisfy { $0.time == 1_000 } && engine.clock == 1_000)
        // No action, disabled (its mode is off), or out of range: nothing happens.
        engine.removeAllEvents()
        let refused = [engine.performAction(gesture: g("plain"), at: 2_000), engine.performAction(gesture: g("drag"), at: 2_000),
                       engine.performAction(gesture: 99, at: 2_000), engine.performAction(gesture: g("open"), x: .nan, at: 2_000)]
        #expect(refused == [false, false, false, false] && engine.events.isEmpty)
        engine.setMode(0, true, at: 3_000)
        let enabled = engine.performAction(gesture: g("drag"), at: 3_000)
        #expect(enabled && engine.events.count == 1)
        // Each view lists its own; the typed names follow.
        #expect(table.actions(ofView: table.view(named: "card")!).map(table.name(of:)) == ["flick", "zoom"])
        #expect(table.actions(ofView: 0).map { table.action(of: $0)! } == ["Enter", "Move", "Menu"])
    }

    /// An action does not disturb touches in progress: the pan goes on (the
    /// rotation failed when the pan claimed its finger; its action still acts).
    @Test func anActionLeavesTouchesAlone() throws {
        let table = try RuntimePaths.compile(source: "gesture drag: pan {}\ngesture spin: rotation { action: \"R\" }\n")
        var engine = Engine(table: table)
        engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 0, y: 0))
        engine.feed(TouchEvent(time: 20_000, id: 1, phase: .moved, x: 30, y: 0))
        engine.advance(to: 30_000)
        let performed = engine.performAction(gesture: 1, at: 30_000)
        #expect(performed)
        engine.feed(TouchEvent(time: 40_000, id: 1, phase: .moved, x: 60, y: 0))
        engine.feed(TouchEvent(time: 50_000, id: 1, phase: .ended, x: 60, y: 0))
        engine.finish()
        #expect(engine.events.map { "\(table.name(of: $0.gesture)) \($0.state.name)" }
                == ["drag began", "spin failed", "spin recognized", "drag changed", "drag ended"], "\(engine.events)")
    }

    /// `set` keeps to the spec's range, with one message for the API, a trace and the web.
    @Test func setKeepsToTheSpecsRange() throws {
        let table = try RuntimePaths.compile(source: Self.spec)
        var engine = Engine(table: table)
        let hold = table.gesture(named: "hold")!
        do throws(ParameterError) {
            try engine.set(.duration, to: .seconds(0.3), gesture: hold, at: 0)
            Issue.record("300ms was taken")
        } catch {
            #expect(error == .outOfRange("duration", ParameterRange(500_000, 1_500_000), .duration))
        }
        #expect(engine.value(of: .duration, gesture: hold) == .seconds(0.5))
        #expect("\(ParameterError.outOfRange("duration", ParameterRange(500_000, 1_500_000), .duration))" == "'duration' must be from 500ms to 1500ms")
        try engine.set(.duration, to: .seconds(1.2), gesture: hold, at: 0)
        #expect(engine.value(of: .duration, gesture: hold) == .seconds(1.2))
    }
}
