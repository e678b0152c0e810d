import GestureRuntime

/// What optimization did to one gesture, for `gspec build --stats`.
public struct GestureStats: Hashable, Sendable {
    public var name: String
    /// States of the lowered NFA.
    public var nfaStates: Int
    /// NFA states no path from the start reaches, and reachable ones from
    /// which the gesture can no longer succeed: subset construction drops both.
    public var unreachableStates: Int
    public var deadStates: Int
    /// States after subset construction.
    public var dfaStates: Int
    /// States after minimization (unreachable and dead ones gone).
    public var minimalStates: Int
    /// Input symbols before and after merging into classes.
    public var symbols: Int
    public var classes: Int
    /// Transition bytes as a dense row per DFA state over all symbols, and as packed.
    public var bytesBefore: Int
    public var bytesAfter: Int
    /// `dense` or `comb`.
    public var packing: String
}

/// Compiles a checked gesture set to the runtime's table: lower, determinize,
/// minimize, merge symbols into classes, and pack each gesture's rows dense or
/// comb-compressed, whichever is smaller. Equal inputs give equal tables.
public struct TableBuilder {
    private var table = GestureTable()
    private var stats: [GestureStats] = []
    private var stringIndex: [String: UInt32] = [:]

    /// Builds the table of `set`; `source` gives declaration lines. A gesture
    /// whose automaton grows past `DFA.stateLimit` states is an error at its name.
    public static func build(_ set: CheckedGestureSet, source: SourceFile) -> (GestureTable, [GestureStats], [Diagnostic]) {
        var builder = TableBuilder()
        var diagnostics: [Diagnostic] = []
        for g in set.gestures {
            if !builder.add(g, line: source.location(of: g.nameRange.start).line) {
                diagnostics.report(.stateExplosion(g.name, limit: DFA.stateLimit), at: g.nameRange)
            }
        }
        builder.addRelations(set.rules, count: set.gestures.count, source: source)
        builder.addViews(set)
        builder.addModes(set)
        builder.addAccessibility(set)
        return (builder.table, builder.stats, diagnostics)
    }

    /// Each gesture's action name and the ranges its values may take at run time (v4), and its settle (v5).
    private mutating func addAccessibility(_ set: CheckedGestureSet) {
        table.actionNames = set.gestures.map { $0.action.map { intern($0) } ?? GestureRecord.none }
        table.rangeStart = [0]
        for g in set.gestures { table.appendSettle(g.settle) }
        for g in set.gestures {
            for r in g.ranges {
                table.rangeParameters.append(UInt8(r.parameter.index))
                table.rangeLower.append(r.lower)
                table.rangeUpper.append(r.upper)
            }
            table.rangeStart.append(UInt32(table.rangeParameters.count))
        }
    }

    private mutating func addViews(_ set: CheckedGestureSet) {
        guard !set.views.isEmpty else { return }
        for v in set.views {
            table.viewNames.append(intern(v.name))
            table.viewParents.append(v.parent.map(UInt32.init) ?? GestureRecord.none)
            table.viewForwards.append(v.forwards)
            table.viewDefers.append(v.defersSystemEdges.rawValue)
        }
        table.gestureViews = set.gestures.map { UInt32($0.view) }
        for (g, d) in set.gestures.enumerated() where d.forwarded && g < table.gestures.count {
            table.gestures[g].flags |= GestureRecord.flagForwarded
        }
    }

    /// The modes' names and each gesture's condition on them (CSR, postfix).
    private mutating func addModes(_ set: CheckedGestureSet) {
        table.modeNames = set.modes.map { intern($0) }
        table.enabledStart = [0]
        for g in set.gestures {
            table.enabledCode += g.condition
            table.enabledStart.append(UInt32(table.enabledCode.count))
        }
    }

    private mutating func intern(_ s: String) -> UInt32 {
        if let i = stringIndex[s] { return i }
        let i = UInt32(table.strings.count)
        table.strings.append(s)
        stringIndex[s] = i
        return i
    }

    /// Gesture `g`'s record with its parameters as a table holds them (its
    /// automaton not placed yet): what hover shows, even while other parts of the file have errors.
    package static func parameters(of g: GestureDefinition) -> GestureRecord {
        // The definition's record holds every parameter already (GestureParameter.all).
        var r = g.record
        if g.edges.isEmpty { r.edgeWidth = 0 }
        if !g.templates.isEmpty { r.strokeFlags |= GestureRecord.strokeTemplates }
        // Its templates were made without their examples' hooks (`StrokeTemplateData`): so is the stroke.
        if !g.templates.isEmpty && (g.hooks > 0 || g.hookLength > 0) { r.strokeFlags |= GestureRecord.strokeTemplateHooks }
        r.updatePanCriteria()
        return r
    }

    private mutating func add(_ g: GestureDefinition, line: Int) -> Bool {
        let nfa = Lowering.automaton(for: g)
        guard let dfa = DFA(determinizing: nfa) else { return false }
        let minimal = dfa.minimized()
        let (classOf, representatives) = minimal.symbolClasses()

        var r = Self.parameters(of: g)
        r.name = intern(g.name)
        r.doc = g.doc.map { intern($0) } ?? GestureRecord.none
        r.line = UInt32(line)
        for t in g.templates {
            table.templatePoints += t.points
            table.templateNames.append(intern(t.name))
        }
        table.templateStart.append(UInt32(table.templateNames.count))
        r.stateBase = UInt32(table.stateInfo.count)
        r.stateCount = UInt16(minimal.stateCount)
        r.startState = UInt16(minimal.start)
        r.classCount = UInt8(representatives.count)

        table.classMap += classOf.map(UInt8.init)
        for s in 0..<minimal.stateCount {
            table.stateInfo.append(minimal.outputs[s].rawValue | minimal.timers[s].rawValue << 4)
        }
        let rows = minimal.next.map { row in representatives.map { UInt16(row[$0]) } }
        let denseBytes = rows.count * representatives.count * 2
        let comb = combPack(rows)
        let combBytes = comb.next.count * 4 + rows.count * 4
        if combBytes < denseBytes {
            r.packing = GestureRecord.packingComb
            let offset = UInt32(table.combNext.count)
            table.combBase += comb.bases.map { $0 + offset }
            table.combNext += comb.next
            table.combCheck += comb.check
        } else {
            r.packing = GestureRecord.packingDense
            r.transitionBase = UInt32(table.dense.count)
            table.combBase += [UInt32](repeating: 0, count: rows.count)
            for row in rows { table.dense += row }
        }
        table.gestures.append(r)
        let unreachable = Set(nfa.unreachableStates())
        let live = nfa.liveStates()
        let dead = nfa.states.indices.filter { !unreachable.contains($0) && !live[$0] && !nfa.states[$0].output.isTerminal }
        stats.append(GestureStats(
            name: g.name, nfaStates: nfa.states.count, unreachableStates: unreachable.count, deadStates: dead.count,
            dfaStates: dfa.stateCount, minimalStates: minimal.stateCount,
            symbols: Symbol.count, classes: representatives.count,
            bytesBefore: dfa.stateCount * Symbol.count * 2, bytesAfter: min(denseBytes, combBytes),
            packing: r.packing == GestureRecord.packingComb ? "comb" : "dense"))
        return true
    }

    /// Row displacement: each row keeps only the entries that leave the
    /// state, placed first-fit where they collide with no other row's.
    private func combPack(_ rows: [[UInt16]]) -> (bases: [UInt32], next: [UInt16], check: [UInt16]) {
        let width = rows.first?.count ?? 0
        var next: [UInt16] = [], check: [UInt16] = []
        var bases: [UInt32] = []
        for (s, row) in rows.enumerated() {
            let entries = row.indices.filter { Int(row[$0]) != s }
            var base = 0
            while entries.contains(where: { base + $0 < check.count && check[base + $0] != .max }) { base += 1 }
            let needed = base + width
            if check.count < needed {
                next += [UInt16](repeating: 0, count: needed - check.count)
                check += [UInt16](repeating: .max, count: needed - check.count)
            }
            for c in entries {
                next[base + c] = row[c]
                check[base + c] = UInt16(s)
            }
            bases.append(UInt32(base))
        }
        return (bases, next, check)
    }

    private mutating func addRelations(_ rules: [Rule], count: Int, source: SourceFile) {
        var requires = [[UInt32]](repeating: [], count: count)
        var with = [[UInt32]](repeating: [], count: count)
        var handOver = [[UInt32]](repeating: [], count: count)
        var wins = [[UInt32]](repeating: [], count: count)
        var after = [[(source: UInt32, within: Int64, line: UInt32)]](repeating: [], count: count)
        var lines: [[Int]: UInt32] = [:]
        var edges: [[Int]: UInt8] = [:]
        for rule in rules {
            // The lists are the table's, indexed and stored as plain integers.
            let (g, o) = (rule.gesture.rawValue, rule.other.rawValue)
            switch rule.relation {
            case .requiresToFail:
                requires[g].append(UInt32(o))
                let key = [g, o]
                if lines[key] == nil { lines[key] = UInt32(source.location(of: rule.range.start).line) }
            case .simultaneous:
                with[g].append(UInt32(o))
                with[o].append(UInt32(g))
            case .handsOver:
                handOver[g].append(UInt32(o))
                edges[[g, o]] = rule.edges.rawValue
            case .winsOver:
                wins[g].append(UInt32(o))
            case .after:
                // `after` implies `with`: the armed gesture uses the touches its source holds.
                with[g].append(UInt32(o))
                with[o].append(UInt32(g))
                after[g].append((UInt32(o), rule.within ?? 0, UInt32(source.location(of: rule.range.start).line)))
            }
        }
        func csr(_ lists: [[UInt32]]) -> ([UInt32], [UInt32]) {
            var start: [UInt32] = [0]
            var target: [UInt32] = []
            for list in lists {
                target += Set(list).sorted()
                start.append(UInt32(target.count))
            }
            return (start, target)
        }
        (table.requiresStart, table.requiresTarget) = csr(requires)
        table.requiresLines = (0..<count).flatMap { g in
            table.requiresTarget[Int(table.requiresStart[g])..<Int(table.requiresStart[g + 1])].map { lines[[g, Int($0)]] ?? 0 }
        }
        (table.withStart, table.withTarget) = csr(with)
        (table.winsStart, table.winsTarget) = csr(wins)
        // In declaration order: the first enabled one takes the touches.
        (table.handOverStart, table.handOverTarget) = csr(handOver)
        table.handOverEdges = (0..<count).flatMap { g in
            table.handOverTargets(of: GestureID(g)).map { edges[[g, Int($0)]] ?? 0 }
        }
        table.afterStart = [0]
        (table.afterTarget, table.afterWithin, table.afterLines) = ([], [], [])
        for list in after {
            // One entry per source (a rule stated twice is one), in source order.
            var seen = Set<UInt32>()
            for entry in list.sorted(by: { $0.source < $1.source }) where seen.insert(entry.source).inserted {
                table.afterTarget.append(entry.source)
                table.afterWithin.append(entry.within)
                table.afterLines.append(entry.line)
            }
            table.afterStart.append(UInt32(table.afterTarget.count))
        }
        for (g, list) in after.enumerated() where !list.isEmpty && g < table.gestures.count {
            table.gestures[g].flags |= GestureRecord.flagArmed
            for entry in list where Int(entry.source) < table.gestures.count {
                table.gestures[Int(entry.source)].flags |= GestureRecord.flagArms
            }
        }
    }
}
