/// A template stroke's normalized form and its matcher, shared by the
/// compiler (which normalizes the examples into the table) and the engine
/// (which normalizes the finger's path at lift): `pointCount` points evenly
/// spaced along the path, centred on their centroid and scaled to unit
/// length as one vector. Matching compares these points and the path's
/// directions at them (`vector(_:into:)`) in one closed-form cosine
/// (Protractor, Li 2010) with the best rotation within `maxRotation`.
/// Fixed cost, no allocation; a path with no length matches nothing.
package enum StrokeTemplate {
    /// Points per template: 2 floats each in `GestureTable.templatePoints`.
    package static let pointCount = 32
    package static let floats = 2 * pointCount

    /// Writes the normalized form of the polyline `points[0..<count]` to
    /// `out` (`floats` values: x0, y0, x1, ...); false, writing nothing
    /// meaningful, when the path has no length (a dot, or no points).
    package static func normalize(_ points: UnsafePointer<SIMD2<Double>>, count: Int, into out: UnsafeMutablePointer<Float>) -> Bool {
        guard count >= 2 else { return false }
        var length = 0.0
        for i in 1..<count { length += distance(points[i - 1], points[i]) }
        guard length.isFinite, length > 1e-9 else { return false }
        var centroid = SIMD2<Double>(0, 0)
        PathResampling.resample(points, count: count, length: length, points: pointCount) { k, p in
            out[2 * k] = Float(p.x)
            out[2 * k + 1] = Float(p.y)
            centroid += p
        }
        centroid /= Double(pointCount)
        var norm = 0.0
        for k in 0..<pointCount {
            let p = SIMD2(Double(out[2 * k]), Double(out[2 * k + 1])) - centroid
            norm += p.x * p.x + p.y * p.y
        }
        norm = norm.squareRoot()
        guard norm.isFinite, norm > 1e-9 else { return false }
        for k in 0..<pointCount {
            out[2 * k] = Float((Double(out[2 * k]) - centroid.x) / norm)
            out[2 * k + 1] = Float((Double(out[2 * k + 1]) - centroid.y) / norm)
        }
        return true
    }

    /// Floats in a matching vector (`vector(_:into:)`): the 32 points, then
    /// the path's 32 directions, as (x, y) pairs.
    package static let vectorFloats = 2 * floats

    /// Writes the matching vector of normalized form `points` to `out`
    /// (`vectorFloats` values): the points and the unit direction of the
    /// path at each (towards the next point; the last repeats the one before
    /// it), the two halves weighted alike, scaled to unit length. Directions
    /// tell a sharp corner from a round bend that points alone barely do.
    package static func vector(_ points: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        var heading = SIMD2<Float>(0, 0)
        for k in 0..<pointCount {
            out[2 * k] = points[2 * k]
            out[2 * k + 1] = points[2 * k + 1]
            if k < pointCount - 1 {
                let d = SIMD2(points[2 * k + 2] - points[2 * k], points[2 * k + 3] - points[2 * k + 1])
                let n = (d.x * d.x + d.y * d.y).squareRoot()
                // A step of no length keeps the heading before it.
                if n > 1e-12 { heading = d / n }
            }
            out[floats + 2 * k] = heading.x
            out[floats + 2 * k + 1] = heading.y
        }
        // Points have unit length together; the directions, each of unit length, sqrt(pointCount).
        let directionScale = 1 / Float(pointCount).squareRoot()
        var norm: Float = 0
        for i in 0..<vectorFloats {
            if i >= floats { out[i] *= directionScale }
            norm += out[i] * out[i]
        }
        let scale = 1 / norm.squareRoot()
        for i in 0..<vectorFloats { out[i] *= scale }
    }

    /// Writes `a` turned a quarter turn, (-y, x) per pair, to `out`: its
    /// dot product with a template is the cross term of `score`.
    package static func perpendicular(_ a: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        for k in 0..<(vectorFloats / 2) {
            out[2 * k] = -a[2 * k + 1]
            out[2 * k + 1] = a[2 * k]
        }
    }

    /// How far `score` may rotate a stroke to meet a template: the cosine
    /// and sine of `maxRotation`, computed once rather than per template.
    package struct RotationLimit: Sendable {
        let cosine: Double, sine: Double
        package init(_ maxRotation: Double) {
            let angle = min(max(maxRotation, 0), Double.pi)
            let (s, c) = Math.sinCos(angle)
            (cosine, sine) = (c, s)
        }
    }

    /// The cosine similarity of two matching vectors after rotating `a` by
    /// the angle (at most the limit either way) that brings it closest to
    /// `b`: 1 for the same shape, lower the less alike. `aPerpendicular` is
    /// `perpendicular(a)`, computed once per stroke.
    @inline(__always)
    package static func score(_ a: UnsafePointer<Float>, _ aPerpendicular: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                              limit: RotationLimit) -> Double {
        best(Double(dotProduct(a, b)), Double(dotProduct(aPerpendicular, b)), limit)
    }

    /// `score`, and the cosine similarity at the worst rotation within the
    /// limit: the best rotation's of the opposite vector, negated.
    package static func scoreRange(_ a: UnsafePointer<Float>, _ aPerpendicular: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                                   limit: RotationLimit) -> (best: Double, worst: Double) {
        let (d, c) = (Double(dotProduct(a, b)), Double(dotProduct(aPerpendicular, b)))
        return (best(d, c, limit), -best(-d, c, limit))
    }

    /// The cosine at the best rotation within `limit` of a vector whose dot
    /// products with a template are `d` (as is) and `c` (turned a quarter).
    @inline(__always)
    private static func best(_ d: Double, _ c: Double, _ limit: RotationLimit) -> Double {
        // The best rotation is Math.atan2(c, d), scoring the length of (d, c);
        // past the limit, the limit itself: no trigonometry per template.
        let r = (d * d + c * c).squareRoot()
        return d >= r * limit.cosine ? r : d * limit.cosine + abs(c) * limit.sine
    }

    /// The dot product of two matching vectors. One product per loop: with
    /// two, the compiler interleaves their lanes and shuffles more than it multiplies.
    @inline(__always)
    static func dotProduct(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>) -> Float {
        var sum0 = SIMD4<Float>(), sum1 = SIMD4<Float>()
        let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        let step = 4 * MemoryLayout<Float>.stride
        var offset = 0
        while offset < vectorFloats * MemoryLayout<Float>.stride {
            sum0 += ra.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                * rb.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            sum1 += ra.loadUnaligned(fromByteOffset: offset + step, as: SIMD4<Float>.self)
                * rb.loadUnaligned(fromByteOffset: offset + step, as: SIMD4<Float>.self)
            offset += 2 * step
        }
        return (sum0 + sum1).sum()
    }

    /// The distance from `a` to `b` (also `PathHooks`'s walk and `StrokeFeatures`'s straightness).
    @inline(__always)
    static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}
