import Foundation
import GestureCompiler

/// `gspec check <file|dir>...`: diagnostics, conflicts with witnesses, latencies.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Parse and check .gesture files and print their diagnostics.",
        discussion: """
            Directories are searched recursively for .gesture files. Diagnostics go to
            stderr as 'path:line:col: error|warning|note: message' with the source line
            and a caret. A spec without errors is also analysed: gestures that can never
            be recognized, conflicts no rule decides (each with a witness touch trace that
            'gspec run' reproduces), rules that never apply, and 'maxLatency' budgets.
            Exit status: 0 no errors (warnings allowed), 1 errors in the input or a
            missing file, 2 a wrong command line.
            """
    )

    @Arguments(usage: "<file.gesture|dir>...") var inputs: [String]
    @Option(name: "--witness", placeholder: "dir", help: "Write each conflict's witness trace to DIR as a .jsonl file.")
    var witnessDirectory: String?
    @Flag(name: "--latency", help: "Print each gesture's worst and typical wait imposed by the rules.")
    var latency: Bool
    @Flag(name: "--releases", help: "Print each settle's release regions: for each anchor the value last passed, the positions where a slow release rests at each anchor, and where flings rest.")
    var releases: Bool
    @Flag(name: "--safari-edge-swipes", help: "With 'profile web': the pages also run in iOS Safari, whose back and forward edge swipes take a swipe from the window's sides first.")
    var safariEdgeSwipes: Bool
    @Option(name: "--search", placeholder: "n", help: "Check the analysis's verdicts against the engine: run every gesture's exemplars and boundary cases and N random streams per view, in every mode combination and scroll edge state, and print each stream the report does not account for.")
    var search: Int?
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.isEmpty { throw .missingInput }
    }

    func run(console: Console) -> ExitCode {
        let renderer = diagnostics.renderer(for: console)
        var failed = false
        for input in InputFiles.collect(inputs, extension: "gesture") {
            switch input {
            case .failure(let message):
                console.err("error: \(message.text)\n")
                failed = true
            case .success(let source):
                let result = Frontend.check(source, examples: StrokeExamples.beside(source.path))
                guard !result.diagnostics.hasErrors else {
                    console.err(renderer.render(result.diagnostics, in: source))
                    failed = true
                    continue
                }
                let report = Analyzer.analyze(result.gestureSet, source: source, safariEdgeSwipes: safariEdgeSwipes)
                console.err(renderer.render(result.diagnostics + report.diagnostics, in: source))
                failed = failed || report.diagnostics.hasErrors
                if latency && !report.latencies.isEmpty {
                    console.out(LatencyTable.render(report.latencies, of: result.gestureSet, path: source.path, atEnds: report.latenciesAtEnds))
                }
                if releases {
                    for g in result.gestureSet.gestures {
                        guard let settle = g.settle, let regions = ReleaseRegions(settle, kind: g.kind) else { continue }
                        console.out(regions.render(name: g.name, kind: g.kind, line: source.location(of: g.nameRange.start).line, path: source.path))
                    }
                }
                if let n = search, !Self.search(report, result.gestureSet, source, randomStreams: n, console) { failed = true }
                if let dir = witnessDirectory, !Self.writeWitnesses(report, result.gestureSet, source, to: dir, console) {
                    failed = true
                }
            }
        }
        return failed ? .inputError : .success
    }

    /// The engine search (`EngineSearch`): a line of counts, and each contradiction with its stream. False on one.
    private static func search(_ report: Analyzer.Report, _ set: CheckedGestureSet, _ source: SourceFile,
                               randomStreams: Int, _ console: Console) -> Bool {
        var search = EngineSearch(set: set, source: source, randomStreams: max(0, randomStreams))
        let findings = search.contradictions(of: report)
        let c = search.counts
        console.out("\(source.path): engine search: \(c.situations) situation\(c.situations == 1 ? "" : "s"), \(c.runs) runs; "
                    + "\(c.settledPairs) pair\(c.settledPairs == 1 ? "" : "s") called settled, \(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s") reported, "
                    + "\(c.ties) tie\(c.ties == 1 ? "" : "s") outside exemplars; \(findings.count) contradiction\(findings.count == 1 ? "" : "s")\n")
        if !search.notChecked.isEmpty { console.out("  not checked for: \(search.notChecked.joined(separator: "; "))\n") }
        for f in findings {
            console.out("  \(f.claim) (\(f.stream.summary)):\n")
            console.out(f.traceLines(in: set).split(separator: "\n").map { "    \($0)\n" }.joined())
        }
        return findings.isEmpty
    }

    private static func writeWitnesses(_ report: Analyzer.Report, _ set: CheckedGestureSet, _ source: SourceFile,
                                       to dir: String, _ console: Console) -> Bool {
        let base = URL(fileURLWithPath: source.path).deletingPathExtension().lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for file in report.witnessFiles(for: set, specPath: source.path) {
                let path = URL(fileURLWithPath: dir).appendingPathComponent("\(base)-\(file.name)").path
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            return true
        } catch {
            console.err("error: cannot write witnesses to '\(dir)': \(error.localizedDescription)\n")
            return false
        }
    }
}
