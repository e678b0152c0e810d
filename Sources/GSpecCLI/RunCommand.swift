import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec run <spec|table> --trace <trace.jsonl>`: gesture events as JSON Lines.
enum RunCommand {
    static let spec = CommandLineSpec(
        name: "run",
        abstract: "Run a gesture set on a recorded touch trace and print its gesture events.",
        usage: "gspec run <file.gesture|file.gtab> --trace <trace.jsonl> [--all-states] [--deliveries] [--explain] [--screen WxH] [--html report.html]",
        options: [
            .init(name: "--trace", value: "trace.jsonl", help: "The touch trace, one JSON touch event per line."),
            .init(name: "--all-states", value: nil, help: "Also print 'failed' for gestures that were in an attempt."),
            .init(name: "--deliveries", value: nil,
                  help: "Also print what the views receive: touchesBegan/Moved/Ended/Cancelled, in order."),
            .init(name: "--explain", value: nil,
                  help: "Print failed gestures with the reason and spec line, and gestures held by a rule."),
            .init(name: "--html", value: "report.html",
                  help: "Also write the run as one self-contained HTML page: touch paths, a lane per gesture, deliveries, a time cursor."),
            .init(name: "--reference", value: nil, help: "Run the reference interpreter instead of the optimized tables (specs only)."),
            .init(name: "--screen", value: "WxH",
                  help: "The screen size in points for screen-edge pans, when the trace has no {\"screen\":[W,H]} line."),
            .init(name: "--stale-touch-timeout", value: "seconds",
                  help: "Cancel a touch that has had no sample for this long (default: never)."),
            CommandLineSpec.colorOption,
        ],
        discussion: """
            A table is told from a spec by its magic number, not its name; both give
            identical output. A malformed trace line is reported as 'trace:LINE: error:'
            and skipped, and makes the exit status 1. Repaired stream anomalies are
            counted on stderr.
            """
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard parsed.positionals.count == 1, let tracePath = parsed.values["--trace"] else {
            console.err("error: expected one gesture set and --trace <trace.jsonl>\nUsage: \(spec.usage)\n")
            return .usageError
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: tracePath))?[.size] as? Int,
           size > TraceReader.maxFileBytes {
            console.err("error: '\(tracePath)' is \(size) bytes, over the \(TraceReader.maxFileBytes >> 30) GiB limit for traces\n")
            return .inputError
        }
        guard let traceBytes = FileManager.default.contents(atPath: tracePath).map(Array.init) else {
            console.err("error: no such file or directory: '\(tracePath)'\n")
            return .inputError
        }
        guard let loaded = GestureSetLoader.load(parsed.positionals[0], parsed, console) else { return .inputError }
        let table = loaded.table
        var staleTimeout: Int64?
        if let text = parsed.values["--stale-touch-timeout"] {
            guard let us = TraceReader.microseconds(text), us > 0 else {
                console.err("error: --stale-touch-timeout takes a positive number of seconds, got '\(text)'\n")
                return .usageError
            }
            staleTimeout = us
        }
        var screen = TraceReader.screenSize(traceBytes)
        if screen == nil, let text = parsed.values["--screen"] {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
                console.err("error: --screen takes a size in points as WxH, such as 834x1194, got '\(text)'\n")
                return .usageError
            }
            screen = SIMD2(w, h)
        }
        if screen == nil && table.needsScreenSize {
            console.err("error: '\(parsed.positionals[0])' has a pan from the right or bottom screen edge, which needs the screen size: "
                        + "add a first line {\"screen\":[W,H]} to '\(tracePath)' or pass --screen WxH\n")
            return .inputError
        }
        let explainFlag = parsed.flags.contains("--explain")
        let htmlPath = parsed.values["--html"]
        let printer = Printer(table: table, allStates: parsed.flags.contains("--all-states") || explainFlag, console: console)
        printer.printsExplanations = explainFlag
        printer.printsDeliveries = parsed.flags.contains("--deliveries")
        // The report shows why gestures failed or waited, and what each view received.
        if htmlPath != nil { printer.recording = RunRecording() }
        let deliveries = printer.printsDeliveries || (htmlPath != nil && table.hasViews)
        let explains = explainFlag || htmlPath != nil
        let result: (errors: [TraceReader.LineError], anomalies: StreamAnomalies)
        if parsed.flags.contains("--reference") {
            guard let gestureSet = loaded.gestureSet else {
                console.err("error: --reference needs a .gesture spec, not a table\n")
                return .usageError
            }
            var engine = ReferenceEngine(table: table, transitions: ReferenceTransitions(gestureSet))
            engine.staleTouchTimeout = staleTimeout
            engine.reportsDeliveries = deliveries
            engine.explains = explains
            result = drive(&engine, traceBytes, printer, screen: screen)
        } else {
            var engine = Engine(table: table)
            engine.staleTouchTimeout = staleTimeout
            engine.reportsDeliveries = deliveries
            engine.explains = explains
            result = drive(&engine, traceBytes, printer, screen: screen)
        }
        for e in result.errors { console.err("\(tracePath):\(e.line): error: \(e.message)\n") }
        if let htmlPath, let recording = printer.recording {
            let title = "gspec run \((parsed.positionals[0] as NSString).lastPathComponent) on \((tracePath as NSString).lastPathComponent)"
            guard FileManager.default.createFile(atPath: htmlPath, contents: Data(HTMLReport.render(recording, table: table, title: title).utf8)) else {
                console.err("error: cannot write '\(htmlPath)'\n")
                return .inputError
            }
        }
        if !result.anomalies.isEmpty { console.err("\(tracePath): note: \(describe(result.anomalies))\n") }
        return result.errors.isEmpty ? .success : .inputError
    }

    /// Feeds the whole trace, printing events as they are decided, on a screen of `screen` points.
    static func drive<E: TouchEngine>(_ engine: inout E, _ trace: [UInt8], _ printer: Printer, screen: SIMD2<Double>? = nil)
        -> (errors: [TraceReader.LineError], anomalies: StreamAnomalies) {
        if let screen { engine.screenSize = screen }
        let table = printer.table
        let views: ((String) -> Int?)? = table.hasViews ? { table.view(named: $0) } : nil
        let gestures = { (name: String) in (0..<table.gestureCount).filter { table.name(of: $0) == name } }
        let errors = TraceReader.read(trace, views: views, gestures: gestures, control: { c in
            defer {
                printer.print(engine.events, engine.deliveries, engine.explanations)
                engine.removeAllEvents()
            }
            // Every parameter is checked before any changes: a refused line changes nothing.
            var changes: [(RuntimeParameter, ParameterValue)] = []
            for (name, text) in c.parameters {
                do throws(ParameterError) {
                    let parameter = try RuntimeParameter(name: name)
                    guard let value = TraceReader.parameterValue(text) else { return "'\(name)' has no valid value: '\(text)'" }
                    try table.check(parameter, value, gesture: c.gestures[0])
                    changes.append((parameter, value))
                } catch {
                    return "\(error)"
                }
            }
            for g in c.gestures {
                for (parameter, value) in changes { try? engine.set(parameter, to: value, gesture: g, at: c.time) }
                if let enabled = c.enabled { engine.setEnabled(enabled, gesture: g, at: c.time) }
            }
            return nil
        }) { event in
            engine.feed(event)
            printer.recording?.observe(event, engine, gestures: table.gestureCount)
            printer.print(engine.events, engine.deliveries, engine.explanations)
            engine.removeAllEvents()
        }
        engine.finish()
        printer.recording?.observe(nil, engine, gestures: table.gestureCount)
        printer.print(engine.events, engine.deliveries, engine.explanations)
        engine.removeAllEvents()
        printer.flush()
        return (errors, engine.anomalies)
    }

    static func describe(_ a: StreamAnomalies) -> String {
        let parts = [
            (a.timeWentBackwards, "time going backwards (clamped)"),
            (a.duplicateBegan, "'began' for a touch already down (old one cancelled)"),
            (a.unknownTouch, "events for unknown touches (dropped)"),
            (a.nonFiniteCoordinate, "non-finite coordinates (ignored)"),
            (a.overCapacity, "touches over the capacity of \(Engine.touchCapacity) (dropped)"),
            (a.staleTouch, "stale touches (cancelled)"),
            (a.unknownView, "touches on views the table lacks (given to the root)"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "repaired stream anomalies: " + parts.joined(separator: ", ")
    }

    /// Buffers output lines and writes them in large chunks.
    final class Printer {
        let table: GestureTable
        let allStates: Bool
        let console: Console
        /// Explanations and deliveries reach the output only when asked for (a report may want them anyway).
        var printsExplanations = true, printsDeliveries = true
        /// What `--html` draws, when asked for.
        var recording: RunRecording?
        private var buffer = ""

        init(table: GestureTable, allStates: Bool, console: Console) {
            self.table = table
            self.allStates = allStates
            self.console = console
        }

        /// Events, deliveries and explanations in the order they were decided.
        func print(_ events: [GestureEvent], _ deliveries: [TouchDelivery] = [], _ explanations: [Explanation] = []) {
            recording?.record(events, deliveries, explanations)
            let deliveries = printsDeliveries ? deliveries : []
            let explanations = printsExplanations ? explanations : []
            var next = 0, why = 0
            for (i, e) in events.enumerated() {
                while next < deliveries.count && deliveries[next].eventIndex <= i {
                    buffer += EventFormatter.line(deliveries[next], table: table) + "\n"
                    next += 1
                }
                var reason: Explanation?
                while why < explanations.count && explanations[why].eventIndex <= i {
                    let x = explanations[why]
                    why += 1
                    if x.eventIndex == i && x.gesture == e.gesture && e.state == .failed {
                        reason = x
                    } else {
                        buffer += EventFormatter.line(x, table: table) + "\n"
                    }
                }
                guard allStates || e.state != .failed else { continue }
                var line = EventFormatter.line(e, table: table)
                if let reason {
                    line.removeLast()
                    line += ",\"explain\":\(TableEmitter.quoted(reason.message(in: table)))}"
                }
                buffer += line + "\n"
            }
            for d in deliveries[next...] { buffer += EventFormatter.line(d, table: table) + "\n" }
            for x in explanations[why...] { buffer += EventFormatter.line(x, table: table) + "\n" }
            if buffer.utf8.count > 1 << 16 { flush() }
        }

        func flush() {
            if !buffer.isEmpty { console.out(buffer) }
            buffer = ""
        }
    }
}
