import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// Modes and input kinds at run time (docs/semantics.md, "Modes", "Input
/// kinds"): through `Engine`, and through `GestureHost` with the generated
/// `Mode` enum of specs/photo-viewer.gesture.
@Suite struct ModeTests {
    static let spec = """
        mode editing
        gesture select: tap { enabled: not editing }
        gesture draw: pan { enabled: editing  input: pen }
        gesture nudge: pan { input: mouse }
        gesture plain: longPress {}
        """

    func engine() throws -> Engine {
        Engine(table: try #require(Compiler.compile(SourceFile(path: "modes.gesture", text: Self.spec)).table))
    }

    func ev(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double = 100, _ pointer: PointerKind = .touch) -> TouchEvent {
        TouchEvent(time: Microseconds(seconds: t), id: id, phase: phase, x: x, y: 100, pointer: pointer)
    }

    @Test func modesStartOffAndEnableByTheirConditions() throws {
        var e = try engine()
        let (select, draw): (GestureID, GestureID) = (0, 1)
        #expect(e.table.modeCount == 1 && e.table.mode(named: "editing") == 0 && e.table.conditionText(of: draw) == "editing")
        #expect(!e.isOn(mode: 0) && e.isEnabled(select) && !e.isEnabled(draw))
        let known = e.setMode(named: "editing", true, at: 0), unknown = e.setMode(named: "editng", true, at: 0)
        #expect(known && !unknown, "an unknown name changes nothing")
        #expect(e.isOn(mode: 0) && !e.isEnabled(select) && e.isEnabled(draw))
        // Modes decide: the app cannot set a gesture with a condition by name.
        e.setEnabled(true, gesture: select, at: 0)
        #expect(!e.isEnabled(select))
        // An index outside the table's modes changes nothing.
        e.setMode(5, true, at: 0)
        e.setMode(-1, false, at: 0)
        #expect(e.isOn(mode: 0) && !e.isOn(mode: 5))
    }

    @Test func aModeChangeCancelsABegunGestureAndLaterTouchesGetTheNewState() throws {
        var e = try engine()
        e.setMode(0, true, at: 0)
        e.feed(ev(0.10, 1, .began, 100, .pen))
        e.feed(ev(0.12, 1, .moved, 130, .pen))
        e.advance(to: 130_000)
        #expect(e.events.contains { $0.gesture == 1 && $0.state == .began })
        e.removeAllEvents()
        e.setMode(0, false, at: 200_000)
        #expect(e.events.map(\.state) == [.cancelled] && e.events[0].time == 200_000)
        e.removeAllEvents()
        // The pen still down is 'select''s no more than it was 'draw''s.
        e.feed(ev(0.25, 1, .ended, 130, .pen))
        e.finish()
        #expect(!e.events.contains { $0.gesture == 0 && $0.state == .recognized })
        e.removeAllEvents()
        e.feed(ev(1.0, 2, .began, 100, .pen))
        e.feed(ev(1.05, 2, .ended, 100, .pen))
        e.finish()
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .recognized })
    }

    @Test func aGestureSeesOnlyThePointerKindsItsInputNames() throws {
        var e = try engine()
        e.setMode(0, true, at: 0)
        for (id, kind) in zip(1..., PointerKind.allCases) {
            let t = Double(id)
            e.feed(ev(t, id, .began, 100, kind))
            e.feed(ev(t + 0.02, id, .moved, 140, kind))
            e.feed(ev(t + 0.04, id, .ended, 180, kind))
        }
        e.finish()
        let began = e.events.filter { $0.state == .began }.map { (e.table.name(of: $0.gesture), $0.time.rawValue / 1_000_000) }
        // A finger: no pan takes it (the long press fails on the move); a pen: draw; a mouse: nudge.
        #expect(began.map(\.0) == ["draw", "nudge"] && began.map(\.1) == [2, 3], "\(began)")
        // Taking none of its touches, a gesture has nothing to fail either.
        #expect(!e.events.contains { $0.gesture == 2 && $0.time < 3_000_000 })
    }

    @Test func theHostTakesTypedModesAndPointerKinds() {
        let host = GestureHost(PhotoViewerGestures.self, touches: Int.self)
        var seen: [PhotoViewerGestures.Gesture] = []
        host.onEvent = { if $0.state == .began { seen.append($0.gesture) } }
        #expect(PhotoViewerGestures.Mode.allCases == [.zoomed] && !host.isOn(.zoomed))
        func drag(_ id: Int, at t: Double, pointer: PointerKind = .touch) {
            host.touch(id, .began, x: 400, y: 300, at: t, view: .photo, pointer: pointer)
            for k in 1...6 { host.touch(id, .moved, x: 400, y: 300 + 20 * Double(k), at: t + 0.016 * Double(k)) }
            host.touch(id, .ended, x: 400, y: 420, at: t + 0.12)
            host.advance(to: t + 1)
        }
        drag(1, at: 10)
        host.setMode(.zoomed, true)
        #expect(host.isOn(.zoomed) && host.isEnabled(.movePhoto) && !host.isEnabled(.dismiss))
        drag(2, at: 20)
        let (known, unknown) = (host.setMode(named: "zoomed", false), host.setMode(named: "nope", true))
        #expect(known && !unknown)
        // A mouse is no one's: every gesture of the viewer takes touch and pen only.
        drag(3, at: 30, pointer: .mouse)
        #expect(seen == [.dismiss, .movePhoto], "\(seen)")
    }
}
