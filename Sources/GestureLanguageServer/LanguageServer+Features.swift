import GestureCompiler
import GestureRuntime
import GestureTrace

/// Hover, navigation, rename, completion, code actions, formatting and symbols.
extension LanguageServer {
    // MARK: Hover

    func hover(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        let markdown: String
        let range: SourceRange
        if let o = c.index.occurrence(at: offset) {
            range = o.range
            switch o.kind {
            case .gesture: markdown = gestureHover(o.name, c, uri: document.uri) ?? "gesture `\(o.name)` (not declared)"
            case .constant: markdown = constantHover(o.name, c)
            case .view: markdown = "view `\(o.name)`"
            case .mode: markdown = "mode `\(o.name)`: a switch the app sets at run time (`setMode`), off at start"
            }
        } else if let (parameter, r) = parameterName(at: offset, c) {
            range = r
            markdown = parameterHover(parameter, profile: profile(c))
        } else {
            return .null
        }
        return ["contents": ["kind": "markdown", "value": .string(markdown)], "range": self.range(range, in: document)]
    }

    private func profile(_ c: Checked) -> Profile? {
        for case .profile(let id, _) in c.result.syntax.declarations { return Profile(rawValue: id.name) }
        return nil
    }

    private func gestureHover(_ name: String, _ c: Checked, uri: String) -> String? {
        guard let decl = gestureDecl(name, c) else { return nil }
        var lines = ["**\(name)**: \(decl.kind.name) gesture"]
        if let doc = decl.doc { lines += ["", doc] }
        let set = c.result.gestureSet
        // A file being typed has errors somewhere; the gesture's values are known whenever its own declaration checks.
        let checks = !c.result.diagnostics.contains { $0.severity == .error && decl.range.contains($0.range) }
        if checks, let g = set.gestureIDs.first(where: { set[$0].name == name }) {
            let record = TableBuilder.parameters(of: set[g])
            let written = Set(decl.parameters.map(\.name.name))
            lines += ["", "| parameter | value |", "|---|---|"]
            for p in GestureParameter.all where p.applies(to: record.kind) {
                // A condition on modes is shown as written; the record holds only its value at start.
                let condition = set[g].condition
                let value = p.type == .condition && !condition.isEmpty ? Condition.text(condition[...], names: set.modes) : record.text(of: p)
                guard let text = value else { continue }
                // A `|` in a value (`left | right`) would end the table's cell.
                let cell = text.replacingOccurrences(of: "|", with: "\\|")
                lines.append("| `\(p.name)` | \(cell)\(written.contains(p.name) ? "" : " (default)") |")
            }
            if let latency = c.analysis?.latencies.first(where: { $0.gesture == g }) {
                func ms(_ us: Int64?) -> String { us.map(DurationText.prose) ?? "unbounded" }
                let waits = latency.waitsFor.map { "`\(set[$0].name)`" }.joined(separator: ", ")
                lines += ["", "latency: worst \(ms(latency.worst)), typical \(ms(latency.typical))"
                    + (waits.isEmpty ? " (waits for no gesture)" : " (waits for \(waits) to fail)")
                    + (latency.provisional.map { "; shown provisional after \(ms($0))" } ?? "")]
            } else {
                lines += ["", "latency: known once the analysis has run"]
            }
        }
        return lines.joined(separator: "\n")
    }

    private func constantHover(_ name: String, _ c: Checked) -> String {
        for case .constant(let k) in c.result.syntax.declarations where k.name.name == name {
            return "constant `\(name)` = `\(c.result.source.text(k.value.range))`"
        }
        return "constant `\(name)`"
    }

    private func parameterHover(_ p: GestureParameter, profile: Profile?) -> String {
        let kinds = p.kinds.isEmpty ? "every kind" : p.kinds.map(\.keyword).joined(separator: ", ")
        var lines = ["**\(p.name)** (\(kinds)): \(p.summary)"]
        if p.type.isNumber || p.type == .flag || p.type == .touchRange || p.type == .touches {
            let value = p.type == .flag ? (p.defaultValue(for: profile) == 1 ? "true" : "false") : p.type.format(p.defaultValue(for: profile))
            lines.append("default: \(value)" + (profile.map { " (profile \($0.rawValue))" } ?? ""))
        }
        if p.isRuntime { lines.append("an app may change it at run time") }
        return lines.joined(separator: "\n\n")
    }

    private func gestureDecl(_ name: String, _ c: Checked) -> GestureDecl? {
        for case .gesture(let g) in c.result.syntax.declarations where g.name.name == name { return g }
        return nil
    }

    /// The parameter whose name is at `offset`, in the gesture around it.
    private func parameterName(at offset: Int, _ c: Checked) -> (GestureParameter, SourceRange)? {
        for case .gesture(let g) in c.result.syntax.declarations where g.range.start <= offset && offset <= g.range.end {
            guard let kind = GestureKind(keyword: g.kind.name) else { return nil }
            for p in g.parameters where p.name.range.start <= offset && offset <= p.name.range.end {
                if let parameter = GestureParameter.named(p.name.name, for: kind) { return (parameter, p.name.range) }
            }
        }
        return nil
    }

    // MARK: Navigation and rename

    func definition(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        guard let o = c.index.occurrence(at: offset), let d = c.index.declaration(of: o.name, o.kind) else { return .null }
        return ["uri": .string(document.uri), "range": range(d.range, in: document)]
    }

    func references(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        guard let o = c.index.occurrence(at: offset) else { return .null }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        return .array(c.index.all(o.name, o.kind).filter { includeDeclaration || !$0.isDeclaration }.map {
            ["uri": .string(document.uri), "range": range($0.range, in: document)]
        })
    }

    func prepareRename(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        guard let o = c.index.occurrence(at: offset), c.index.declaration(of: o.name, o.kind) != nil else { return .null }
        return ["range": range(o.range, in: document), "placeholder": .string(o.name)]
    }

    func rename(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        guard let newName = params["newName"]?.string else { throw RequestError(ErrorCode.invalidParams, "missing newName") }
        guard let o = c.index.occurrence(at: offset), c.index.declaration(of: o.name, o.kind) != nil else {
            throw RequestError(ErrorCode.requestFailed, "there is no gesture, constant or view here to rename")
        }
        guard Self.isName(newName) else {
            throw RequestError(ErrorCode.requestFailed, "'\(newName)' is not a name: letters, digits, '_' and '-' between letters, not a keyword")
        }
        if newName != o.name && c.index.declaration(of: newName, o.kind) != nil {
            throw RequestError(ErrorCode.requestFailed, "'\(newName)' is already declared")
        }
        let edits: [JSON] = c.index.all(o.name, o.kind).map { ["range": range($0.range, in: document), "newText": .string(newName)] }
        return ["changes": .object([(document.uri, .array(edits))])]
    }

    /// Whether the lexer reads `text` as one identifier that may name a declaration.
    static func isName(_ text: String) -> Bool {
        let (syntax, diagnostics) = Parser.parse(SourceFile(path: "", text: "let \(text) = 1"))
        guard !diagnostics.hasErrors, syntax.declarations.count == 1,
              case .constant(let c) = syntax.declarations[0] else { return false }
        return c.name.name == text
    }

    // MARK: Completion

    func completion(_ params: JSON) throws(RequestError) -> JSON {
        let (document, offset, c) = try located(params)
        let before = String(decoding: document.bytes[..<offset], as: UTF8.self)
        let line = String(before.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
        let gestures = c.index.declared(.gesture)
        func items(_ words: [String], kind: Int, detail: String? = nil) -> [JSON] {
            words.map { w in
                var item: [(String, JSON)] = [("label", .string(w)), ("kind", JSON(kind))]
                if let detail { item.append(("detail", .string(detail))) }
                return .object(item)
            }
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let endsInSpace = line.last == " " || line.last == "\t"
        // The words before the one being typed.
        let done = endsInSpace ? words : Array(words.dropLast())
        // `gesture NAME: ` -> kinds; `profile ` -> profiles.
        if done.first == "gesture", done.count >= 2, line.contains(":"), !line.contains("{") {
            return .array(items(GestureKind.allCases.map(\.keyword), kind: 14, detail: "gesture kind"))
        }
        if done == ["profile"] { return .array(items(Profile.allCases.map(\.rawValue), kind: 14, detail: "profile")) }
        if let body = enclosingBody(before) {
            return .array(bodyCompletion(body, c, gestures: gestures, items: items))
        }
        // Rules, either side a list: `a, ` / `a requires ` / `a with b, ` -> gestures;
        // `a, b ` -> rule words; `a hands ` -> `over to`; `a requires b ` -> `to fail`; `a after b ` -> `within`.
        let listed = done.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
        if let r = done.firstIndex(where: RuleDecl.Relation.leadWords.contains), listed[..<r].allSatisfy(gestures.contains),
           let relation = RuleDecl.Relation.allCases.first(where: { $0.leadWord == done[r] }) {
            let between = relation.words.between
            let typed = done[r...].prefix(between.count)
            guard typed.count == between.count else {
                return Array(typed) == Array(between.prefix(typed.count))
                    ? .array(items([between.dropFirst(typed.count).joined(separator: " ")], kind: 14)) : .array([])
            }
            let others = done[(r + between.count)...]
            if others.isEmpty || others.last!.hasSuffix(",") { return .array(items(gestures, kind: 3, detail: "gesture")) }
            if !relation.words.after.isEmpty, others.allSatisfy({ gestures.contains(String($0.hasSuffix(",") ? $0.dropLast() : $0[...])) }) {
                return .array(items([relation.words.after.joined(separator: " ")], kind: 14))
            }
            if relation == .after, others.count == 1 { return .array(items(["within"], kind: 14)) }
            // `list hands over to sheet ` -> `at` when every left side is a scroll (v4); `... at ` -> its edges.
            if relation == .handsOver {
                let scrolls = Set(c.result.gestureSet.gestures.filter { $0.kind == .scroll }.map(\.name))
                guard listed[..<r].allSatisfy(scrolls.contains) else { return .array([]) }
                if let at = others.firstIndex(of: "at") {
                    let last = others.last!
                    return at == others.indices.last || last.hasSuffix(",") || last == "|"
                        ? .array(items(ScreenEdge.names, kind: 12, detail: "edge")) : .array([])
                }
                if !others.last!.hasSuffix(",") { return .array(items(["at"], kind: 14)) }
            }
            return .array([])
        }
        if !done.isEmpty, listed.allSatisfy(gestures.contains) {
            return done.last!.hasSuffix(",") ? .array(items(gestures, kind: 3, detail: "gesture"))
                : .array(items(RuleDecl.Relation.allCases.map(\.word), kind: 14, detail: "rule"))
        }
        if done.isEmpty {
            return .array(items(["gesture", "let", "view", "mode", "profile"], kind: 14) + items(gestures, kind: 3, detail: "gesture"))
        }
        return .array([])
    }

    /// The body (gesture or view) the text before the cursor is inside, by its header's words.
    private func enclosingBody(_ before: String) -> (header: [String], text: String)? {
        var depth = 0
        let scalars = Array(before.unicodeScalars)
        var i = scalars.count - 1
        while i >= 0 {
            if scalars[i] == "}" { depth += 1 }
            if scalars[i] == "{" {
                if depth == 0 {
                    // A pattern's `{2,3}` is closed already, so an open `{` starts a body.
                    var j = i - 1
                    while j >= 0 && scalars[j] != "\n" { j -= 1 }
                    let header = String(String.UnicodeScalarView(scalars[(j + 1)..<i]))
                    let words = header.split(whereSeparator: { " \t:".contains($0) }).map(String.init)
                    return (words, String(String.UnicodeScalarView(scalars[(i + 1)...])))
                }
                depth -= 1
            }
            i -= 1
        }
        return nil
    }

    private func bodyCompletion(_ body: (header: [String], text: String), _ c: Checked, gestures: [String],
                                items: ([String], Int, String?) -> [JSON]) -> [JSON] {
        // The item being written: after the last line break or comma.
        let item = body.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "," }).last.map(String.init) ?? ""
        // Its parameter: the last `name:` in it, unless a word follows the value after two spaces (a new parameter).
        let parts = item.components(separatedBy: ":")
        let nameBeforeColon = parts.count >= 2 ? parts[parts.count - 2].split(separator: " ").last.map(String.init) : nil
        let valueText = parts.count >= 2 ? parts[parts.count - 1] : ""
        // `taps: 2  sl`: a value, two spaces, and a word (or nothing yet) starts the next parameter.
        let beforeWord = valueText.reversed().drop { $0 != " " && $0 != "\t" }
        let startsNewItem = parts.count < 2 || beforeWord.prefix(2).allSatisfy { $0 == " " } && beforeWord.count >= 3
            && beforeWord.dropFirst(2).contains { $0 != " " && $0 != "\t" }
        if body.header.first == "view" {
            guard !startsNewItem, let name = nameBeforeColon else { return items(["gestures", "forwards", "defersSystemEdges", "view"], 14, nil) }
            // v4: the screen edges a view defers.
            if name == "defersSystemEdges" { return items(ScreenEdge.names, 12, "edge") }
            let phases = name == "forwards" ? TouchPhase.forwardable.map(\.name) : []
            return items(gestures, 3, "gesture") + items(phases, 20, "touch phase")
        }
        guard body.header.first == "gesture", body.header.count >= 3, let kind = GestureKind(keyword: body.header[2]) else { return [] }
        let profile = profile(c)
        if startsNewItem {
            return GestureParameter.all.filter { $0.applies(to: kind) }.map(\.name).uniqued().compactMap { name in
                guard let p = GestureParameter.named(name, for: kind) else { return nil }
                return ["label": .string(name), "kind": 10, "detail": .string(p.summary),
                        "insertText": .string("\(name): \(Self.example(p, profile: profile))")]
            }
        }
        guard let name = nameBeforeColon, let p = GestureParameter.named(name, for: kind) else { return [] }
        let constants = c.index.declared(.constant)
        let words: [String] = switch p.type {
        case .condition: GestureParameter.ValueType.flag.words(for: kind) + c.index.declared(.mode) + ["not", "and", "or"]
        // v4: the set's gestures (the checker says which are one-finger taps and long presses).
        case .gesture: c.index.declared(.gesture)
        default: p.type.words(for: kind).isEmpty ? [Self.example(p, profile: profile)] : p.type.words(for: kind)
        }
        return items(words, 12, nil) + items(constants, 21, "constant")
    }

    /// A value to insert after a parameter's name: its default with its unit.
    static func example(_ p: GestureParameter, profile: Profile?) -> String {
        switch p.type {
        case .flag, .condition: p.defaultValue(for: profile) == 1 ? "true" : "false"
        case .inputKinds: "touch | pen"
        case .touchRange, .touches, .count: p.type.format(max(p.defaultValue(for: profile), 1))
        case .bounds(let t): t.format(0) + "..."
        case .span, .text: p.example ?? ""
        default: p.type.isNumber ? p.type.format(p.defaultValue(for: profile)) : ""
        }
    }

    // MARK: Code actions, formatting, symbols

    func codeActions(_ params: JSON) throws(RequestError) -> JSON {
        let document = try self.document(params)
        let c = current(document)
        guard let start = Self.position(params["range"]?["start"]), let end = Self.position(params["range"]?["end"]),
              let lo = document.offset(line: start.0, character: 0),
              let hi = document.offset(line: end.0, character: Int.max) else {
            throw RequestError(ErrorCode.invalidParams, "the range is not in the document")
        }
        var actions: [JSON] = []
        for d in c.result.diagnostics + (c.analysis?.diagnostics ?? []) where !d.fixIts.isEmpty {
            guard d.range.end >= lo && d.range.start <= hi else { continue }
            // One action per alternative, the first preferred.
            for (i, fix) in d.fixIts.enumerated() {
                let edit: JSON = ["range": range(fix.range, in: document), "newText": .string(fix.replacement)]
                let replacement = fix.replacement.trimmingCharacters(in: "\n ")
                let title = fix.range.start == fix.range.end ? "Add '\(replacement)'" : "Replace with '\(replacement)'"
                actions.append(["title": .string(title), "kind": "quickfix", "diagnostics": [lspDiagnostic(d, in: document)],
                                "isPreferred": .bool(i == 0),
                                "edit": ["changes": .object([(document.uri, .array([edit]))])]])
            }
        }
        return .array(actions)
    }

    func formatting(_ params: JSON) throws(RequestError) -> JSON {
        let document = try self.document(params)
        switch SpecFormatter.format(document.source) {
        case .success(let text):
            guard Array(text.utf8) != document.bytes else { return .array([]) }
            return [["range": range(SourceRange(start: 0, end: document.bytes.count), in: document), "newText": .string(text)]]
        case .failure(.syntax(let errors)):
            throw RequestError(ErrorCode.requestFailed, "not formatted: the document has \(counted(errors.count, "syntax error"))")
        case .failure(.wouldLoseText):
            throw RequestError(ErrorCode.requestFailed, "not formatted: the layout would change the document's tokens")
        }
    }

    func documentSymbols(_ params: JSON) throws(RequestError) -> JSON {
        let document = try self.document(params)
        let c = current(document)
        func symbol(_ name: String, _ detail: String, _ kind: Int, _ r: SourceRange, _ selection: SourceRange, _ children: [JSON] = []) -> JSON {
            ["name": .string(name), "detail": .string(detail), "kind": JSON(kind),
             "range": range(r, in: document), "selectionRange": range(selection, in: document), "children": .array(children)]
        }
        func view(_ v: ViewDecl) -> JSON {
            symbol(v.name.name, "view", 3, v.range, v.name.range, v.subviews.map(view))
        }
        let source = c.result.source
        return .array(c.result.syntax.declarations.map { d -> JSON in
            switch d {
            case .constant(let k): symbol(k.name.name, source.text(k.value.range), 14, k.range, k.name.range)
            case .gesture(let g):
                symbol(g.name.name, g.kind.name, 24, g.range, g.name.range, g.parameters.map {
                    symbol($0.name.name, source.text($0.value.range), 7, $0.range, $0.name.range)
                })
            case .rule(let r): symbol(source.text(r.range), "rule", 25, r.range, r.lhs[0].range)
            case .view(let v): view(v)
            case .profile(let id, let r): symbol("profile " + id.name, "profile", 14, r, id.range)
            case .mode(let id, let r): symbol("mode " + id.name, "mode", 14, r, id.range)
            }
        })
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
