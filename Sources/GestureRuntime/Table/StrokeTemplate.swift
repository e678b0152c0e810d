#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A template stroke's normalized form and its matcher, shared by the
/// compiler (which normalizes the examples into the table) and the engine
/// (which normalizes the finger's path at lift): `pointCount` points evenly
/// spaced along the path, centred on their centroid and scaled to unit
/// length as one vector, so that matching is one closed-form cosine
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
        let step = length / Double(pointCount - 1)
        // Walk the path, emitting a point every `step` of it.
        var resampled = (SIMD2<Double>(0, 0), 0)
        var centroid = SIMD2<Double>(0, 0)
        func emit(_ p: SIMD2<Double>) {
            out[2 * resampled.1] = Float(p.x)
            out[2 * resampled.1 + 1] = Float(p.y)
            centroid += p
            resampled.1 += 1
        }
        emit(points[0])
        var last = points[0], walked = 0.0, i = 1
        while i < count && resampled.1 < pointCount - 1 {
            let d = distance(last, points[i])
            if d > 0 && walked + d >= step {
                last += (points[i] - last) * ((step - walked) / d)
                walked = 0
                emit(last)
            } else {
                walked += d
                last = points[i]
                i += 1
            }
        }
        while resampled.1 < pointCount { emit(points[count - 1]) }
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

    /// The cosine similarity of two normalized forms after rotating `a` by
    /// the angle (at most `maxRotation` either way) that brings it closest
    /// to `b`: 1 for the same shape, lower the less alike.
    @inline(__always)
    package static func score(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, maxRotation: Double) -> Double {
        var dot: Float = 0, cross: Float = 0
        for k in 0..<pointCount {
            let (ax, ay, bx, by) = (a[2 * k], a[2 * k + 1], b[2 * k], b[2 * k + 1])
            dot += ax * bx + ay * by
            cross += ax * by - ay * bx
        }
        let angle = min(max(atan2(Double(cross), Double(dot)), -maxRotation), maxRotation)
        return Double(dot) * cos(angle) + Double(cross) * sin(angle)
    }

    @inline(__always)
    private static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}
