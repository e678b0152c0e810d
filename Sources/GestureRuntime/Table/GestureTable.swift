/// A compiled gesture set: plain data in flat integer arrays, immutable and
/// `Sendable`, shared by any number of engines.
///
/// Transitions of gesture `g` from local state `s` on symbol `a`:
///
///     c = classMap[g * Symbol.count + a]
///     dense: next = dense[transitionBase + s * classCount + c]
///     comb:  p = combBase[stateBase + s] + c
///            next = combCheck[p] == s ? combNext[p] : s   (absent entries stay put)
///
/// State `s` of gesture `g` reports `StateOutput(stateInfo[stateBase + s] & 0xF)`
/// and arms `StateTimer(stateInfo[stateBase + s] >> 4)`. A table that passed
/// `validate()` is safe to index without checks.
public struct GestureTable: Hashable, Sendable {
    /// The binary format version this runtime reads and writes.
    public static let formatVersion: UInt16 = 18

    /// Names and doc comments.
    package var strings: [String]
    package var gestures: [GestureRecord]
    /// `gestures.count * Symbol.count` class indices.
    package var classMap: [UInt8]
    /// Output (low nibble) and timer (high nibble) of every state of every gesture.
    package var stateInfo: [UInt8]
    package var dense: [UInt16]
    /// Per global state: offset of its row in `combNext` / `combCheck`.
    package var combBase: [UInt32]
    package var combNext: [UInt16]
    package var combCheck: [UInt16]
    /// Rules as adjacency lists (CSR): gesture `g` requires the gestures
    /// `requiresTarget[requiresStart[g] ..< requiresStart[g + 1]]` to fail.
    package var requiresStart: [UInt32]
    package var requiresTarget: [UInt32]
    /// The spec line of each `requires` entry (parallel to `requiresTarget`),
    /// for explanations; empty in tables of format versions before 3.
    package var requiresLines: [UInt32]
    /// Same layout for `with`, stored in both directions.
    package var withStart: [UInt32]
    package var withTarget: [UInt32]
    /// The view tree, empty when the spec declares no views (one root view).
    /// View `v` is named `strings[viewNames[v]]`, has parent `viewParents[v]`
    /// (`GestureRecord.none` for the root, view 0; parents come before their
    /// children) and passes the touch phases in `viewForwards[v]` (a bit per
    /// `TouchPhase` raw value) to its parent.
    package var viewNames: [UInt32]
    package var viewParents: [UInt32]
    package var viewForwards: [UInt8]
    /// The view each gesture is attached to; empty when there are no views.
    package var gestureViews: [UInt32]
    /// `after` rules (CSR, as `requires`): gesture `g` is armed by the gestures
    /// `afterTarget[afterStart[g] ..< afterStart[g + 1]]`; per entry, the
    /// `within` microseconds after a discrete source's recognition (0 for a
    /// continuous source: armed while it is active) and the rule's spec line.
    package var afterStart: [UInt32]
    package var afterTarget: [UInt32]
    package var afterWithin: [Int64]
    package var afterLines: [UInt32]
    /// Template strokes' templates (CSR): gesture `g`'s are templates
    /// `templateStart[g] ..< templateStart[g + 1]`; template `k` is the
    /// normalized form `templatePoints[k * StrokeTemplate.floats ..< (k + 1) * StrokeTemplate.floats]`,
    /// named `strings[templateNames[k]]` (its example's file name) for explanations.
    package var templateStart: [UInt32]
    package var templatePoints: [Float]
    package var templateNames: [UInt32]
    /// Modes (v3): mode `m` is named `strings[modeNames[m]]`. Gesture `g` is
    /// enabled exactly while its condition holds, `enabledCode[enabledStart[g] ..< enabledStart[g + 1]]`
    /// (CSR; empty: no condition, the app enables it), in postfix (`Condition`).
    package var modeNames: [UInt32]
    package var enabledStart: [UInt32]
    package var enabledCode: [UInt8]
    /// `A hands over to B` (v3; CSR): gesture `g` hands over to the gestures
    /// `handOverTarget[handOverStart[g] ..< handOverStart[g + 1]]`, in declaration order.
    package var handOverStart: [UInt32]
    package var handOverTarget: [UInt32]
    /// Per `handOverTarget` entry (v4, format version 12): the edges of its
    /// `at` (a `DirectionSet` of the directions pointing at them; 0: none,
    /// the app hands over). Only a scroll's entries have edges.
    package var handOverEdges: [UInt8]
    /// `A wins over B` (v4, format version 13; CSR): gesture `g` wins over
    /// the gestures `winsTarget[winsStart[g] ..< winsStart[g + 1]]`.
    package var winsStart: [UInt32]
    package var winsTarget: [UInt32]
    /// Per view (v4, format version 13): the screen edges whose system
    /// gestures it asks the platform to defer (`defersSystemEdges`; a
    /// `DirectionSet` of the directions pointing at them).
    package var viewDefers: [UInt8]
    /// Per gesture (v4, format version 14): the name of its accessibility
    /// action (`action: "Delete"`), `strings[actionNames[g]]`, or `GestureRecord.none`.
    package var actionNames: [UInt32]
    /// Ranges a value may take at run time (v4 `V in A...B`, format version
    /// 14; CSR): gesture `g`'s entries are `rangeStart[g] ..< rangeStart[g + 1]`,
    /// each the index of a parameter in `GestureParameter.all` and its bounds
    /// in the runtime's units. `set` refuses a value outside.
    package var rangeStart: [UInt32]
    package var rangeParameters: [UInt8]
    package var rangeLower: [Double]
    package var rangeUpper: [Double]
    /// Release decisions (v5 `settle`, format version 17; CSR): gesture
    /// `g`'s numbers are `settleValues[settleStart[g] ..< settleStart[g + 1]]`,
    /// none without a settle, else `Settle.headerCount` numbers (model, rate,
    /// flingVelocity, positional, sequential, lower, upper, rubberBand, pitch,
    /// component, anchor count) then the anchors, then the marks.
    package var settleStart: [UInt32]
    package var settleValues: [Double]

    /// Whether a gesture is a pan from the right or bottom screen edge, which
    /// needs the screen's size (`Engine.screenSize`).
    package var needsScreenSize: Bool {
        gestures.contains { $0.edges & DirectionSet.screenSizedEdges.rawValue != 0 }
    }

    /// An empty table, for builders.
    package init() {
        strings = []; gestures = []; classMap = []; stateInfo = []; dense = []
        combBase = []; combNext = []; combCheck = []
        requiresStart = [0]; requiresTarget = []; requiresLines = []; withStart = [0]; withTarget = []
        viewNames = []; viewParents = []; viewForwards = []; gestureViews = []
        afterStart = [0]; afterTarget = []; afterWithin = []; afterLines = []
        templateStart = [0]; templatePoints = []; templateNames = []
        modeNames = []; enabledStart = [0]; enabledCode = []
        handOverStart = [0]; handOverTarget = []; handOverEdges = []
        winsStart = [0]; winsTarget = []; viewDefers = []
        actionNames = []; rangeStart = [0]; rangeParameters = []; rangeLower = []; rangeUpper = []
        settleStart = [0]; settleValues = []
    }

    /// The templates of gesture `g` (empty unless it is a template stroke).
    package func templates(of g: GestureID) -> Range<Int> { Int(templateStart[g.rawValue])..<Int(templateStart[g.rawValue + 1]) }

    /// The table of gesture `g` alone: no rules, the same automaton, thresholds
    /// and view tree. Tools use it to test one gesture in isolation.
    /// Every kept gesture is enabled. A gesture that an `after` rule arms keeps the gestures that arm it
    /// (after it, with those rules alone): alone, it could never be armed.
    package func isolating(_ g: GestureID) -> GestureTable {
        let sources = afterTarget[Int(afterStart[g.rawValue])..<Int(afterStart[g.rawValue + 1])].map { GestureID($0) }
        return keeping([g] + sources.filter { $0 != g }, arbitration: false)
    }

    /// The table of the gestures `kept` (this table's indices, in their new
    /// order) with the same automata, thresholds and view tree, and the rules
    /// among them: the `after` rules (and the `with` each implies) always, the
    /// `requires`, `with` and `hands over to` rules with `arbitration`. Tools
    /// use it to test gestures apart from the rest of their set. Every kept
    /// gesture is enabled: no mode decides it alone, and a gesture disabled at
    /// start is tested as it behaves once enabled.
    package func keeping(_ keptIDs: [GestureID], arbitration: Bool) -> GestureTable {
        var t = self
        let kept = keptIDs.map { $0.rawValue }
        var position = [Int: Int]()
        for (k, g) in kept.enumerated() { position[g] = k }
        // A rule list's entries among the kept gestures: the new starts, and the old entry indices.
        func entries(_ start: [UInt32], _ target: [UInt32], where keep: (Int, Int) -> Bool) -> ([UInt32], [Int]) {
            var (starts, indices): ([UInt32], [Int]) = ([0], [])
            for g in kept {
                for i in Int(start[g])..<Int(start[g + 1]) where position[Int(target[i])] != nil && keep(g, Int(target[i])) { indices.append(i) }
                starts.append(UInt32(indices.count))
            }
            return (starts, indices)
        }
        func targets(_ target: [UInt32], _ indices: [Int]) -> [UInt32] { indices.map { UInt32(position[Int(target[$0])]!) } }
        // The `after` rules kept: every one among the kept gestures (records' flags follow them).
        let after = entries(afterStart, afterTarget) { _, _ in true }
        let afterTargets = targets(afterTarget, after.1)
        // Without arbitration, only the `with` an `after` implies.
        let afterPairs = Set(kept.flatMap { g in afterTarget[Int(afterStart[g])..<Int(afterStart[g + 1])].flatMap { [[g, Int($0)], [Int($0), g]] } })
        // Section by section, in the one list of sections: a new section is a
        // new case here, so the compiler asks what a subset does with it.
        for section in TableSection.allCases {
            switch section {
            case .strings, .stateInfo, .dense, .combBase, .combNext, .combCheck, .viewNames, .viewParents, .viewForwards, .viewDefers, .modeNames:
                break  // shared by every gesture (automata are addressed by each record's start state)
            case .actionNames: t.actionNames = kept.map { actionNames[$0] }
            case .rangeStart:
                t.rangeStart = [0]
                (t.rangeParameters, t.rangeLower, t.rangeUpper) = ([], [], [])
                for k in kept {
                    let range = Int(rangeStart[k])..<Int(rangeStart[k + 1])
                    t.rangeParameters += rangeParameters[range]
                    t.rangeLower += rangeLower[range]
                    t.rangeUpper += rangeUpper[range]
                    t.rangeStart.append(UInt32(t.rangeParameters.count))
                }
            case .rangeParameters, .rangeLower, .rangeUpper:
                break  // with rangeStart
            case .settleStart:
                (t.settleStart, t.settleValues) = ([0], [])
                for k in kept {
                    t.settleValues += settleValues[Int(settleStart[k])..<Int(settleStart[k + 1])]
                    t.settleStart.append(UInt32(t.settleValues.count))
                }
            case .settleValues:
                break  // with settleStart
            case .gestures:
                // Flags as the rules left here say (the engine trusts them instead of the lists); every kept gesture enabled.
                let arming = Set(afterTargets)
                t.gestures = kept.enumerated().map { k, g in
                    var r = gestures[g]
                    r.options &= ~GestureRecord.optionDisabled
                    r.flags &= ~(GestureRecord.flagArmed | GestureRecord.flagArms)
                    if after.0[k] < after.0[k + 1] { r.flags |= GestureRecord.flagArmed }
                    if arming.contains(UInt32(k)) { r.flags |= GestureRecord.flagArms }
                    return r
                }
            case .classMap: t.classMap = kept.flatMap { classMap[$0 * Symbol.count ..< ($0 + 1) * Symbol.count] }
            case .gestureViews: if !gestureViews.isEmpty { t.gestureViews = kept.map { gestureViews[$0] } }
            case .requiresStart:
                let requires = entries(requiresStart, requiresTarget) { _, _ in arbitration }
                (t.requiresStart, t.requiresTarget) = (requires.0, targets(requiresTarget, requires.1))
                t.requiresLines = requiresLines.isEmpty ? [] : requires.1.map { requiresLines[$0] }
            case .withStart:
                let with = entries(withStart, withTarget) { arbitration || afterPairs.contains([$0, $1]) }
                (t.withStart, t.withTarget) = (with.0, targets(withTarget, with.1))
            case .afterStart:
                (t.afterStart, t.afterTarget) = (after.0, afterTargets)
                (t.afterWithin, t.afterLines) = (after.1.map { afterWithin[$0] }, after.1.map { afterLines[$0] })
            case .handOverStart:
                let handOver = entries(handOverStart, handOverTarget) { _, _ in arbitration }
                (t.handOverStart, t.handOverTarget) = (handOver.0, targets(handOverTarget, handOver.1))
                t.handOverEdges = handOver.1.map { handOverEdges[$0] }
            case .winsStart:
                let wins = entries(winsStart, winsTarget) { _, _ in arbitration }
                (t.winsStart, t.winsTarget) = (wins.0, targets(winsTarget, wins.1))
            case .requiresTarget, .requiresLines, .withTarget, .afterTarget, .afterWithin, .afterLines, .handOverTarget, .handOverEdges,
                 .winsTarget:
                break  // with their list's start, above
            case .templateStart:
                t.templateStart = [0]
                (t.templatePoints, t.templateNames) = ([], [])
                for k in kept {
                    let range = templates(of: GestureID(k))
                    t.templatePoints += templatePoints[range.lowerBound * StrokeTemplate.floats ..< range.upperBound * StrokeTemplate.floats]
                    t.templateNames += templateNames[range]
                    t.templateStart.append(UInt32(t.templateNames.count))
                }
            case .templatePoints, .templateNames:
                break  // with templateStart
            case .enabledStart: (t.enabledStart, t.enabledCode) = (Array(repeating: 0, count: kept.count + 1), [])
            case .enabledCode: break  // with enabledStart
            }
        }
        return t
    }

    /// Whether the set declares views (otherwise every gesture is on one root view).
    public var hasViews: Bool { !viewNames.isEmpty }

    /// The name of view `v`.
    public func name(ofView v: ViewID) -> String { strings[Int(viewNames[v.rawValue])] }

    /// The index of the view named `name`, if the set declares it.
    public func view(named name: String) -> ViewID? {
        viewNames.indices.first { strings[Int(viewNames[$0])].isSame(as: name) }.map { ViewID($0) }
    }

    /// The hit view of a hit-test path as a host reports it (view names from
    /// the outermost to the one under the finger; the root `window` may be
    /// left out): the last view, if the path agrees with the declared tree.
    public func view(path: [String]) -> ViewID? {
        var parent: ViewID = 0
        var last: ViewID = 0
        for (i, name) in path.enumerated() {
            guard let v = view(named: name) else { return nil }
            if i == 0 && v == 0 { continue }
            guard parentView(of: v) == parent || (i == 0 && v != 0) else { return nil }
            (parent, last) = (v, v)
        }
        return last
    }

    /// The parent of view `v` (meaningless for the root, which has none).
    @inline(__always)
    package func parentView(of v: ViewID) -> ViewID { ViewID(viewParents[v.rawValue]) }

    /// The view gesture `g` is attached to (0, the root, without views).
    public func view(of g: GestureID) -> ViewID { gestureViews.isEmpty ? 0 : ViewID(gestureViews[g.rawValue]) }

    /// The view that receives gesture `g`'s events: its own, or its parent's when the view forwards it.
    public func receiver(of g: GestureID) -> ViewID {
        let v = view(of: g)
        return gestures[g.rawValue].flags & GestureRecord.flagForwarded != 0 && v != 0 ? parentView(of: v) : v
    }

    /// The view that finally receives a `phase` delivery for a touch hitting `view`:
    /// up the tree past every view that forwards the phase.
    public func receiver(of phase: TouchPhase, hitting view: ViewID) -> ViewID {
        var v = view
        while v != 0, viewForwards[v.rawValue] & (1 << phase.rawValue) != 0 { v = parentView(of: v) }
        return v
    }

    /// Whether a gesture on view `ancestor` sees touches hitting `view`: it is the view or one of its ancestors.
    public func view(_ ancestor: ViewID, contains view: ViewID) -> Bool {
        var v = view
        while true {
            if v == ancestor { return true }
            guard v != 0 else { return false }
            v = parentView(of: v)
        }
    }

    /// The name of gesture `g`.
    public func name(of g: GestureID) -> String { strings[Int(gestures[g.rawValue].name)] }

    /// The name, with the view for a gesture listed in several views (one
    /// instance each): `chomp on tile`, as messages and reports tell them apart.
    public func label(of g: GestureID) -> String {
        let name = name(of: g)
        guard hasViews, gestureIDs.contains(where: { $0 != g && self.name(of: $0).isSame(as: name) }) else { return name }
        return "\(name) on \(self.name(ofView: view(of: g)))"
    }

    /// How many gestures the set has; gesture indices are `0 ..< gestureCount`.
    public var gestureCount: Int { gestures.count }

    /// Every gesture of the set, in declaration order.
    public var gestureIDs: Range<GestureID> { Range(gestures: gestures.count) }

    /// Whether `g` is one of the set's gestures: what every call taking a
    /// gesture from outside checks before it reads the table.
    @inline(__always)
    public func has(_ g: GestureID) -> Bool { g.rawValue >= 0 && g.rawValue < gestures.count }

    /// How many views the set declares, the root included (1 without views).
    public var viewCount: Int { max(viewNames.count, 1) }

    /// Every view of the set, the root first.
    public var viewIDs: Range<ViewID> { ViewID(0)..<ViewID(viewCount) }

    /// The first instance of gesture `g`'s name: a gesture listed in several
    /// views' `gestures:` is one instance per view, in consecutive indices
    /// sharing its name; any other gesture is its own first instance.
    public func firstInstance(of g: GestureID) -> GestureID {
        let name = gestures[g.rawValue].name
        var first = g.rawValue
        while first > 0 && gestures[first - 1].name == name { first -= 1 }
        return GestureID(first)
    }

    /// The index of the gesture named `name` (its first instance), if the set
    /// has it; names are compared byte for byte (UTF-8), not as Unicode strings.
    public func gesture(named name: String) -> GestureID? {
        gestures.indices.first { strings[Int(gestures[$0].name)].isSame(as: name) }.map { GestureID($0) }
    }

    /// The kind of gesture `g` (which values its events carry).
    public func kind(of g: GestureID) -> GestureKind { gestures[g.rawValue].kind }

    /// The doc comment of gesture `g`, if the spec gave one.
    public func doc(of g: GestureID) -> String? {
        let doc = gestures[g.rawValue].doc
        return doc == GestureRecord.none ? nil : strings[Int(doc)]
    }

    /// Whether gesture `g` cancels the touches it uses once it succeeds
    /// (`cancelsTouches`), and delays their `began` / `ended` until it decides.
    public func touchHandling(of g: GestureID) -> (cancels: Bool, delaysBegan: Bool, delaysEnded: Bool) {
        let f = gestures[g.rawValue].flags
        return (f & GestureRecord.flagCancelsTouches != 0, f & GestureRecord.flagDelaysTouchesBegan != 0,
                f & GestureRecord.flagDelaysTouchesEnded != 0)
    }

    /// The gestures `g` requires to fail (a slice: no copy).
    @inline(__always)
    package func required(by g: GestureID) -> ArraySlice<UInt32> {
        requiresTarget[Int(requiresStart[g.rawValue])..<Int(requiresStart[g.rawValue &+ 1])]
    }

    /// Whether `g requires other to fail`.
    @inline(__always)
    public func requires(_ g: GestureID, _ other: GestureID) -> Bool {
        required(by: g).contains(UInt32(truncatingIfNeeded: other.rawValue))
    }

    /// The gestures `g` hands over to, in declaration order.
    package func handOverTargets(of g: GestureID) -> ArraySlice<UInt32> {
        handOverTarget[Int(handOverStart[g.rawValue])..<Int(handOverStart[g.rawValue + 1])]
    }

    /// The edges at which scroll `g` hands over (v4 `A hands over to B at
    /// EDGE`), as the directions pointing at them (`.up`: the top); empty
    /// for a gesture with no such rule.
    public func handOverEdges(of g: GestureID) -> DirectionSet {
        var edges = DirectionSet()
        guard handOverEdges.count == handOverTarget.count else { return edges }
        for k in Int(handOverStart[g.rawValue])..<Int(handOverStart[g.rawValue + 1]) { edges.formUnion(DirectionSet(rawValue: handOverEdges[k])) }
        return edges
    }

    /// Whether `g wins over other` (v4).
    public func wins(_ g: GestureID, over other: GestureID) -> Bool {
        winsTarget[Int(winsStart[g.rawValue])..<Int(winsStart[g.rawValue + 1])].contains(UInt32(truncatingIfNeeded: other.rawValue))
    }

    /// The screen edges whose system gestures view `v` or one of its
    /// ancestors asks the platform to defer (v4 `defersSystemEdges`): what
    /// an adapter passes on (UIKit's `preferredScreenEdgesDeferringSystemGestures`,
    /// Android's exclusion rectangles) for touches in that view.
    public func deferredSystemEdges(ofView v: ViewID) -> DirectionSet {
        var (edges, view, steps) = (DirectionSet(), v.rawValue, 0)
        while view >= 0 && view < viewDefers.count && steps <= viewDefers.count {
            edges.formUnion(DirectionSet(rawValue: viewDefers[view]))
            guard view != 0 else { break }
            (view, steps) = (Int(viewParents[view]), steps + 1)
        }
        return edges
    }

    /// The name of gesture `g`'s accessibility action (v4 `action:`), if it has one.
    public func action(of g: GestureID) -> String? {
        let g = g.rawValue
        return g >= 0 && g < actionNames.count && actionNames[g] != GestureRecord.none ? strings[Int(actionNames[g])] : nil
    }

    /// The gestures attached to view `v` that have an action, in declaration
    /// order: what assistive technology offers on that view (v4).
    public func actions(ofView v: ViewID) -> [GestureID] {
        gestureIDs.filter { view(of: $0) == v && action(of: $0) != nil }
    }

    /// The range spec gives `p` of gesture `g` for run-time values (v4 `V in A...B`), if any.
    public func allowedRange(of p: GestureParameter, gesture g: GestureID) -> ParameterRange? {
        let g = g.rawValue
        guard g >= 0 && g + 1 < rangeStart.count else { return nil }
        let index = p.index
        for k in Int(rangeStart[g])..<Int(rangeStart[g + 1]) where Int(rangeParameters[k]) == index {
            return ParameterRange(rangeLower[k], rangeUpper[k])
        }
        return nil
    }

    /// Gesture `g`'s release decision (v5 `settle`), if it has one.
    public func settle(of g: GestureID) -> Settle? {
        let g = g.rawValue
        guard g >= 0 && g + 1 < settleStart.count else { return nil }
        let v = settleValues[Int(settleStart[g])..<Int(settleStart[g + 1])]
        // Counts read as integers only once known to be small whole numbers: a crafted table may hold anything.
        guard v.count >= Settle.headerCount else { return nil }
        let h = v.startIndex
        let count = v[h + 10], modelNumber = v[h]
        guard count >= 0, count <= Double(v.count - Settle.headerCount), count == count.rounded(),
              modelNumber >= 0, modelNumber <= 255, modelNumber == modelNumber.rounded(),
              let model = SettleModel(rawValue: UInt8(modelNumber)) else { return nil }
        let anchorEnd = h + Settle.headerCount + Int(count)
        return Settle(model: model, rate: v[h + 1], flingVelocity: v[h + 2], positional: v[h + 3], sequential: v[h + 4] != 0,
                      lower: v[h + 5], upper: v[h + 6], rubberBand: v[h + 7], pitch: v[h + 8], component: v[h + 9] == 1 ? 1 : 0,
                      anchors: Array(v[(h + Settle.headerCount)..<anchorEnd]), marks: Array(v[anchorEnd...]))
    }

    /// Appends gesture `g`'s settle (builders add them in gesture order, one entry per gesture).
    package mutating func appendSettle(_ s: Settle?) {
        if let s {
            settleValues += [Double(s.model.rawValue), s.rate, s.flingVelocity, s.positional, s.sequential ? 1 : 0,
                             s.lower, s.upper, s.rubberBand, s.pitch, Double(s.component), Double(s.anchors.count)]
            settleValues += s.anchors + s.marks
        }
        settleStart.append(UInt32(settleValues.count))
    }

    /// Whether `g with other`.
    @inline(__always)
    public func isSimultaneous(_ g: GestureID, _ other: GestureID) -> Bool {
        withTarget[Int(withStart[g.rawValue])..<Int(withStart[g.rawValue &+ 1])].contains(UInt32(truncatingIfNeeded: other.rawValue))
    }
}

extension GestureTable: TransitionFunction {
    @inline(__always)
    package func startState(_ gesture: GestureID) -> StateID { StateID(Int(gestures[gesture.rawValue].startState)) }

    @inline(__always)
    package func next(_ gesture: GestureID, _ state: StateID, _ symbol: Symbol) -> StateID {
        let (r, s) = (gestures[gesture.rawValue], state.rawValue)
        let c = Int(classMap[gesture.rawValue &* Symbol.count &+ Int(symbol.rawValue)])
        if r.packing == GestureRecord.packingDense {
            return StateID(Int(dense[Int(r.transitionBase) &+ s &* Int(r.classCount) &+ c]))
        }
        let p = Int(combBase[Int(r.stateBase) &+ s]) &+ c
        return Int(combCheck[p]) == s ? StateID(Int(combNext[p])) : state
    }

    @inline(__always)
    package func output(_ gesture: GestureID, _ state: StateID) -> StateOutput {
        StateOutput(rawValue: stateInfo[Int(gestures[gesture.rawValue].stateBase) &+ state.rawValue] & 0xF) ?? .failed
    }

    @inline(__always)
    package func timer(_ gesture: GestureID, _ state: StateID) -> StateTimer {
        StateTimer(rawValue: stateInfo[Int(gestures[gesture.rawValue].stateBase) &+ state.rawValue] >> 4) ?? .none
    }
}
