import GestureCompiler
import GestureRuntime

/// Random but plausible touch streams: taps and multi-taps with intervals
/// around the thresholds, long presses, drags, swipes, two-finger pinches and
/// turns, zig-zag strokes, cancels, and stream anomalies. Seeded, so every
/// run generates the same traces. The differential and host tests share them.
public struct RandomTraces {
    var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(rng.next() >> 11) / Double(1 << 53)
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(rng.next() % UInt64(range.count))
    }

    /// One trace of a few gestures; times in microseconds. With `views`, each
    /// touch hits one of that many views (by index), at random.
    public mutating func trace(views: Int = 0) -> [TouchEvent] {
        var events = gestures()
        if views > 1 {
            for i in events.indices where events[i].phase == .began { events[i].view = ViewID(int(0...(views - 1))) }
        }
        return events
    }

    private mutating func gestures() -> [TouchEvent] {
        var events: [TouchEvent] = []
        var t = Microseconds(Int64(int(0...1_000)))
        for _ in 0..<int(1...4) {
            // From the left edge, and near the right and bottom ones of a 320 x 520 screen, for screen-edge pans.
            let x = double(0...300), y = double(50...500)
            switch int(0...9) {
            case 9: twoFingerDrag(&events, &t, x, y)
            case 0, 1: taps(&events, &t, x, y, count: int(1...4))
            case 2: press(&events, &t, x, y)
            case 3: drag(&events, &t, [(x, y)], to: (x + double(-80...80), y + double(-80...80)))
            case 4: twoFingers(&events, &t, x, y)
            case 5: zigzag(&events, &t, x, y)
            case 6: swipe(&events, &t, x, y)
            case 7: checkmark(&events, &t, x, y)
            default: anomalies(&events, &t, x, y)
            }
            t += Microseconds(Int64(double(0.05...0.6) * 1e6))
        }
        return events
    }

    private mutating func taps(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double, count: Int) {
        for _ in 0..<count {
            let jitter = double(0...14)
            e.append(TouchEvent(time: t, id: 1, phase: .began, x: x, y: y))
            t += Microseconds(Int64(double(0.03...0.6) * 1e6))
            if int(0...2) == 0 { e.append(TouchEvent(time: t, id: 1, phase: .moved, x: x + jitter, y: y)) }
            t += Microseconds(Int64(double(0...0.05) * 1e6))
            e.append(TouchEvent(time: t, id: 1, phase: int(0...20) == 0 ? .cancelled : .ended, x: x + jitter, y: y))
            t += Microseconds(Int64(double(0.1...0.4) * 1e6))
        }
    }

    private mutating func press(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        e.append(TouchEvent(time: t, id: 2, phase: .began, x: x, y: y))
        t += Microseconds(Int64(double(0.3...0.9) * 1e6))
        e.append(TouchEvent(time: t, id: 2, phase: .stationary, x: x, y: y))
        if int(0...1) == 0 {
            drag(&e, &t, [(x, y)], to: (x + double(-60...60), y + double(-60...60)), id: 2, begin: false)
        } else {
            t += Microseconds(Int64(double(0...0.3) * 1e6))
            e.append(TouchEvent(time: t, id: 2, phase: .ended, x: x, y: y))
        }
    }

    private mutating func drag(
        _ e: inout [TouchEvent], _ t: inout Microseconds, _ from: [(Double, Double)], to: (Double, Double),
        id: Int = 3, begin: Bool = true
    ) {
        let (x0, y0) = from[0]
        let steps = int(3...30)
        let dt = Microseconds(Int64(double(1.0 / 120...1.0 / 50) * 1e6))
        if begin { e.append(TouchEvent(time: t, id: id, phase: .began, x: x0, y: y0)) }
        for i in 1...steps {
            t += dt + Microseconds(Int64(double(0...2_000)))
            let f = Double(i) / Double(steps)
            let phase: TouchPhase = i == steps ? .ended : .moved
            e.append(TouchEvent(time: t, id: id, phase: phase, x: x0 + (to.0 - x0) * f + double(-1...1),
                                y: y0 + (to.1 - y0) * f + double(-1...1)))
        }
    }

    private mutating func twoFingers(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        let spread = double(-0.5...0.8), turn = double(-0.8...0.8), r0 = double(20...80)
        let steps = int(3...25)
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            let r = r0 * (1 + spread * f), a = turn * f
            let phase: TouchPhase = i == 0 ? .began : i == steps ? .ended : .moved
            e.append(TouchEvent(time: t, id: 4, phase: phase, x: x - r * cos(a), y: y - r * sin(a)))
            e.append(TouchEvent(time: t + Microseconds(i == 0 ? Int64(int(0...1)) * 20_000 : 0), id: 5, phase: phase,
                                x: x + r * cos(a), y: y + r * sin(a)))
            t += Microseconds(Int64(double(1.0 / 120...1.0 / 50) * 1e6) + 20_000)
        }
    }

    /// Two fingers moving together, landing and lifting at different times.
    private mutating func twoFingerDrag(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        let dx = double(-90...90), dy = double(-90...90), steps = int(4...25)
        let secondDown = int(0...steps / 2), firstUp = int(steps / 2...steps)
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            let (px, py) = (x + dx * f, y + dy * f)
            if i == 0 { e.append(TouchEvent(time: t, id: 11, phase: .began, x: px, y: py)) }
            if i == secondDown { e.append(TouchEvent(time: t, id: 12, phase: .began, x: px + 40, y: py)) }
            if i > 0 && i <= firstUp {
                e.append(TouchEvent(time: t, id: 11, phase: i == firstUp ? .ended : .moved, x: px, y: py))
            }
            if i > secondDown {
                e.append(TouchEvent(time: t, id: 12, phase: i == steps ? .ended : .moved, x: px + 40, y: py))
            }
            t += Microseconds(Int64(double(1.0 / 120...1.0 / 50) * 1e6))
        }
    }

    private mutating func zigzag(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        var points: [(Double, Double)] = [(x, y)]
        let legs = int(1...5), width = double(15...45), vertical = int(0...3) == 0
        for i in 0..<legs {
            let d = (i % 2 == 0 ? width : -width)
            let last = points.last!
            for k in 1...6 {
                let f = Double(k) / 6
                points.append(vertical ? (last.0 + double(-2...2), last.1 + d * f) : (last.0 + d * f, last.1 + double(-2...2)))
            }
        }
        path(&e, &t, points, id: 6)
    }

    private mutating func swipe(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        let angle = double(0...(2 * .pi)), length = double(30...120)
        drag(&e, &t, [(x, y)], to: (x + length * cos(angle), y + length * sin(angle)), id: 7)
    }

    private mutating func checkmark(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        let a = double(10...40), b = double(20...70)
        var points: [(Double, Double)] = []
        for k in 0...8 { points.append((x + a * Double(k) / 8, y + a * Double(k) / 8 + double(-1...1))) }
        for k in 1...10 { points.append((x + a + b * Double(k) / 10, y + a - b * Double(k) / 10 + double(-1...1))) }
        if int(0...2) == 0 { points.reverse() }
        path(&e, &t, points, id: 8)
    }

    private mutating func path(_ e: inout [TouchEvent], _ t: inout Microseconds, _ points: [(Double, Double)], id: Int) {
        for (i, p) in points.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : i == points.count - 1 ? .ended : .moved
            e.append(TouchEvent(time: t, id: id, phase: phase, x: p.0, y: p.1))
            t += Microseconds(Int64(double(1.0 / 240...1.0 / 40) * 1e6))
        }
    }

    /// Moves for unknown ids, duplicate began, time going backwards, NaN.
    private mutating func anomalies(_ e: inout [TouchEvent], _ t: inout Microseconds, _ x: Double, _ y: Double) {
        e.append(TouchEvent(time: t, id: 9, phase: .moved, x: x, y: y))
        e.append(TouchEvent(time: t, id: 10, phase: .began, x: x, y: y))
        t += 30_000
        e.append(TouchEvent(time: t, id: 10, phase: .began, x: x + 5, y: y))
        e.append(TouchEvent(time: t - 10_000, id: 10, phase: .moved, x: .nan, y: y))
        t += 30_000
        e.append(TouchEvent(time: t, id: 10, phase: int(0...1) == 0 ? .ended : .cancelled, x: x + 5, y: y))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
