import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec run <spec|table> --trace <trace.jsonl>`: gesture events as JSON Lines.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Run a gesture set on a recorded touch trace and print its gesture events.",
        discussion: """
            A table is told from a spec by its magic number, not its name; both give
            identical output. A malformed trace line is reported as 'trace:LINE: error:'
            and skipped, and makes the exit status 1. Repaired stream anomalies are
            counted on stderr.
            """
    )

    @Arguments(usage: "<file.gesture|file.gtab>") var inputs: [String]
    @Option(name: "--trace", placeholder: "trace.jsonl", isRequired: true, help: "The touch trace, one JSON touch event per line.")
    var tracePath: String?
    @Flag(name: "--all-states", help: "Also print 'failed' for gestures that were in an attempt.") var allStates: Bool
    @Flag(name: "--deliveries", help: "Also print what the views receive: touchesBegan/Moved/Ended/Cancelled, in order.")
    var printsDeliveries: Bool
    @Flag(name: "--explain", help: "Print failed gestures with the reason and spec line, and gestures held by a rule.")
    var explain: Bool
    @Option(name: "--html", placeholder: "report.html",
            help: "Also write the run as one self-contained HTML page: touch paths, a lane per gesture, deliveries, a time cursor.")
    var htmlPath: String?
    @Flag(name: "--reference", help: "Run the reference interpreter instead of the optimized tables (specs only).") var reference: Bool
    @Option(name: "--screen", placeholder: "WxH",
            help: "The screen size in points for screen-edge pans, when the trace has no {\"screen\":[W,H]} line.")
    var screenText: String?
    @Option(name: "--stale-touch-timeout", placeholder: "seconds", help: "Cancel a touch that has had no sample for this long (default: never).")
    var staleTouchTimeout: String?
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.count != 1 { throw UsageError("expected one gesture set and --trace <trace.jsonl>") }
    }

    func run(console: Console) -> ExitCode {
        let tracePath = tracePath ?? ""
        if let size = (try? FileManager.default.attributesOfItem(atPath: tracePath))?[.size] as? Int,
           size > TraceReader.maxFileBytes {
            console.err("error: '\(tracePath)' is \(size) bytes, over the \(TraceReader.maxFileBytes >> 30) GiB limit for traces\n")
            return .inputError
        }
        guard let traceBytes = FileManager.default.contents(atPath: tracePath).map(Array.init) else {
            console.err("error: no such file or directory: '\(tracePath)'\n")
            return .inputError
        }
        guard let loaded = GestureSetLoader.load(inputs[0], diagnostics.renderer(for: console), console) else { return .inputError }
        let table = loaded.table
        var staleTimeout: Int64?
        if let text = staleTouchTimeout {
            guard let us = TraceReader.microseconds(text), us > 0 else {
                console.err("error: --stale-touch-timeout takes a positive number of seconds, got '\(text)'\n")
                return .usageError
            }
            staleTimeout = us
        }
        var screen = TraceReader.screenSize(traceBytes)
        if screen == nil, let text = screenText {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
                console.err("error: --screen takes a size in points as WxH, such as 834x1194, got '\(text)'\n")
                return .usageError
            }
            screen = SIMD2(w, h)
        }
        if screen == nil && table.needsScreenSize {
            console.err("error: '\(inputs[0])' has a pan from the right or bottom screen edge, which needs the screen size: "
                        + "add a first line {\"screen\":[W,H]} to '\(tracePath)' or pass --screen WxH\n")
            return .inputError
        }
        let printer = EventPrinter(table: table, allStates: allStates || explain, console: console)
        printer.printsExplanations = explain
        printer.printsDeliveries = printsDeliveries
        // The report shows why gestures failed or waited, and what each view received.
        if htmlPath != nil { printer.recording = RunRecording() }
        let deliveries = printer.printsDeliveries || (htmlPath != nil && table.hasViews)
        let explains = explain || htmlPath != nil
        let result: (errors: [TraceReader.LineError], anomalies: StreamAnomalies)
        if reference {
            guard let gestureSet = loaded.gestureSet else {
                console.err("error: --reference needs a .gesture spec, not a table\n")
                return .usageError
            }
            var engine = ReferenceEngine(table: table, transitions: ReferenceTransitions(gestureSet))
            engine.staleTouchTimeout = staleTimeout
            engine.reportsDeliveries = deliveries
            engine.explains = explains
            result = TraceRun.drive(&engine, traceBytes, printer, screen: screen)
        } else {
            var engine = Engine(table: table)
            engine.staleTouchTimeout = staleTimeout
            engine.reportsDeliveries = deliveries
            engine.explains = explains
            result = TraceRun.drive(&engine, traceBytes, printer, screen: screen)
        }
        for e in result.errors { console.err("\(tracePath):\(e.line): error: \(e.message)\n") }
        if let htmlPath, let recording = printer.recording {
            let title = "gspec run \((inputs[0] as NSString).lastPathComponent) on \((tracePath as NSString).lastPathComponent)"
            guard FileManager.default.createFile(atPath: htmlPath, contents: Data(HTMLReport.render(recording, table: table, title: title).utf8)) else {
                console.err("error: cannot write '\(htmlPath)'\n")
                return .inputError
            }
        }
        if !result.anomalies.isEmpty { console.err("\(tracePath): note: \(TraceRun.describe(result.anomalies))\n") }
        return result.errors.isEmpty ? .success : .inputError
    }
}
