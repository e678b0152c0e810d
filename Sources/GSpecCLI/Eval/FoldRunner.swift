import Dispatch
import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// What `gspec eval` repeats per fold: the spec compiled with some
/// subjects' strokes left out of its examples and some constants set, and
/// traces run on the table. Folds are independent, so they run on every
/// core; traces are read once, before any runs, into touch events.
struct FoldRunner {
    /// One compilation: a setting of the search grid (its index; 0 without
    /// a search) and the subjects whose examples it leaves out.
    struct Fold: Hashable {
        var setting: Int
        var leftOut: Set<String>
    }

    /// What ran on one fold's table: the traces of the subjects it left out
    /// (all of them when it left none out), and the non-shape traces.
    struct Outcomes {
        var samples: [EvalOutcome]
        var negatives: [EvalOutcome]
    }

    let path: String
    let renderer: DiagnosticRenderer
    /// Every subject's examples (`--folds`); nil: the examples beside the spec.
    let examples: StrokeExamples?
    /// Whether a trace had a malformed line (each reported once, when read).
    let failed: Bool
    private let events: [String: [TouchEvent]]
    /// `console`, saying each distinct message once: every fold compiles the same spec, with the same warnings.
    private let compileConsole: Console

    init(path: String, renderer: DiagnosticRenderer, console: Console, examples: StrokeExamples?, traces: [EvalSample]) {
        (self.path, self.renderer, self.examples) = (path, renderer, examples)
        let said = Said()
        compileConsole = Console(out: console.out, err: { said.once($0, console.err) }, errIsTerminal: console.errIsTerminal)
        var events: [String: [TouchEvent]] = [:], failed = false
        for trace in traces where events[trace.path] == nil {
            if let made = trace.events {
                events[trace.path] = made
                continue
            }
            let data = FileManager.default.contents(atPath: trace.path).map(Array.init) ?? []
            var read: [TouchEvent] = []
            let errors = TraceReader.read(data) { read.append($0) }
            for e in errors { console.err("\(trace.path):\(e.line): error: \(e.message)\n") }
            failed = failed || !errors.isEmpty
            events[trace.path] = read
        }
        (self.events, self.failed) = (events, failed)
    }

    /// The messages said so far; compilations on several threads share it.
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: Set<String> = []
        /// Writes `text` with `write` unless it was written before; one write at a time.
        func once(_ text: String, _ write: (String) -> Void) {
            lock.withLock { if texts.insert(text).inserted { write(text) } }
        }
    }

    /// Runs `folds` (settings from `settings`), as many at once as there are
    /// cores; nil when one does not compile (reported).
    func run(_ folds: [Fold], settings: [SearchGrid.Setting], samples: [EvalSample],
             negatives: [EvalSample]) -> (outcomes: [Fold: Outcomes], gestures: [String])? {
        let results = UnsafeMutableBufferPointer<(Outcomes, [String])?>.allocate(capacity: folds.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        // Each iteration writes only its own element.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: folds.count) { i in
            let fold = folds[i]
            guard let table = table(excluding: fold.leftOut, setting: settings[fold.setting]) else { return }
            let own = fold.leftOut.isEmpty ? samples : samples.filter { fold.leftOut.contains($0.subject) }
            slots[i] = (Outcomes(samples: run(table, own), negatives: run(table, negatives)),
                        table.gestureIDs.map(table.name(of:)))
        }
        var outcomes: [Fold: Outcomes] = [:]
        for (fold, result) in zip(folds, results) {
            guard let result else { return nil }
            outcomes[fold] = result.0
        }
        return (outcomes, results.first??.1 ?? [])
    }

    /// The spec compiled without the examples of `subjects` (file names
    /// `SUBJECT-...`) and with `setting`'s constants; nil, reported, when it does not compile.
    private func table(excluding subjects: Set<String>, setting: SearchGrid.Setting) -> GestureTable? {
        var kept = examples
        if let everyone = examples, !subjects.isEmpty {
            kept?.folders = everyone.folders.mapValues { $0.filter { !subjects.contains(Self.subject(ofExample: $0.name)) } }
        }
        guard let loaded = GestureSetLoader.load(path, renderer, compileConsole, examples: kept, constants: setting) else { return nil }
        if examples != nil && loaded.gestureSet == nil {
            compileConsole.err("error: --folds needs a .gesture spec to compile per fold, not a table: '\(path)'\n")
            return nil
        }
        return loaded.table
    }

    /// What fired on each of `samples`, run on `table`.
    private func run(_ table: GestureTable, _ samples: [EvalSample]) -> [EvalOutcome] {
        // Copies of one engine share what it derived from the table (its templates' index).
        let fresh = Engine(table: table)
        return samples.map { sample in
            EvalOutcome(shape: sample.shape, path: sample.path, subject: sample.subject,
                                speed: EvalSample.speed(of: sample.file), fired: Self.fire(fresh, events[sample.path] ?? []))
        }
    }

    /// The touch events of `sample` as read once, before any runs (none for a trace that was not given).
    func events(of sample: EvalSample) -> [TouchEvent] { sample.events ?? events[sample.path] ?? [] }

    /// The subject of an example named `shape/SUBJECT-...`.
    static func subject(ofExample name: String) -> String {
        String(name.split(separator: "/").last?.prefix { $0 != "-" } ?? "")
    }

    /// The gestures that were recognized or began on one trace (run on a copy of `fresh`), in order.
    static func fire(_ fresh: Engine, _ events: [TouchEvent]) -> [String] {
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
        for event in events {
            engine.feed(event)
            collect()
        }
        engine.finish()
        collect()
        return fired
    }
}
