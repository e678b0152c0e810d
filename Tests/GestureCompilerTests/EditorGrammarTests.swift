import Foundation
import GestureTrace
import Testing
@testable import GestureCompiler
import GestureRuntime

/// editors/gesture.tmLanguage.json, run by a small TextMate-style tokenizer
/// (leftmost match wins, ties to the earlier pattern; captures scope their
/// groups; begin/end spans lines), agrees with gspec's own lexer on every
/// shipped spec: keywords, kinds, numbers and their units, value words,
/// names and comments get the scopes an editor should show.
struct EditorGrammarTests {
    struct Rule {
        var match: NSRegularExpression?
        var name: String?
        var captures: [Int: String] = [:]
        var begin: NSRegularExpression?
        var end: NSRegularExpression?
    }

    static func loadRules() throws -> [Rule] {
        let url = Paths.packageRoot.appendingPathComponent("editors/gesture.tmLanguage.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let repository = root["repository"] as? [String: [String: Any]] ?? [:]
        func rules(_ patterns: [[String: Any]]) throws -> [Rule] {
            try patterns.flatMap { p -> [Rule] in
                if let include = p["include"] as? String {
                    return try rules(repository[String(include.dropFirst())]?["patterns"] as? [[String: Any]] ?? [])
                }
                var r = Rule()
                r.name = p["name"] as? String
                if let m = p["match"] as? String { r.match = try NSRegularExpression(pattern: m, options: [.anchorsMatchLines]) }
                if let b = p["begin"] as? String { r.begin = try NSRegularExpression(pattern: b) }
                if let e = p["end"] as? String { r.end = try NSRegularExpression(pattern: e) }
                for (k, v) in p["captures"] as? [String: [String: String]] ?? [:] { r.captures[Int(k)!] = v["name"] }
                return [r]
            }
        }
        return try rules(root["patterns"] as? [[String: Any]] ?? [])
    }

    /// The scope of each UTF-16 offset of `text` ("" where none applies).
    static func scopes(_ text: String, _ rules: [Rule]) -> [String] {
        let ns = text as NSString
        var scopes = [String](repeating: "", count: ns.length)
        func paint(_ range: NSRange, _ scope: String?) {
            guard let scope, range.location != NSNotFound else { return }
            for i in range.location..<(range.location + range.length) { scopes[i] = scope }
        }
        var lineStart = 0
        var openBlock: Rule?
        while lineStart < ns.length {
            let lineRange = ns.lineRange(for: NSRange(location: lineStart, length: 0))
            var pos = lineRange.location
            let lineEnd = lineRange.location + lineRange.length
            while pos < lineEnd {
                if let block = openBlock {
                    let m = block.end!.firstMatch(in: text, range: NSRange(location: pos, length: lineEnd - pos))
                    let stop = m.map { $0.range.location + $0.range.length } ?? lineEnd
                    paint(NSRange(location: pos, length: stop - pos), block.name)
                    pos = stop
                    if m != nil { openBlock = nil }
                    continue
                }
                var best: (NSTextCheckingResult, Rule)?
                for rule in rules {
                    guard let regex = rule.match ?? rule.begin,
                          let m = regex.firstMatch(in: text, range: NSRange(location: pos, length: lineEnd - pos)),
                          m.range.length > 0 || rule.begin != nil else { continue }
                    if best == nil || m.range.location < best!.0.range.location { best = (m, rule) }
                }
                guard let (m, rule) = best else { break }
                if rule.begin != nil {
                    paint(m.range, rule.name)
                    (pos, openBlock) = (m.range.location + m.range.length, rule)
                    continue
                }
                paint(m.range, rule.name)
                for (group, scope) in rule.captures where group < m.numberOfRanges { paint(m.range(at: group), scope) }
                pos = m.range.location + m.range.length
            }
            lineStart = lineEnd
        }
        return scopes
    }

    /// Every word a parameter's value may be, from the lists the checker reads, and the touch phases a view forwards.
    static let valueWords = Set(GestureKind.allCases.flatMap { kind in
        GestureParameter.all.filter { $0.applies(to: kind) && $0.type != .flag }.flatMap { $0.type.words(for: kind) }
    } + TouchPhase.forwardable.map(\.name))
    static let keywords: Set<String> = ["gesture", "let", "requires", "to", "fail", "with", "after", "within", "hands", "over", "wins", "view", "in", "profile",
                                        "mode", "not", "and", "or", "settle"]

    @Test func grammarScopesAgreeWithTheLexerOnEveryShippedSpec() throws {
        let rules = try Self.loadRules()
        let files = Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture")
            + Paths.files(in: Paths.packageRoot.appendingPathComponent("grammar/examples"), ext: "gesture")
        #expect(files.count >= 10)
        var checked = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let source = SourceFile(path: url.path, text: text)
            var lexer = Lexer(source)
            let tokens = lexer.tokenize()
            let scopes = Self.scopes(text, rules)
            // Byte offsets to UTF-16 offsets (the specs are mostly ASCII, not all).
            let utf16 = { (byte: Int) in String(decoding: source.bytes[..<byte], as: UTF8.self).utf16.count }
            for (i, t) in (tokens + lexer.comments).enumerated() where t.kind != .endOfFile {
                let word = source.text(t.range)
                let scope = scopes[utf16(t.range.start)]
                let next = i + 1 < tokens.count && t.kind != .comment ? tokens[i + 1].kind : nil
                let expected: String?
                switch t.kind {
                case .comment: expected = word.hasPrefix("/*") ? "comment.block" : "comment.line.double-slash"
                case .docComment: expected = "comment.line.documentation"
                case .number: expected = "constant.numeric"
                case .string: expected = "string.quoted.double"
                case .unit: expected = "keyword.other.unit"
                case .identifier where next == .colon: expected = i > 0 && source.text(tokens[i - 1].range) == "gesture"
                    ? "entity.name.function" : "variable.parameter"
                // A reserved kind anywhere; a contextual one (`scroll`) only as a declaration's kind.
                case .identifier where GestureKindNames.reserved.contains(word)
                    || GestureKindNames.all.contains(word) && i >= 3 && tokens[i - 1].kind == .colon
                    && source.text(tokens[i - 3].range) == "gesture": expected = "storage.type.kind"
                case .identifier where Self.keywords.contains(word): expected = "keyword"
                case .identifier where word == "true" || word == "false": expected = "constant.language.boolean"
                case .identifier where Self.valueWords.contains(word): expected = "support.constant"
                case .identifier:
                    // A name: a gesture, constant, view, example folder or profile; never a keyword's scope.
                    #expect(!scope.hasPrefix("keyword") && !scope.hasPrefix("storage") && !scope.hasPrefix("constant.numeric"),
                            "\(url.lastPathComponent): '\(word)' at byte \(t.range.start) is scoped '\(scope)'")
                    expected = nil
                default: expected = nil
                }
                if let expected {
                    #expect(scope.hasPrefix(expected), "\(url.lastPathComponent): '\(word)' at byte \(t.range.start) is scoped '\(scope)', expected \(expected)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func vsCodeManifestPointsAtTheGrammarAndConfiguration() throws {
        let editors = Paths.packageRoot.appendingPathComponent("editors")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: editors.appendingPathComponent("package.json"))) as? [String: Any])
        #expect(manifest["dependencies"] == nil && manifest["main"] == nil, "installs with no npm packages and no code")
        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let grammar = try #require((contributes["grammars"] as? [[String: String]])?.first)
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        #expect((language["extensions"] as? [String]) == [".gesture"])
        for path in [grammar["path"]!, language["configuration"] as! String] {
            let url = editors.appendingPathComponent(path)
            #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) is [String: Any], "\(path)")
        }
    }
}
