import GestureCompiler
#if canImport(Glibc)
import Glibc
#endif
import GSpecFuzz
import GestureRuntime

/// A deterministic, realistic mixed touch trace: taps, double taps, long
/// presses, pans, swipes in four directions, two-finger pinches and turns,
/// tickles and checkmarks, sampled at 60-120 Hz with jitter, with pauses.
struct BenchTrace {
    private var rng: SplitMix64
    private(set) var events: [TouchEvent] = []
    private var t: Int64 = 0
    private var rate = 60.0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    private mutating func next() -> UInt64 { rng.next() }

    private mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    /// One sample interval at the current rate, with ±15% jitter, in microseconds.
    private mutating func tick() -> Int64 {
        Int64(1_000_000 / rate * uniform(0.85, 1.15))
    }

    private mutating func add(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) {
        events.append(TouchEvent(time: Microseconds(t), id: id, phase: phase, x: x, y: y))
    }

    /// Drives touch `id` along `position(f)` for f in 0...1 over `duration` seconds.
    private mutating func stroke(_ id: Int, duration: Double, _ position: (Double) -> (Double, Double)) {
        let start = t
        let end = start + Int64(duration * 1_000_000)
        var p = position(0)
        add(id, .began, p.0, p.1)
        while true {
            t += tick()
            let f = min(1, Double(t - start) / Double(end - start))
            p = position(f)
            if f >= 1 { break }
            add(id, .moved, p.0 + uniform(-0.3, 0.3), p.1 + uniform(-0.3, 0.3))
        }
        add(id, .ended, p.0, p.1)
    }

    static func generate(events count: Int, seed: UInt64 = 0xBE0C) -> [TouchEvent] {
        var trace = BenchTrace(seed: seed)
        while trace.events.count < count { trace.gesture() }
        return trace.events
    }

    private mutating func gesture() {
        rate = [60.0, 90, 120][Int(next() % 3)]
        let x = uniform(80, 300), y = uniform(120, 600)
        switch next() % 10 {
        case 0:
            tap(x, y)
        case 1:
            tap(x, y)
            t += Int64(uniform(0.08, 0.22) * 1e6)
            tap(x + uniform(-4, 4), y + uniform(-4, 4))
        case 2:  // long press, then maybe drag
            let drag = next() % 2 == 0
            stroke(1, duration: drag ? 1.3 : 0.8) { f in
                drag && f > 0.6 ? (x + (f - 0.6) * 200, y) : (x + sin(f * 40), y)
            }
        case 3:  // pan
            let (dx, dy) = (uniform(-150, 150), uniform(-150, 150))
            stroke(1, duration: uniform(0.4, 1.0)) { f in (x + dx * f, y + dy * f) }
        case 4:  // swipe, four directions
            let d = Int(next() % 4)
            let (ux, uy) = [(1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)][d]
            stroke(1, duration: uniform(0.08, 0.18)) { f in (x + ux * 120 * f, y + uy * 120 * f) }
        case 5, 6:  // pinch and rotation together
            twoFingers(x, y, spread: uniform(-0.4, 0.8), turn: uniform(-0.9, 0.9))
        case 7:  // tickle
            stroke(1, duration: uniform(0.5, 0.9)) { f in (x + 30 * sin(f * 4 * .pi), y + sin(f * 9)) }
        case 8:  // checkmark
            stroke(1, duration: uniform(0.3, 0.5)) { f in
                f < 0.35 ? (x + 30 * f / 0.35, y + 30 * f / 0.35) : (x + 30 + 60 * (f - 0.35) / 0.65, y + 30 - 70 * (f - 0.35) / 0.65)
            }
        default:  // two-finger tap
            add(1, .began, x, y)
            add(2, .began, x + 40, y)
            t += Int64(uniform(0.05, 0.12) * 1e6)
            add(1, .ended, x, y)
            add(2, .ended, x + 40, y)
        }
        t += Int64(uniform(0.2, 0.6) * 1e6)  // pause between gestures
    }

    private mutating func tap(_ x: Double, _ y: Double) {
        add(1, .began, x, y)
        t += Int64(uniform(0.06, 0.12) * 1e6)
        add(1, .ended, x + uniform(-1, 1), y + uniform(-1, 1))
    }

    private mutating func twoFingers(_ x: Double, _ y: Double, spread: Double, turn: Double) {
        let start = t
        let duration: Int64 = Int64(uniform(0.4, 0.8) * 1e6)
        var first = true
        while true {
            let f = min(1, Double(t - start) / Double(duration))
            let r = 60 * (1 + spread * f), a = turn * f
            let phase: TouchPhase = first ? .began : f >= 1 ? .ended : .moved
            add(1, phase, x - r * cos(a), y - r * sin(a))
            add(2, phase, x + r * cos(a), y + r * sin(a))
            if f >= 1 { break }
            first = false
            t += tick()
        }
    }
}
