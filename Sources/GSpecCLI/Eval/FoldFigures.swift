import Foundation
import GestureCompiler

/// One subject's figures in `gspec eval`: how many of its traces were
/// right (its own gesture fired and no other), its lowest shape, and the
/// non-shape traces anything fired on in its fold. With `--folds`, a person
/// the templates never saw; the worst subject is the figure a new person
/// should expect at worst.
struct FoldFigures: Equatable {
    var right: Int
    var traces: Int
    /// Recall per shape with a gesture of its name (hits, total).
    var recall: [String: Hits]
    var negativeFires: Int
    var negatives: Int

    struct Hits: Equatable {
        var hits: Int, total: Int
        var rate: Double { total == 0 ? 1 : Double(hits) / Double(total) }
    }

    init(_ outcomes: [EvalOutcome], negatives: [EvalOutcome], gestures: [String]) {
        right = EvalOutcome.right(outcomes, gestures: gestures)
        traces = outcomes.count
        var recall: [String: Hits] = [:]
        for g in gestures {
            if let (h, t) = EvalOutcome.recall(g, outcomes) { recall[g] = Hits(hits: h, total: t) }
        }
        self.recall = recall
        negativeFires = negatives.filter { !$0.fired.isEmpty }.count
        self.negatives = negatives.count
    }

    /// The share of its traces that were right.
    var rate: Double { traces == 0 ? 1 : Double(right) / Double(traces) }

    /// The shape with the lowest recall (the first by name on a tie).
    var lowest: (shape: String, hits: Hits)? {
        recall.min { ($0.value.rate, $0.key) < ($1.value.rate, $1.key) }.map { ($0.key, $0.value) }
    }

    /// One line: `s08: 98.1% (471/480), lowest right_curly_brace 83.3% (25/30), non-shape fires 0.4% (2/500)`.
    var line: String {
        var out = "\(EvalCommand.percent(right, traces)) (\(right)/\(traces))"
        if let (shape, h) = lowest { out += ", lowest \(shape) \(EvalCommand.percent(h.hits, h.total)) (\(h.hits)/\(h.total))" }
        if negatives > 0 { out += ", non-shape fires \(EvalCommand.percent(negativeFires, negatives)) (\(negativeFires)/\(negatives))" }
        return out
    }

    /// The shapes whose recall differs from `before`'s, as `shape 80.0% -> 90.0%`.
    func changes(from before: FoldFigures) -> [String] {
        recall.keys.sorted().compactMap { shape in
            guard let old = before.recall[shape], let new = recall[shape], old != new else { return nil }
            return "\(shape) \(EvalCommand.percent(old.hits, old.total)) -> \(EvalCommand.percent(new.hits, new.total))"
        }
    }

    var json: [String: Any] {
        var object: [String: Any] = ["right": right, "traces": traces,
                                     "recall": recall.mapValues { ["hits": $0.hits, "total": $0.total] }]
        if let (shape, h) = lowest { object["lowest"] = ["shape": shape, "hits": h.hits, "total": h.total] }
        if negatives > 0 { object["negatives"] = ["traces": negatives, "falseFires": negativeFires] }
        return object
    }

    /// The report's per-subject section: each subject's line, and with a
    /// search, what its chosen setting changed from the first setting written.
    static func report(_ folds: [(subject: String, chosen: FoldFigures, first: FoldFigures?)], heldOut: Bool) -> String {
        var out = heldOut ? "\nper subject (its traces on the spec compiled without its strokes)\n" : "\nper subject\n"
        for fold in folds {
            out += "  \(fold.subject): \(fold.chosen.line)\n"
            guard let first = fold.first, first != fold.chosen else { continue }
            out += "    with the first setting written: \(first.line)\n"
            let changes = fold.chosen.changes(from: first)
            if !changes.isEmpty { out += "    chosen setting's changes: " + changes.joined(separator: ", ") + "\n" }
        }
        if let worst = folds.min(by: { $0.chosen.rate < $1.chosen.rate }) {
            out += "  worst subject: \(worst.subject), \(EvalCommand.percent(worst.chosen.right, worst.chosen.traces))\n"
        }
        if folds.count > 1 { out += "  " + Spread(folds.map(\.chosen.rate)).line + "\n" }
        return out
    }

    /// How much the figure moves from one person to the next: what a
    /// change must beat to be more than a change of who was measured. The
    /// subjects' figures' mean and standard deviation, and the middle 95% of
    /// the mean over subjects drawn again with replacement (a bootstrap over
    /// subjects, 10,000 draws, the same on every run).
    struct Spread {
        var mean: Double, deviation: Double, low: Double, high: Double

        init(_ rates: [Double]) {
            let n = Double(max(rates.count, 1))
            mean = rates.reduce(0, +) / n
            let m = mean
            deviation = rates.count > 1 ? (rates.map { ($0 - m) * ($0 - m) }.reduce(0, +) / (n - 1)).squareRoot() : 0
            guard !rates.isEmpty else {
                (low, high) = (mean, mean)
                return
            }
            var random = SplitMix64(seed: 0x5EED)
            var means: [Double] = (0..<10_000).map { _ in
                (0..<rates.count).reduce(0) { sum, _ in sum + rates[Int(random.next() % UInt64(rates.count))] } / n
            }
            means.sort()
            (low, high) = (means[249], means[9_749])
        }

        var line: String {
            String(format: "spread over subjects: mean %.1f%%, standard deviation %.1f points; bootstrap 95%% interval of the mean %.1f%% to %.1f%%",
                   100 * mean, 100 * deviation, 100 * low, 100 * high)
        }

        var json: [String: Any] { ["mean": mean, "standardDeviation": deviation, "bootstrapLow": low, "bootstrapHigh": high] }
    }
}
