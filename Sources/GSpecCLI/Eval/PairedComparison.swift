import Foundation

/// `gspec eval --against BEFORE.json`: this run's figures against another
/// run's (its `--json`), subject by subject. Issue 61's rule keeps a change
/// only if it helps beyond the spread; comparing two runs' intervals side by
/// side hides that most of the spread is who was measured, the same people
/// in both. So each figure (as recorded, each `--robustness` condition, their
/// mean) is compared per subject, and the bootstrap over subjects is taken of
/// the differences (`FoldFigures.Spread`): beyond the spread when its 95%
/// interval leaves out zero. Non-shape fires are counted once per fold, not
/// per subject: they are given before and after, against issue 61's 0.5%.
struct PairedComparison {
    struct Row {
        var name: String
        /// Right, of traces, summed over the subjects both runs have.
        var before: Int, after: Int, traces: Int
        /// Per subject, the rate after minus the rate before, in subject order.
        var differences: [Double]

        var spread: FoldFigures.Spread { FoldFigures.Spread(differences) }

        var verdict: String {
            if differences.allSatisfy({ $0 == 0 }) { return "no change" }
            let s = spread
            if s.low > 0 { return "better, beyond the spread" }
            if s.high < 0 { return "worse, beyond the spread" }
            return "within the spread"
        }

        var line: String {
            let s = spread
            let changed = differences.map { $0 > 0 ? "+" : $0 < 0 ? "-" : "=" }.joined()
            return "\(name): \(EvalCommand.percent(before, traces)) -> \(EvalCommand.percent(after, traces)) (\(before) -> \(after) of \(traces)); "
                + String(format: "per subject %+.2f points (95%% interval %+.2f to %+.2f), ", 100 * s.mean, 100 * s.low, 100 * s.high)
                + "subjects \(changed): \(verdict)"
        }

        var json: [String: Any] {
            let s = spread
            return ["before": before, "after": after, "traces": traces, "differences": differences,
                    "meanDifference": s.mean, "low": s.low, "high": s.high, "verdict": verdict]
        }
    }

    var rows: [Row]
    /// Non-shape traces fired on (summed over folds), before and after, of `traces`; nil without `--negatives`.
    var negatives: (before: Int, after: Int, traces: Int)?

    /// Why two runs cannot be compared.
    struct Mismatch: Error { var reason: String }

    /// Compares `after` with `before`, both as `gspec eval --json` writes them.
    init(before: [String: Any], after: [String: Any]) throws(Mismatch) {
        let old = Self.subjects(before), new = Self.subjects(after)
        guard !new.isEmpty else { throw Mismatch(reason: "this run has no subjects to compare: use --folds") }
        guard Set(old.keys) == Set(new.keys) else {
            throw Mismatch(reason: "the two runs have other subjects (\(old.keys.sorted().joined(separator: ", ")) before, \(new.keys.sorted().joined(separator: ", ")) now)")
        }
        let subjects = new.keys.sorted()
        var rows = [Self.row("as recorded", subjects, old, new)]
        let oldConditions = before["robustness"] as? [String: Any] ?? [:], newConditions = after["robustness"] as? [String: Any] ?? [:]
        // The conditions in the order this run reports them (`DeviceCondition`), those both runs have.
        let conditions = DeviceCondition.allCases.filter { oldConditions[$0.name] != nil && newConditions[$0.name] != nil }
        var conditionRows: [Row] = [], mixtureRows: [Row] = []
        for condition in conditions {
            let name = condition.name, o = Self.subjects(oldConditions[name]), n = Self.subjects(newConditions[name])
            guard Set(o.keys) == Set(subjects), Set(n.keys) == Set(subjects) else {
                throw Mismatch(reason: "condition '\(name)' has no figures per subject in one of the runs (written by an older gspec?)")
            }
            let row = Self.row(name, subjects, o, n)
            if condition.isMixture { mixtureRows.append(row) } else { conditionRows.append(row) }
        }
        rows += conditionRows
        if !conditionRows.isEmpty {
            // Each subject's mean over the conditions, as the report's mean is theirs.
            let k = Double(conditionRows.count)
            let differences = subjects.indices.map { i in conditionRows.map { $0.differences[i] }.reduce(0, +) / k }
            rows.append(Row(name: "mean over the conditions", before: conditionRows.map(\.before).reduce(0, +),
                            after: conditionRows.map(\.after).reduce(0, +), traces: conditionRows.map(\.traces).reduce(0, +),
                            differences: differences))
        }
        // The mixture after the mean, which it is not part of (as the report has it).
        self.rows = rows + mixtureRows
        if let o = before["negatives"] as? [String: Any], let n = after["negatives"] as? [String: Any],
           let of = o["falseFires"] as? Int, let nf = n["falseFires"] as? Int, let traces = n["traces"] as? Int, o["traces"] as? Int == traces {
            negatives = (of, nf, traces)
        }
    }

    /// Right and traces per subject of a figures object that has `subjects`.
    private static func subjects(_ figures: Any?) -> [String: (right: Int, traces: Int)] {
        let all = (figures as? [String: Any])?["subjects"] as? [String: Any] ?? [:]
        var out: [String: (right: Int, traces: Int)] = [:]
        for (subject, value) in all {
            if let object = value as? [String: Any], let right = object["right"] as? Int, let traces = object["traces"] as? Int {
                out[subject] = (right, traces)
            }
        }
        return out
    }

    private static func row(_ name: String, _ subjects: [String], _ old: [String: (right: Int, traces: Int)],
                            _ new: [String: (right: Int, traces: Int)]) -> Row {
        func rate(_ f: (right: Int, traces: Int)) -> Double { f.traces == 0 ? 1 : Double(f.right) / Double(f.traces) }
        return Row(name: name, before: subjects.map { old[$0]!.right }.reduce(0, +), after: subjects.map { new[$0]!.right }.reduce(0, +),
                   traces: subjects.map { new[$0]!.traces }.reduce(0, +),
                   differences: subjects.map { rate(new[$0]!) - rate(old[$0]!) })
    }

    /// The report's section.
    func report(baseline path: String) -> String {
        var out = "\nagainst \(path) (per subject, this run minus that one; beyond the spread: the bootstrap interval of the mean difference leaves out 0)\n"
        for row in rows { out += "  \(row.line)\n" }
        if let n = negatives {
            out += "  non-shapes fired: \(EvalCommand.percent(n.before, n.traces)) -> \(EvalCommand.percent(n.after, n.traces)) (\(n.before) -> \(n.after) of \(n.traces))"
            out += Double(n.after) > 0.005 * Double(n.traces) ? ", over the 0.5% issue 61 allows\n" : "\n"
        }
        return out
    }

    var json: [String: Any] {
        var object: [String: Any] = ["figures": Dictionary(rows.map { ($0.name, $0.json) }, uniquingKeysWith: { a, _ in a })]
        if let n = negatives { object["negatives"] = ["before": n.before, "after": n.after, "traces": n.traces] }
        return object
    }
}
