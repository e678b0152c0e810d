import GestureRuntime

/// Recursive-descent parser for `.gesture` files. It never throws and never
/// stops at the first error: every problem becomes a diagnostic, and parsing
/// resynchronizes at the next parameter or declaration, so one run reports
/// all errors of a file. The grammar is `grammar/gesture.ebnf`; each parse
/// function quotes its production.
public struct Parser {
    let source: SourceFile
    var tokens: [Token]
    var index = 0
    var diagnostics: [Diagnostic]
    /// Set when a pattern is abandoned (nested too deep): enclosing levels unwind without more errors.
    var patternAborted = false

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
    mutating func parseFile() -> SpecSyntax {
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
    mutating func parseDeclaration() -> Declaration? {
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
    mutating func parseConstant() -> ConstantDecl? {
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
    mutating func parseGesture(doc: String?) -> GestureDecl? {
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
            if isWord("settle") && peek(1).kind == .leftBrace {
                let settle = parseSettle()
                if let earlier = decl.settle {
                    diagnostics.report(.duplicateParameter("settle"), at: settle.keyword, notes: [.init("'settle' is first set here", at: earlier.keyword)])
                } else {
                    decl.settle = settle
                }
            } else if current.kind == .identifier && peek(1).kind == .colon {
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

    /// `settle = "settle" "{" { parameter [ "," ] } "}" ;` (v5; `settle` is
    /// contextual: only before `{` inside a gesture's body).
    mutating func parseSettle() -> SettleDecl {
        let word = advance()
        let open = advance()
        var decl = SettleDecl(keyword: word.range, items: [], range: word.range.union(open.range))
        while current.kind != .rightBrace && current.kind != .endOfFile {
            if current.leadingNewline && startsDeclaration(allowRules: false) { break }
            if consume(.comma) { continue }
            if current.kind == .identifier && peek(1).kind == .colon {
                let p = parseParameter()
                decl.items.append(p)
                if case .invalid = p.value { skipInBody() }
            } else {
                diagnostics.report(.expectedSettleItem, at: current.range)
                advance()
                skipInBody()
            }
        }
        if current.kind == .rightBrace {
            decl.range.end = advance().range.end
        } else {
            diagnostics.report(.expectedRightBrace(toClose: "'settle'"), at: missingRange, notes: [.matching("{", at: open.range)])
            decl.range.end = tokens[index - 1].range.end
        }
        return decl
    }

    /// `view` is a contextual word: `view NAME {` or `view NAME in PARENT`
    /// starts a view, so a gesture may still be named `view`.
    var startsView: Bool {
        isWord("view") && peek(1).kind == .identifier
            && (peek(2).kind == .leftBrace || (peek(2).kind == .identifier && text(peek(2)) == "in"))
    }

    /// `view = "view" IDENT [ "in" IDENT ] "{" { view-item [ "," ] } "}" ;`
    /// `view-item = ( "gestures" | "forwards" | "defersSystemEdges" ) ":" IDENT { [ "," | "|" ] IDENT } | view ;`
    mutating func parseView(parent enclosing: Identifier?) -> ViewDecl? {
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
    mutating func parseNameList(after item: String) -> [Identifier] {
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
    mutating func parseParameter() -> Parameter {
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

    // MARK: Recovery

    /// `profile NAME` (contextual: a gesture may be named `profile`, and
    /// `profile requires x to fail` is a rule): the word, then a name on the same line.
    var startsProfile: Bool {
        guard isWord("profile"), peek(1).kind == .identifier, !peek(1).leadingNewline else { return false }
        return !RuleDecl.Relation.leadWords.contains(text(peek(1)))
    }

    /// `mode NAME` (contextual, as `profile`): the word, then a name on the same line.
    var startsMode: Bool {
        guard isWord("mode"), peek(1).kind == .identifier, !peek(1).leadingNewline else { return false }
        return !RuleDecl.Relation.leadWords.contains(text(peek(1)))
    }

    /// Whether the current token can start a declaration.
    func startsDeclaration(allowRules: Bool = true) -> Bool {
        if current.kind == .docComment || isWord("gesture") || isWord("let") || startsView || startsProfile || startsMode { return true }
        guard allowRules, current.kind == .identifier else { return false }
        // `a requires ...`, or a list `a, b requires ...`.
        var k = 1
        while peek(k).kind == .comma && peek(k + 1).kind == .identifier { k += 2 }
        guard peek(k).kind == .identifier else { return false }
        return RuleDecl.Relation.leadWords.contains(text(peek(k)))
    }

    /// Skips to the next line that starts a declaration.
    mutating func skipToDeclaration() {
        while current.kind != .endOfFile && !(current.leadingNewline && startsDeclaration()) {
            advance()
        }
    }

    /// Skips to the next parameter, the closing brace, or a declaration on a new line.
    mutating func skipInBody() {
        while current.kind != .endOfFile && current.kind != .rightBrace {
            if current.kind == .identifier && peek(1).kind == .colon { return }
            if current.leadingNewline && startsDeclaration(allowRules: false) { return }
            advance()
        }
    }

    // MARK: Tokens

    var current: Token { tokens[index] }

    /// Where to report something missing: at the current token when it is on
    /// the same line, otherwise just after the previous token, as swiftc does.
    var missingRange: SourceRange {
        guard current.leadingNewline || current.kind == .endOfFile, index > 0 else { return current.range }
        let end = tokens[index - 1].range.end
        return SourceRange(start: end, end: end)
    }

    func peek(_ ahead: Int) -> Token { tokens[min(index + ahead, tokens.count - 1)] }

    func text(_ t: Token) -> String { source.text(t.range) }

    func isWord(_ word: String) -> Bool {
        current.kind == .identifier && text(current) == word
    }

    @discardableResult
    mutating func advance() -> Token {
        let t = current
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    mutating func consume(_ kind: Token.Kind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    /// A declared name: an identifier that is not a reserved word.
    mutating func expectName(what: String) -> Identifier? {
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
