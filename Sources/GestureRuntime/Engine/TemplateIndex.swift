/// A table's templates as matching vectors, with what lets a lift skip most
/// of them without changing any verdict: per template stroke, up to
/// `pivotCount` of its templates (pivots, chosen farthest-first) scored
/// before the rest, and each other template's angle from every pivot. On the
/// unit sphere angles obey the triangle inequality, so a stroke at angle α
/// from a pivot (at its best rotation) is at least α - d, and at least d - β
/// (β: its worst rotation), from a template d from that pivot; a template
/// whose bound is below the score it must beat is never scored (LAESA,
/// Micó, Oncina and Vidal 1994). Immutable once built, so copies of an
/// engine share it: built once per `Engine(table:)`.
final class TemplateIndex {
    /// Two: more bound tighter but cost more than they save (callgrind on
    /// the 16-shape set: 4 pivots 10% more instructions per lift, 1 pivot 2% more).
    static let pivotCount = 2
    /// The table's templates as matching vectors (`StrokeTemplate.vector`),
    /// `StrokeTemplate.vectorFloats` each, in table order.
    let vectors: RawArray<Float>
    /// Per template stroke, its templates' table indices in scanning order:
    /// its pivots first (at the start of its `GestureTable.templates(of:)` range).
    let scan: RawArray<Int32>
    /// Per template, its angles from its stroke's pivots, `pivotCount`
    /// lanes each: the most it can be, negated, then the least (widened for
    /// rounding). Added to the stroke's least angles from the pivots and
    /// its most, negated, the largest lane is a lower bound on the stroke's
    /// angle from the template. Unused lanes hold (-π, 0), which bound nothing.
    let spans: RawArray<SIMD4<Float>>
    /// A stroke's angles from no pivot, in the lanes `spans` adds to (least
    /// angles, then most negated): (0, -π) each, which bound nothing.
    static let unmeasured = SIMD4<Float>(0, 0, -.pi, -.pi)

    init(_ table: GestureTable) {
        let count = table.templateNames.count, floats = StrokeTemplate.vectorFloats
        let vectors = RawArray<Float>(repeating: 0, count: count * floats)
        table.templatePoints.withUnsafeBufferPointer { points in
            for k in 0..<count {
                StrokeTemplate.vector(points.baseAddress! + k * StrokeTemplate.floats, into: vectors.base + k * floats)
            }
        }
        var order = (0..<count).map { Int32($0) }
        var bounds = [SIMD4<Float>](repeating: SIMD4(-.pi, -.pi, 0, 0), count: count)
        for g in table.gestureIDs {
            Self.choosePivots(table.templates(of: g), vectors.base, &order, &bounds)
        }
        (self.vectors, scan, spans) = (vectors, RawArray(order), RawArray(bounds))
    }

    /// Picks the pivots of one stroke's templates farthest-first (the first
    /// template, then each time the one farthest from those picked), moves
    /// them to the front of its scan and records every template's angle from each.
    private static func choosePivots(_ range: Range<Int>, _ vectors: UnsafePointer<Float>, _ scan: inout [Int32],
                                     _ spans: inout [SIMD4<Float>]) {
        guard range.count > pivotCount else { return }
        var nearest = [Float](repeating: .infinity, count: range.count)
        var pivot = range.lowerBound
        for p in 0..<pivotCount {
            scan.swapAt(range.lowerBound + p, scan.firstIndex(of: Int32(pivot))!)
            var farthest = (angle: Float(-2), template: pivot)
            for k in range {
                let cosine = Double(StrokeTemplate.dotProduct(vectors + pivot * StrokeTemplate.vectorFloats,
                                                              vectors + k * StrokeTemplate.vectorFloats))
                // Between two templates no rotation is free: one cosine gives both ends.
                let (least, mostNegated) = angles(best: cosine, worst: cosine)
                (spans[k][p], spans[k][p + pivotCount]) = (mostNegated, least)
                let i = k - range.lowerBound
                // A pivot is nearest itself, at -1, so that it is never picked twice.
                nearest[i] = k == pivot ? -1 : min(nearest[i], least)
                if nearest[i] > farthest.angle { farthest = (nearest[i], k) }
            }
            pivot = farthest.template
        }
    }

    /// How far rounding may move a cosine here, with room to spare: every
    /// bound is widened by it, so that a skipped template is never one that would have won.
    static let margin = 1e-4

    /// The angles between a stroke and a pivot: the least over the rotations
    /// `limit` allows (the pivot's score is its cosine) and the most, each
    /// widened by `margin` so the bounds built on them stay bounds.
    @inline(__always)
    static func angles(best: Double, worst: Double) -> (least: Float, mostNegated: Float) {
        (Float(Math.acos(min(1, best + margin))), -Float(Math.acos(max(-1, worst - margin))))
    }

    /// A lower bound on the angle between template `k` and a stroke whose
    /// angles from `k`'s pivots are `angles` (`angles(best:worst:)` in the
    /// lanes of `unmeasured`).
    @inline(__always)
    func bound(_ angles: SIMD4<Float>, _ k: Int) -> Float {
        // Lane by lane: the generic `max()` and `pointwiseMax` are a call per template.
        let l = angles + spans.base[k]
        return Swift.max(Swift.max(l[0], l[1]), Swift.max(l[2], l[3]))
    }

    deinit {
        vectors.free()
        scan.free()
        spans.free()
    }
}
