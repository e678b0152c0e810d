import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// What `gspec eval` repeats per fold: the spec compiled with some
/// subjects' strokes left out of its examples and some constants set, and
/// traces run on the table. Traces are read once, however many folds run them.
struct FoldRunner {
    let path: String
    let renderer: DiagnosticRenderer
    let console: Console
    /// Every subject's examples (`--folds`); nil: the examples beside the spec.
    let examples: StrokeExamples?
    /// The gesture names of the table that ran last, in order.
    private(set) var gestures: [String] = []
    /// Whether a trace had a malformed line (reported once, the first time it ran).
    private(set) var failed = false
    private var bytes: [String: [UInt8]] = [:]

    /// `console`, saying each distinct message once: every fold compiles the same spec, with the same warnings.
    private let compileConsole: Console

    init(path: String, renderer: DiagnosticRenderer, console: Console, examples: StrokeExamples?) {
        (self.path, self.renderer, self.console, self.examples) = (path, renderer, console, examples)
        let said = Said()
        compileConsole = Console(out: console.out, err: { if said.first($0) { console.err($0) } }, errIsTerminal: console.errIsTerminal)
    }

    /// The messages said so far.
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: Set<String> = []
        /// Whether `text` is new (and now said).
        func first(_ text: String) -> Bool { lock.withLock { texts.insert(text).inserted } }
    }

    /// The spec compiled without the examples of `subjects` (file names
    /// `SUBJECT-...`) and with `setting`'s constants; nil, reported, when it does not compile.
    mutating func table(excluding subjects: Set<String> = [], setting: SearchGrid.Setting = []) -> GestureTable? {
        var kept = examples
        if let everyone = examples, !subjects.isEmpty {
            kept?.folders = everyone.folders.mapValues { $0.filter { !subjects.contains(Self.subject(ofExample: $0.name)) } }
        }
        guard let loaded = GestureSetLoader.load(path, renderer, compileConsole, examples: kept, constants: setting) else { return nil }
        if examples != nil && loaded.gestureSet == nil {
            console.err("error: --folds needs a .gesture spec to compile per fold, not a table: '\(path)'\n")
            return nil
        }
        return loaded.table
    }

    /// What fired on each of `samples` and of `negatives`, run on `table`.
    mutating func run(_ table: GestureTable, _ samples: [EvalCommand.Sample],
                      _ negatives: [EvalCommand.Sample]) -> (samples: [EvalCommand.Outcome], negatives: [EvalCommand.Outcome]) {
        gestures = table.gestures.indices.map(table.name(of:))
        // Copies of one engine share what it derived from the table (its templates' index).
        let fresh = Engine(table: table)
        var outcomes: [EvalCommand.Outcome] = []
        for sample in samples + negatives {
            outcomes.append(EvalCommand.Outcome(shape: sample.shape, path: sample.path, subject: sample.subject,
                                                speed: EvalCommand.speed(of: sample.file), fired: Self.fire(fresh, trace(sample.path))))
        }
        return (Array(outcomes.prefix(samples.count)), Array(outcomes.dropFirst(samples.count)))
    }

    /// A trace's bytes, read (and its malformed lines reported) the first time.
    private mutating func trace(_ path: String) -> [UInt8] {
        if let known = bytes[path] { return known }
        let data = FileManager.default.contents(atPath: path).map(Array.init) ?? []
        let errors = TraceReader.read(data) { _ in }
        for e in errors { console.err("\(path):\(e.line): error: \(e.message)\n") }
        failed = failed || !errors.isEmpty
        bytes[path] = data
        return data
    }

    /// The subject of an example named `shape/SUBJECT-...`.
    static func subject(ofExample name: String) -> String {
        String(name.split(separator: "/").last?.prefix { $0 != "-" } ?? "")
    }

    /// The gestures that were recognized or began on one trace (run on a copy of `fresh`), in order.
    static func fire(_ fresh: Engine, _ bytes: [UInt8]) -> [String] {
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
        _ = TraceReader.read(bytes) { event in
            engine.feed(event)
            collect()
        }
        engine.finish()
        collect()
        return fired
    }
}
