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
            their patterns were tuned on.) Each subject's figures follow (with --folds, on
            the fold that left it out): the traces right, its lowest shape, the non-shape
            fires of its fold, and the worst subject, what a new person may expect at worst.

            With --folds nested --search "NAME=v1,v2 ..." each fold also chooses values for
            the spec's constants (let NAME = ...; a range such as 0deg...50deg too): every
            combination is tried by leaving out each of the other subjects in turn, the
            fold's own subject never seen, and the best is kept (within 1% false fires per
            gesture and 0.5% on --negatives, or else the least past them, then the highest
            lowest recall up to 94%, then the highest overall recall, then the highest
            lowest recall, then the first written; a non-shape that fires on an inner fold
            under every setting counts against no limit, as it cannot tell the settings
            apart). The report says what each fold chose ('past the limits' where no
            setting kept within them), and what the same search picks with every subject
            in view: the values to write in the spec. A template stroke's varyAspect, varyEnds,
            varyRounding and varyOvershoot are searched the same way, through constants
            they name: the copies they add are of the fold's own examples, never the
            held-out subject's. With --choose-on devices the inner folds score each
            setting on the strokes and one-stroke non-shapes as recorded and also redrawn as
            --robustness's "each its own device" draws them (the figures reported still
            count the traces as recorded): a setting that pays only on other devices is seen.

            --vary-traces "overshoot=0.04" (aspect, ends, rounding, overshoot: the amounts the
            vary parameters take) measures the set on strokes drawn another way: each
            stroke of the dataset is replaced by its varied copies (one stroke left as
            recorded when the variation makes none of it), while the templates' examples
            stay as recorded: with --folds subject, how a new person who draws that way
            would fare.

            --against BEFORE.json (another run's --json, with --folds, on the same subjects)
            compares this run with that one subject by subject: for the figure as recorded,
            each --robustness condition both runs have and their mean, the change per
            subject and the bootstrap interval of its mean over subjects. A change is
            beyond the spread when that interval leaves out zero; non-shape fires are
            given before and after. The comparison goes into --json as "against".
            """
    )

    /// How `--folds` splits the dataset.
    enum Folds: String, CaseIterable, ArgumentValue {
        /// Leave one subject out.
        case subject
        /// Leave one subject out, each fold's `--search` settings chosen by
        /// leaving one subject out among the others (`NestedSearch`).
        case nested
    }

    /// What `--folds nested`'s inner folds score a setting on.
    enum ChooseOn: String, CaseIterable, ArgumentValue {
        /// The inner subject's strokes and the non-shapes, as recorded.
        case recorded
        /// Those, and the same redrawn as "each its own device" draws them
        /// (`DeviceCondition.mixed`): a setting that pays only on other
        /// devices (a larger share of hooks left out) is then seen.
        case devices
    }

    @Arguments(usage: "<file.gesture|file.gtab>") var inputs: [String]
    @Option(name: "--dataset", placeholder: "dir", isRequired: true,
            help: "A folder of <shape>/<file>.jsonl traces, one labelled gesture per file.")
    var dataset: String?
    @Option(name: "--folds", placeholder: "subject|nested",
            help: "Leave one subject out: template strokes learn from the other subjects only; nested: --search chooses settings per fold, among the others.")
    var folds: Folds?
    @Option(name: "--choose-on", placeholder: "recorded|devices",
            help: "With --folds nested: what the inner folds score a setting on; devices: the strokes and non-shapes as recorded and as each its own device draws them (as --robustness's mixture).")
    var chooseOn: ChooseOn?
    @Option(name: "--search", placeholder: "grid",
            help: "With --folds nested, \"NAME=v1,v2 NAME=v3,v4 ...\": values of the spec's constants to try, every combination; each fold takes the best on the other subjects.")
    var search: SearchGrid?
    @Option(name: "--vary-traces", placeholder: "amounts",
            help: "\"overshoot=0.04 ...\": run each stroke of the dataset redrawn as a template stroke's varyNAME varies its examples, instead of as recorded (the examples stay as recorded).")
    var varyTraces: StrokeVariation?
    @Flag(name: "--robustness",
          help: "Also run every stroke redrawn as other devices and people draw it (60, 125, 240 Hz; 30 and 600 pt; 30 pt on whole points; stretched; slower, faster; hooked ends; jitter; turned 15 degrees; warped; and each stroke a device of its own, all of them at once) on the same folds; with --negatives, the non-shapes of one stroke too, and what fired on which kind.")
    var robustness: Bool
    @Option(name: "--redrawn", placeholder: "dir",
            help: "With --robustness: also write each redrawn stroke that was missed, and each redrawn non-shape that fired, to DIR/CONDITION/SHAPE/FILE.jsonl, its first line saying what fired, for 'gspec run SPEC --trace FILE --explain' or the playground.")
    var redrawnDirectory: String?
    @Option(name: "--negatives", placeholder: "dir", help: "A folder of traces that are no shape: anything firing there is a false fire.")
    var negativesDirectory: String?
    @Option(name: "--json", placeholder: "file",
            help: "Also write the figures as JSON, and the traces where a gesture of another name fired or its own did not.")
    var jsonPath: String?
    @Option(name: "--against", placeholder: "file",
            help: "Compare with another run's --json, subject by subject: each figure's change and whether it is beyond the spread.")
    var againstPath: String?
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.count != 1 { throw UsageError("expected one gesture set and --dataset <dir>") }
        if (folds == .nested) != (search != nil) { throw UsageError("--folds nested and --search go together") }
        if againstPath != nil && folds == nil { throw UsageError("--against compares subject by subject: it needs --folds") }
        if chooseOn != nil && folds != .nested { throw UsageError("--choose-on is what the nested search scores: it needs --folds nested") }
        if redrawnDirectory != nil && !robustness { throw UsageError("--redrawn writes what --robustness redraws: it needs --robustness") }
    }

    func run(console: Console) -> ExitCode {
        let dataset = dataset ?? ""
        guard var samples = Self.samples(in: dataset), !samples.isEmpty else {
            console.err("error: no <shape>/ folders of .jsonl traces in '\(dataset)'\n")
            return .inputError
        }
        if let variation = varyTraces {
            samples = samples.flatMap { $0.varied(by: variation, bytes: FileManager.default.contents(atPath: $0.path).map(Array.init) ?? []) }
        }
        let negatives = negativesDirectory.map { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map {
                EvalSample(shape: "", file: $0, path: dir + "/" + $0)
            }
        } ?? []
        let shapes = Array(Set(samples.map(\.shape))).sorted()
        let subjects = Array(Set(samples.map(\.subject))).sorted()
        let settings = search?.settings ?? [[]]
        let examples = folds == nil ? nil : StrokeExamples.folders(in: dataset, location: dataset)
        var runner = FoldRunner(path: inputs[0], renderer: diagnostics.renderer(for: console), console: console,
                                examples: examples, traces: samples + negatives)
        // The non-shapes of one stroke (taps, presses, pans, swipes, scribbles;
        // a pinch's two touches stay as they are): the ones a device redraws.
        let strokeNegatives = negatives.filter { EvalSample.isOneStroke(runner.events(of: $0)) }
        // With --choose-on devices, every stroke and one-stroke non-shape also
        // redrawn as each its own device draws it, for the inner folds to score;
        // the figures reported leave these copies out.
        var scored = (samples: samples, negatives: negatives)
        if chooseOn == .devices {
            scored = (samples + Self.redrawn(samples, .mixed, events: runner.events(of:)),
                      negatives + Self.redrawn(strokeNegatives, .mixed, events: runner.events(of:)))
            runner = FoldRunner(path: inputs[0], renderer: diagnostics.renderer(for: console), console: console,
                                examples: examples, traces: scored.samples + scored.negatives)
        }
        // The folds reported: everything at once, or each subject left out alone.
        let outer = folds == nil ? [FoldRunner.Fold(setting: 0, leftOut: [])]
            : subjects.map { FoldRunner.Fold(setting: 0, leftOut: [$0]) }
        let plan = folds == .nested ? NestedSearch.folds(settings: settings.count, subjects: subjects) : outer
        guard let (scoredResults, gestures) = runner.run(plan, settings: settings, samples: scored.samples, negatives: scored.negatives) else {
            return .inputError
        }
        // What the report counts: the traces as recorded.
        let results = scoredResults.mapValues { o in
            FoldRunner.Outcomes(samples: o.samples.filter { !$0.path.hasSuffix(Self.deviceCopy) },
                                negatives: o.negatives.filter { !$0.path.hasSuffix(Self.deviceCopy) })
        }
        var outcomes: [EvalOutcome] = [], negativeOutcomes: [EvalOutcome] = []
        var chosen: [String: SearchGrid.Setting] = [:], chosenOnAll: SearchGrid.Setting = []
        // The folds (nil: every subject) where no setting kept within the false-fire limits.
        var pastLimits: Set<String?> = []
        var perSubject: [(subject: String, chosen: FoldFigures, first: FoldFigures?)] = []
        var reported: [FoldRunner.Fold] = []
        // Nested, each outer fold takes the setting the search chose without its subject.
        for var fold in outer {
            var first: FoldFigures?
            if folds == .nested, let subject = fold.leftOut.first {
                let choice = NestedSearch.choose(settings: settings.count, heldOut: subject, subjects: subjects,
                                                 outcomes: scoredResults, gestures: gestures)
                fold.setting = choice.index
                if !choice.withinLimits { pastLimits.insert(subject) }
                chosen[subject] = settings[fold.setting]
                let written = results[FoldRunner.Fold(setting: 0, leftOut: fold.leftOut)]!
                first = FoldFigures(written.samples, negatives: written.negatives, gestures: gestures)
            }
            let result = results[fold]!
            reported.append(fold)
            outcomes += result.samples
            negativeOutcomes += result.negatives
            if let subject = fold.leftOut.first {
                perSubject.append((subject, FoldFigures(result.samples, negatives: result.negatives, gestures: gestures), first))
            }
        }
        // Without folds, one run: each subject's traces, the non-shapes said once for all.
        if folds == nil {
            perSubject = subjects.map { subject in
                (subject, FoldFigures(outcomes.filter { $0.subject == subject }, negatives: [], gestures: gestures), nil)
            }
        }
        if folds == .nested {
            let choice = NestedSearch.choose(settings: settings.count, heldOut: nil, subjects: subjects,
                                             outcomes: scoredResults, gestures: gestures)
            chosenOnAll = settings[choice.index]
            if !choice.withinLimits { pastLimits.insert(nil) }
        }
        var text = Self.report(outcomes, shapes: shapes, gestures: gestures)
        if !negatives.isEmpty { text += Self.negativeReport(negativeOutcomes, gestures: gestures, folds: outer.count) }
        text += FoldFigures.report(perSubject, heldOut: folds != nil)
        if !chosen.isEmpty {
            text += NestedSearch.report(chosen, all: chosenOnAll, pastLimits: pastLimits)
            if chooseOn == .devices {
                text += "  (scored on the inner subjects' strokes and the non-shapes as recorded and as each its own device draws them: "
                    + "\(scored.samples.count) strokes, \(scored.negatives.count) non-shapes)\n"
            }
        }
        var robust: [(condition: DeviceCondition, figures: FoldFigures, subjects: [(String, FoldFigures)], notes: String)] = []
        if robustness {
            // The same folds (each with the setting it chose), every shape trace redrawn each way.
            let redrawn = Self.redrawn(samples.filter { !$0.shape.isEmpty }, events: runner.events(of:))
            // The non-shapes of one stroke too, so that each condition says what fires on no shape drawn that way.
            let redrawnNegatives = Self.redrawn(strokeNegatives, events: runner.events(of:))
            let again = FoldRunner(path: inputs[0], renderer: diagnostics.renderer(for: console), console: console,
                                   examples: runner.examples, traces: redrawn + redrawnNegatives)
            guard let (rerun, _) = again.run(reported, settings: settings, samples: redrawn, negatives: redrawnNegatives) else {
                return .inputError
            }
            let all = reported.flatMap { rerun[$0]!.samples }, allNegatives = reported.flatMap { rerun[$0]!.negatives }
            robust = DeviceCondition.allCases.enumerated().map { k, condition in
                let redrawn = all.filter { $0.path.hasSuffix("~\(k)") }
                // The three most frequent misses: which competition a condition breaks.
                let misses = EvalOutcome.confusions(redrawn, gestures: gestures).prefix(3).map { "\($0.shape) -> \($0.read) \($0.count)" }
                // And what fired on which kind of non-shape, the three most frequent.
                let negatives = allNegatives.filter { $0.path.hasSuffix("~\(k)") }
                let byKind = negatives.map { o in
                    var o = o
                    o.shape = EvalOutcome.nonShapeKind(o.path)
                    return o
                }
                let fires = EvalOutcome.confusions(byKind, gestures: []).prefix(3).map { "\($0.shape) -> \($0.read) \($0.count)" }
                return (condition, FoldFigures(redrawn, negatives: negatives, gestures: gestures),
                        subjects.map { s in (s, FoldFigures(redrawn.filter { $0.subject == s }, negatives: [], gestures: gestures)) },
                        [("most missed", misses), ("non-shapes fired as", fires)].filter { !$0.1.isEmpty }
                            .map { "\($0.0): \($0.1.joined(separator: ", "))" }.joined(separator: "; "))
            }
            text += Self.robustnessReport(robust.map { ($0.condition, $0.figures, $0.notes) }, heldOut: folds != nil)
            if let directory = redrawnDirectory {
                let wrong = (all + allNegatives).filter { $0.isWrong(gestures: gestures) }
                do {
                    let written = try Self.writeRedrawn(wrong, from: redrawn + redrawnNegatives, into: directory, heldOut: folds != nil)
                    text += "  redrawn traces missed or fired on: \(written) in \(directory)\n"
                } catch {
                    console.err("error: cannot write into '\(directory)': \(error.localizedDescription)\n")
                    return .inputError
                }
            }
        }
        guard jsonPath != nil || againstPath != nil else {
            console.out(text)
            return runner.failed ? .inputError : .success
        }
        var figures = Self.figures(outcomes, shapes: shapes, gestures: gestures)
        if !negatives.isEmpty {
            figures["negatives"] = ["traces": negativeOutcomes.count, "falseFires": negativeOutcomes.filter { !$0.fired.isEmpty }.count]
        }
        figures["wrong"] = (outcomes + negativeOutcomes).filter { $0.isWrong(gestures: gestures) }.map {
            ["trace": $0.path, "shape": $0.shape, "subject": $0.subject, "speed": $0.speed, "fired": $0.fired] as [String: Any]
        }
        if !robust.isEmpty {
            figures["robustness"] = Dictionary(robust.map { row in
                var object = row.figures.json
                if folds != nil {
                    object["subjects"] = Dictionary(row.subjects.map { ($0.0, ["right": $0.1.right, "traces": $0.1.traces]) }, uniquingKeysWith: { a, _ in a })
                }
                return (row.condition.name, object)
            }, uniquingKeysWith: { a, _ in a })
        }
        figures["spread"] = FoldFigures.Spread(perSubject.map(\.chosen.rate)).json
        figures["subjects"] = Dictionary(perSubject.map { fold in
            var object = fold.chosen.json
            if let first = fold.first { object["firstSetting"] = first.json }
            return (fold.subject, object)
        }, uniquingKeysWith: { a, _ in a })
        if !chosen.isEmpty {
            let object = { (setting: SearchGrid.Setting) in
                Dictionary(setting.map { ($0.name, $0.text) }, uniquingKeysWith: { a, _ in a })
            }
            figures["chosen"] = chosen.mapValues(object)
            figures["chosenOnAll"] = object(chosenOnAll)
        }
        if let path = againstPath {
            guard let data = FileManager.default.contents(atPath: path),
                  let before = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                console.out(text)
                console.err("error: cannot read '\(path)' as the JSON of gspec eval --json\n")
                return .inputError
            }
            do throws(PairedComparison.Mismatch) {
                let comparison = try PairedComparison(before: before, after: figures)
                text += comparison.report(baseline: path)
                figures["against"] = comparison.json
            } catch {
                console.out(text)
                console.err("error: cannot compare with '\(path)': \(error.reason)\n")
                return .inputError
            }
        }
        console.out(text)
        if let path = jsonPath {
            do {
                let json = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: URL(fileURLWithPath: path))
            } catch {
                console.err("error: cannot write '\(path)': \(error.localizedDescription)\n")
                return .inputError
            }
        }
        return runner.failed ? .inputError : .success
    }

    /// Each of `samples` redrawn in every `DeviceCondition`, in their order:
    /// a copy's path is its trace's with `~k`, k the condition's index.
    static func redrawn(_ samples: [EvalSample], events: (EvalSample) -> [TouchEvent]) -> [EvalSample] {
        samples.flatMap { sample in
            DeviceCondition.allCases.enumerated().map { k, condition in redrawn(sample, condition, suffix: "~\(k)", events: events) }
        }
    }

    /// `--redrawn`: the traces of `outcomes` (redrawn, paths ending in `~k`)
    /// written as they were drawn, from `samples`, to
    /// `directory/CONDITION/SHAPE/FILE.jsonl` (`nonshapes` for a non-shape),
    /// each headed by a comment saying where it came from and what fired (a
    /// non-shape runs on every fold: what fired on how many). How many files were written.
    static func writeRedrawn(_ outcomes: [EvalOutcome], from samples: [EvalSample], into directory: String, heldOut: Bool) throws -> Int {
        let byPath = Dictionary(samples.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let conditions = DeviceCondition.allCases
        let grouped = Dictionary(grouping: outcomes, by: \.path)
        for (path, runs) in grouped.sorted(by: { $0.key < $1.key }) {
            guard let sample = byPath[path], let events = sample.events, let tilde = path.lastIndex(of: "~"),
                  let k = Int(path[path.index(after: tilde)...]), conditions.indices.contains(k) else { continue }
            let original = String(path[..<tilde]), shape = runs[0].shape
            let folder = URL(fileURLWithPath: directory).appendingPathComponent(conditions[k].folderName)
                .appendingPathComponent(shape.isEmpty ? "nonshapes" : shape)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let fired = Dictionary(grouping: runs, by: { $0.fired.isEmpty ? "nothing" : $0.fired.joined(separator: ", ") })
                .sorted { $0.key < $1.key }.map { shape.isEmpty ? "\($0.key) in \($0.value.count) fold\($0.value.count == 1 ? "" : "s")" : $0.key }
            let fold = heldOut && !shape.isEmpty ? " (on the fold that left out \(runs[0].subject))" : ""
            let header = "# \(original) redrawn as '\(conditions[k].name)'\(fold): \(fired.joined(separator: "; ")) fired\n"
            let text = header + TouchStream(events: events, summary: "").traceLines()
            try text.write(to: folder.appendingPathComponent((original as NSString).lastPathComponent), atomically: true, encoding: .utf8)
        }
        return grouped.count
    }

    /// The end of the path of a copy `--choose-on devices` scores.
    static let deviceCopy = "~device"

    /// Each of `samples` redrawn as `condition` draws it, its path ending in `deviceCopy`.
    static func redrawn(_ samples: [EvalSample], _ condition: DeviceCondition, events: (EvalSample) -> [TouchEvent]) -> [EvalSample] {
        samples.map { redrawn($0, condition, suffix: deviceCopy, events: events) }
    }

    private static func redrawn(_ sample: EvalSample, _ condition: DeviceCondition, suffix: String,
                                events: (EvalSample) -> [TouchEvent]) -> EvalSample {
        // The jitter's seed: the trace's path, so a copy is the same on every run.
        let seed = sample.path.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        var copy = sample
        copy.path += suffix
        copy.events = condition.apply(events(sample), seed: seed)
        return copy
    }

    /// `--robustness`: the figure under each condition, their mean and the worst.
    static func robustnessReport(_ rows: [(condition: DeviceCondition, figures: FoldFigures, notes: String)], heldOut: Bool) -> String {
        var out = "\nrobustness: every stroke redrawn as other devices and people draw it"
        out += heldOut ? " (the same folds: its subject's strokes never seen)\n" : "\n"
        func line(_ row: (condition: DeviceCondition, figures: FoldFigures, notes: String)) -> String {
            "  \(row.condition.name): \(row.figures.line)" + (row.notes.isEmpty ? "" : "; \(row.notes)") + "\n"
        }
        let single = rows.filter { !$0.condition.isMixture }
        for row in single { out += line(row) }
        let rates = single.map(\.figures.rate)
        if let worst = single.min(by: { $0.figures.rate < $1.figures.rate }) {
            out += String(format: "  mean over the conditions: %.1f%%; worst: %@, %@\n", 100 * rates.reduce(0, +) / Double(rates.count),
                          worst.condition.name, percent(worst.figures.right, worst.figures.traces))
        }
        // The mixture: every way at once, as a new person on a device of their own draws.
        for row in rows where row.condition.isMixture { out += line(row) }
        return out
    }

    /// The dataset's traces, by shape folder then file name; nil when the folder cannot be read.
    static func samples(in dataset: String) -> [EvalSample]? {
        let fm = FileManager.default
        guard let shapes = try? fm.contentsOfDirectory(atPath: dataset) else { return nil }
        return shapes.sorted().flatMap { shape -> [EvalSample] in
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: dataset + "/" + shape, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
            let files = ((try? fm.contentsOfDirectory(atPath: dataset + "/" + shape)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            return files.map { EvalSample(shape: shape, file: $0, path: dataset + "/" + shape + "/" + $0) }
        }
    }

    static func negativeReport(_ outcomes: [EvalOutcome], gestures: [String], folds: Int) -> String {
        let fired = outcomes.filter { !$0.fired.isEmpty }.count
        var out = "\nfalse fires on non-shape input (\(outcomes.count / max(folds, 1)) traces\(folds > 1 ? ", once per fold" : ""))\n"
        out += "  any gesture: \(percent(fired, outcomes.count)) (\(fired)/\(outcomes.count))\n"
        for g in gestures {
            let n = outcomes.filter { $0.fired.contains(g) }.count
            if n > 0 { out += "  \(g): \(percent(n, outcomes.count)) (\(n)/\(outcomes.count))\n" }
        }
        return out
    }



    static func report(_ outcomes: [EvalOutcome], shapes: [String], gestures: [String]) -> String {
        let columns = gestures + ["none"]
        var out = "\(outcomes.count) traces, \(shapes.count) shapes, \(gestures.count) gestures\n"
        let right = EvalOutcome.right(outcomes, gestures: gestures)
        out += "right: \(percent(right, outcomes.count)) (\(right)/\(outcomes.count)): its own gesture fired and no other\n\n"
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
        let pairs = EvalOutcome.confusions(outcomes, gestures: gestures)
        out += "\nmisses as pairs, most frequent first (shape -> gesture fired instead, or none: rejected)\n"
        if pairs.isEmpty { out += "  none\n" }
        for p in pairs { out += "  \(p.shape) -> \(p.read): \(p.count)\n" }
        out += "\nrecall per gesture (on the shape of its name), overall and by speed\n"
        for g in gestures {
            guard let (hits, total) = EvalOutcome.recall(g, outcomes) else {
                out += "  \(g): no shape '\(g)' in the dataset\n"
                continue
            }
            out += "  \(g): \(percent(hits, total)) (\(hits)/\(total))"
            for s in ["slow", "medium", "fast"] {
                if let (h, t) = EvalOutcome.recall(g, outcomes.filter { $0.speed == s }) { out += "  \(s) \(percent(h, t))" }
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

    static func figures(_ outcomes: [EvalOutcome], shapes: [String], gestures: [String]) -> [String: Any] {
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
                if let (h, t) = EvalOutcome.recall(g, subset) { bySpeed[s] = Double(h) / Double(t) }
            }
            recallBySpeed[g] = bySpeed
        }
        let pairs = EvalOutcome.confusions(outcomes, gestures: gestures).map { ["shape": $0.shape, "read": $0.read, "count": $0.count] as [String: Any] }
        return ["traces": outcomes.count, "right": EvalOutcome.right(outcomes, gestures: gestures), "confusion": confusion, "confusions": pairs, "recall": recallBySpeed]
    }
}
