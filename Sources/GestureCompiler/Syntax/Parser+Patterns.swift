import GestureRuntime

/// Stroke patterns: alternation, sequence, repetition with counts, atoms; nesting capped at `maxPatternDepth`.
extension Parser {
    /// `pattern = alternative { "|" alternative } ;` (ends at a line break, `}`, `,` or the next `name:`)
    mutating func parsePattern() -> PatternNode? {
        guard !atPatternEnd(depth: 0) else {
            diagnostics.report(.expectedPattern, at: missingRange)
            return nil
        }
        let errorsBefore = diagnostics.count
        patternAborted = false
        let node = parseAlternation(depth: 0)
        // Whatever follows the pattern on its line cannot be parsed as more pattern.
        while !atPatternEnd(depth: 0) {
            diagnostics.report(.unexpectedInPattern(text(current)), at: current.range)
            advance()
        }
        return diagnostics.count == errorsBefore ? node : nil
    }

    mutating func parseAlternation(depth: Int) -> PatternNode? {
        var alternatives: [PatternNode] = []
        let first = parseSequence(depth: depth)
        if let first { alternatives.append(first) }
        while current.kind == .pipe {
            let pipe = advance()
            if first == nil && alternatives.isEmpty {
                diagnostics.report(.emptyAlternative(before: true), at: pipe.range)
            }
            guard let next = parseSequence(depth: depth) else {
                diagnostics.report(.emptyAlternative(before: false), at: pipe.range)
                continue
            }
            alternatives.append(next)
        }
        guard let head = alternatives.first else { return nil }
        if alternatives.count == 1 { return head }
        return PatternNode(kind: .alternation(alternatives), range: head.range.union(alternatives.last!.range))
    }

    /// `alternative = repeat { repeat } ;`
    mutating func parseSequence(depth: Int) -> PatternNode? {
        var items: [PatternNode] = []
        while !atPatternEnd(depth: depth) && current.kind != .pipe && current.kind != .rightParen {
            let before = index
            if let item = parseRepeat(depth: depth) { items.append(item) }
            if index == before { break }
        }
        guard let head = items.first else { return nil }
        if items.count == 1 { return head }
        return PatternNode(kind: .sequence(items), range: head.range.union(items.last!.range))
    }

    /// `repeat = atom { "?" | "*" | "+" | "{" INT [ "," [ INT ] ] "}" } ;`
    mutating func parseRepeat(depth: Int) -> PatternNode? {
        guard var node = parseAtom(depth: depth) else { return nil }
        while true {
            let (min, max): (Int, Int?)
            switch current.kind {
            case .question: (min, max) = (0, 1)
            case .star: (min, max) = (0, nil)
            case .plus: (min, max) = (1, nil)
            case .leftBrace:
                guard let counts = parseCounts() else { return nil }
                (min, max) = counts
                node = PatternNode(kind: .repetition(node, min: min, max: max),
                                   range: SourceRange(start: node.range.start, end: tokens[index - 1].range.end))
                continue
            default: return node
            }
            let q = advance()
            node = PatternNode(kind: .repetition(node, min: min, max: max),
                               range: SourceRange(start: node.range.start, end: q.range.end))
        }
    }

    /// `{n}`, `{n,}` or `{n,m}`.
    mutating func parseCounts() -> (Int, Int?)? {
        let open = advance()
        guard let counts = parseCountsBody(open) else {
            // Skip the rest of a malformed `{...}` on its line, so its `}` does not close the gesture.
            while current.kind != .rightBrace && !current.leadingNewline && current.kind != .endOfFile { advance() }
            if current.kind == .rightBrace && !current.leadingNewline { advance() }
            return nil
        }
        return counts
    }

    mutating func parseCountsBody(_ open: Token) -> (Int, Int?)? {
        guard let low = parseCount() else { return nil }
        var high: Int? = low
        if consume(.comma) {
            high = nil
            if current.kind == .number {
                guard let h = parseCount() else { return nil }
                high = h
            }
        }
        guard current.kind == .rightBrace else {
            diagnostics.report(.expectedRightBrace(toClose: "the repetition count"), at: missingRange,
                               notes: [.matching("{", at: open.range)])
            return nil
        }
        let close = advance()
        if let high, high < low {
            diagnostics.report(.emptyRepetition(low, high), at: SourceRange(start: open.range.start, end: close.range.end))
        }
        return (low, high)
    }

    mutating func parseCount() -> Int? {
        guard current.kind == .number else {
            diagnostics.report(.expectedCount, at: current.range)
            return nil
        }
        let t = advance()
        guard let n = Int(text(t)), n >= 0, n <= 1_000 else {
            diagnostics.report(.badCount(text(t)), at: t.range)
            return nil
        }
        if current.kind == .unit {
            diagnostics.report(.countWithUnit, at: advance().range)
            return nil
        }
        return n
    }

    /// `atom = IDENT | "(" pattern ")" ;`
    mutating func parseAtom(depth: Int) -> PatternNode? {
        switch current.kind {
        case .identifier:
            let t = advance()
            return PatternNode(kind: .name(text(t)), range: t.range)
        case .leftParen:
            let open = advance()
            guard depth < Self.maxPatternDepth else {
                diagnostics.report(.patternTooDeep(Self.maxPatternDepth), at: open.range)
                while current.kind != .endOfFile && (!atPatternEnd(depth: 0) || current.kind == .rightParen) { advance() }
                patternAborted = true
                return nil
            }
            let inner = parseAlternation(depth: depth + 1)
            if patternAborted { return nil }
            guard current.kind == .rightParen else {
                diagnostics.report(.expectedRightParen(in: "pattern"), at: missingRange, notes: [.matching("(", at: open.range)])
                return nil
            }
            let close = advance()
            guard var inner else {
                diagnostics.report(.emptyGroup, at: SourceRange(start: open.range.start, end: close.range.end))
                return nil
            }
            inner.range = SourceRange(start: open.range.start, end: close.range.end)
            return inner
        case .question, .star, .plus, .leftBrace:
            let t = advance()
            diagnostics.report(.nothingToRepeat(text(t)), at: t.range)
            return nil
        default:
            let t = advance()
            diagnostics.report(.expectedDirection(got: text(t)), at: t.range)
            return nil
        }
    }

    func atPatternEnd(depth: Int) -> Bool {
        switch current.kind {
        case .endOfFile, .docComment, .rightBrace, .comma: return true
        case .identifier where peek(1).kind == .colon: return true
        default: return depth == 0 && current.leadingNewline
        }
    }
}
