import Foundation
import GestureRuntime
import Testing
@testable import GestureCompiler

/// Keeps `grammar/gesture.ebnf`, the parser and the documentation in step.
@Suite struct GrammarTests {
    static let grammar = (try? String(contentsOf: Paths.packageRoot.appendingPathComponent("grammar/gesture.ebnf"),
                                      encoding: .utf8)) ?? ""

    /// Every quoted terminal of the grammar.
    static var terminals: Set<String> {
        var result = Set<String>()
        var rest = grammar[...]
        while let open = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            result.insert(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return result
    }

    @Test func everyReservedWordIsATerminalOfTheGrammar() {
        #expect(!Self.grammar.isEmpty)
        for word in Keyword.all.sorted() {
            #expect(Self.terminals.contains(word), "'\(word)' is reserved but not in grammar/gesture.ebnf")
        }
    }

    @Test func everyKindUnitAndDirectionIsInTheGrammar() {
        for kind in GestureKind.allCases { #expect(Self.terminals.contains(kind.keyword)) }
        for unit in Unit.spellings { #expect(Self.terminals.contains(unit), "unit \(unit)") }
        for name in DirectionSet.names { #expect(Self.terminals.contains(name), "direction \(name)") }
    }

    @Test func everyParameterAndWordValueIsListedInTheGrammar() {
        var names = Set(GestureKind.allCases.flatMap(ParameterSchema.names(for:)))
        names.formUnion(Axis.names + RecognizeMode.names + SeriesMode.names + FingerPolicy.names + ScreenEdge.words)
        // The words of views, and the touch phases a view forwards.
        names.formUnion(["view", "in", "gestures", "forwards", Checker.rootViewName] + TouchPhase.forwardable.map(\.name))
        // v3: modes and their conditions, and the pointer kinds of `input`.
        names.formUnion(["mode", "not", "and", "or", "any"] + PointerKind.allCases.map(\.name))
        for name in names.sorted() {
            #expect(Self.grammar.contains(name), "'\(name)' is accepted but not listed in grammar/gesture.ebnf")
        }
    }

    @Test func everyPunctuatorTheLexerKnowsIsATerminal() {
        for p in ["{", "}", "(", ")", ":", ",", "|", "=", "...", "?", "*", "+", "///", "-"] {
            #expect(Self.terminals.contains(p), "'\(p)' missing from the grammar")
        }
    }

    /// Examples in `grammar/examples`, and every ```gesture block in docs/ and
    /// the README, parse and check with no diagnostics at all.
    @Test func everyExampleChecksClean() throws {
        var examples: [(String, String)] = []
        for url in Paths.files(in: Paths.packageRoot.appendingPathComponent("grammar/examples"), ext: "gesture") {
            examples.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        var markdown = Paths.files(in: Paths.packageRoot.appendingPathComponent("docs"), ext: "md")
        markdown.append(Paths.packageRoot.appendingPathComponent("README.md"))
        for url in markdown {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (i, block) in fencedBlocks(text, language: "gesture").enumerated() {
                examples.append(("\(url.lastPathComponent) block \(i + 1)", block))
            }
        }
        #expect(examples.count >= 4)
        // A template stroke in the docs names a folder of the shipped template set.
        let strokes = StrokeExamples.beside(Paths.packageRoot.appendingPathComponent("specs/shapes-templates.gesture").path)
        for (name, text) in examples {
            let result = Frontend.check(SourceFile(path: name, text: text), examples: strokes)
            #expect(result.diagnostics.isEmpty, "\(name): \(DiagnosticRenderer().render(result.diagnostics, in: result.source))")
        }
    }

    private func fencedBlocks(_ text: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // "```gesture" alone or with attributes ("```gesture file=photo.gesture").
            let fence = line.trimmingCharacters(in: .whitespaces)
            if current == nil, fence == "```" + language || fence.hasPrefix("```" + language + " ") {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
