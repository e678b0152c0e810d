import GestureRuntime

/// Recursive-descent parser for `.gesture` files. It never throws and never
/// stops at the first error: every problem becomes a diagnostic, and parsing
/// resynchronizes at the next parameter or declaration, so one run reports
/// all errors of a file. The grammar is `grammar/gesture.ebnf`; each parse
/// function quotes its production.
public struct Parser {
    private let source: SourceFile
    private var tokens: [Token]
    private var index = 0
    private var diagnostics: [Diagnostic]
    /// Set when a pattern is abandoned (nested too deep): enclosing levels unwind without more errors.
    private var patternAborted = false

    /// How deep parentheses may nest in a pattern; deeper input is an error, not a stack overflow.
    static let maxPatternDepth = 32

    /// Parses a file into its syntax tree plus every lexical and syntax diagnostic.
    public static func parse(_ source: SourceFile) -> (SpecSyntax, [Diagnostic]) {
        var lexer = Lexer(source)
        let tokens = lexer.tokenize()
        var parser = Parser(source: source, tokens: tokens, diagnostics: lexer.diagnostics)
        let syntax = parser.parseFile()
        return (syntax, parser.diagnostics)
    }

    private init(source: SourceFile, tokens: [Token], diagnostics: [Diagnostic]) {
        self.source = source
        self.tokens = tokens
        self.diagnostics = diagnostics
    }

    // MARK: Declarations

    /// `file = { declaration } EOF ;`
    private mutating func parseFile() -> SpecSyntax {
        var declarations: [Declaration] = []
        while current.kind != .endOfFile {
            let before = index
            if let d = parseDeclaration() { declarations.append(d) }
            if index == before {
                // Loops must make progress, whatever the input.
                advance()
                skipToDeclaration()
            }
        }
        return SpecSyntax(declarations: declarations)
    }

    /// `declaration = constant | gesture | rule ;`
    private mutating func parseDeclaration() -> Declaration? {
        var doc: [String] = []
        while current.kind == .docComment {
            var line = text(advance()).dropFirst(3)
            if line.first == " " { line = line.dropFirst() }
            doc.append(String(line))
        }
        if isWord("gesture") {
            return parseGesture(doc: doc.isEmpty ? nil : doc.joined(separator: "\n")).map(Declaration.gesture)
        }
        if !doc.isEmpty { return nil }  // a doc comment before anything but a gesture documents nothing
        if isWord("let") { return parseConstant().map(Declaration.constant) }
        if startsView { return parseView(parent: nil).map(Declaration.view) }
        if startsProfile {
            let word = advance()
            let name = advance()
            return .profile(Identifier(name: text(name), range: name.range), word.range.union(name.range))
        }
        if startsMode {
            let word = advance()
            let name = advance()
            return .mode(Identifier(name: text(name), range: name.range), word.range.union(name.range))
        }
        if current.kind == .identifier && !Keyword.all.contains(text(current)) {
            return parseRule().map(Declaration.rule)
        }
        diagnostics.report(.expectedDeclaration, at: current.range)
        advance()
        skipToDeclaration()
        return nil
    }

    /// `constant = "let" IDENT "=" value ;`
    private mutating func parseConstant() -> ConstantDecl? {
        let start = advance().range.start
        guard let name = expectName(what: "constant") else { return nil }
        // A constant whose value is missing is still declared, so its uses raise no second error.
        let invalid = ConstantDecl(name: name, value: .invalid(name.range), range: SourceRange(start: start, end: name.range.end))
        guard consume(.equals) else {
            diagnostics.report(.expectedEquals(after: name.name), at: missingRange)
            skipToDeclaration()
            return invalid
        }
        guard let value = parseValue(for: name.name) else {
            skipToDeclaration()
            return invalid
        }
        return ConstantDecl(name: name, value: value, range: SourceRange(start: start, end: value.range.end))
    }

    /// `gesture = "gesture" IDENT ":" IDENT "{" { parameter [ "," ] } "}" ;`
    private mutating func parseGesture(doc: String?) -> GestureDecl? {
        let start = advance().range.start
        guard let name = expectName(what: "gesture") else { return nil }
        if !consume(.colon) {
            diagnostics.report(.expectedColon(after: name.name), at: current.range)
            if current.kind != .identifier {
                skipToDeclaration()
                return nil
            }
        }
        guard current.kind == .identifier else {
            diagnostics.report(.expectedKind, at: current.range)
            skipToDeclaration()
            return nil
        }
        let kindToken = advance()
        let kind = Identifier(name: text(kindToken), range: kindToken.range)
        var decl = GestureDecl(doc: doc, name: name, kind: kind, parameters: [],
                               range: SourceRange(start: start, end: kindToken.range.end))
        guard current.kind == .leftBrace else {
            diagnostics.report(.expectedLeftBrace(toOpen: "the parameters of '\(name.name)'"), at: current.range)
            skipToDeclaration()
            return decl
        }
        let open = advance()
        while current.kind != .rightBrace && current.kind != .endOfFile {
            if current.leadingNewline && startsDeclaration(allowRules: false) { break }
            if consume(.comma) { continue }
            if current.kind == .identifier && peek(1).kind == .colon {
                let p = parseParameter()
                decl.parameters.append(p)
                if case .invalid = p.value { skipInBody() }
            } else {
                diagnostics.report(.expectedParameter, at: current.range)
                advance()
                skipInBody()
            }
        }
        if current.kind == .rightBrace {
            decl.range.end = advance().range.end
        } else {
            diagnostics.report(.expectedRightBrace(toClose: "the parameters of '\(name.name)'"), at: missingRange,
                               notes: [.matching("{", at: open.range)])
            decl.range.end = tokens[index - 1].range.end
        }
        return decl
    }

    /// `view` is a contextual word: `view NAME {` or `view NAME in PARENT`
    /// starts a view, so a gesture may still be named `view`.
    private var startsView: Bool {
        isWord("view") && peek(1).kind == .identifier
            && (peek(2).kind == .leftBrace || (peek(2).kind == .identifier && text(peek(2)) == "in"))
    }

    /// `view = "view" IDENT [ "in" IDENT ] "{" { view-item [ "," ] } "}" ;`
    /// `view-item = ( "gestures" | "forwards" | "defersSystemEdges" ) ":" IDENT { [ "," | "|" ] IDENT } | view ;`
    private mutating func parseView(parent enclosing: Identifier?) -> ViewDecl? {
        let start = advance().range.start
        guard let name = expectName(what: "view") else { return nil }
        var decl = ViewDecl(name: name, parent: enclosing, gestures: [], forwards: [], subviews: [],
                            range: SourceRange(start: start, end: name.range.end))
        if isWord("in") {
            advance()
            guard let parent = expectName(what: "view") else { return decl }
            if enclosing != nil {
                diagnostics.report(.nestedViewParent(parent.name), at: parent.range)
            } else {
                decl.parent = parent
            }
        }
        guard current.kind == .leftBrace else {
            diagnostics.report(.expectedLeftBrace(toOpen: "the view '\(name.name)'"), at: current.range)
            skipToDeclaration()
            return decl
        }
        let open = advance()
        while current.kind != .rightBrace && current.kind != .endOfFile {
            if consume(.comma) { continue }
            if startsView {
                if let sub = parseView(parent: name) { decl.subviews.append(sub) }
                continue
            }
            if current.leadingNewline && startsDeclaration(allowRules: false) { break }
            guard current.kind == .identifier && peek(1).kind == .colon else {
                diagnostics.report(.expectedViewItem, at: current.range)
                advance()
                skipInBody()
                continue
            }
            let item = advance()
            advance()
            let names = parseNameList(after: text(item))
            switch text(item) {
            case "gestures": decl.gestures += names
            case "forwards": decl.forwards += names
            case "defersSystemEdges": decl.defersSystemEdges += names
            default:
                let s = closestMatch(to: text(item), in: ["gestures", "forwards", "defersSystemEdges"])
                diagnostics.report(.unknownViewItem(text(item), suggestion: s), at: item.range,
                                   fixIts: s.map { [.init(replace: item.range, with: $0)] } ?? [])
            }
        }
        if current.kind == .rightBrace {
            decl.range.end = advance().range.end
        } else {
            diagnostics.report(.expectedRightBrace(toClose: "the view '\(name.name)'"), at: missingRange,
                               notes: [.matching("{", at: open.range)])
            decl.range.end = tokens[index - 1].range.end
        }
        return decl
    }

    /// Names after `gestures:`, `forwards:` or `defersSystemEdges:`, separated by commas, `|` or spaces;
    /// the list ends at `}`, at the next `name:` or at a nested view.
    private mutating func parseNameList(after item: String) -> [Identifier] {
        var names: [Identifier] = []
        while current.kind == .identifier && peek(1).kind != .colon && !startsView {
            let t = advance()
            names.append(Identifier(name: text(t), range: t.range))
            if !consume(.comma) { _ = consume(.pipe) }
        }
        if names.isEmpty { diagnostics.report(.expectedName("a name after '\(item):'"), at: missingRange) }
        return names
    }

    /// `parameter = IDENT ":" ( value | pattern ) ;` where only `match` takes a pattern.
    private mutating func parseParameter() -> Parameter {
        let nameToken = advance()
        let name = Identifier(name: text(nameToken), range: nameToken.range)
        let colon = advance()
        let start = current.range.start
        let parsed = switch name.name {
        case "match": parsePattern().map(Value.pattern)
        case "enabled": parseEnabled()
        default: parseValue(for: name.name)
        }
        let value = parsed ?? .invalid(SourceRange(start: min(start, max(colon.range.end, tokens[index - 1].range.end)),
                                                   end: max(colon.range.end, tokens[index - 1].range.end)))
        var parameter = Parameter(name: name, value: value, range: name.range.union(value.range))
        // `500ms in 400ms...1500ms` (v4): `in` on the value's line starts the range it may take at run time.
        if case .number = value, isWord("in"), !current.leadingNewline {
            let word = advance()
            let range = current.kind == .number ? parseValue(for: "'in'") : nil
            if range == nil { diagnostics.report(.expectedValue(for: "'in'"), at: missingRange) }
            parameter.allowed = range ?? .invalid(word.range)
            parameter.range = parameter.range.union(parameter.allowed!.range)
        }
        return parameter
    }

    /// `rule = names "requires" names "to" "fail" | names "with" names
    ///      | names "after" names [ "within" ( number | IDENT ) ]
    ///      | names "hands" "over" "to" names [ "at" edge { ( "|" | "," ) edge } ] ;`
    /// `names = IDENT { "," IDENT } ;`
    private mutating func parseRule() -> RuleDecl? {
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
    private mutating func parseRuleNames() -> [Identifier]? {
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
    private mutating func parseEnabled() -> Value? {
        guard let e = parseCondition(depth: 0) else { return nil }
        switch e {
        case .name(let id): return .names([id], id.range)
        case .literal(let b, let r): return .boolean(b, r)
        default: return .expression(e)
        }
    }

    private mutating func parseCondition(depth: Int) -> ModeExpression? {
        guard var left = parseTerm(depth: depth) else { return nil }
        while isWord("or") && !current.leadingNewline {
            advance()
            guard let right = parseTerm(depth: depth) else { return nil }
            left = .or(left, right)
        }
        return left
    }

    private mutating func parseTerm(depth: Int) -> ModeExpression? {
        guard var left = parseFactor(depth: depth) else { return nil }
        while isWord("and") && !current.leadingNewline {
            advance()
            guard let right = parseFactor(depth: depth) else { return nil }
            left = .and(left, right)
        }
        return left
    }

    private mutating func parseFactor(depth: Int) -> ModeExpression? {
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

    // MARK: Values

    /// `value = number [ "..." [ number ] ] | IDENT { "|" IDENT } | "true" | "false" | STRING ;`
    private mutating func parseValue(for owner: String) -> Value? {
        if current.kind == .string {
            let t = advance()
            return .string(Self.unquoted(text(t)), t.range)
        }
        if current.kind == .number {
            let lower = parseNumber()
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
    private mutating func parseNumber() -> NumberLiteral {
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

    // MARK: Patterns

    /// `pattern = alternative { "|" alternative } ;` (ends at a line break, `}`, `,` or the next `name:`)
    private mutating func parsePattern() -> PatternNode? {
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

    private mutating func parseAlternation(depth: Int) -> PatternNode? {
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
    private mutating func parseSequence(depth: Int) -> PatternNode? {
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
    private mutating func parseRepeat(depth: Int) -> PatternNode? {
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
    private mutating func parseCounts() -> (Int, Int?)? {
        let open = advance()
        guard let counts = parseCountsBody(open) else {
            // Skip the rest of a malformed `{...}` on its line, so its `}` does not close the gesture.
            while current.kind != .rightBrace && !current.leadingNewline && current.kind != .endOfFile { advance() }
            if current.kind == .rightBrace && !current.leadingNewline { advance() }
            return nil
        }
        return counts
    }

    private mutating func parseCountsBody(_ open: Token) -> (Int, Int?)? {
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

    private mutating func parseCount() -> Int? {
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
    private mutating func parseAtom(depth: Int) -> PatternNode? {
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

    private func atPatternEnd(depth: Int) -> Bool {
        switch current.kind {
        case .endOfFile, .docComment, .rightBrace, .comma: return true
        case .identifier where peek(1).kind == .colon: return true
        default: return depth == 0 && current.leadingNewline
        }
    }

    // MARK: Recovery

    /// `profile NAME` (contextual: a gesture may be named `profile`, and
    /// `profile requires x to fail` is a rule): the word, then a name on the same line.
    private var startsProfile: Bool {
        guard isWord("profile"), peek(1).kind == .identifier, !peek(1).leadingNewline else { return false }
        return !RuleDecl.Relation.leadWords.contains(text(peek(1)))
    }

    /// `mode NAME` (contextual, as `profile`): the word, then a name on the same line.
    private var startsMode: Bool {
        guard isWord("mode"), peek(1).kind == .identifier, !peek(1).leadingNewline else { return false }
        return !RuleDecl.Relation.leadWords.contains(text(peek(1)))
    }

    /// Whether the current token can start a declaration.
    private func startsDeclaration(allowRules: Bool = true) -> Bool {
        if current.kind == .docComment || isWord("gesture") || isWord("let") || startsView || startsProfile || startsMode { return true }
        guard allowRules, current.kind == .identifier else { return false }
        // `a requires ...`, or a list `a, b requires ...`.
        var k = 1
        while peek(k).kind == .comma && peek(k + 1).kind == .identifier { k += 2 }
        guard peek(k).kind == .identifier else { return false }
        return RuleDecl.Relation.leadWords.contains(text(peek(k)))
    }

    /// Skips to the next line that starts a declaration.
    private mutating func skipToDeclaration() {
        while current.kind != .endOfFile && !(current.leadingNewline && startsDeclaration()) {
            advance()
        }
    }

    /// Skips to the next parameter, the closing brace, or a declaration on a new line.
    private mutating func skipInBody() {
        while current.kind != .endOfFile && current.kind != .rightBrace {
            if current.kind == .identifier && peek(1).kind == .colon { return }
            if current.leadingNewline && startsDeclaration(allowRules: false) { return }
            advance()
        }
    }

    // MARK: Tokens

    private var current: Token { tokens[index] }

    /// Where to report something missing: at the current token when it is on
    /// the same line, otherwise just after the previous token, as swiftc does.
    private var missingRange: SourceRange {
        guard current.leadingNewline || current.kind == .endOfFile, index > 0 else { return current.range }
        let end = tokens[index - 1].range.end
        return SourceRange(start: end, end: end)
    }

    private func peek(_ ahead: Int) -> Token { tokens[min(index + ahead, tokens.count - 1)] }

    private func text(_ t: Token) -> String { source.text(t.range) }

    private func isWord(_ word: String) -> Bool {
        current.kind == .identifier && text(current) == word
    }

    @discardableResult
    private mutating func advance() -> Token {
        let t = current
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    private mutating func consume(_ kind: Token.Kind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    /// A declared name: an identifier that is not a reserved word.
    private mutating func expectName(what: String) -> Identifier? {
        guard current.kind == .identifier else {
            diagnostics.report(.expectedName("a \(what) name"), at: current.range)
            skipToDeclaration()
            return nil
        }
        let t = advance()
        let name = Identifier(name: text(t), range: t.range)
        if Keyword.all.contains(name.name) {
            diagnostics.report(.reservedWord(name.name, naming: what), at: t.range)
        }
        return name
    }
}
