import GestureRuntime

/// `gspec eval --folds nested --search ...`: the inner loop of nested
/// leave-one-subject-out. For one held-out subject, every setting of the
/// grid is scored by leaving out each of the *other* subjects in turn
/// (the spec compiled without the held-out subject's and the inner
/// subject's examples, the inner subject's traces run on it), so the held-out
/// subject's strokes never take part in choosing; the outer fold then runs
/// on the setting chosen. Tables and non-shape runs are kept by the pair of
/// subjects left out: holding out `a` then `b` compiles what holding out `b`
/// then `a` does.
enum NestedSearch {
    /// Most traces of other shapes a gesture may fire on, and most non-shape traces anything may fire on, for a setting to be acceptable.
    static let maxFalseFires = 0.01
    static let maxNegativeFires = 0.005

    /// How a setting did on the inner folds.
    struct Score: Comparable {
        /// Whether it kept within both false-fire limits.
        var acceptable: Bool
        /// The lowest recall of a gesture on its own shape.
        var lowest: Double
        /// Recall over every trace of a shape some gesture is named after.
        var overall: Double

        /// Within the limits first, then the lowest recall, then the overall one.
        static func < (a: Score, b: Score) -> Bool {
            (a.acceptable ? 1 : 0, a.lowest, a.overall) < (b.acceptable ? 1 : 0, b.lowest, b.overall)
        }

        init(_ outcomes: [EvalCommand.Outcome], negatives: [EvalCommand.Outcome], gestures: [String]) {
            var lowest = 1.0, hits = 0, total = 0, worstFalse = 0.0
            for g in gestures {
                guard let (h, t) = EvalCommand.recall(g, outcomes) else { continue }
                (lowest, hits, total) = (Swift.min(lowest, Double(h) / Double(t)), hits + h, total + t)
                let others = outcomes.filter { $0.shape != g }
                if !others.isEmpty {
                    worstFalse = Swift.max(worstFalse, Double(others.filter { $0.fired.contains(g) }.count) / Double(others.count))
                }
            }
            let negativeRate = negatives.isEmpty ? 0 : Double(negatives.filter { !$0.fired.isEmpty }.count) / Double(negatives.count)
            acceptable = worstFalse <= NestedSearch.maxFalseFires && negativeRate <= NestedSearch.maxNegativeFires
            (self.lowest, overall) = (lowest, total == 0 ? 0 : Double(hits) / Double(total))
        }
    }

    /// The grid's best setting for the fold that holds out `heldOut`
    /// (the first in grid order on a tie); nil when a setting does not
    /// compile (reported). With no subject held out, the setting the same
    /// search picks with every subject in view: the one to write in the spec.
    static func choose(_ grid: SearchGrid, heldOut: String?, subjects: [String], samples: [EvalCommand.Sample],
                       negatives: [EvalCommand.Sample], runner: inout FoldRunner,
                       cache: inout Cache) -> SearchGrid.Setting? {
        var best: (score: Score, setting: SearchGrid.Setting)?
        for (index, setting) in grid.settings.enumerated() {
            var outcomes: [EvalCommand.Outcome] = [], negativeOutcomes: [EvalCommand.Outcome] = []
            for inner in subjects where inner != heldOut {
                let key = Cache.Key(setting: index, pair: Set([heldOut, inner].compactMap { $0 }))
                if cache.tables[key] == nil {
                    guard let table = runner.table(excluding: key.pair, setting: setting) else { return nil }
                    cache.tables[key] = table
                    cache.negatives[key] = runner.run(table, [], negatives).negatives
                }
                outcomes += runner.run(cache.tables[key]!, samples.filter { $0.subject == inner }, []).samples
                negativeOutcomes += cache.negatives[key]!
            }
            let score = Score(outcomes, negatives: negativeOutcomes, gestures: runner.gestures)
            if best.map({ $0.score < score }) ?? true { best = (score, setting) }
        }
        return best?.setting
    }

    /// Tables and non-shape outcomes by setting and the pair of subjects left out.
    struct Cache {
        struct Key: Hashable {
            var setting: Int
            var pair: Set<String>
        }
        var tables: [Key: GestureTable] = [:]
        var negatives: [Key: [EvalCommand.Outcome]] = [:]
    }

    /// The report's lines on what each fold chose, and what the search picks on every subject.
    static func report(_ chosen: [String: SearchGrid.Setting], all: SearchGrid.Setting) -> String {
        func line(_ setting: SearchGrid.Setting) -> String {
            setting.map { "\($0.name)=\($0.text)" }.joined(separator: " ") + "\n"
        }
        var out = "\nchosen per fold (nested: on the other subjects only)\n"
        for subject in chosen.keys.sorted() { out += "  \(subject): " + line(chosen[subject]!) }
        return out + "chosen on every subject (the values to write in the spec): " + line(all)
    }
}
