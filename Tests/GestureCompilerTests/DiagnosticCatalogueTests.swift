import Foundation
import Testing
@testable import GestureCompiler

/// The catalogue (`DiagnosticCatalogue.swift`) is the one list of diagnostics:
/// docs/language.md documents exactly its ids with their severities, and a
/// golden spec produces each of them.
@Suite struct DiagnosticCatalogueTests {
    /// (id, severity) of every row of docs/language.md's diagnostics table.
    static func documentedIDs() throws -> [String: String] {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/language.md"), encoding: .utf8)
        let section = text.components(separatedBy: "## Diagnostics")[1].components(separatedBy: "\n## ")[0]
        var ids: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for name in names {
                #expect(ids[name] == nil, "'\(name)' is listed twice in docs/language.md")
                ids[name] = cells[2]
            }
        }
        return ids
    }

    @Test func docsListEveryIDWithItsSeverityAndNoOther() throws {
        let documented = try Self.documentedIDs()
        let catalogue = Dictionary(uniqueKeysWithValues: DiagnosticID.allCases.map { ($0.name, $0.severity.rawValue) })
        for (id, severity) in catalogue {
            #expect(documented[id] == severity, "docs/language.md lists '\(id)' as \(documented[id] ?? "nothing"), the catalogue as \(severity)")
        }
        for id in documented.keys where catalogue[id] == nil {
            Issue.record("docs/language.md lists '\(id)', which the catalogue does not have")
        }
    }

    @Test func idsAreKebabCaseAndDistinct() {
        let names = DiagnosticID.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(DiagnosticID.unknownName.name == "unknown-name")
        #expect(DiagnosticID.afterAndOtherRule.name == "after-and-other-rule")
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(name)")
        }
    }

    /// Every diagnostic has a golden case (docs/internals.md, "How to add a diagnostic").
    @Test func everyIDHasAGoldenSpecThatProducesIt() throws {
        var seen: Set<DiagnosticID> = []
        for folder in ["bad", "analysis"] {
            for url in Paths.files(in: Paths.golden.appendingPathComponent(folder), ext: "gesture") {
                let source = try Paths.source(url)
                let examples = StrokeExamples.beside(url.path)
                let output = Compiler.compile(source, analysis: true, examples: examples)
                seen.formUnion(output.diagnostics.map(\.kind))
            }
        }
        let missing = DiagnosticID.allCases.filter { !seen.contains($0) }.map(\.name)
        #expect(missing.isEmpty, "no golden spec under Tests/GestureCompilerTests/Golden produces \(missing)")
    }
}
