import GestureRuntime

/// The whole pipeline in one call: parse, check, and (without errors) build
/// the table; a dead gesture or a broken `maxLatency` budget is an error too.
public enum Compiler {
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
    public static func compile(_ source: SourceFile) -> Output {
        let front = Frontend.check(source)
        guard !front.diagnostics.hasErrors else {
            return Output(frontend: front, table: nil, stats: [], diagnostics: front.diagnostics)
        }
        let (table, stats, backEnd) = TableBuilder.build(front.gestureSet, source: source)
        // Only the analysis's errors: its warnings are `gspec check`'s, whose search costs more.
        let analysis = backEnd.hasErrors ? [] : Analyzer.analyze(front.gestureSet, source: source, everything: false).diagnostics
        let diagnostics = (front.diagnostics + backEnd + analysis).sortedByLocation()
        return Output(frontend: front, table: diagnostics.hasErrors ? nil : table, stats: stats, diagnostics: diagnostics)
    }
}
