/// Points evenly spaced along a path, so that what is measured of a stroke
/// hardly depends on how fast the finger moved or how often it was sampled:
/// the one walk that stroke features (`StrokeFeatures`) and templates
/// (`StrokeTemplate`) both take.
enum PathResampling {
    /// Calls `emit(k, point)` for `k` in `0..<points` with points evenly
    /// spaced along the polyline `path[0..<count]` of length `length` (the
    /// sum of its segments, greater than 0): its start, then one every
    /// `length / (points - 1)` of path, the end repeated when rounding fell short.
    @inline(__always)
    static func resample(_ path: UnsafePointer<SIMD2<Double>>, count: Int, length: Double, points: Int,
                         _ emit: (Int, SIMD2<Double>) -> Void) {
        let step = length / Double(points - 1)
        var last = path[0], walked = 0.0, i = 1, emitted = 1
        emit(0, path[0])
        while i < count && emitted < points - 1 {
            let d = path[i] - last
            let gap = (d.x * d.x + d.y * d.y).squareRoot()
            if gap > 0 && walked + gap >= step {
                last += d * ((step - walked) / gap)
                walked = 0
                emit(emitted, last)
                emitted += 1
            } else {
                walked += gap
                last = path[i]
                i += 1
            }
        }
        while emitted < points {
            emit(emitted, path[count - 1])
            emitted += 1
        }
    }
}
