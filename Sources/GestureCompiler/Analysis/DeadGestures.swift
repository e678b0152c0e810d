import GestureRuntime

/// Gestures whose own parameters contradict each other, found from the
/// parameters alone. (A pattern that can never match is the checker's.)
package enum DeadGestures {
    package static func find(in set: CheckedGestureSet) -> [Diagnostic] {
        set.gestures.compactMap { g in
            guard g.kind == .stroke, g.minSegment > 0, let pattern = g.pattern else { return nil }
            // Every inner segment must be at least minSegment of the whole
            // path, and the two end segments have some length too.
            guard let shortest = DirectionNFA(pattern).shortestWords(over: g.axis.directions, limit: 1, maxLength: 64).first
            else { return nil }
            let inner = shortest.count - 2
            guard inner >= 1, Double(inner) * g.minSegment >= 1 else { return nil }
            return Diagnostic(.deadGesture(g.name, innerSegments: inner, minSegment: Unit.percent.literal(g.minSegment)),
                              at: g.nameRange)
        }
    }
}
