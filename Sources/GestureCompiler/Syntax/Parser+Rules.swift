import GestureRuntime

/// Rules between gestures and the mode conditions of `enabled:`.
extension Parser {
    /// `rule = names "requires" names "to" "fail" | names "with" names
    ///      | names "after" names [ "within" ( number | IDENT ) ]
    ///      | names "hands" "over" "to" names [ "at" edge { ( "|" | "," ) edge } ] ;`
    /// `names = IDENT { "," IDENT } ;`
    mutating func parseRule() -> RuleDecl? {
        guard let lhsNames = parseRuleNames() else { return nil }
        let lhs = lhsNames.last!
        guard let relation = RuleDecl.Relation.allCases.first(where: { isWord($0.leadWord) }) else {
            let s = current.kind == .identifier ? closestMatch(to: text(current), in: RuleDecl.Relation.leadWords) : nil
            diagnostics.report(.expectedRelation(after: lhs.name, suggestion: s), at: current.range,
                               fixIts: s.map { [.init(replace: current.range, with: $0)] } ?? [])
            skipToDeclaration()
            return nil
        }
        let names = { (side: [Identifier]) in side.map(\.name).joined(separator: ", ") }
        for word in relation.words.between {
            guard isWord(word) else {
                diagnostics.report(.expectedRelationWords(relation.words.between, after: names(lhsNames)), at: missingRange)
                skipToDeclaration()
                return nil
            }
            advance()
        }
        guard let rhsNames = parseRuleNames() else { return nil }
        var end = rhsNames.last!.range.end
        for word in relation.words.after {
            guard isWord(word) else {
                diagnostics.report(.expectedToFail(names(lhsNames), names(rhsNames)), at: missingRange)
                skipToDeclaration()
                return nil
            }
            end = advance().range.end
        }
        var within: Value?
        if relation == .after && isWord("within") && !current.leadingNewline {
            advance()
            guard let value = parseValue(for: "within") else {
                skipToDeclaration()
                return nil
            }
            within = value
            end = value.range.end
        }
        // v4: `at EDGE | EDGE` on a hand-over from a scroll, on the rule's line (`at` is contextual).
        var edges: [Identifier] = []
        if relation == .handsOver && isWord("at") && !current.leadingNewline {
            advance()
            repeat {
                if !edges.isEmpty { advance() }  // the separator
                guard current.kind == .identifier, !current.leadingNewline else {
                    diagnostics.report(.expectedName("an edge (top, bottom, left or right)"), at: missingRange)
                    skipToDeclaration()
                    return nil
                }
                let t = advance()
                edges.append(Identifier(name: text(t), range: t.range))
                end = t.range.end
            } while (current.kind == .pipe || current.kind == .comma) && !current.leadingNewline
        }
        return RuleDecl(relation: relation, lhs: lhsNames, rhs: rhsNames, range: SourceRange(start: lhsNames[0].range.start, end: end),
                        within: within, edges: edges)
    }

    /// `names = IDENT { "," IDENT } ;`: one side of a rule.
    mutating func parseRuleNames() -> [Identifier]? {
        var names: [Identifier] = []
        repeat {
            guard let name = expectName(what: "gesture") else { return nil }
            names.append(name)
        } while consume(.comma)
        return names
    }

    /// `condition = term { "or" term } ; term = factor { "and" factor } ;
    ///  factor = "not" factor | "(" condition ")" | IDENT | "true" | "false" ;`
    /// The value of `enabled:`: true, false, a constant's or a mode's name, or
    /// a condition on modes. A lone name or boolean stays a plain value.
    mutating func parseEnabled() -> Value? {
        guard let e = parseCondition(depth: 0) else { return nil }
        switch e {
        case .name(let id): return .names([id], id.range)
        case .literal(let b, let r): return .boolean(b, r)
        default: return .expression(e)
        }
    }

    mutating func parseCondition(depth: Int) -> ModeExpression? {
        guard var left = parseTerm(depth: depth) else { return nil }
        while isWord("or") && !current.leadingNewline {
            advance()
            guard let right = parseTerm(depth: depth) else { return nil }
            left = .or(left, right)
        }
        return left
    }

    mutating func parseTerm(depth: Int) -> ModeExpression? {
        guard var left = parseFactor(depth: depth) else { return nil }
        while isWord("and") && !current.leadingNewline {
            advance()
            guard let right = parseFactor(depth: depth) else { return nil }
            left = .and(left, right)
        }
        return left
    }

    mutating func parseFactor(depth: Int) -> ModeExpression? {
        guard !current.leadingNewline || depth > 0 else {
            diagnostics.report(.expectedValue(for: "enabled"), at: missingRange)
            return nil
        }
        if isWord("not") && peek(1).kind != .colon {
            let word = advance()
            guard let inner = parseFactor(depth: depth) else { return nil }
            return .not(inner, word.range.union(inner.range))
        }
        if current.kind == .leftParen {
            let open = advance()
            guard depth < Self.maxPatternDepth else {
                diagnostics.report(.patternTooDeep(Self.maxPatternDepth), at: open.range)
                return nil
            }
            guard let inner = parseCondition(depth: depth + 1) else { return nil }
            guard current.kind == .rightParen else {
                diagnostics.report(.expectedRightParen(in: "condition"), at: missingRange, notes: [.matching("(", at: open.range)])
                return nil
            }
            let close = advance()
            return .group(inner, open.range.union(close.range))
        }
        guard current.kind == .identifier, peek(1).kind != .colon else {
            diagnostics.report(.expectedValue(for: "enabled"), at: missingRange)
            return nil
        }
        let t = advance()
        let word = text(t)
        if word == "true" || word == "false" { return .literal(word == "true", t.range) }
        return .name(Identifier(name: word, range: t.range))
    }
}
