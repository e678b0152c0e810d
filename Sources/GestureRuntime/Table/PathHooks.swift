/// The hooks at a stroke's ends: the flick of a pen landing or lifting, a
/// short piece of path that turns back against the way the stroke goes.
/// A template stroke's `hooks` (a share of the path) and `hookLength` (points)
/// leave them out of what it matches and
/// measures, and out of its examples' templates, the same walk for both
/// (docs/semantics.md, "Template strokes").
package enum PathHooks {
    /// An end piece turns back when its direction and the path's over the
    /// next eighth of its length are more than 120 degrees apart (cosine
    /// below -1/2). Both were fixed before measuring, not searched.
    static let turnBack = -0.5
    static let reach = 0.125

    /// The points of `path[0..<count]` left once a hook at either end is
    /// dropped: a piece that turns back, at most `share` of the path's
    /// length or `points` long (whichever is longer), cut where it turns
    /// back most. `points` reaches at most `reach` of the path: a hook is
    /// shorter than the stretch beyond it that says which way the stroke
    /// goes, so on a small stroke a leg is not taken for a flick. At least
    /// two points stay. O(`count`), no allocation.
    package static func kept(_ path: UnsafePointer<SIMD2<Double>>, count: Int, share: Double, points: Double = 0) -> Range<Int> {
        guard count > 2, share > 0 || points > 0 else { return 0..<count }
        var length = 0.0
        for i in 1..<count { length += StrokeTemplate.distance(path[i - 1], path[i]) }
        guard length.isFinite, length > 0 else { return 0..<count }
        let limit = Swift.max(share * length, Swift.min(points, reach * length))
        let first = turn(path, count: count, forward: true, limit: limit, reach: reach * length)
        let last = count - 1 - turn(path, count: count, forward: false, limit: limit, reach: reach * length)
        return last - first >= 1 ? first..<(last + 1) : 0..<count
    }

    /// From the start (`forward`) or the end: how many points the hook
    /// there takes (0: none). Point k is the hook's tip when the piece from
    /// the end to it, at most `limit` long, and the path's next `reach`
    /// beyond it point more than `turnBack` apart; the sharpest such k.
    private static func turn(_ path: UnsafePointer<SIMD2<Double>>, count: Int, forward: Bool, limit: Double, reach: Double) -> Int {
        func at(_ k: Int) -> SIMD2<Double> { forward ? path[k] : path[count - 1 - k] }
        var walked = 0.0, ahead = 0, aheadWalked = 0.0, best = 0, bestCosine = turnBack
        for k in 1..<(count - 1) {
            walked += StrokeTemplate.distance(at(k - 1), at(k))
            guard walked <= limit else { break }
            // The first point at least `reach` past k along the path (it only moves on).
            if ahead < k { (ahead, aheadWalked) = (k, walked) }
            while ahead < count - 1 && aheadWalked - walked < reach {
                aheadWalked += StrokeTemplate.distance(at(ahead), at(ahead + 1))
                ahead += 1
            }
            let piece = at(k) - at(0), beyond = at(ahead) - at(k)
            let norms = (piece * piece).sum().squareRoot() * (beyond * beyond).sum().squareRoot()
            guard norms > 0 else { continue }
            let cosine = (piece * beyond).sum() / norms
            if cosine < bestCosine { (best, bestCosine) = (k, cosine) }
        }
        return best
    }
}
