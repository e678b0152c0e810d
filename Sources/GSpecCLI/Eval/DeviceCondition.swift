import Foundation
import GestureCompiler
import GestureRuntime

/// A way other people and other devices draw the same stroke, for `gspec
/// eval --robustness`: each recorded stroke redrawn as a mouse, a touchpad
/// or a stylus samples it, larger or smaller, stretched, slower or faster,
/// with hooks at its ends, or shaken. The conditions are the ways the people
/// outside tests use differ from the development set (a stylus on one small
/// screen); none was chosen by looking at what it does to a figure.
enum DeviceCondition: CaseIterable, Sendable {
    /// Sampled at 60 Hz (a mouse, a slow touchpad), 125 Hz (a mouse, a
    /// touchscreen) and 240 Hz (a stylus): positions interpolated over time.
    case mouse60Hz, mouse125Hz, stylus240Hz
    /// Its larger side 30 points (a thumb's flick) and 600 points (a tablet, a mouse across the screen).
    case size30, size600
    /// 1.4 times as wide as tall, and as tall as wide, at the same area.
    case wide, tall
    /// Drawn over twice and over half the time.
    case slow, fast
    /// A hook at each end: the pen landing and lifting off its line by 8% of
    /// the stroke's diagonal, turned back 150 degrees from the way it goes.
    case hooks
    /// Each point moved at random by about 1% of the diagonal (a finger's
    /// contact patch, a touchpad's noise), the same way on every run.
    case jitter

    /// The name the report gives it.
    var name: String {
        switch self {
        case .mouse60Hz: "60 Hz"
        case .mouse125Hz: "125 Hz"
        case .stylus240Hz: "240 Hz"
        case .size30: "30 pt"
        case .size600: "600 pt"
        case .wide: "wide 1.4"
        case .tall: "tall 1.4"
        case .slow: "slow x2"
        case .fast: "fast x0.5"
        case .hooks: "hooks"
        case .jitter: "jitter 1%"
        }
    }

    /// `events` (one stroke: began, moved..., ended) redrawn; `seed` fixes the jitter.
    func apply(_ events: [TouchEvent], seed: UInt64) -> [TouchEvent] {
        guard let first = events.first, let last = events.last, events.count >= 2 else { return events }
        let points = events.map { SIMD2($0.x, $0.y) }
        let lo = points.reduce(points[0]) { pointwiseMin($0, $1) }, hi = points.reduce(points[0]) { pointwiseMax($0, $1) }
        let centre = (lo + hi) / 2, extent = hi - lo
        let diagonal = max((extent * extent).sum().squareRoot(), 1e-9)
        switch self {
        case .mouse60Hz: return Self.resampled(events, hz: 60)
        case .mouse125Hz: return Self.resampled(events, hz: 125)
        case .stylus240Hz: return Self.resampled(events, hz: 240)
        case .size30, .size600:
            let scale = (self == .size30 ? 30 : 600) / max(extent.x, extent.y, 1e-9)
            return Self.moved(events) { centre + ($0 - centre) * scale }
        case .wide, .tall:
            let s = 1.4.squareRoot(), factor = self == .wide ? SIMD2(s, 1 / s) : SIMD2(1 / s, s)
            return Self.moved(events) { centre + ($0 - centre) * factor }
        case .slow, .fast:
            let factor = self == .slow ? 2.0 : 0.5
            return events.map { e in
                var e = e
                e.time = first.time + Microseconds(Int64((Double((e.time - first.time).rawValue) * factor).rounded()))
                return e
            }
        case .hooks:
            let start = Self.hook(at: points[0], from: Self.direction(points, forward: true), length: 0.08 * diagonal)
            let end = Self.hook(at: points[points.count - 1], from: Self.direction(points, forward: false), length: 0.08 * diagonal)
            // Three points each, 8 ms apart, before the first sample and after the last.
            let step: Int64 = 8_000
            var out: [TouchEvent] = []
            for (k, p) in start.reversed().enumerated() {
                out.append(TouchEvent(time: first.time - Microseconds(step * Int64(start.count - k)), id: first.id, phase: k == 0 ? .began : .moved,
                                      x: p.x, y: p.y, view: first.view, pointer: first.pointer))
            }
            out += events.map { e in
                var e = e
                e.phase = .moved
                return e
            }
            for (k, p) in end.enumerated() {
                out.append(TouchEvent(time: last.time + Microseconds(step * Int64(k + 1)), id: first.id, phase: k == end.count - 1 ? .ended : .moved,
                                      x: p.x, y: p.y, view: first.view, pointer: first.pointer))
            }
            return out
        case .jitter:
            var random = SplitMix64(seed: seed)
            return Self.moved(events) { $0 + SIMD2(random.normal(), random.normal()) * (0.01 * diagonal) }
        }
    }

    /// The stroke's positions moved by `move`, its times and phases kept.
    private static func moved(_ events: [TouchEvent], _ move: (SIMD2<Double>) -> SIMD2<Double>) -> [TouchEvent] {
        events.map { e in
            var e = e
            let p = move(SIMD2(e.x, e.y))
            (e.x, e.y) = (p.x, p.y)
            return e
        }
    }

    /// The stroke sampled every 1/`hz` s from its first sample, positions
    /// interpolated in time, and its last sample kept (where it lifted).
    static func resampled(_ events: [TouchEvent], hz: Int64) -> [TouchEvent] {
        guard let first = events.first, let last = events.last, last.time > first.time else { return events }
        var out: [TouchEvent] = [first]
        var k = 1
        var t = first.time + Microseconds(1_000_000 / hz)
        while t < last.time {
            while events[k].time < t { k += 1 }
            let (a, b) = (events[k - 1], events[k])
            let span = Double((b.time - a.time).rawValue), f = span > 0 ? Double((t - a.time).rawValue) / span : 1
            var e = a
            (e.time, e.phase, e.x, e.y) = (t, .moved, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            out.append(e)
            t = first.time + Microseconds(1_000_000 * Int64(out.count) / hz)
        }
        out.append(last)
        return out
    }

    /// The way the stroke leaves its first point (`forward`) or reaches its
    /// last, over its first or last tenth (a unit vector; right when it has none).
    private static func direction(_ points: [SIMD2<Double>], forward: Bool) -> SIMD2<Double> {
        let span = max(points.count / 10, 1)
        let d = forward ? points[span] - points[0] : points[points.count - 1] - points[points.count - 1 - span]
        let n = (d * d).sum().squareRoot()
        return n > 1e-9 ? d / n : SIMD2(1, 0)
    }

    /// Three points of a hook at `p`: off the line the stroke goes (`way`),
    /// turned back 150 degrees, nearest `p` first.
    private static func hook(at p: SIMD2<Double>, from way: SIMD2<Double>, length: Double) -> [SIMD2<Double>] {
        let (c, s) = (-3.0.squareRoot() / 2, 0.5)  // cos and sin of 150 degrees
        let back = SIMD2(way.x * c - way.y * s, way.x * s + way.y * c)
        return (1...3).map { p + back * (length * Double($0) / 3) }
    }
}

extension SplitMix64 {
    /// Uniform in (0, 1).
    mutating func unit() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Standard normal (Box-Muller): a jittered stroke is the same on every run.
    mutating func normal() -> Double {
        let (u, v) = (unit(), unit())
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
