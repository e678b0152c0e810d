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
}
