import GestureRuntime

/// The whole pipeline in one call: parse, check, and (without errors) build
/// the table; a dead gesture or a broken `maxLatency` budget is an error too.
public enum Compiler {
    /// gspec's version: the one place it is written. `gspec --version`, the
    /// language server and generated files' headers print it; web/package.json
    /// and editors/package.json must say the same (`CLITests.oneVersionEverywhere`).
    public static let version = "0.5.0"

    /// Everything one compilation produced.
    public struct Output: Sendable {
        public var frontend: Frontend.Result
        /// nil when there were errors.
        public var table: GestureTable?
        public var stats: [GestureStats]
        /// Front-end and back-end diagnostics, sorted by location.
        public var diagnostics: [Diagnostic]
    }

    /// Compiles one spec; `table` is nil when any diagnostic is an error.
    /// With `analysis` the whole analysis runs and its warnings (conflicts,
    /// rules that never apply) come too, as `gspec check` prints them;
    /// without it only the analyses that can find errors run.
    /// `examples` are the strokes its template strokes may name.
    public static func compile(_ source: SourceFile, analysis: Bool = false, examples: StrokeExamples = .none) -> Output {
        let front = Frontend.check(source, examples: examples)
        guard !front.diagnostics.hasErrors else {
            return Output(frontend: front, table: nil, stats: [], diagnostics: front.diagnostics)
        }
        let (table, stats, backEnd) = TableBuilder.build(front.gestureSet, source: source)
        let analyzed = backEnd.hasErrors ? [] : Analyzer.analyze(front.gestureSet, source: source, everything: analysis,
                                                                      tableBuilt: true).diagnostics
        let diagnostics = (front.diagnostics + backEnd + analyzed).sortedByLocation()
        return Output(frontend: front, table: diagnostics.hasErrors ? nil : table, stats: stats, diagnostics: diagnostics)
    }
}
