import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

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
    @Option(name: "--html", placeholder: "report.html",
            help: "Also write the run as one self-contained HTML page: touch paths, a lane per gesture, deliveries, a time cursor.")
    var htmlPath: String?
    @Flag(name: "--reference", help: "Run the reference interpreter instead of the optimized tables (specs only).") var reference: Bool
    /// The options the WebAssembly runner shares, from `RunOption`.
    @RunOptions var shared: RunSettings
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
        var settings = shared
        // The report shows why gestures failed or waited, and what each view received.
        let recording = htmlPath == nil ? nil : RunRecording()
        settings.observed = recording != nil
        let status: RunStatus
        if reference {
            guard let gestureSet = loaded.gestureSet else {
                console.err("error: --reference needs a .gesture spec, not a table\n")
                return .usageError
            }
            status = TraceRun.job({ ReferenceEngine(table: $0, transitions: ReferenceTransitions(gestureSet)) }, table: loaded.table,
                                  input: inputs[0], trace: traceBytes, tracePath: tracePath, settings: settings, observer: recording,
                                  out: console.out, err: console.err)
        } else {
            status = TraceRun.job(Engine.init(table:), table: loaded.table, input: inputs[0], trace: traceBytes, tracePath: tracePath,
                                  settings: settings, observer: recording, out: console.out, err: console.err)
        }
        guard status != .usageError else { return .usageError }
        if let htmlPath, let recording {
            let title = "gspec run \((inputs[0] as NSString).lastPathComponent) on \((tracePath as NSString).lastPathComponent)"
            guard FileManager.default.createFile(atPath: htmlPath, contents: Data(HTMLReport.render(recording, table: loaded.table, title: title).utf8)) else {
                console.err("error: cannot write '\(htmlPath)'\n")
                return .inputError
            }
        }
        return status == .success ? .success : .inputError
    }
}
