import GestureRuntime

/// One difference in behaviour between two versions of a gesture set.
public struct BehaviourChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case gestureAdded, gestureRemoved, kind, view, parameter, automaton, mode, rule, order, conflict, latency
    }
    public var kind: Kind
    /// The gesture it is about (`name`, or `name on view` for an instance); nil for a rule.
    public var gesture: String?
    /// What changed, for the parameter, rule or conflict.
    public var subject: String?
    public var old: String?
    public var new: String?
    /// One sentence.
    public var message: String
}

/// Compares two versions of a gesture set by what they do, not how they are
/// written: gestures by name, each one's compiled automaton by equivalence
/// (the same outputs and timers on every input sequence), its parameters
/// and view, the rules, the order of gestures that tie, and (for two specs)
/// the conflicts the analysis finds and the latency the rules impose.
public enum BehaviourDiff {
    /// One version: its table, and its checked set and analysis when it came from a spec.
    public struct Version {
        public var table: GestureTable
        public var set: CheckedGestureSet?
        public var report: Analyzer.Report?

        public init(table: GestureTable, set: CheckedGestureSet? = nil, report: Analyzer.Report? = nil) {
            (self.table, self.set, self.report) = (table, set, report)
        }

        /// Gesture labels (`name`, `name on view` for an instance) to table indices.
        func labels() -> [String: GestureID] {
            var out: [String: GestureID] = [:]
            for g in table.gestureIDs { out[label(g)] = g }
            return out
        }

        func label(_ g: GestureID) -> String {
            let name = table.name(of: g)
            let first = table.firstInstance(of: g)
            let next = g.advanced(by: 1)
            let shared = first != g || (table.has(next) && table.firstInstance(of: next) == first)
            return shared ? "\(name) on \(table.name(ofView: table.view(of: g)))" : name
        }
    }

    /// Every change from `old` to `new`, gestures in `new`'s order then removed ones, then rules, conflicts, latency.
    public static func compare(_ old: Version, _ new: Version) -> [BehaviourChange] {
        var changes: [BehaviourChange] = []
        let oldLabels = old.labels(), newLabels = new.labels()
        for g in new.table.gestureIDs {
            let name = new.label(g)
            guard let o = oldLabels[name] else {
                changes.append(.init(kind: .gestureAdded, gesture: name, message: "gesture '\(name)' added (\(new.table.kind(of: g).keyword))"))
                continue
            }
            changes += gesture(name, old.table, o, new.table, g)
        }
        for o in old.table.gestureIDs where newLabels[old.label(o)] == nil {
            let name = old.label(o)
            changes.append(.init(kind: .gestureRemoved, gesture: name, message: "gesture '\(name)' removed"))
        }
        changes += modes(old.table, new.table)
        changes += rules(old, new)
        changes += order(old, new, oldLabels: oldLabels, newLabels: newLabels)
        if let a = old.report, let b = new.report, let oldSet = old.set, let newSet = new.set {
            changes += conflicts(a, oldSet, b, newSet)
            changes += latencies(a, oldSet, b, newSet)
        }
        return changes
    }

    // MARK: Gestures

    static func gesture(_ name: String, _ t1: GestureTable, _ g1: GestureID, _ t2: GestureTable, _ g2: GestureID) -> [BehaviourChange] {
        let (r1, r2) = (t1.gestures[g1.rawValue], t2.gestures[g2.rawValue])
        guard r1.kind == r2.kind else {
            return [.init(kind: .kind, gesture: name, old: r1.kind.keyword, new: r2.kind.keyword,
                          message: "'\(name)': kind \(r1.kind.keyword) -> \(r2.kind.keyword)")]
        }
        var out: [BehaviourChange] = []
        let (v1, v2) = (t1.hasViews ? t1.name(ofView: t1.view(of: g1)) : "window", t2.hasViews ? t2.name(ofView: t2.view(of: g2)) : "window")
        if v1 != v2 {
            out.append(.init(kind: .view, gesture: name, old: v1, new: v2, message: "'\(name)': view '\(v1)' -> '\(v2)'"))
        }
        let (p1, p2) = (parameters(t1, g1), parameters(t2, g2))
        for ((key, a), (_, b)) in zip(p1, p2) where a != b {
            out.append(.init(kind: .parameter, gesture: name, subject: key, old: a, new: b, message: "'\(name)': \(key) \(a) -> \(b)"))
        }
        if let witness = inequivalence(t1, g1, t2, g2) {
            out.append(.init(kind: .automaton, gesture: name, subject: witness,
                             message: "'\(name)': its automaton accepts other input (first difference after \(witness))"))
        }
        return out
    }

    /// Gesture `g`'s parameters as a spec writes them (a condition on modes
    /// as written), in `GestureParameter.all`'s order, and whether its view forwards its events.
    static func parameters(_ t: GestureTable, _ g: GestureID) -> [(String, String)] {
        let r = t.gestures[g.rawValue]
        return GestureParameter.all.filter { $0.applies(to: r.kind) }.compactMap { p in
            let text = switch p.type {
            case .condition: t.conditionText(of: g) ?? r.text(of: p)
            case .text: t.action(of: g).map { "\"\($0)\"" } ?? "none"  // v4 `action:`
            default: r.text(of: p)
            }
            // v4: the range the value may take at run time is part of its behaviour.
            let range = t.allowedRange(of: p, gesture: g).map { " in " + p.type.format($0.lower) + "..." + p.type.format($0.upper) } ?? ""
            return text.map { (p.name, $0 + range) }
        } + [("forwarded", r.flags & GestureRecord.flagForwarded != 0 ? "true" : "false")]
    }

    /// Nil when the two automata are equivalent (the same output and timer
    /// after every input sequence); otherwise the shortest sequence of symbols
    /// after which they differ, by a breadth-first walk of state pairs.
    static func inequivalence(_ t1: GestureTable, _ g1: GestureID, _ t2: GestureTable, _ g2: GestureID) -> String? {
        let start = (t1.startState(g1), t2.startState(g2))
        var seen: Set<[StateID]> = [[start.0, start.1]]
        var queue: [(StateID, StateID, [Symbol])] = [(start.0, start.1, [])]
        var head = 0
        while head < queue.count {
            let (a, b, path) = queue[head]
            head += 1
            if t1.output(g1, a) != t2.output(g2, b) || t1.timer(g1, a) != t2.timer(g2, b) {
                return path.isEmpty ? "no input" : path.map(\.name).joined(separator: " ")
            }
            if t1.output(g1, a).isTerminal { continue }
            for symbol in Symbol.allCases {
                let next = [t1.next(g1, a, symbol), t2.next(g2, b, symbol)]
                if seen.insert(next).inserted { queue.append((next[0], next[1], path + [symbol])) }
            }
        }
        return nil
    }

    // MARK: Modes, rules and order

    /// Modes declared in one version only (a gesture's condition on them is a parameter change).
    static func modes(_ t1: GestureTable, _ t2: GestureTable) -> [BehaviourChange] {
        let (a, b) = (t1.modeIDs.map(t1.name(ofMode:)), t2.modeIDs.map(t2.name(ofMode:)))
        return b.filter { !a.contains($0) }.map { .init(kind: .mode, subject: $0, new: $0, message: "mode '\($0)' added") }
            + a.filter { !b.contains($0) }.map { .init(kind: .mode, subject: $0, old: $0, message: "mode '\($0)' removed") }
    }

    static func ruleTexts(_ v: Version) -> Set<String> {
        let t = v.table
        var out = Set<String>()
        // First every `after` pair, whose implied `with` is not a rule of its own.
        var after = Set<[Int]>()
        for g in 0..<t.gestureCount {
            for a in t.afterTarget[Int(t.afterStart[g])..<Int(t.afterStart[g + 1])] { after.insert([min(Int(a), g), max(Int(a), g)]) }
        }
        for g in 0..<t.gestureCount {
            for i in Int(t.afterStart[g])..<Int(t.afterStart[g + 1]) {
                let a = Int(t.afterTarget[i])
                let within = t.afterWithin[i]
                out.insert("\(v.label(GestureID(g))) after \(v.label(GestureID(a)))" + (within > 0 ? " within \(DurationText.literal(within))" : ""))
            }
            for b in t.requiresTarget[Int(t.requiresStart[g])..<Int(t.requiresStart[g + 1])] {
                out.insert("\(v.label(GestureID(g))) requires \(v.label(GestureID(b))) to fail")
            }
            for b in t.handOverTargets(of: GestureID(g)) { out.insert("\(v.label(GestureID(g))) hands over to \(v.label(GestureID(b)))") }
            for b in t.winsTarget[Int(t.winsStart[g])..<Int(t.winsStart[g + 1])] { out.insert("\(v.label(GestureID(g))) wins over \(v.label(GestureID(b)))") }
            for b in t.withTarget[Int(t.withStart[g])..<Int(t.withStart[g + 1])] where Int(b) > g && !after.contains([g, Int(b)]) {
                let pair = [v.label(GestureID(g)), v.label(GestureID(b))].sorted()
                out.insert("\(pair[0]) with \(pair[1])")
            }
        }
        return out
    }

    static func rules(_ old: Version, _ new: Version) -> [BehaviourChange] {
        let (a, b) = (ruleTexts(old), ruleTexts(new))
        return b.subtracting(a).sorted().map { .init(kind: .rule, subject: $0, new: $0, message: "rule added: \($0)") }
            + a.subtracting(b).sorted().map { .init(kind: .rule, subject: $0, old: $0, message: "rule removed: \($0)") }
    }

    /// Declaration order decides ties: a pair whose order flipped is a change
    /// only when the analysis saw them tie (in either version).
    static func order(_ old: Version, _ new: Version, oldLabels: [String: GestureID], newLabels: [String: GestureID]) -> [BehaviourChange] {
        guard let r1 = old.report, let r2 = new.report else { return [] }
        var ties = Set<[String]>()
        for (report, v) in [(r1, old), (r2, new)] {
            for c in report.conflicts where c.kind == .tie { ties.insert([v.label(c.winner), v.label(c.victim)].sorted()) }
        }
        return ties.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { pair in
            guard let a1 = oldLabels[pair[0]], let b1 = oldLabels[pair[1]], let a2 = newLabels[pair[0]], let b2 = newLabels[pair[1]],
                  (a1 < b1) != (a2 < b2) else { return nil }
            let first = a2 < b2 ? pair[0] : pair[1]
            return .init(kind: .order, gesture: first, subject: "\(pair[0]), \(pair[1])",
                         message: "'\(pair[0])' and '\(pair[1])' tie on some input and their order changed: '\(first)', now first, wins")
        }
    }

    // MARK: Analysis

    static func conflicts(_ a: Analyzer.Report, _ s1: CheckedGestureSet, _ b: Analyzer.Report, _ s2: CheckedGestureSet) -> [BehaviourChange] {
        func texts(_ r: Analyzer.Report, _ s: CheckedGestureSet) -> Set<String> {
            Set(r.conflicts.map { "'\(s.label($0.winner))' takes the touches of '\(s.label($0.victim))'" })
        }
        let (x, y) = (texts(a, s1), texts(b, s2))
        return y.subtracting(x).sorted().map { .init(kind: .conflict, subject: $0, new: $0, message: "conflict appears: \($0)") }
            + x.subtracting(y).sorted().map { .init(kind: .conflict, subject: $0, old: $0, message: "conflict disappears: \($0)") }
    }

    static func latencies(_ a: Analyzer.Report, _ s1: CheckedGestureSet, _ b: Analyzer.Report, _ s2: CheckedGestureSet) -> [BehaviourChange] {
        func text(_ us: Int64?) -> String { us.map(DurationText.prose) ?? "unbounded" }
        // A provisional gesture's first report is part of its latency: becoming provisional changes what users wait for.
        func text(_ l: Latency) -> String {
            "\(text(l.worst)) / \(text(l.typical))" + (l.provisional.map { " (provisional after \(text($0)))" } ?? "")
        }
        var old: [String: Latency] = [:]
        for l in a.latencies { old[s1.label(l.gesture)] = l }
        return b.latencies.compactMap { l in
            let name = s2.label(l.gesture)
            guard let o = old[name], text(o) != text(l) else { return nil }
            return .init(kind: .latency, gesture: name, old: text(o), new: text(l),
                         message: "'\(name)': latency (worst / typical) \(text(o)) -> \(text(l))")
        }
    }
}
