import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec eval SPEC --dataset DIR`: runs every trace of a labelled folder
/// (`<shape>/<file>.jsonl`) and reports what fired on which shape.
enum EvalCommand {
    static let spec = CommandLineSpec(
        name: "eval",
        abstract: "Measure a gesture set on a labelled dataset of traces: confusion table, recall, false fires.",
        usage: "gspec eval <file.gesture|file.gtab> --dataset <dir> [--json <file>]",
        options: [
            .init(name: "--dataset", value: "dir", help: "A folder of <shape>/<file>.jsonl traces, one labelled gesture per file."),
            .init(name: "--json", value: "file", help: "Also write the figures as JSON."),
            CommandLineSpec.colorOption,
        ],
        discussion: """
            A gesture is right on the shape folder with its own name. Every recognized
            (or begun) gesture counts once per trace; a trace where nothing fired counts
            as 'none'. File names like s02-fast-01.jsonl give the speed (slow, medium,
            fast) for a per-speed breakdown.
            """
    )

    /// What fired, per trace.
    struct Outcome {
        var shape: String
        var speed: String
        var fired: [String]
    }

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard parsed.positionals.count == 1, let dataset = parsed.values["--dataset"] else {
            console.err("error: expected one gesture set and --dataset <dir>\nUsage: \(spec.usage)\n")
            return .usageError
        }
        guard let table = GestureSetLoader.load(parsed.positionals[0], parsed, console)?.table else { return .inputError }
        let fm = FileManager.default
        guard let shapes = try? fm.contentsOfDirectory(atPath: dataset).filter({ name in
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: dataset + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }).sorted(), !shapes.isEmpty else {
            console.err("error: no <shape>/ folders in '\(dataset)'\n")
            return .inputError
        }
        var outcomes: [Outcome] = []
        var failed = false
        for shape in shapes {
            let files = ((try? fm.contentsOfDirectory(atPath: dataset + "/" + shape)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            for file in files {
                let path = dataset + "/" + shape + "/" + file
                guard let data = fm.contents(atPath: path) else { continue }
                var engine = Engine(table: table)
                var fired: [String] = []
                func collect() {
                    for e in engine.events where e.state == .recognized || e.state == .began {
                        let name = table.name(of: e.gesture)
                        if !fired.contains(name) { fired.append(name) }
                    }
                    engine.removeAllEvents()
                }
                let errors = TraceReader.read(Array(data)) { event in
                    engine.feed(event)
                    collect()
                }
                engine.finish()
                collect()
                for e in errors { console.err("\(path):\(e.line): error: \(e.message)\n") }
                failed = failed || !errors.isEmpty
                outcomes.append(Outcome(shape: shape, speed: speed(of: file), fired: fired))
            }
        }
        let gestures = table.gestures.indices.map(table.name(of:))
        console.out(report(outcomes, shapes: shapes, gestures: gestures))
        if let path = parsed.values["--json"] {
            do {
                let json = try JSONSerialization.data(withJSONObject: figures(outcomes, shapes: shapes, gestures: gestures),
                                                      options: [.prettyPrinted, .sortedKeys])
                try json.write(to: URL(fileURLWithPath: path))
            } catch {
                console.err("error: cannot write '\(path)': \(error.localizedDescription)\n")
                return .inputError
            }
        }
        return failed ? .inputError : .success
    }

    static func speed(of file: String) -> String {
        for s in ["slow", "medium", "fast"] where file.contains("-\(s)-") { return s }
        return "any"
    }

    /// Recall of `gesture` on its own shape, over `outcomes`; nil when the dataset has no such shape.
    static func recall(_ gesture: String, _ outcomes: [Outcome]) -> (hits: Int, total: Int)? {
        let own = outcomes.filter { $0.shape == gesture }
        guard !own.isEmpty else { return nil }
        return (own.filter { $0.fired.contains(gesture) }.count, own.count)
    }

    static func report(_ outcomes: [Outcome], shapes: [String], gestures: [String]) -> String {
        let columns = gestures + ["none"]
        var out = "\(outcomes.count) traces, \(shapes.count) shapes, \(gestures.count) gestures\n\n"
        out += "confusion (rows: true shape; columns: gesture fired, or none)\n"
        let width = max(18, (shapes.map(\.count).max() ?? 0) + 2)
        let cell = max(6, (columns.map(\.count).max() ?? 0) + 1)
        out += "shape".padding(toLength: width, withPad: " ", startingAt: 0)
            + columns.map { String(repeating: " ", count: max(0, cell - $0.count)) + $0 }.joined() + "\n"
        for shape in shapes {
            let rows = outcomes.filter { $0.shape == shape }
            out += shape.padding(toLength: width, withPad: " ", startingAt: 0)
            for column in columns {
                let n = column == "none" ? rows.filter(\.fired.isEmpty).count : rows.filter { $0.fired.contains(column) }.count
                let text = String(n)
                out += String(repeating: " ", count: max(0, cell - text.count)) + text
            }
            out += "\n"
        }
        out += "\nrecall per gesture (on the shape of its name), overall and by speed\n"
        for g in gestures {
            guard let (hits, total) = recall(g, outcomes) else {
                out += "  \(g): no shape '\(g)' in the dataset\n"
                continue
            }
            out += "  \(g): \(percent(hits, total)) (\(hits)/\(total))"
            for s in ["slow", "medium", "fast"] {
                if let (h, t) = recall(g, outcomes.filter { $0.speed == s }) { out += "  \(s) \(percent(h, t))" }
            }
            let others = outcomes.filter { $0.shape != g }
            let false_ = others.filter { $0.fired.contains(g) }.count
            out += "  false fires on other shapes \(percent(false_, others.count)) (\(false_)/\(others.count))\n"
        }
        out += "\nfalse fires per shape (traces where a gesture of another name fired)\n"
        for shape in shapes {
            let rows = outcomes.filter { $0.shape == shape }
            let wrong = rows.filter { $0.fired.contains { $0 != shape } }.count
            out += "  \(shape): \(percent(wrong, rows.count)) (\(wrong)/\(rows.count))\n"
        }
        return out
    }

    static func percent(_ n: Int, _ d: Int) -> String {
        d == 0 ? "-" : String(format: "%.1f%%", 100 * Double(n) / Double(d))
    }

    static func figures(_ outcomes: [Outcome], shapes: [String], gestures: [String]) -> [String: Any] {
        var confusion: [String: [String: Int]] = [:]
        for shape in shapes {
            let rows = outcomes.filter { $0.shape == shape }
            var row = ["none": rows.filter(\.fired.isEmpty).count]
            for g in gestures { row[g] = rows.filter { $0.fired.contains(g) }.count }
            confusion[shape] = row
        }
        var recallBySpeed: [String: [String: Double]] = [:]
        for g in gestures {
            var bySpeed: [String: Double] = [:]
            for s in ["all", "slow", "medium", "fast"] {
                let subset = s == "all" ? outcomes : outcomes.filter { $0.speed == s }
                if let (h, t) = recall(g, subset) { bySpeed[s] = Double(h) / Double(t) }
            }
            recallBySpeed[g] = bySpeed
        }
        return ["traces": outcomes.count, "confusion": confusion, "recall": recallBySpeed]
    }
}
