import GestureTrace
import GestureRuntime

/// Static analysis of a checked gesture set, after the front end found no
/// error: gestures that cannot succeed, conflicts no rule decides (with a
/// witness stream each), rules that can never apply, and the wait the
/// rules impose on each gesture.
public enum Analyzer {
    /// Everything the analysis found about one set.
    public struct Report: Sendable {
        /// Errors and warnings, sorted by location.
        public var diagnostics: [Diagnostic]
        public var conflicts: [Conflict]
        /// One per gesture, in declaration order.
        public var latencies: [Latency]
        /// The latencies again at each end of each range a value may take
        /// at run time (v4), labelled `holdMenu.duration at 1500ms`.
        public var latenciesAtEnds: [(label: String, latencies: [Latency])] = []
    }

    /// Analyzes `set`, checked from `source`. Without `everything`, only what
    /// can be an error: dead gestures and the `maxLatency` budgets (what
    /// `gspec build` needs, in time linear in the gestures that declare a budget).
    /// `tableBuilt`: the caller built the table and reported the back end's
    /// diagnostics itself (`Compiler.compile`), so they are not built again.
    /// `safariEdgeSwipes`: a `web` set's pages run in iOS Safari too, whose
    /// back and forward edge swipes are system gesture zones (v4).
    /// Without `fixIts`, a conflict's fixes are not worked out (each is
    /// checked by applying it, an analysis of the pair each): for a caller
    /// that needs only which pairs conflict.
    public static func analyze(_ set: CheckedGestureSet, source: SourceFile, everything: Bool = true,
                               tableBuilt: Bool = false, safariEdgeSwipes: Bool = false, fixIts: Bool = true) -> Report {
        var diagnostics = DeadGestures.find(in: set) + ReleaseRegions.find(in: set)
        if everything {
            diagnostics += unreachableRules(in: set) + SystemGestures.find(in: set, safari: safariEdgeSwipes)
                + Accessibility.find(in: set, source: source)
        }
        // The simulations run compiled tables: a gesture the back end refuses has
        // none. (`Compiler.compile` asks for less only once its build succeeded.)
        let buildErrors = everything && !tableBuilt ? TableBuilder.build(set, source: source).2 : []
        diagnostics += buildErrors
        var report = Report(diagnostics: [], conflicts: [], latencies: [])
        // Conflicts and latencies run the compiled gestures, which a dead one would only confuse.
        if !diagnostics.hasErrors {
            let simulated = simulate(set, source: source, everything: everything, fixIts: fixIts)
            (report.conflicts, report.latencies) = (simulated.conflicts, simulated.latencies)
            diagnostics += simulated.diagnostics
            // What happens only at an end of a range a value may take at run time (v4), said with that value:
            // a diagnostic is the same one when it has the same id at the same place.
            let key = { (d: Diagnostic) in "\(d.kind.name)@\(d.range.start)-\(d.range.end)" }
            for end in RangeEnd.all(in: set) {
                let changed = end.applied(to: set)
                let simulatedAtEnd = simulate(changed, source: source, everything: everything, fixIts: fixIts)
                let atEnd = DeadGestures.find(in: changed) + simulatedAtEnd.diagnostics
                let known = Set(diagnostics.map(key))
                for var d in atEnd where !known.contains(key(d)) {
                    d.message = "with \(end.label), " + d.message
                    let why = end.written == nil ? "the range \(end.setting ?? "the profile") gives '\(end.name)'" : "the range"
                    d.notes.append(.init(why, at: end.written ?? set[end.gesture].nameRange))
                    if !d.attachment.isEmpty {
                        let header = d.attachment.first.map { $0.hasPrefix("{\"screen\"") } == true ? 1 : 0
                        d.attachment.insert(end.traceLine, at: header)
                    }
                    diagnostics.append(d)
                }
                if everything { report.latenciesAtEnds.append((end.label, simulatedAtEnd.latencies)) }
            }
        }
        report.diagnostics = diagnostics.sortedByLocation()
        return report
    }

    /// The simulated analyses: conflicts (with `everything`), each gesture's
    /// latency (without, only those with a budget) and the budgets' errors.
    private static func simulate(_ set: CheckedGestureSet, source: SourceFile, everything: Bool, fixIts: Bool)
        -> (conflicts: [Conflict], latencies: [Latency], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var analysis = ConflictAnalysis(simulator: Simulator(set: set, source: source))
        var conflicts = everything ? analysis.conflicts() : []
        for i in conflicts.indices where fixIts && conflicts[i].rule == nil { conflicts[i].fixes = fixes(conflicts[i], in: set, source: source) }
        diagnostics += conflicts.map { diagnostic(for: $0, in: set, source: source, fixIts: fixIts) }
        var latency = LatencyAnalysis(conflicts: analysis)
        let measured = everything ? Array(set.gestureIDs) : set.gestureIDs.filter { set[$0].maxLatency != nil }
        let latencies = measured.map { latency.latency(of: $0) }
        diagnostics += latency.budgetErrors(latencies)
        return (conflicts, everything ? latencies : [], diagnostics)
    }

    /// The rules that could settle a conflict, the preferred first: the
    /// winner waits for the victim, or both run, or (a continuous winner) the
    /// victim's claim takes the touches. None where a hand-over already links
    /// the pair: a pair has one rule, and a hand-over decides no first claim
    /// (another hand-over neither), so only a parameter can settle it.
    static func candidateRules(_ c: Conflict, in set: CheckedGestureSet) -> [String] {
        let (winner, victim) = (set[c.winner].name, set[c.victim].name)
        guard !set.rules.contains(where: { [$0.gesture, $0.other].sorted() == [c.victim, c.winner].sorted() }) else { return [] }
        // The platform's scroll waits for nothing (`scroll-waits`): only both running settles it.
        if set[c.winner].kind == .scroll { return ["\(winner) with \(victim)"] }
        var rules = ["\(winner) requires \(victim) to fail", "\(winner) with \(victim)"]
        // Precedence without waiting (v4): the victim's claim takes the touches
        // from a winner that has begun, and neither waits, where `requires`
        // would make the winner wait for the victim to fail.
        if set[c.winner].kind.isContinuous { rules.append("\(victim) wins over \(winner)") }
        return rules
    }

    /// A rule as the edit that appends it to the spec.
    static func appending(_ rule: String, to source: SourceFile) -> Diagnostic.FixIt {
        .init(replace: SourceRange(start: source.bytes.count, end: source.bytes.count),
              with: (source.bytes.last == 10 || source.bytes.isEmpty ? "" : "\n") + rule + "\n")
    }

    /// The rules that settle `c` when appended to the spec (`FixCheck`), the preferred first.
    static func fixes(_ c: Conflict, in set: CheckedGestureSet, source: SourceFile) -> [String] {
        let check = FixCheck(set: set, source: source)
        return candidateRules(c, in: set).filter { check.settles(c.victim, c.winner, with: appending($0, to: source)) }
    }

    static func diagnostic(for c: Conflict, in set: CheckedGestureSet, source: SourceFile, fixIts: Bool = true) -> Diagnostic {
        let victim = set.label(c.victim), winner = set.label(c.winner)
        let at = EventFormatter.time(Microseconds(c.winnerAt))
        let witness = "witness: \(c.witness.summary)\(situationNote(c, in: set))"
        var d: Diagnostic
        if let rule = c.rule {
            let wins = rule.relation == .winsOver
            d = Diagnostic(.preemptedByRule(victim, winner, tried: c.tried, witness: witness, wins: wins, firesOn: c.firesOn?.summary),
                           at: set[c.victim].nameRange,
                           notes: [.init(wins ? "the rule that gives '\(winner)' the touches" : "the rule that makes '\(victim)' wait", at: rule.range)])
        } else {
            // As docs/analysis.md says: at the later declaration, with a note at the other.
            let later = max(c.victim, c.winner), earlier = min(c.victim, c.winner)
            let rules = c.fixes
            let changes = fixIts ? ParameterFix.fixes(for: c, in: set, source: source) : []
            let handOver = set.rules.first { $0.relation == .handsOver && [$0.gesture, $0.other].sorted() == [c.victim, c.winner].sorted() }
            let message = DiagnosticMessage.conflict(
                always: c.always, tie: c.kind == .tie, tieBreaker: tieBreaker(c.winner, over: c.victim, in: set),
                victim: victim, winner: winner, tried: c.tried, witness: witness,
                winnerAt: at, victimAt: EventFormatter.time(Microseconds(c.victimAt)),
                fixes: rules, changes: changes.map { $0.phrase(in: set) }, handOver: handOver != nil, worked: fixIts,
                firesOn: c.firesOn?.summary)
            // A rule is appended at the end: the first alternative, and a `wins over` (v4) where one is offered.
            let ruleFixes = rules.enumerated().filter { $0.offset == 0 || $0.element.contains(" wins over ") }.map { appending($0.element, to: source) }
            var notes: [Diagnostic.Note] = [.declared(set[earlier].name, at: set[earlier].nameRange)]
            if let handOver { notes.append(.init("the hand-over decides no first claim: it moves touches already claimed", at: handOver.range)) }
            d = Diagnostic(message, at: set[later].nameRange, notes: notes,
                           fixIts: ruleFixes + changes.compactMap { $0.fixIt(in: set, source: source) })
        }
        d.attachment = witnessTrace(c, in: set).split(separator: "\n").map(String.init)
        return d
    }

    /// A conflict's witness as a trace that `gspec run` replays to what the
    /// warning says: the analysis runs gestures disabled at start as they
    /// behave once enabled, so the trace enables them first.
    /// With modes, the trace first turns on the modes of the conflict's combination.
    static func witnessTrace(_ c: Conflict, in set: CheckedGestureSet) -> String {
        trace(c.witness, in: c.situation, of: set)
    }

    /// `stream` as a trace that puts the engine where the analyses ran it:
    /// the situation's mode and scroll lines, and every gesture disabled at
    /// start (the analyses run it as it behaves once enabled) enabled.
    static func trace(_ stream: TouchStream, in situation: Situation, of set: CheckedGestureSet) -> String {
        var disabled: [String] = []
        for g in set.gestures where !g.enabled && g.condition.isEmpty && !disabled.contains(g.name) { disabled.append(g.name) }
        return stream.traceLines(viewNames: set.views.map(\.name), screen: set.needsScreenSize,
                                 modes: set.modeNames(on: situation.modes), enabling: disabled,
                                 edges: situation.scrollLines(at: EventFormatter.time(stream.events.first?.time ?? 0)))
    }

    /// ", with mode zoomed on" when the set's conditions use modes, and
    /// ", with 'list' at its top edge" when a scroll is at one; "" without either.
    static func situationNote(_ c: Conflict, in set: CheckedGestureSet) -> String {
        (set.gestures.allSatisfy { $0.condition.isEmpty } ? "" : ", with " + set.describe(modes: c.modes)) + c.situation.edgesNote
    }

    /// What decides a tie between `winner` and `victim`: the engine's priority
    /// order puts gestures on deeper views first, then declaration order.
    static func tieBreaker(_ winner: GestureID, over victim: GestureID, in set: CheckedGestureSet) -> (by: String, why: String) {
        func depth(_ v: Int) -> Int {
            var (v, d) = (v, 0)
            while let p = set.views.indices.contains(v) ? set.views[v].parent : nil { (v, d) = (p, d + 1) }
            return d
        }
        let (w, l) = (set[winner].view, set[victim].view)
        guard !set.views.isEmpty, depth(w) != depth(l) else { return ("declaration order", "") }
        return ("view depth", " ('\(set.label(winner))' is in '\(set.views[w].name)', deeper than '\(set.label(victim))' in '\(set.views[l].name)')")
    }

    /// A rule between gestures that never see one touch (attached to views
    /// on different branches of the tree) can never change an outcome.
    static func unreachableRules(in set: CheckedGestureSet) -> [Diagnostic] {
        guard !set.views.isEmpty else { return [] }
        func path(_ v: Int) -> Set<Int> {
            var result: Set<Int> = [v]
            var v = v
            while let p = set.views[v].parent {
                result.insert(p)
                v = p
            }
            return result
        }
        return set.rules.compactMap { r in
            let a = set[r.gesture], b = set[r.other]
            guard !path(a.view).contains(b.view) && !path(b.view).contains(a.view) else { return nil }
            return Diagnostic(.ruleNeverApplies(a.name, in: set.views[a.view].name, b.name, in: set.views[b.view].name), at: r.range)
        }
    }
}

extension Analyzer.Report {
    /// The witness of each conflict as a trace file: `# ` lines saying what it
    /// shows, then the touch samples. Keyed by a file name unique in the set.
    public func witnessFiles(for set: CheckedGestureSet, specPath: String) -> [(name: String, text: String)] {
        conflicts.map { c in
            let victim = set.label(c.victim), winner = set.label(c.winner)
            let header = """
                # spec: \(specPath)
                # conflict: '\(winner)' takes a '\(victim)' (\(c.witness.summary)\(Analyzer.situationNote(c, in: set)))
                # in the set '\(winner)' claims at t=\(EventFormatter.time(Microseconds(c.winnerAt))) and '\(victim)' never does; without '\(winner)', '\(victim)' would at t=\(EventFormatter.time(Microseconds(c.victimAt)))
                # fix: \(c.fixes.isEmpty ? "no rule settles it (see the warning)" : c.fixes.joined(separator: ", or "))

                """
            let file = { (label: String) in label.replacingOccurrences(of: " on ", with: "@") }
            return ("\(file(victim))-vs-\(file(winner)).jsonl", header + Analyzer.witnessTrace(c, in: set))
        }
    }
}
