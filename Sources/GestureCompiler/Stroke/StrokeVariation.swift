import GestureRuntime

/// Ways one person's stroke differs from another's drawing the same shape,
/// applied to a template stroke's examples to give its templates more of
/// them (issue 61): a stroke's `varyAspect`, `varyEnds`, `varyRounding` and
/// `varyOvershoot` (`Checker.templates`); `gspec eval --vary-traces` redraws
/// the dataset's strokes the same way. Each amount adds copies of every
/// example; zero (or an aspect of 1) adds none.
public struct StrokeVariation: Hashable, Sendable {
    /// Stretched: each example also at this ratio of width to height, and at its inverse (>= 1).
    public var aspect = 1.0
    /// Each example also with both ends shortened, and both lengthened along
    /// their direction, by this fraction of its length (a first or last leg drawn short or long).
    public var ends = 0.0
    /// Each example also smoothed over this fraction of its length: its corners rounded.
    public var rounding = 0.0
    /// Each example also with the pen carried past each corner by this
    /// fraction of its length and back: one copy straight out and back (a
    /// spike), one with a small loop turning towards the next leg.
    public var overshoot = 0.0

    public init(aspect: Double = 1, ends: Double = 0, rounding: Double = 0, overshoot: Double = 0) {
        (self.aspect, self.ends, self.rounding, self.overshoot) = (aspect, ends, rounding, overshoot)
    }

    /// The amount each stroke parameter that varies examples sets, by where the catalogue stores it.
    static let amounts: [GestureParameter.CompilerField: WritableKeyPath<StrokeVariation, Double> & Sendable] = [
        .varyAspect: \.aspect, .varyEnds: \.ends, .varyRounding: \.rounding, .varyOvershoot: \.overshoot,
    ]

    /// Sets the amount named `name` (`aspect`, as the stroke parameter
    /// `varyAspect`) from its text, a plain number; false for an unknown name
    /// or a value outside the parameter's range.
    public mutating func set(_ name: String, _ text: String) -> Bool {
        guard let first = name.first, let v = Double(text), v.isFinite,
              let p = GestureParameter.named("vary" + first.uppercased() + name.dropFirst(), for: .stroke),
              p.range.contains(v), case .compiler(let field) = p.storage, let amount = Self.amounts[field] else { return false }
        self[keyPath: amount] = v
        return true
    }

    /// The varied copies of `points` (none for a path too short to vary).
    public func variants(of points: [SIMD2<Double>]) -> [[SIMD2<Double>]] {
        let length = Self.length(points)
        guard points.count >= 2, length > 1e-9 else { return [] }
        var out: [[SIMD2<Double>]] = []
        if aspect > 1 {
            let s = aspect.squareRoot()
            out.append(points.map { SIMD2($0.x * s, $0.y / s) })
            out.append(points.map { SIMD2($0.x / s, $0.y * s) })
        }
        if ends > 0 {
            let cut = ends * length
            out.append(Self.trimmed(points, cut))
            out.append(Self.extended(points, cut, length: length))
        }
        if rounding > 0 { out.append(Self.smoothed(points, window: rounding)) }
        if overshoot > 0 {
            let even = Self.evenlySpaced(points, count: 64), corners = Self.corners(of: even)
            if !corners.isEmpty {
                out.append(Self.overshot(even, at: corners, by: overshoot * length, loop: false))
                out.append(Self.overshot(even, at: corners, by: overshoot * length, loop: true))
            }
        }
        return out.filter { Self.length($0) > 1e-9 }
    }

    static func length(_ p: [SIMD2<Double>]) -> Double {
        zip(p, p.dropFirst()).reduce(0) { $0 + (($1.1 - $1.0) * ($1.1 - $1.0)).sum().squareRoot() }
    }

    /// `points` without `cut` of its length at each end.
    static func trimmed(_ points: [SIMD2<Double>], _ cut: Double) -> [SIMD2<Double>] {
        func dropStart(_ p: [SIMD2<Double>]) -> [SIMD2<Double>] {
            var left = cut
            for i in 1..<p.count {
                let d = ((p[i] - p[i - 1]) * (p[i] - p[i - 1])).sum().squareRoot()
                if d >= left {
                    let start = d > 0 ? p[i - 1] + (p[i] - p[i - 1]) * (left / d) : p[i]
                    return [start] + p[i...]
                }
                left -= d
            }
            return [p[p.count - 1]]
        }
        return dropStart(dropStart(points).reversed()).reversed()
    }

    /// `points` with each end continued straight by `extra`, in the direction
    /// of its last tenth (a hook or a wobble at the very end does not steer it).
    static func extended(_ points: [SIMD2<Double>], _ extra: Double, length: Double) -> [SIMD2<Double>] {
        func direction(_ p: [SIMD2<Double>]) -> SIMD2<Double> {
            var walked = 0.0, i = 1
            while i < p.count - 1 && walked < length / 10 {
                walked += ((p[i] - p[i - 1]) * (p[i] - p[i - 1])).sum().squareRoot()
                i += 1
            }
            let d = p[0] - p[i]
            let n = (d * d).sum().squareRoot()
            return n > 1e-9 ? d / n : .zero
        }
        let reversed = Array(points.reversed())
        return [points[0] + direction(points) * extra] + points + [reversed[0] + direction(reversed) * extra]
    }

    /// `points` resampled to 64 and averaged over `window` of their length, the ends kept.
    static func smoothed(_ points: [SIMD2<Double>], window: Double) -> [SIMD2<Double>] {
        let n = 64, even = evenlySpaced(points, count: n)
        let k = max(1, Int((window * Double(n)).rounded()) / 2)
        return even.indices.map { j in
            guard j > 0 && j < even.count - 1 else { return even[j] }
            let lo = max(0, j - k), hi = min(even.count - 1, j + k)
            return even[lo...hi].reduce(.zero, +) / Double(hi - lo + 1)
        }
    }

    /// `points` resampled to `n` points evenly spaced along them, the ends kept.
    static func evenlySpaced(_ points: [SIMD2<Double>], count n: Int) -> [SIMD2<Double>] {
        let total = length(points)
        var even: [SIMD2<Double>] = [points[0]], walked = 0.0, next = total / Double(n - 1), i = 1
        var previous = points[0]
        while i < points.count && even.count < n - 1 {
            let d = ((points[i] - previous) * (points[i] - previous)).sum().squareRoot()
            if walked + d >= next && d > 0 {
                previous = previous + (points[i] - previous) * ((next - walked) / d)
                even.append(previous)
                walked = next
                next += total / Double(n - 1)
            } else {
                walked += d
                previous = points[i]
                i += 1
            }
        }
        even.append(points[points.count - 1])
        return even
    }

    /// The corners of the evenly spaced path `even`, in path order: points
    /// where the heading turns at least 60deg over the steps either side (the
    /// window and angle `StrokeFeatures` counts corners with), sharpest first,
    /// each at least 4 points from another and 2 from an end, at most 4.
    static func corners(of even: [SIMD2<Double>]) -> [Int] {
        func heading(_ i: Int) -> Double { Math.atan2(even[i + 1].y - even[i].y, even[i + 1].x - even[i].x) }
        guard even.count >= 6 else { return [] }
        var turn = [Double](repeating: 0, count: even.count)
        for i in 2..<(even.count - 2) {
            var t = heading(i + 1) - heading(i - 2)
            t -= 2 * .pi * (t / (2 * .pi)).rounded()
            turn[i] = abs(t)
        }
        var corners: [Int] = []
        while corners.count < 4, let best = turn.indices.max(by: { turn[$0] < turn[$1] }), turn[best] >= .pi / 3 {
            corners.append(best)
            for j in max(0, best - 4)...min(even.count - 1, best + 4) { turn[j] = 0 }
        }
        return corners.sorted()
    }

    /// `even` with the pen carried on past each of `corners` by `distance`
    /// along its incoming direction and brought back to the corner: straight
    /// back, or round a small loop that turns towards the next leg.
    static func overshot(_ even: [SIMD2<Double>], at corners: [Int], by distance: Double, loop: Bool) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = [], start = 0
        for c in corners {
            out += even[start...c]
            let incoming = even[c] - even[c - 2], outgoing = even[c + 2] - even[c]
            let n = (incoming * incoming).sum().squareRoot()
            guard n > 1e-9 else { start = c + 1; continue }
            let u = incoming / n
            var side = SIMD2(-u.y, u.x)
            if (side * outgoing).sum() < 0 { side = -side }
            let tip = even[c] + u * distance
            out.append(tip)
            if loop { out += [tip + side * (0.6 * distance), even[c] + side * (0.3 * distance)] }
            out.append(even[c])
            start = c + 1
        }
        return out + even[start...]
    }
}
