import GestureRuntime

/// Stroke patterns: direction names resolved on the stroke's axis, size and matchability checked.
extension Checker {
    mutating func checkPattern(_ node: PatternNode, axis: Axis, recognize: RecognizeMode) -> StrokePattern? {
        guard let pattern = resolve(node, alphabet: axis.directions, axis: axis) else { return nil }
        let size = pattern.expandedSize
        guard size <= Self.maxPatternSize else {
            diagnostics.report(.patternTooLarge(size, limit: Self.maxPatternSize), at: node.range)
            return nil
        }
        let nfa = DirectionNFA(pattern)
        guard nfa.acceptsSegmentSequence(over: axis.directions) else {
            diagnostics.report(.patternNeverMatches(source.text(node.range)), at: node.range)
            return nil
        }
        if recognize == .onLift && nfa.matchesEmpty {
            diagnostics.report(.patternMatchesEmpty(source.text(node.range)), at: node.range)
        }
        return pattern
    }

    mutating func resolve(_ node: PatternNode, alphabet: DirectionSet, axis: Axis) -> StrokePattern? {
        switch node.kind {
        case .name(let word):
            guard let set = DirectionSet(name: word) else {
                unknownName(Identifier(name: word, range: node.range), what: "direction", candidates: DirectionSet.names,
                            expected: "expected a direction such as 'down-right', or 'horizontal', 'vertical', 'any'")
                return nil
            }
            guard !set.intersection(alphabet).isEmpty else {
                diagnostics.report(.directionOffAxis(word, axis: axis.name), at: node.range)
                return nil
            }
            return .classes(set)
        case .sequence(let items):
            let resolved = items.map { resolve($0, alphabet: alphabet, axis: axis) }
            return resolved.contains(nil) ? nil : .sequence(resolved.map { $0! })
        case .alternation(let items):
            let resolved = items.map { resolve($0, alphabet: alphabet, axis: axis) }
            return resolved.contains(nil) ? nil : .alternation(resolved.map { $0! })
        case .repetition(let inner, let min, let max):
            return resolve(inner, alphabet: alphabet, axis: axis).map { .repetition($0, min: min, max: max) }
        }
    }
}
