import GestureRuntime

/// Which views each gesture is listed in (by `gestures:`), in listing order,
/// and whether that view forwards its events to its parent.
typealias ViewAttachments = [Int: [(view: Int, forwarded: Bool)]]

extension CheckedGestureSet {
    /// One instance per view for a gesture listed in several views'
    /// `gestures:` (consecutive, in listing order, sharing its name), and the
    /// rules between two gestures copied to every pair of their instances on
    /// one hit path (the same view, or one view inside the other).
    func instantiated(_ attachments: ViewAttachments) -> CheckedGestureSet {
        let set = self
        var out = set
        out.gestures = []
        var instances: [[GestureID]] = []
        for (g, d) in set.gestures.enumerated() {
            let places = attachments[g] ?? []
            var mine: [GestureID] = []
            for place in places.isEmpty ? [(view: d.view, forwarded: d.forwarded)] : places {
                var copy = d
                (copy.view, copy.forwarded, copy.isInstance) = (place.view, place.forwarded, places.count > 1)
                mine.append(GestureID(out.gestures.count))
                out.gestures.append(copy)
            }
            instances.append(mine)
        }
        out.rules = set.rules.flatMap { rule in
            let pairs = instances[rule.gesture.rawValue].flatMap { a in instances[rule.other.rawValue].map { (a, $0) } }
            let applying = pairs.filter { set.onOneHitPath(out[$0.0].view, out[$0.1].view) }
            // A rule with no pair on one hit path stays once, for the analysis to report.
            return (applying.isEmpty ? Array(pairs.prefix(1)) : applying).map { pair in
                var copy = rule
                (copy.gesture, copy.other) = pair
                return copy
            }
        }
        return out
    }

    /// Whether views `a` and `b` are on one hit path: the same view, or one inside the other.
    func onOneHitPath(_ a: Int, _ b: Int) -> Bool {
        func within(_ v: Int, _ ancestor: Int) -> Bool {
            var v: Int? = v
            while let x = v {
                if x == ancestor { return true }
                v = views[x].parent
            }
            return false
        }
        return views.isEmpty || within(a, b) || within(b, a)
    }
}
