/// Rewrites a `.gesture` file in the one canonical layout (docs/formatting.md):
/// four-space indentation, a gesture's parameters on one line when short
/// (`{ taps: 2  series: continues }`) and one per line otherwise, rules
/// aligned on their first name, one blank line between declarations, and
/// every comment kept beside the code it was beside.
///
/// The layout is chosen from the syntax tree; the text of each line is the
/// file's own tokens, so nothing the author wrote is re-spelled. A file with
/// syntax errors is not formatted: its diagnostics are returned instead.
public enum SpecFormatter {
    /// A gesture's parameters share its line when there are at most this many...
    public static let maxParametersOnOneLine = 3
    /// ...and the line is at most this long.
    public static let maxLineLength = 100

    /// The formatted text, or the syntax errors that prevent formatting.
    public static func format(_ source: SourceFile) -> Result<String, FormatError> {
        var lexer = Lexer(source)
        let lexed = lexer.tokenize()
        let (syntax, diagnostics) = Parser.parse(source)
        guard !diagnostics.hasErrors else { return .failure(.syntax(diagnostics.filter { $0.severity == .error })) }
        var printer = Printer(source: source, tokens: lexed.filter { $0.kind != .docComment && $0.kind != .endOfFile },
                              comments: (lexer.comments + lexed.filter { $0.kind == .docComment })
                                  .sorted { $0.range.start < $1.range.start })
        printer.file(syntax)
        let text = printer.text
        // Nothing may be lost: the same tokens in order (separating commas aside), and the same comments.
        guard Self.words(of: SourceFile(path: source.path, text: text)) == Self.words(of: source) else {
            return .failure(.wouldLoseText)
        }
        return .success(text)
    }

    /// Why a file was not formatted.
    public enum FormatError: Error, Equatable, Sendable {
        /// The file does not parse; these are its errors.
        case syntax([Diagnostic])
        /// The layout would change the file's tokens: a bug in the formatter, reported rather than written.
        case wouldLoseText
    }

    private static func words(of source: SourceFile) -> [String] {
        var lexer = Lexer(source)
        let tokens = lexer.tokenize()
        let code = tokens.filter { $0.kind != .comma && $0.kind != .endOfFile && $0.kind != .docComment }
        let comments = lexer.comments + tokens.filter { $0.kind == .docComment }
        return code.map { source.text($0.range) } + comments.map { Printer.trimmed(source.text($0.range)) }.sorted()
    }
}

/// Builds the formatted text line by line, flushing comments as it passes them.
private struct Printer {
    let source: SourceFile
    let tokens: [Token]
    let comments: [Token]
    private var lines: [String] = []
    /// Comments at the end of a line, by line: aligned when the text is assembled.
    private var trailing: [Int: String] = [:]
    private var nextComment = 0
    /// Where the last printed thing (code or comment) ends in the source.
    private var lastEnd = 0
    /// The source line of the last printed code token, for trailing comments.
    private var lastCodeLine = 0
    private var indent = 0

    init(source: SourceFile, tokens: [Token], comments: [Token]) {
        (self.source, self.tokens, self.comments) = (source, tokens, comments)
    }

    /// The lines, with the trailing comments of each run of adjacent lines
    /// (no blank line between) starting in one column, as gofmt aligns them.
    var text: String {
        var out = lines
        var start = 0
        while start < out.count {
            var end = start
            while end < out.count && out[end] != "" { end += 1 }
            let column = (start..<end).filter { trailing[$0] != nil }.map { out[$0].count }.max() ?? 0
            for i in start..<end {
                if let comment = trailing[i] { out[i] += String(repeating: " ", count: column - out[i].count + 1) + comment }
            }
            start = end + 1
        }
        while out.last == "" { out.removeLast() }
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
    }

    static func trimmed(_ s: String) -> String {
        var s = Substring(s)
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }

    // MARK: Declarations

    mutating func file(_ syntax: SpecSyntax) {
        var previous: Declaration?
        var (ruleWidth, ruleBlockEnd) = (0, 0)
        for (i, d) in syntax.declarations.enumerated() {
            let start = Self.range(of: d).start
            trailingComments()
            if let previous {
                // Lets and rules written as a block stay one; everything else is set apart.
                let grouped = Self.groups(previous, d) && !blankLine(from: lastEnd, to: firstThing(before: start, after: lastEnd))
                if !grouped { blank() }
            }
            leadingComments(before: start)
            if case .rule(let r) = d {
                if i >= ruleBlockEnd { (ruleWidth, ruleBlockEnd) = ruleBlock(syntax.declarations[i...]) }
                rule(r, width: ruleWidth)
            } else {
                declaration(d)
            }
            previous = d
        }
        trailingComments()
        leadingComments(before: Int.max, keepBlank: true)
    }

    private static func groups(_ a: Declaration, _ b: Declaration) -> Bool {
        switch (a, b) {
        case (.constant, .constant), (.rule, .rule), (.mode, .mode): true
        default: false
        }
    }

    private static func range(of d: Declaration) -> SourceRange {
        switch d {
        case .constant(let c): c.range
        case .gesture(let g): g.range
        case .rule(let r): r.range
        case .view(let v): v.range
        case .profile(_, let r), .mode(_, let r): r
        }
    }

    /// The widest single left name of the block of rules starting at `rest`, for
    /// alignment, and the index of the declaration after the block.
    private func ruleBlock(_ rest: ArraySlice<Declaration>) -> (width: Int, end: Int) {
        var width = 0
        var end = -1
        for (i, d) in zip(rest.indices, rest) {
            guard case .rule(let r) = d else { return (width, i) }
            // A blank line or a comment line ends the block.
            if end >= 0 && (firstThing(before: r.range.start, after: end) != r.range.start
                            || blankLine(from: end, to: r.range.start)) { return (width, i) }
            // A list on the left is as wide as it is: it would push the others far right.
            if r.lhs.count == 1 { width = max(width, lhsText(r).count) }
            end = r.range.end
        }
        return (width, rest.endIndex)
    }

    private mutating func declaration(_ d: Declaration) {
        switch d {
        case .constant(let c): line(tokens(in: c.range))
        case .profile(_, let r), .mode(_, let r): line(tokens(in: r))
        case .rule(let r): rule(r, width: 0)
        case .gesture(let g): gesture(g)
        case .view(let v): view(v)
        }
    }

    /// A rule's left side as printed: `a` or `a, b`.
    private func lhsText(_ r: RuleDecl) -> String {
        Self.join(tokens(in: SourceRange(start: r.lhs[0].range.start, end: r.lhs.last!.range.end)), source)
    }

    private mutating func rule(_ r: RuleDecl, width: Int) {
        let all = tokens(in: r.range)
        let first = lhsText(r)
        let rest = all.filter { $0.range.start >= r.lhs.last!.range.end }
        emit(first + String(repeating: " ", count: max(0, width - first.count)) + " " + Self.join(rest, source), lastToken: all.last!)
    }

    private mutating func gesture(_ g: GestureDecl) {
        let all = tokens(in: g.range)
        let open = all.firstIndex { $0.kind == .leftBrace }!
        let header = Self.join(Array(all[...open]), source)
        // The body's items in source order: parameters, and a `settle { }` (v5) where it is written.
        var items: [(range: SourceRange, text: String, settle: SettleDecl?)] = g.parameters.map { ($0.range, Self.join(tokens(in: $0.range), source), nil) }
        if let settle = g.settle {
            items.append((settle.range, settleLine(settle), settle))
            items.sort { $0.range.start < $1.range.start }
        }
        let close = all.last!
        let inline = header + (items.isEmpty ? "}" : " " + items.map(\.text).joined(separator: "  ") + " }")
        if !hasComment(in: SourceRange(start: all[open].range.end, end: close.range.start)),
           items.count <= SpecFormatter.maxParametersOnOneLine,
           4 * indent + inline.count <= SpecFormatter.maxLineLength {
            emit(inline, lastToken: close)
            return
        }
        emit(header, lastToken: all[open])
        indent += 1
        for item in items {
            trailingComments()
            leadingComments(before: item.range.start, keepBlank: true)
            if let settle = item.settle { self.settle(settle, inline: item.text) } else { emit(item.text, lastToken: tokens(in: item.range).last!) }
        }
        closeBody(close)
    }

    /// `settle { a  b }` on one line.
    private func settleLine(_ d: SettleDecl) -> String {
        let items = d.items.map { Self.join(tokens(in: $0.range), source) }
        return "settle {" + (items.isEmpty ? "" : " " + items.joined(separator: "  ")) + " }"
    }

    /// A settle block (v5): on one line when it fits and holds no comment, else an item a line.
    private mutating func settle(_ d: SettleDecl, inline: String) {
        let all = tokens(in: d.range)
        let (open, close) = (all[1], all[all.count - 1])
        if !hasComment(in: SourceRange(start: open.range.end, end: close.range.start)), 4 * indent + inline.count <= SpecFormatter.maxLineLength,
           d.items.count <= SpecFormatter.maxParametersOnOneLine {
            emit(inline, lastToken: close)
            return
        }
        emit("settle {", lastToken: open)
        indent += 1
        for p in d.items {
            trailingComments()
            leadingComments(before: p.range.start, keepBlank: true)
            emit(Self.join(tokens(in: p.range), source), lastToken: tokens(in: p.range).last!)
        }
        closeBody(close)
    }

    private mutating func view(_ v: ViewDecl) {
        let all = tokens(in: v.range)
        let open = all.firstIndex { $0.kind == .leftBrace }!
        let header = Self.join(Array(all[...open]), source)
        let close = all.count - 1
        // Each item: `gestures: a, b`, `forwards: ...` or `defersSystemEdges: ...` (separators normalized) with its first and last token, or a subview.
        var items: [(text: String, first: Token, last: Token, subview: ViewDecl?)] = []
        var i = open + 1
        while i < close {
            let t = all[i]
            if let sub = v.subviews.first(where: { $0.range.start == t.range.start }) {
                items.append(("", t, t, sub))
                i = all.firstIndex { $0.range.start >= sub.range.end } ?? close
            } else if t.kind == .identifier && all[i + 1].kind == .colon {
                var j = i + 2
                var names: [Token] = []
                var piped = false
                while j < close && !(all[j].kind == .identifier && all[j + 1].kind == .colon)
                        && !v.subviews.contains(where: { $0.range.start == all[j].range.start }) {
                    if all[j].kind == .identifier { names.append(all[j]) }
                    piped = piped || all[j].kind == .pipe
                    j += 1
                }
                // Edges joined with `|` (v4 `defersSystemEdges: left | top`) keep it, as a gesture's `edges:` does.
                let list = names.map { source.text($0.range) }.joined(separator: piped ? " | " : ", ")
                items.append((source.text(t.range) + ": " + list, t, names.last ?? all[i + 1], nil))
                i = j
            } else {
                i += 1  // a separating comma
            }
        }
        let inline = header + (items.isEmpty ? "}" : " " + items.map(\.text).joined(separator: "  ") + " }")
        if !hasComment(in: SourceRange(start: all[open].range.end, end: all[close].range.start)),
           !items.contains(where: { $0.subview != nil }), items.count <= SpecFormatter.maxParametersOnOneLine,
           4 * indent + inline.count <= SpecFormatter.maxLineLength {
            emit(inline, lastToken: all[close])
            return
        }
        emit(header, lastToken: all[open])
        indent += 1
        for item in items {
            trailingComments()
            leadingComments(before: item.first.range.start, keepBlank: true)
            if let sub = item.subview { view(sub) } else { emit(item.text, lastToken: item.last) }
        }
        closeBody(all[close])
    }

    private mutating func closeBody(_ close: Token) {
        trailingComments()
        leadingComments(before: close.range.start)
        indent -= 1
        emit("}", lastToken: close)
    }

    // MARK: Lines and comments

    private mutating func line(_ tokens: [Token]) {
        emit(Self.join(tokens, source), lastToken: tokens.last!)
    }

    private mutating func emit(_ text: String, lastToken: Token) {
        lines.append(String(repeating: " ", count: 4 * indent) + text)
        lastEnd = lastToken.range.end
        lastCodeLine = source.location(of: lastToken.range.end).line
    }

    private mutating func blank() {
        if let last = lines.last, last != "" { lines.append("") }
    }

    /// Comments on the line the last code ended on stay at its end.
    private mutating func trailingComments() {
        while nextComment < comments.count, case let c = comments[nextComment],
              c.kind == .comment, !lines.isEmpty,
              source.location(of: c.range.start).line == lastCodeLine, c.range.start >= lastEnd {
            trailing[lines.count - 1, default: ""] += (trailing[lines.count - 1] == nil ? "" : " ") + Self.trimmed(source.text(c.range))
            lastEnd = c.range.end
            nextComment += 1
        }
    }

    /// Comments before `offset` on lines of their own, keeping a blank line
    /// where the source had one: between comments, and before the code that
    /// follows them or (`keepBlank`, inside a body) before the first. A doc
    /// comment stays against its gesture; nothing blank follows an opening `{`.
    private mutating func leadingComments(before offset: Int, keepBlank: Bool = false) {
        var printed = false, lastWasDoc = false
        func keep(_ start: Int) -> Bool {
            (printed || keepBlank) && !lastWasDoc && blankLine(from: lastEnd, to: start) && lines.last?.hasSuffix("{") == false
        }
        while nextComment < comments.count, comments[nextComment].range.start < offset {
            let c = comments[nextComment]
            if keep(c.range.start) { blank() }
            lines.append(String(repeating: " ", count: 4 * indent) + Self.trimmed(source.text(c.range)))
            lastEnd = c.range.end
            nextComment += 1
            (printed, lastWasDoc) = (true, c.kind == .docComment)
        }
        if offset != Int.max && keep(offset) { blank() }
    }

    /// Whether a blank line lies between `from` and `to` in the source.
    private func blankLine(from: Int, to offset: Int) -> Bool {
        var newlines = 0
        var i = min(offset, source.bytes.count) - 1
        while i >= from && i >= 0 {
            if source.bytes[i] == UInt8(ascii: "\n") {
                newlines += 1
                if newlines == 2 { return true }
            } else if source.bytes[i] != UInt8(ascii: " ") && source.bytes[i] != UInt8(ascii: "\t")
                        && source.bytes[i] != UInt8(ascii: "\r") {
                newlines = 0
            }
            i -= 1
        }
        return false
    }

    /// The first comment after the printed text and before `offset`, or `offset`.
    private func firstThing(before offset: Int, after from: Int) -> Int {
        comments.first { $0.range.start >= from && $0.range.start < offset
            && source.location(of: $0.range.start).line != source.location(of: from).line }?.range.start ?? offset
    }

    private func hasComment(in range: SourceRange) -> Bool {
        comments.contains { $0.range.start >= range.start && $0.range.start < range.end }
    }

    private func tokens(in range: SourceRange) -> [Token] {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].range.start < range.start { lo = mid + 1 } else { hi = mid }
        }
        var out: [Token] = []
        while lo < tokens.count && tokens[lo].range.end <= range.end {
            out.append(tokens[lo])
            lo += 1
        }
        return out
    }

    /// One line's tokens with the canonical spacing: none inside `10pt`,
    /// `1...2`, `(a b)`, `x+`, `x{2,3}`, before `:` and `,`; one space elsewhere.
    static func join(_ tokens: [Token], _ source: SourceFile) -> String {
        var out = ""
        var counts = false
        var previous: Token?
        for t in tokens {
            let text = source.text(t.range)
            if let p = previous {
                let hug: Bool
                switch t.kind {
                case .colon, .comma, .question, .star, .plus, .rightParen, .ellipsis, .unit: hug = true
                // `exponential(0.995)` (v5): a word and its argument stay together as written.
                case .leftParen where p.kind == .identifier && p.range.end == t.range.start: hug = true
                // A body's `{` ends its line; any other is a pattern's count, `x{2,3}`.
                case .leftBrace: hug = t.range.start != tokens.last!.range.start
                default: hug = counts || p.kind == .leftParen || p.kind == .ellipsis
                }
                if t.kind == .leftBrace && hug { counts = true }
                if !hug { out += " " }
            }
            if t.kind == .rightBrace { counts = false }
            out += text
            previous = t
        }
        return out
    }
}
