import GestureRuntime

/// Rules: names resolved, one rule per pair, `within` checked, cycles reported once each.
extension Checker {
    mutating func checkRules(_ rules: [RuleDecl], gestures: [GestureDefinition], declared: [String]) -> [Rule] {
        var result: [Rule] = []
        // The first rule of each pair, and which of the two it names first.
        var byPair: [Pair: (rule: RuleDecl, first: Int)] = [:]
        for r in rules {
            // A name listed on a side is reported once, however many pairs it is in.
            for id in r.lhs + r.rhs where gestureIndex[id.name] == nil && !unresolvedGestures.contains(id.name) {
                unknownName(id, what: "gesture", candidates: declared, expected: nil)
            }
            var withinOf: [Int: (valid: Bool, within: Int64?)] = [:]
            for (l, rr) in r.pairs {
                guard let lhs = gestureIndex[l.name], let rhs = gestureIndex[rr.name] else { continue }
                if lhs == rhs {
                    diagnostics.report(.selfRelation(r.relation, l.name), at: r.range)
                    continue
                }
                if r.relation == .handsOver && !checkHandOver(r, gestures[lhs], gestures[rhs]) { continue }
                var edges = DirectionSet()
                if !r.edges.isEmpty {
                    guard let checked = checkEdges(r, of: gestures[lhs]) else { continue }
                    edges = checked
                }
                // The platform's scroll never waits (docs/semantics.md, "Platform scrolling").
                if (r.relation == .requiresToFail || r.relation == .after) && gestures[lhs].kind == .scroll {
                    diagnostics.report(.scrollWaits(l.name, r.relation, rr.name), at: r.range)
                    continue
                }
                var within: Int64?
                if r.relation == .after {
                    let checked = withinOf[rhs] ?? checkWithin(r, armed: l.name, by: gestures[rhs])
                    withinOf[rhs] = checked
                    guard checked.valid else { continue }
                    within = checked.within
                }
                let pair = Pair(lhs, rhs)
                if let previous = byPair[pair] {
                    if previous.rule.relation != r.relation {
                        diagnostics.report(.conflictingRules(previous.rule.relation, r.relation, l.name, rr.name),
                                           at: r.range, notes: [.init("the other rule is here", at: previous.rule.range)])
                        continue
                    }
                    if r.relation == .with || previous.first == lhs {
                        diagnostics.report(.duplicateRule, at: r.range,
                                           notes: [.init("the same rule is first stated here", at: previous.rule.range)])
                        continue
                    }
                } else {
                    byPair[pair] = (r, lhs)
                }
                let relation: Rule.Relation = switch r.relation {
                case .with: .simultaneous
                case .after: .after
                case .requiresToFail: .requiresToFail
                case .handsOver: .handsOver
                case .winsOver: .winsOver
                }
                result.append(Rule(relation: relation, gesture: GestureID(lhs), other: GestureID(rhs), range: r.range, within: within, edges: edges))
            }
        }
        reportCycles(result, gestures: gestures)
        reportCycles(result, gestures: gestures, of: .after)
        reportCycles(result, gestures: gestures, of: .winsOver)
        return result
    }

    /// The `at` edges of `a hands over to b at EDGE`: `a` a scroll, each edge
    /// a word of `ScreenEdge` at an end of an axis `a` scrolls. Nil after reporting why not.
    mutating func checkEdges(_ rule: RuleDecl, of a: GestureDefinition) -> DirectionSet? {
        guard a.kind == .scroll else {
            diagnostics.report(.handOverEdge(a.name, "'at' applies to a hand-over from a scroll, and '\(a.name)' is a \(a.kind.keyword)"),
                               at: rule.edges[0].range)
            return nil
        }
        var set = DirectionSet()
        for word in rule.edges {
            guard let edge = screenEdge(word) else { return nil }
            guard edge.isReached(on: a.axis) else {
                diagnostics.report(.handOverEdge(a.name, "'\(a.name)' scrolls on the \(a.axis.name(for: .scroll)) axis, so it never reaches its \(edge.name) edge"),
                                   at: word.range)
                return nil
            }
            set.insert(DirectionSet(edge.direction))
        }
        return set
    }

    /// The screen edge `word` names, or nil after reporting an unknown one (with a "did you mean").
    mutating func screenEdge(_ word: Identifier) -> ScreenEdge? {
        guard let edge = ScreenEdge(name: word.name) else {
            unknownName(word, what: "edge", candidates: ScreenEdge.names, expected: nil)
            return nil
        }
        return edge
    }

    /// `a hands over to b`: both pans, scrolls, pinches or rotations, and `b` takes every
    /// touch count `a` may have when handed over. False after reporting why not.
    mutating func checkHandOver(_ rule: RuleDecl, _ a: GestureDefinition, _ b: GestureDefinition) -> Bool {
        for g in [a, b] where !g.kind.handsOver {
            diagnostics.report(.handOverDiscrete(g.name, kind: g.kind.keyword), at: rule.range)
            return false
        }
        // Any count in the gesture's range (a v1 pinch or rotation: its two fingers).
        func counts(_ g: GestureDefinition) -> (min: Int, max: Int?) { (g.minTouches, g.maxTouches) }
        func text(_ c: (min: Int, max: Int?)) -> String {
            c.max == c.min ? "\(c.min)" : c.max.map { "\(c.min)...\($0)" } ?? "\(c.min)..."
        }
        let (given, taken) = (counts(a), counts(b))
        let fits = taken.min <= given.min && (taken.max == nil || given.max.map { $0 <= taken.max! } == true)
        guard fits else {
            diagnostics.report(.handOverTouches(a.name, counts: text(given), b.name, takes: text(taken)), at: rule.range)
            return false
        }
        return true
    }

    /// Every hand-over pair on one hit path: a gesture handed touches from a view outside its own never sees them.
    mutating func checkHandOverViews(_ set: CheckedGestureSet) {
        guard !set.views.isEmpty else { return }
        var reported = Set<SourceRange>()
        for r in set.rules where r.relation == .handsOver && !reported.contains(r.range) {
            let (a, b) = (set[r.gesture], set[r.other])
            guard !set.onOneHitPath(a.view, b.view) else { continue }
            reported.insert(r.range)
            diagnostics.report(.handOverViews(a.name, in: set.views[a.view].name, b.name, in: set.views[b.view].name), at: r.range)
        }
    }

    /// The `within` of `rule` (`B after A`, B named `armed`): 300ms by default after a discrete
    /// A, none after a continuous one (an error if written). `valid` is false on an error.
    mutating func checkWithin(_ rule: RuleDecl, armed: String, by a: GestureDefinition) -> (valid: Bool, within: Int64?) {
        guard let value = rule.within else { return (true, a.kind.isContinuous ? nil : 300_000) }
        guard !a.kind.isContinuous else {
            diagnostics.report(.withinAfterContinuous(a.name, kind: a.kind.keyword, armed: armed), at: value.range)
            return (false, nil)
        }
        let p = Parameter(name: Identifier(name: "within", range: value.range), value: value, range: value.range)
        guard let (v, _) = number(p, "within", .duration) else { return (false, nil) }
        guard v > 0 else { return (outOfRange(p, "'within' must be greater than 0ms"), nil) }
        guard v <= Self.maxDurationMicroseconds else { return (outOfRange(p, "'within' must be at most 3600s"), nil) }
        return (true, Int64(v.rounded()))
    }

    /// Reports each cycle of `requires` rules once, at the rule that closes it (the
    /// last in the file among the cycle's rules), with notes at the others. Runs
    /// in linear time: strongly connected components, then one path per component.
    mutating func reportCycles(_ rules: [Rule], gestures: [GestureDefinition], of relation: Rule.Relation = .requiresToFail) {
        let requires = rules.filter { $0.relation == relation }
        guard !requires.isEmpty else { return }
        var adjacency = [[Int]](repeating: [], count: gestures.count)
        var ruleOfEdge: [Pair: Rule] = [:]
        for r in requires {
            adjacency[r.gesture.rawValue].append(r.other.rawValue)
            ruleOfEdge[Pair(ordered: r.gesture.rawValue, r.other.rawValue)] = ruleOfEdge[Pair(ordered: r.gesture.rawValue, r.other.rawValue)] ?? r
        }
        let component = stronglyConnectedComponents(adjacency)
        var closing: [Int: Rule] = [:]
        for r in requires where component[r.gesture.rawValue] == component[r.other.rawValue] {
            if let c = closing[component[r.gesture.rawValue]], c.range.start > r.range.start { continue }
            closing[component[r.gesture.rawValue]] = r
        }
        for rule in closing.values.sorted(by: { $0.range.start < $1.range.start }) {
            // Shortest way back from the rule's target to its source, inside the component.
            var parent = [Int: Int]()
            var queue = [rule.other.rawValue], head = 0
            parent[rule.other.rawValue] = rule.other.rawValue
            while head < queue.count, parent[rule.gesture.rawValue] == nil {
                let v = queue[head]
                head += 1
                for w in adjacency[v] where component[w] == component[rule.gesture.rawValue] && parent[w] == nil {
                    parent[w] = v
                    queue.append(w)
                }
            }
            var path = [rule.gesture.rawValue]
            while let last = path.last, last != rule.other.rawValue { path.append(parent[last]!) }
            path.reverse()  // other ... gesture
            let cycle = [rule.gesture.rawValue] + path
            let notes = zip(path, path.dropFirst()).compactMap { edge -> Diagnostic.Note? in
                guard let r = ruleOfEdge[Pair(ordered: edge.0, edge.1)] else { return nil }
                let text = switch relation {
                case .after: "\(gestures[edge.0].name) after \(gestures[edge.1].name)"
                case .winsOver: "\(gestures[edge.0].name) wins over \(gestures[edge.1].name)"
                default: "\(gestures[edge.0].name) requires \(gestures[edge.1].name) to fail"
                }
                return .init("'\(text)' is part of the cycle", at: r.range)
            }
            let names = cycle.map { gestures[$0].name }.joined(separator: " -> ")
            diagnostics.report(.cycle(relation, names), at: rule.range, notes: notes)
        }
    }
}

/// Two gesture indices; unordered unless built with `ordered:`.
struct Pair: Hashable {
    let a: Int, b: Int
    init(_ x: Int, _ y: Int) { (a, b) = (min(x, y), max(x, y)) }
    init(ordered x: Int, _ y: Int) { (a, b) = (x, y) }
}
