import GestureRuntime

/// The flags of `gspec run` (and `gspec-run.mjs`) that shape a run, as written.
/// What the options of `gspec run` (`RunOption`) ask for.
package struct RunSettings: Sendable {
    package var allStates = false
    package var explain = false
    package var deliveries = false
    /// `--screen WxH`, used when the trace has no screen header line.
    package var screen: String?
    /// `--stale-touch-timeout SECONDS`.
    package var staleTouchTimeout: String?
    /// An observer (the HTML report) wants explanations, and deliveries when the set has views.
    package var observed = false

    package init() {}
}

/// How a run ended, as the exit status of `gspec run` says.
package enum RunStatus: Int32, Sendable {
    case success = 0
    /// A malformed trace line, or a trace the set cannot run (no screen size).
    case inputError = 1
    /// A bad flag value.
    case usageError = 2
}

extension TraceRun {
    /// `gspec run` once its inputs are read: checks the flags, runs `trace`
    /// (read from `tracePath`) through the engine `makeEngine` gives for
    /// `table` (read from `input`), writes event lines to `out` and errors and
    /// notes to `err`. The native CLI and the WebAssembly build both call this,
    /// so their output is the same by construction.
    package static func job<E: TouchEngine, O: TraceObserver>(
        _ makeEngine: (GestureTable) -> E, table: GestureTable, input: String, trace: [UInt8], tracePath: String,
        settings: RunSettings, observer: O?, out: @escaping (String) -> Void, err: (String) -> Void
    ) -> RunStatus {
        var staleTimeout: Microseconds?
        if let text = settings.staleTouchTimeout {
            guard let us = TraceReader.microseconds(text), us > 0 else {
                err("error: --stale-touch-timeout takes a positive number of seconds, got '\(text)'\n")
                return .usageError
            }
            staleTimeout = us
        }
        var screen = TraceReader.screenSize(trace)
        if screen == nil, let text = settings.screen {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { JSON.decimal($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
                err("error: --screen takes a size in points as WxH, such as 834x1194, got '\(text)'\n")
                return .usageError
            }
            screen = SIMD2(w, h)
        }
        if screen == nil && table.needsScreenSize {
            err("error: '\(input)' has a pan from the right or bottom screen edge, which needs the screen size: "
                + "add a first line {\"screen\":[W,H]} to '\(tracePath)' or pass --screen WxH\n")
            return .inputError
        }
        let printer = EventPrinter(table: table, allStates: settings.allStates || settings.explain, write: out)
        printer.printsExplanations = settings.explain
        printer.printsDeliveries = settings.deliveries
        var engine = makeEngine(table)
        engine.staleTouchTimeout = staleTimeout
        // A report shows why gestures failed or waited, and what each view received.
        engine.reportsDeliveries = settings.deliveries || (settings.observed && table.hasViews)
        engine.explains = settings.explain || settings.observed
        let result = drive(&engine, trace, printer, screen: screen, observer: observer)
        for e in result.errors { err("\(tracePath):\(e.line): error: \(e.message)\n") }
        if !result.anomalies.isEmpty { err("\(tracePath): note: \(describe(result.anomalies))\n") }
        return result.errors.isEmpty ? .success : .inputError
    }
}
