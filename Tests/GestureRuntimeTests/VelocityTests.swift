import Foundation
import GestureCompiler
import GestureRuntime
import Testing

/// The velocity of pans, pinches and rotations (docs/semantics.md,
/// "velocity"): a least-squares polynomial through the last 100 ms, checked
/// against the analytic derivative of known motions at 60, 120 and 240 Hz.
@Suite struct VelocityTests {
    static let table: GestureTable = {
        let spec = """
            gesture drag: pan { threshold: 1pt }
            gesture zoom: pinch { threshold: 0.01 }
            gesture twist: rotation { threshold: 1deg }
            drag with zoom
            drag with twist
            zoom with twist
            """
        return Compiler.compile(SourceFile(path: "velocity.gesture", text: spec)).table!
    }()

    /// One finger along x(t) for `duration`, sampled at `hz`; then held still
    /// for `hold` seconds (samples that do not move) and lifted.
    static func drag(hz: Double, duration: Double, hold: Double = 0, _ x: (Double) -> Double) -> [GestureEvent] {
        var engine = Engine(table: table)
        let frames = Int(duration * hz)
        func time(_ s: Double) -> Microseconds { Microseconds(seconds: s) }
        engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 100 + x(0), y: 200))
        for i in 1...frames {
            let s = Double(i) / hz
            engine.feed(TouchEvent(time: time(s), id: 1, phase: .moved, x: 100 + x(s), y: 200))
        }
        let last = Double(frames) / hz
        var s = last
        while s + 1 / hz <= last + hold {
            s += 1 / hz
            engine.feed(TouchEvent(time: time(s), id: 1, phase: .moved, x: 100 + x(last), y: 200))
        }
        engine.feed(TouchEvent(time: time(s + 1 / hz), id: 1, phase: .ended, x: 100 + x(last), y: 200))
        engine.finish()
        return engine.events.filter { $0.gesture == 0 }
    }

    @Test(arguments: [60.0, 120.0, 240.0])
    func constantVelocityIsExact(_ hz: Double) {
        let events = Self.drag(hz: hz, duration: 0.5) { 300 * $0 }
        let changed = events.filter { $0.state == .changed }
        #expect(changed.count > 10)
        for e in changed.dropFirst() {
            #expect(abs(e.velocity0 - 300) <= 0.02 * 300, "\(e.velocity0) at \(e.time)")
            #expect(abs(e.velocity1) < 1e-6)
        }
        // Released while moving: `ended` carries the release velocity.
        let ended = try! #require(events.last)
        #expect(ended.state == .ended && abs(ended.velocity0 - 300) <= 6)
    }

    @Test(arguments: [60.0, 120.0, 240.0])
    func constantAccelerationFollowsTheFinger(_ hz: Double) {
        // From 100 pt/s, accelerating at 2,000 pt/s^2: the derivative at each sample is 100 + 2000 t.
        let events = Self.drag(hz: hz, duration: 0.4) { 100 * $0 + 1_000 * $0 * $0 }
        let changed = events.filter { $0.state == .changed }
        #expect(changed.count > 10)
        for e in changed.dropFirst(2) {
            let t = e.time.seconds
            let truth = 100 + 2_000 * t
            #expect(abs(e.velocity0 - truth) <= 0.02 * truth, "\(e.velocity0) against \(truth) at \(t)")
        }
    }

    @Test(arguments: [60.0, 120.0, 240.0])
    func aRubReportsItsSpeedNotZero(_ hz: Double) {
        // Back and forth at 1 Hz over 192 pt: 603 pt/s at the middle of each stroke.
        let peak = 96 * 2 * Double.pi
        let events = Self.drag(hz: hz, duration: 2) { 96 * sin(2 * .pi * $0) }
        let speeds = events.filter { $0.state == .changed }.map { abs($0.velocity0) }
        #expect(abs(speeds.max()! - peak) <= 0.05 * peak, "\(speeds.max()!) against \(peak)")
        // Where the motion is smooth (not turning), within a few percent of the truth.
        for e in events where e.state == .changed {
            let t = e.time.seconds
            let truth = peak * cos(2 * .pi * t)
            if abs(truth) > 0.8 * peak { #expect(abs(e.velocity0 - truth) <= 0.05 * peak, "\(e.velocity0) against \(truth)") }
        }
    }

    @Test(arguments: [60.0, 120.0, 240.0])
    func aFingerThatStoppedReleasesAtZero(_ hz: Double) {
        let events = Self.drag(hz: hz, duration: 0.3, hold: 0.06) { 300 * $0 }
        let ended = try! #require(events.last)
        #expect(ended.state == .ended)
        #expect(ended.velocity0 == 0 && ended.velocity1 == 0)
        // Held still for less than 40 ms it still moves at its speed.
        let quick = Self.drag(hz: hz, duration: 0.3, hold: 0.02) { 300 * $0 }.last!
        #expect(abs(quick.velocity0 - 300) <= 6, "\(quick.velocity0)")
    }

    @Test func pinchAndRotationVelocitiesAreTheirRates() {
        var engine = Engine(table: Self.table)
        let hz = 120.0
        // Two fingers spreading (scale 1 + 2t) while turning at 1.5 rad/s.
        func points(_ s: Double) -> (Double, Double, Double, Double) {
            let r = 50 * (1 + 2 * s), a = 1.5 * s
            return (200 - r * cos(a), 300 - r * sin(a), 200 + r * cos(a), 300 + r * sin(a))
        }
        var p = points(0)
        engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: p.0, y: p.1))
        engine.feed(TouchEvent(time: 0, id: 2, phase: .began, x: p.2, y: p.3))
        for i in 1...36 {
            let s = Double(i) / hz
            p = points(s)
            let t = Microseconds(seconds: s)
            engine.feed(TouchEvent(time: t, id: 1, phase: .moved, x: p.0, y: p.1))
            engine.feed(TouchEvent(time: t, id: 2, phase: .moved, x: p.2, y: p.3))
        }
        engine.finish()
        let zoom = engine.events.filter { $0.gesture == 1 && $0.state == .changed }
        let twist = engine.events.filter { $0.gesture == 2 && $0.state == .changed }
        #expect(zoom.count > 10 && twist.count > 10)
        for e in zoom.dropFirst(2) { #expect(abs(e.velocity0 - 2) <= 0.02 * 2, "scale rate \(e.velocity0)") }
        for e in twist.dropFirst(2) { #expect(abs(e.velocity0 - 1.5) <= 0.02 * 1.5, "turn rate \(e.velocity0)") }
    }
}
