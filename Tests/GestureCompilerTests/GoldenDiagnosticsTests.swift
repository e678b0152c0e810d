import Foundation
import Testing
@testable import GestureCompiler

/// Every bad spec under `Golden/bad` has its exact rendered diagnostics in a
/// sibling `.expected` file. Re-record with `GSPEC_RECORD=1 swift test`.
@Suite struct GoldenDiagnosticsTests {
    static let badSpecs = Paths.files(in: Paths.golden.appendingPathComponent("bad"), ext: "gesture")

    @Test(arguments: badSpecs)
    func diagnosticsMatchGolden(_ url: URL) throws {
        let source = try Paths.source(url)
        let result = Frontend.check(source, examples: .beside(url.path))
        let rendered = DiagnosticRenderer().render(result.diagnostics, in: source)
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
        #expect(try matchesGolden(rendered, expectedURL), "diagnostics of \(url.lastPathComponent) differ from \(expectedURL.lastPathComponent):\n\(rendered)")
        #expect(!result.diagnostics.isEmpty, "a bad spec must produce diagnostics")
        for d in result.diagnostics {
            #expect(d.range.start >= 0 && d.range.end <= source.bytes.count && d.range.start <= d.range.end)
        }
    }

    @Test func corpusIsLargeAndHasMultiErrorCases() throws {
        var multiError = 0
        for url in Self.badSpecs {
            let errors = Frontend.check(try Paths.source(url)).diagnostics.filter { $0.severity == .error }.count
            if errors >= 2 { multiError += 1 }
        }
        #expect(Self.badSpecs.count >= 40)
        #expect(multiError >= 10)
    }
}

/// Every spec under `Golden/analysis` has the exact output of the analysis
/// (diagnostics with witnesses, then the latency table) in a sibling
/// `.expected` file, as `gspec check --latency` prints it.
@Suite struct GoldenAnalysisTests {
    static let specs = Paths.files(in: Paths.golden.appendingPathComponent("analysis"), ext: "gesture")

    @Test(arguments: specs)
    func analysisMatchesGolden(_ url: URL) throws {
        let source = try Paths.source(url)
        let front = Frontend.check(source, examples: .beside(url.path))
        #expect(!front.diagnostics.hasErrors, "\(url.lastPathComponent) must pass the front end")
        let report = Analyzer.analyze(front.gestureSet, source: source)
        var rendered = DiagnosticRenderer().render(front.diagnostics + report.diagnostics, in: source)
        if !report.latencies.isEmpty {
            rendered += LatencyTable.render(report.latencies, of: front.gestureSet, path: source.path)
        }
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
        #expect(try matchesGolden(rendered, expectedURL), "analysis of \(url.lastPathComponent) differs:\n\(rendered)")
    }
}
