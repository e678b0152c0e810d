import GestureRuntime

/// Parameter values: numbers with units, ranges, names, strings, patterns.
extension Parser {
    /// `value = number [ "..." [ number ] | { "," number } ] | IDENT "(" number ")" | IDENT { "|" IDENT } | "true" | "false" | STRING ;`
    mutating func parseValue(for owner: String) -> Value? {
        if current.kind == .string {
            let t = advance()
            return .string(Self.unquoted(text(t)), t.range)
        }
        if current.kind == .number {
            let lower = parseNumber()
            if current.kind == .comma && peek(1).kind == .number {
                // A list (v5): a comma before a number continues it; before a name it separates parameters.
                var items = [lower]
                while current.kind == .comma && peek(1).kind == .number {
                    advance()
                    items.append(parseNumber())
                }
                return .list(items, lower.range.union(items[items.count - 1].range))
            }
            guard current.kind == .ellipsis else { return .number(lower) }
            var end = advance().range.end
            var upper: NumberLiteral?
            if current.kind == .number {
                upper = parseNumber()
                end = upper!.range.end
            }
            return .range(lower: lower, upper: upper, SourceRange(start: lower.range.start, end: end))
        }
        if current.kind == .identifier {
            let first = advance()
            let word = text(first)
            if word == "true" || word == "false" { return .boolean(word == "true", first.range) }
            if current.kind == .leftParen && current.range.start == first.range.end {
                // `exponential(0.995)` (v5): a word and its number, written together.
                advance()
                guard current.kind == .number else {
                    diagnostics.report(.expectedValue(for: "'\(word)('"), at: missingRange)
                    return nil
                }
                let argument = parseNumber()
                guard current.kind == .rightParen else {
                    diagnostics.report(.expectedRightParen(in: "'\(word)(...)'"), at: missingRange)
                    return nil
                }
                let close = advance()
                return .call(Identifier(name: word, range: first.range), argument, first.range.union(close.range))
            }
            var names = [Identifier(name: word, range: first.range)]
            while current.kind == .pipe {
                advance()
                guard current.kind == .identifier else {
                    diagnostics.report(.expectedName("a name after '|'"), at: missingRange)
                    return nil
                }
                let t = advance()
                names.append(Identifier(name: text(t), range: t.range))
            }
            return .names(names, names[0].range.union(names[names.count - 1].range))
        }
        diagnostics.report(.expectedValue(for: owner), at: missingRange)
        return nil
    }

    /// A string token's text without its quotes, `\"` and `\\` resolved (an unterminated one has no closing quote).
    static func unquoted(_ token: String) -> String {
        var out = "", escaped = false
        for c in token.dropFirst() {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else if c != "\"" { out.append(c) }
        }
        return out
    }

    /// `number = NUMBER [ UNIT ] ;`
    mutating func parseNumber() -> NumberLiteral {
        let t = advance()
        let digits = text(t)
        var literal = NumberLiteral(value: Double(digits) ?? 0, text: digits, unit: nil, range: t.range)
        if current.kind == .unit {
            let u = advance()
            literal.unit = Identifier(name: text(u), range: u.range)
            literal.range.end = u.range.end
            literal.text += text(u)
        } else if current.kind == .identifier, !current.leadingNewline, Unit(rawValue: text(current)) != nil,
                  peek(1).kind != .colon {
            // `10 pt`: one error with its fix-it, and the unit taken, so the value gets no second complaint.
            let u = advance()
            let written = SourceRange(start: t.range.start, end: u.range.end)
            diagnostics.report(.detachedUnit(digits + text(u), written: source.text(written)),
                               at: written, fixIts: [.init(replace: written, with: digits + text(u))])
            literal.unit = Identifier(name: text(u), range: u.range)
            literal.range.end = u.range.end
            literal.text += text(u)
        }
        return literal
    }
}
