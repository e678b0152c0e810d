import Foundation
import GSpecFuzz
import GestureRuntime
import Testing

/// The places a new gesture kind must reach that no exhaustive `switch`
/// forces (docs/internals.md, "How to add a gesture kind"): each fails here
/// until the kind is there.
@Suite struct GestureKindCoverageTests {
    static let root = CLIPaths.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every kind has a gesture in every-form.gesture (which the grammar and
    /// editor-grammar tests read) and in the fuzz targets' all-kinds table.
    @Test func everyKindIsInTheExamplesTheGrammarTestsAndTheFuzzTargetsRead() throws {
        let everyForm = try Self.text("grammar/examples/every-form.gesture")
        let fuzzed = Set(FuzzTargets.allKinds.gestures.map(\.kind))
        for kind in GestureKind.allCases {
            #expect(everyForm.range(of: ": \(kind.keyword) {") != nil, "grammar/examples/every-form.gesture has no \(kind.keyword)")
            #expect(fuzzed.contains(kind), "FuzzTargets.allKinds has no \(kind.keyword)")
        }
    }

    /// Every kind is documented where users read about kinds: the language's
    /// kinds, their behaviour, and the keys their events carry.
    @Test func everyKindIsDocumented() throws {
        let language = try Self.text("docs/language.md"), semantics = try Self.text("docs/semantics.md")
        let traceFormat = try Self.text("docs/trace-format.md")
        for kind in GestureKind.allCases {
            #expect(language.contains("`\(kind.keyword)`"), "docs/language.md does not name `\(kind.keyword)`")
            #expect(semantics.contains(kind.keyword), "docs/semantics.md does not name \(kind.keyword)")
            #expect(traceFormat.contains(kind.keyword), "docs/trace-format.md does not name \(kind.keyword)")
            for value in kind.eventValues {
                #expect(traceFormat.contains("\"\(value.key.name)\""), "docs/trace-format.md does not show the key \"\(value.key.name)\"")
            }
        }
    }

    /// The part of `text` after the first `start`, up to the next `end` (or the end).
    static func section(_ text: String, from start: String, to end: String) -> String {
        guard let a = text.range(of: start) else { return "" }
        let rest = text[a.upperBound...]
        return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
    }

    /// Whether `text` has `word` as a whole word (`pan` is not in `pinch` nor in `pan-x`).
    static func hasWord(_ text: String, _ word: String) -> Bool {
        text.ranges(of: word).contains { r in
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            return ![before, after].contains { c in c.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false }
        }
    }

    /// The lists of kinds written by hand, in docs, tools and tests: each
    /// names every kind, so that a new kind is decided in each (an exemplar,
    /// a `touch-action`, a benchmark case, a fuzzed word, a reserved word).
    @Test func everyKindIsInEachHandWrittenList() throws {
        let lists: [(String, String)] = [
            ("docs/analysis.md (Exemplars)", Self.section(try Self.text("docs/analysis.md"), from: "## Exemplars", to: "\n## ")),
            ("docs/web.md (touch-action)", Self.section(try Self.text("docs/web.md"), from: "**touch-action.**", to: "**Trackpad")),
            ("scripts/instructions.sh", try Self.text("scripts/instructions.sh")),
            ("Sources/gspec-bench/SpecGenerator.swift", try Self.text("Sources/gspec-bench/SpecGenerator.swift")),
            ("Tests/GestureCompilerTests/FrontendFuzzTests.swift", try Self.text("Tests/GestureCompilerTests/FrontendFuzzTests.swift")),
            ("grammar/gesture.ebnf (reserved words)", Self.section(try Self.text("grammar/gesture.ebnf"), from: "(* Reserved words", to: "*)")),
        ]
        for (name, text) in lists {
            #expect(!text.isEmpty, "\(name): section not found")
            for kind in GestureKind.allCases {
                #expect(Self.hasWord(text, kind.keyword), "\(name) does not name \(kind.keyword)")
            }
        }
    }
}
