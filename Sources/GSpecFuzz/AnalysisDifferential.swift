import GestureCompiler
import GestureRuntime

/// The analysis checked by something that did not produce it: on one set,
/// the engine search (`EngineSearch`) looks for a stream that contradicts a
/// verdict, and every fix-it the analysis offers for a conflict is applied
/// to the text as an editor would, then the set is checked and analysed
/// again: the fix must leave no error, and the pair no conflict. The
/// randomized test (`swift test`) and the `analysis` fuzz target share it.
public enum AnalysisDifferential {
    /// What one set gave.
    public struct Outcome: Sendable {
        /// False when the front end refused the set (nothing was checked).
        public var analysed = false
        /// Verdicts checked: one per pair of gestures (a conflict or settled), one per bounded latency.
        public var verdicts = 0
        public var fixIts = 0
        /// `gspec test`'s generated threshold tests run (`BoundaryCaseGenerator`).
        public var generatedTests = 0
        /// What contradicts the report or a fix-it, in words (empty: all held).
        public var failures: [String] = []
    }

    /// The fuzz target: the bytes seed a random set (`RandomSpecs`), whose
    /// verdicts and fix-its must all hold on the engine.
    public static func fuzz(_ bytes: [UInt8]) {
        let seed = bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        var specs = RandomSpecs(seed: seed)
        let text = specs.spec()
        let outcome = check(text, seed: seed)
        precondition(outcome.failures.isEmpty, "\(text)\n\(outcome.failures.joined(separator: "\n"))")
    }

    /// Checks one set's source text; `seed` and `randomStreams` are the engine search's.
    public static func check(_ text: String, seed: UInt64 = 1, randomStreams: Int = 2) -> Outcome {
        var outcome = Outcome()
        let front = Frontend.check(SourceFile(path: "random.gesture", text: text))
        let set = front.gestureSet
        if front.diagnostics.hasErrors {
            guard deadOnly(front.diagnostics) else { return outcome }
            // The analysis's own errors (`dead-gesture`) too, which the front end's stop.
            let dead = front.diagnostics + DeadGestures.find(in: set)
            return checkNeverRuns(set, source: front.source, dead, seed: seed, outcome)
        }
        let report = Analyzer.analyze(set, source: front.source)
        guard !report.diagnostics.hasErrors else {
            return deadOnly(report.diagnostics) ? checkNeverRuns(set, source: front.source, report.diagnostics, seed: seed, outcome) : outcome
        }
        outcome.analysed = true
        var search = EngineSearch(set: set, source: front.source, seed: seed, randomStreams: randomStreams)
        outcome.failures += search.contradictions(of: report).map { "\($0)\n\($0.traceLines(in: set))" }
        let n = set.gestures.count
        outcome.verdicts = n * (n - 1) / 2 + report.latencies.filter { $0.worst != nil }.count
        for c in report.conflicts {
            let (victim, winner) = (set.label(c.victim), set.label(c.winner))
            // As the analysis reports them: a conflict at the later declaration, a rule's victim at its own.
            let at = set[c.rule == nil ? max(c.victim, c.winner) : c.victim].nameRange
            guard let d = report.diagnostics.first(where: { $0.range == at && $0.message.contains("'\(victim)'") && $0.message.contains("'\(winner)'") })
            else {
                outcome.failures.append("no diagnostic for the conflict of '\(winner)' over '\(victim)'")
                continue
            }
            for fix in d.fixIts {
                outcome.fixIts += 1
                var bytes = front.source.bytes
                bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
                let fixed = Frontend.check(SourceFile(path: "fixed.gesture", bytes: bytes))
                guard !fixed.diagnostics.hasErrors else {
                    outcome.failures.append("the fix-it '\(fix.replacement)' of '\(winner)' over '\(victim)' makes an error: \(fixed.diagnostics.map(\.message))")
                    continue
                }
                let again = Analyzer.analyze(fixed.gestureSet, source: fixed.source, fixIts: false)
                let still = again.conflicts.contains { [$0.victim, $0.winner].sorted() == [c.victim, c.winner].sorted() }
                if still || again.diagnostics.hasErrors {
                    outcome.failures.append("the fix-it '\(fix.replacement)' leaves '\(winner)' and '\(victim)' \(still ? "in conflict" : "with an error")")
                }
            }
        }
        // `gspec test`'s generated tests: each gesture alone succeeds just inside each limit and not just past it.
        let table = Compiler.compile(front.source).table
        for c in BoundaryCaseGenerator.cases(for: set) {
            guard let table else { break }
            outcome.generatedTests += 1
            let isolated = c.table(table.isolating(c.gesture))
            if c.accepted.claimTime(of: 0, on: isolated) == nil || c.rejected.claimTime(of: 0, on: isolated) != nil {
                outcome.failures.append("the generated test '\(set.label(c.gesture)) \(c.parameter) \(c.value)' fails: \(c.accepted.summary) / \(c.rejected.summary)")
            }
        }
        // The other fix-its (an accessibility warning's `action:`): applied, that warning is gone and nothing is wrong.
        for d in report.diagnostics where d.severity == .warning && !d.fixIts.isEmpty && d.id != "conflict" && d.id != "preempted" {
            for fix in d.fixIts {
                outcome.fixIts += 1
                var bytes = front.source.bytes
                bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
                let fixed = Frontend.check(SourceFile(path: "fixed.gesture", bytes: bytes))
                let again = fixed.diagnostics.hasErrors ? [] : Analyzer.analyze(fixed.gestureSet, source: fixed.source, fixIts: false).diagnostics
                if fixed.diagnostics.hasErrors || again.hasErrors || again.contains(where: { $0.id == d.id && $0.range.start == d.range.start }) {
                    outcome.failures.append("the fix-it '\(fix.replacement)' of '\(d.message)' does not remove it")
                }
            }
        }
        return outcome
    }

    /// Whether every error is about a gesture that can never run.
    static func deadOnly(_ diagnostics: [Diagnostic]) -> Bool {
        let errors = diagnostics.filter { $0.severity == .error }
        return !errors.isEmpty && errors.allSatisfy { $0.id == "never-enabled" || $0.id == "dead-gesture" }
    }

    /// The errors that say a gesture can never run (its condition holds in no
    /// combination of modes; its stroke's parameters contradict each other),
    /// checked on the engine: the set's table, built anyway, runs the engine
    /// search's streams in every situation, and the gesture claims none.
    static func checkNeverRuns(_ set: CheckedGestureSet, source: SourceFile, _ diagnostics: [Diagnostic], seed: UInt64,
                               _ start: Outcome) -> Outcome {
        var outcome = start
        outcome.analysed = true
        var search = EngineSearch(set: set, source: source, seed: seed, randomStreams: 8)
        for d in diagnostics where d.severity == .error {
            guard let g = set.gestureIDs.first(where: { d.message.hasPrefix("'\(set[$0].name)' ") }) else {
                outcome.failures.append("no gesture for the error '\(d.message)'")
                continue
            }
            outcome.verdicts += 1
            if let found = search.claim(by: g) { outcome.failures.append("\(found)\n\(found.traceLines(in: set))") }
        }
        return outcome
    }
}
