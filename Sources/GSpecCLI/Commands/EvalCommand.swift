import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// `gspec eval SPEC --dataset DIR`: runs every trace of a labelled folder
/// (`<shape>/<file>.jsonl`) and reports what fired on which shape; with
/// `--folds subject`, leave-one-subject-out: each subject's traces run on the
/// spec compiled with the other subjects' strokes as its templates' examples.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "eval",
        abstract: "Measure a gesture set on a labelled dataset of traces: confusion table, recall, false fires.",
        discussion: """
            A gesture is right on the shape folder with its own name. Every recognized
            (or begun) gesture counts once per trace; a trace where nothing fired counts
            as 'none'. File names like s02-fast-01.jsonl give the subject (s02) and the
            speed (slow, medium, fast) for a per-speed breakdown.

            With --folds subject the spec is compiled once per subject, its template
            strokes' examples taken from the dataset's folders of the same names without
            that subject's files, and that subject's traces run on it: every figure is
            for a person whose strokes the templates never saw. (Declarative strokes
            are the same in every fold: their figures are only as honest as the data
            their patterns were tuned on.)
            """
    )

    /// How `--folds` splits the dataset.
    enum Folds: String, CaseIterable, ArgumentValue {
        /// Leave one subject out.
        case subject
    }

    @Arguments(usage: "<file.gesture|file.gtab>") var inputs: [String]
    @Option(name: "--dataset", placeholder: "dir", isRequired: true,
            help: "A folder of <shape>/<file>.jsonl traces, one labelled gesture per file.")
    var dataset: String?
    @Option(name: "--folds", placeholder: "subject", help: "Leave one subject out: template strokes learn from the other subjects only.")
    var folds: Folds?
    @Option(name: "--negatives", placeholder: "dir", help: "A folder of traces that are no shape: anything firing there is a false fire.")
    var negativesDirectory: String?
    @Option(name: "--json", placeholder: "file",
            help: "Also write the figures as JSON, and the traces where a gesture of another name fired or its own did not.")
    var jsonPath: String?
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.count != 1 { throw UsageError("expected one gesture set and --dataset <dir>") }
    }

    /// What fired, per trace.
    struct Outcome {
        var shape: String
        var path: String
        var subject: String
        var speed: String
        var fired: [String]

        /// Whether a gesture of another name fired, or the set's gesture of this shape's name did not.
        func isWrong(gestures: [String]) -> Bool {
            fired.contains { $0 != shape } || gestures.contains(shape) && !fired.contains(shape)
        }
    }

    /// One trace of the dataset.
    struct Sample {
        var shape: String
        var file: String
        var path: String
        var subject: String { String(file.prefix { $0 != "-" }) }
    }

    func run(console: Console) -> ExitCode {
        let dataset = dataset ?? ""
        let renderer = diagnostics.renderer(for: console)
        guard let samples = Self.samples(in: dataset), !samples.isEmpty else {
            console.err("error: no <shape>/ folders of .jsonl traces in '\(dataset)'\n")
            return .inputError
        }
        let negatives = negativesDirectory.map { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map {
                Sample(shape: "", file: $0, path: dir + "/" + $0)
            }
        } ?? []
        let shapes = Array(Set(samples.map(\.shape))).sorted()
        var outcomes: [Outcome] = [], negativeOutcomes: [Outcome] = []
        var failed = false
        var gestures: [String] = []
        // Each fold: a table, and the samples it runs.
        var runs: [(GestureTable, [Sample])] = []
        if folds == nil {
            guard let table = GestureSetLoader.load(inputs[0], renderer, console)?.table else { return .inputError }
            runs = [(table, samples + negatives)]
        } else {
            let path = inputs[0]
            // Read once; each fold leaves out its subject's files (examples are named `shape/file`).
            let everyone = StrokeExamples.folders(in: dataset, location: dataset)
            for subject in Array(Set(samples.map(\.subject))).sorted() {
                var examples = everyone
                examples.folders = everyone.folders.mapValues { $0.filter { !$0.name.contains("/" + subject + "-") } }
                guard let loaded = GestureSetLoader.load(path, renderer, console, examples: examples) else { return .inputError }
                guard loaded.gestureSet != nil else {
                    console.err("error: --folds needs a .gesture spec to compile per fold, not a table: '\(path)'\n")
                    return .inputError
                }
                runs.append((loaded.table, samples.filter { $0.subject == subject } + negatives))
            }
        }
        for (table, batch) in runs {
            gestures = table.gestures.indices.map(table.name(of:))
            // Copies of one engine share what it derived from the table (its templates' index).
            let fresh = Engine(table: table)
            for sample in batch {
                guard let data = FileManager.default.contents(atPath: sample.path) else { continue }
                let (fired, errors) = Self.fire(fresh, Array(data))
                for e in errors { console.err("\(sample.path):\(e.line): error: \(e.message)\n") }
                failed = failed || !errors.isEmpty
                let outcome = Outcome(shape: sample.shape, path: sample.path, subject: sample.subject,
                                      speed: Self.speed(of: sample.file), fired: fired)
                if sample.shape.isEmpty { negativeOutcomes.append(outcome) } else { outcomes.append(outcome) }
            }
        }
        var text = Self.report(outcomes, shapes: shapes, gestures: gestures)
        if !negatives.isEmpty { text += Self.negativeReport(negativeOutcomes, gestures: gestures, folds: runs.count) }
        console.out(text)
        if let path = jsonPath {
            do {
                var figures = Self.figures(outcomes, shapes: shapes, gestures: gestures)
                if !negatives.isEmpty {
                    figures["negatives"] = ["traces": negativeOutcomes.count, "falseFires": negativeOutcomes.filter { !$0.fired.isEmpty }.count]
                }
                figures["wrong"] = (outcomes + negativeOutcomes).filter { $0.isWrong(gestures: gestures) }.map {
                    ["trace": $0.path, "shape": $0.shape, "subject": $0.subject, "speed": $0.speed, "fired": $0.fired] as [String: Any]
                }
                let json = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: URL(fileURLWithPath: path))
            } catch {
                console.err("error: cannot write '\(path)': \(error.localizedDescription)\n")
                return .inputError
            }
        }
        return failed ? .inputError : .success
    }

    /// The dataset's traces, by shape folder then file name; nil when the folder cannot be read.
    static func samples(in dataset: String) -> [Sample]? {
        let fm = FileManager.default
        guard let shapes = try? fm.contentsOfDirectory(atPath: dataset) else { return nil }
        return shapes.sorted().flatMap { shape -> [Sample] in
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: dataset + "/" + shape, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
            let files = ((try? fm.contentsOfDirectory(atPath: dataset + "/" + shape)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            return files.map { Sample(shape: shape, file: $0, path: dataset + "/" + shape + "/" + $0) }
        }
    }

    /// The gestures that were recognized or began on one trace (run on a copy of `fresh`), in order.
    static func fire(_ fresh: Engine, _ bytes: [UInt8]) -> ([String], [TraceReader.LineError]) {
        var engine = fresh
        let table = engine.table
        var fired: [String] = []
        func collect() {
            for e in engine.events where e.state == .recognized || e.state == .began {
                let name = table.name(of: e.gesture)
                if !fired.contains(name) { fired.append(name) }
            }
            engine.removeAllEvents()
        }
        let errors = TraceReader.read(bytes) { event in
            engine.feed(event)
            collect()
        }
        engine.finish()
        collect()
        return (fired, errors)
    }

    static func negativeReport(_ outcomes: [Outcome], gestures: [String], folds: Int) -> String {
        let fired = outcomes.filter { !$0.fired.isEmpty }.count
        var out = "\nfalse fires on non-shape input (\(outcomes.count / max(folds, 1)) traces\(folds > 1 ? ", once per fold" : ""))\n"
        out += "  any gesture: \(percent(fired, outcomes.count)) (\(fired)/\(outcomes.count))\n"
        for g in gestures {
            let n = outcomes.filter { $0.fired.contains(g) }.count
            if n > 0 { out += "  \(g): \(percent(n, outcomes.count)) (\(n)/\(outcomes.count))\n" }
        }
        return out
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
