/// What a stroke's path measures at lift, for the bounds a spec puts on it
/// (`turning`, `counterTurn`, `corners`, `firstLeg`, `closure`, `straightness`, `aspect`,
/// `startX`, `startY`, `endX`, `endY`;
/// docs/semantics.md, "Stroke features"). The path is the engine's kept
/// path (bounded, thinned as it grows), resampled here to `points` points
/// evenly spaced along it, so that the features hardly depend on how fast
/// the finger moved or how often it was sampled. Fixed cost, no allocation.
public struct StrokeFeatures: Equatable, Sendable {
    /// Total signed turn (radians, counter-clockwise on screen positive),
    /// the turns within `hook` points of either end left out.
    package var turning = 0.0
    /// The largest turn against `turning`'s sign (radians, at least 0) over
    /// `counterWindow` consecutive points within `defaultCounterSpan` (a
    /// gesture's `counterSpan` is measured by the engine from the same turns):
    /// a brace's cusp turns against its curls, a bracket's corners all turn one way.
    package var counterTurn = 0.0
    /// Corners: points where the path turns at least `cornerAngle` within
    /// `window` points, sharpest first, each `spacing` points from another.
    package var corners = 0
    /// The share of the path before its sharpest turn (1 with no turn at all).
    package var firstLeg = 1.0
    /// Distance from start to end over the larger side of the bounding box.
    package var closure = 0.0
    /// Distance from start to end over the path's length.
    package var straightness = 0.0
    /// Bounding box width over height (infinite for a horizontal line).
    package var aspect = 0.0
    /// Where the path starts and ends in its bounding box, as shares of its
    /// width from the left and of its height from the top (one half on a
    /// side of no extent): a check starts partway down its box and a v at
    /// its top, however wide either is drawn, which the chord's angle is not.
    package var startX = 0.0, startY = 0.0, endX = 0.0, endY = 0.0

    /// A feature a spec can bound: its parameter's name is its case's. Bounds
    /// are checked in case order.
    public enum Feature: UInt8, CaseIterable, Hashable, Sendable {
        case turning, counterTurn, corners, firstLeg, closure, straightness, aspect, startX, startY, endX, endY
        /// The last case's raw value plus one (raw values run from 0 without
        /// gaps: a test checks it). Loops count to it rather than walk
        /// `allCases`, an array, since a lift allocates nothing.
        @inline(__always)
        static var count: Int { Int(endY.rawValue) + 1 }

        /// The parameter that bounds it (`turning: 270deg...450deg`): the one
        /// stored in its record field, whose name is its case's.
        public var parameter: GestureParameter { GestureParameter.all.first { $0.storage == .range(field) }! }
        public var name: String { parameter.name }
    }

    /// Feature `f`'s value (radians for `turning`).
    package func value(_ f: Feature) -> Double {
        switch f {
        case .turning: turning
        case .counterTurn: counterTurn
        case .corners: Double(corners)
        case .firstLeg: firstLeg
        case .closure: closure
        case .straightness: straightness
        case .aspect: aspect
        case .startX: startX
        case .startY: startY
        case .endX: endX
        case .endY: endY
        }
    }

    /// The first feature outside its bounds in `r` (nil: all are within them).
    package func missed(in r: UnsafePointer<GestureRecord>) -> Feature? {
        for raw in 0..<UInt8(Feature.count) {
            let f = Feature(rawValue: raw)!
            let bounds = r.pointee.bounds(of: f), v = value(f)
            // A slack for rounding: 90deg converted to radians and back.
            let slack = 1e-9 * Swift.max(1, abs(v))
            if !(bounds.x - slack <= v && v <= bounds.y + slack) { return f }
        }
        return nil
    }

    /// The first feature `record` bounds (nil: none): the one a stroke with no length misses.
    static func firstBounded(in record: UnsafePointer<GestureRecord>) -> Feature? {
        for raw in 0..<UInt8(Feature.count) where record.pointee.bounds(of: Feature(rawValue: raw)!) != GestureRecord.unsetOffset {
            return Feature(rawValue: raw)
        }
        return nil
    }

    /// Points the path is resampled to.
    package static let points = 64
    /// Turns within this many points of either end are hooks, not the shape's.
    static let hook = 3
    /// A corner's turn is summed over this many consecutive points (about a twentieth of the path).
    static let window = 3
    /// A counter-turn is summed over this many consecutive points (an eighth of the path)...
    package static let counterWindow = 8
    /// ... by default not within the first or last eighth of the path: hooks and flicks at the ends turn back too.
    package static let defaultCounterSpan = SIMD2<Double>(0.125, 0.875)
    /// `straightness` measures the path's length over this many points
    /// evenly spaced along it: a sensor's noise (a point or two) lengthens a
    /// drawn-out path sampled densely, and a noisy bent drag would pass for
    /// a shape; a sixteenth of a stroke is more than that noise, and still
    /// follows a shape's legs and curves.
    static let straightnessPoints = 16
    /// Two corners are at least this many points apart.
    static let spacing = 4
    /// The most corners a stroke can have: one every `spacing + 1` points between the hooks.
    package static let maxCorners = (points - 2 - 2 * hook + spacing) / (spacing + 1)

    /// The features of the polyline `path[0..<count]`; nil when it has no
    /// length. With `turnsOut` (`points` numbers), the turn at each
    /// resampled point is left there, for `counterTurn(_:turning:span:)`.
    package static func measure(_ path: UnsafePointer<SIMD2<Double>>, count: Int, cornerAngle: Double,
                                keepingTurnsIn turnsOut: UnsafeMutablePointer<Double>? = nil) -> StrokeFeatures? {
        guard count >= 2 else { return nil }
        var length = 0.0
        var low = path[0], high = path[0]
        for i in 1..<count {
            let d = path[i] - path[i - 1]
            length += (d.x * d.x + d.y * d.y).squareRoot()
            low = pointwiseMin(low, path[i])
            high = pointwiseMax(high, path[i])
        }
        guard length.isFinite, length > 1e-9 else { return nil }
        var f = StrokeFeatures()
        let size = high - low, chord = path[count - 1] - path[0]
        let gap = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        f.closure = gap / Swift.max(size.x, size.y)
        var coarse = 0.0, previous = path[0]
        PathResampling.resample(path, count: count, length: length, points: straightnessPoints) { _, p in
            coarse += StrokeTemplate.distance(previous, p)
            previous = p
        }
        f.straightness = coarse > 1e-9 ? Swift.min(1, gap / coarse) : 1
        f.aspect = size.y > 0 ? size.x / size.y : .infinity
        let first = position(path[0], low, size), last = position(path[count - 1], low, size)
        (f.startX, f.startY, f.endX, f.endY) = (first.x, first.y, last.x, last.y)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * points) { buffer in
            let turns = turnsOut ?? buffer.baseAddress!, windowed = buffer.baseAddress! + points
            resampledTurns(path, count: count, length: length, into: turns)
            // turns[i]: the turn at resampled point i (1...points - 2).
            for i in (hook + 1)...(points - 2 - hook) { f.turning += turns[i] }
            f.counterTurn = counterTurn(turns, turning: f.turning, span: defaultCounterSpan)
            var sharpest = 0, sharpestTurn = 0.0
            for i in 0..<points {
                windowed[i] = 0
                guard i > hook, i < points - 1 - hook else { continue }
                var sum = 0.0
                for j in (i - window / 2)...(i + window / 2) { sum += turns[j] }
                windowed[i] = abs(sum)
                if windowed[i] > sharpestTurn { (sharpest, sharpestTurn) = (i, windowed[i]) }
            }
            if sharpestTurn > 0 { f.firstLeg = Double(sharpest) / Double(points - 1) }
            // Greedy: the sharpest remaining turn is a corner; its neighbours within `spacing` are not.
            while f.corners < maxCorners {
                var best = -1
                for i in 0..<points where windowed[i] >= cornerAngle && (best < 0 || windowed[i] > windowed[best]) { best = i }
                guard best >= 0 else { break }
                f.corners += 1
                for j in Swift.max(0, best - spacing)...Swift.min(points - 1, best + spacing) { windowed[j] = -1 }
            }
        }
        return f
    }

    /// `point`'s place in the box from `low` of `size`, as shares of each side (one half on a side of no extent).
    private static func position(_ point: SIMD2<Double>, _ low: SIMD2<Double>, _ size: SIMD2<Double>) -> SIMD2<Double> {
        let offset = point - low
        return SIMD2(size.x > 0 ? offset.x / size.x : 0.5, size.y > 0 ? offset.y / size.y : 0.5)
    }

    /// The largest turn against `turning` over `counterWindow` consecutive
    /// points of `turns` (a path's, from `measure`), all within `span`
    /// (fractions of its length; 0 when no window fits).
    package static func counterTurn(_ turns: UnsafePointer<Double>, turning: Double, span: SIMD2<Double>) -> Double {
        let within = counterPoints(span)
        // A sliding sum, signed so that turning against the whole is positive.
        let against = turning < 0 ? 1.0 : -1.0
        var run = 0.0, largest = 0.0
        for i in within {
            run += against * turns[i]
            if i - counterWindow >= within.lowerBound { run -= against * turns[i - counterWindow] }
            if i - counterWindow + 1 >= within.lowerBound { largest = Swift.max(largest, run) }
        }
        return largest
    }

    /// The resampled points within `span` (fractions of the path's length,
    /// point i at i / (points - 1)): 8..<56 for the default span.
    package static func counterPoints(_ span: SIMD2<Double>) -> Range<Int> {
        // Clamped before converting, so that no table's values can trap (NaN included).
        let lower = span.x >= 0 ? Swift.min(span.x, 1) : 0, upper = span.y <= 1 ? Swift.max(span.y, 0) : 1
        let last = Double(points - 1)
        let first = Int((lower * last).rounded(.up)), end = Int((upper * last).rounded(.down)) + 1
        return first..<Swift.max(first, end)
    }

    /// Resamples the path to `points` points evenly spaced along its
    /// `length`, writing the signed turn at each inner point (radians, in
    /// (-pi, pi], counter-clockwise on screen positive) to `turns[1...points - 2]`.
    private static func resampledTurns(_ path: UnsafePointer<SIMD2<Double>>, count: Int, length: Double,
                                       into turns: UnsafeMutablePointer<Double>) {
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: points) { buffer in
            let resampled = buffer.baseAddress!
            PathResampling.resample(path, count: count, length: length, points: points) { k, p in resampled[k] = p }
            // One pass of the binomial filter (1, 2, 1) over the inner points: a
            // sensor's noise between neighbouring points is not a turn of the
            // shape; the ends stay where the finger came down and lifted.
            var before = resampled[0]
            for k in 1..<(points - 1) {
                let p = resampled[k]
                resampled[k] = (before + 2 * p + resampled[k + 1]) / 4
                before = p
            }
            headingTurns(resampled, into: turns)
        }
    }

    /// The turn at each of `points` points (0 at both ends).
    private static func headingTurns(_ resampled: UnsafePointer<SIMD2<Double>>, into turns: UnsafeMutablePointer<Double>) {
        var previous = resampled[0], heading = Double.nan
        turns[0] = 0
        // Point k gives the heading into it, and so the turn at point k - 1.
        for k in 1..<points {
            let p = resampled[k]
            let d = p - previous
            previous = p
            // A step of no length (the end repeated when rounding fell short) has no heading: no turn.
            guard d != .zero else {
                turns[k - 1] = 0
                continue
            }
            // Screen y points down: negate it so counter-clockwise on screen is positive.
            let h = Math.atan2(-d.y, d.x)
            if heading.isNaN {
                turns[k - 1] = 0
            } else {
                var turn = h - heading
                turn -= 2 * .pi * (turn / (2 * .pi)).rounded()
                turns[k - 1] = turn
            }
            heading = h
        }
        turns[points - 1] = 0
    }
}

extension GestureRecord {
    /// The bounds a spec put on feature `f` (`unsetOffset`: none).
    @inline(__always)
    package func bounds(of f: StrokeFeatures.Feature) -> SIMD2<Double> { self[field: f.field] }
}

extension StrokeFeatures.Feature {
    /// The record field holding its bounds: the same name.
    package var field: GestureRecord.RangeField {
        switch self {
        case .turning: .turning
        case .counterTurn: .counterTurn
        case .corners: .corners
        case .firstLeg: .firstLeg
        case .closure: .closure
        case .straightness: .straightness
        case .aspect: .aspect
        case .startX: .startX
        case .startY: .startY
        case .endX: .endX
        case .endY: .endY
        }
    }
}
