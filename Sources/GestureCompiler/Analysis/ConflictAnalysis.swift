import GestureRuntime

/// A pair of gestures whose outcome no rule decides: on a stream that
/// performs `victim` as it is declared, `winner` takes the touches first.
public struct Conflict: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The winner claims earlier than the victim would.
        case preempts
        /// Both claim on the same input: declaration order decides.
        case tie
    }
    public var kind: Kind
    /// The gesture that loses its own performance.
    public var victim: GestureID
    public var winner: GestureID
    /// Whether the winner took every exemplar of the victim: it never fires,
    /// unless `firesOn` says otherwise.
    public var always: Bool
    /// When `always`, a stream the analyses generate for another purpose
    /// (another gesture's performance, a boundary case past a limit, a drag
    /// far off a pan's axis) that the victim claims in the set: it is not
    /// dead, only its own performances are lost. Nil when it claims none.
    public var firesOn: TouchStream?
    /// How many exemplars of the victim were tried.
    public var tried: Int
    /// A rule that makes the victim wait for the winner, if one does.
    public var rule: Rule?
    /// The shortest stream on which it happens.
    public var witness: TouchStream
    /// When the winner claims the witness in the set (microseconds): what
    /// `gspec run` shows on it.
    public var winnerAt: Int64
    /// When the victim would claim it in the set without the winner (a
    /// gesture both wait for delays them alike), or else alone.
    public var victimAt: Int64
    /// The modes on and the scrolls' edges when it happens (v3, v4), set before the witness's first touch.
    package var situation = Situation()
    /// The modes on when it happens (bit `m`: mode `m`; v3).
    public var modes: UInt16 { situation.modes }
    /// The rules that settle it when added (each checked by applying it,
    /// `FixCheck`), the preferred first; empty when a rule decides the pair.
    public var fixes: [String] = []
}

/// A stream that performs a gesture: the gesture alone recognizes it (or begins) at `claimsAt`.
struct Exemplar {
    var stream: TouchStream
    var claimsAt: Int64
    /// A boundary case (a performance at a parameter's limit): another
    /// gesture claiming it in the same sample is the limit's nature, and the
    /// engine's order decides; any other taking counts.
    var atLimit = false
}

/// Finds conflicts by running each gesture's exemplars through the whole set:
/// an exemplar the gesture recognizes alone but loses in the set, to a
/// gesture no rule orders against it, is a witness.
///
/// The search is bounded (a few generated streams per gesture, see
/// `ExemplarGenerator`), so it can miss conflicts that only exotic streams
/// show; what it reports, it has replayed through the compiled set.
struct ConflictAnalysis {
    var simulator: Simulator
    /// Exemplars per gesture, in generation order (the plain performance first).
    private var exemplars: [GestureID: [Exemplar]] = [:]

    init(simulator: Simulator) { self.simulator = simulator }

    var set: CheckedGestureSet { simulator.set }

    /// The exemplars of `g`, shortest first, or as generated (its boundary performances last):
    /// its performances (`performances(in:only:)`) that it recognizes alone.
    mutating func exemplars(of g: GestureID, inGenerationOrder: Bool = false) -> [Exemplar] {
        if exemplars[g] == nil {
            var seen = Set<[TouchEvent]>()
            exemplars[g] = performances()
                .filter { $0.gesture == g && seen.insert($0.stream.events).inserted }
                .compactMap { p in claimTime(of: g, alone: p.stream).map { Exemplar(stream: p.stream, claimsAt: $0, atLimit: p.atLimit) } }
        }
        let all = exemplars[g]!
        return inGenerationOrder ? all : all.sorted { $0.stream.events.count < $1.stream.events.count }
    }

    func claimTime(of g: GestureID, in events: [GestureEvent]) -> Int64? {
        events.first { $0.gesture == g && $0.claims }?.time.rawValue
    }

    /// When `g`, run alone, claims on `stream`.
    mutating func claimTime(of g: GestureID, alone stream: TouchStream) -> Int64? {
        simulator.aloneClaim(of: g, on: stream)
    }

    /// When `g` claims on `stream` in the set without `other` (in the situation of `runAll`).
    mutating func claimTime(of g: GestureID, without other: GestureID, on stream: TouchStream) -> Int64? {
        claimTime(of: g, in: simulator.run(stream, gestures: set.gestureIDs.filter { $0 != other }, in: simulator.situation).events)
    }

    /// Whether `stream` still shows the conflict: `victim` succeeds on it alone,
    /// and in the set the first gesture to claim is `winner`, and `victim` never does.
    mutating func shows(_ stream: TouchStream, victim: GestureID, winner: GestureID) -> Bool {
        guard claimTime(of: victim, alone: stream) != nil else { return false }
        return takenBy(stream, victim: victim) == winner
    }

    /// The gesture that takes `stream` from `victim` in the set (in the
    /// situation of `runAll`), when no rule and no `at` edge decided it so:
    /// nil when `victim` claims, or what beat it was designed to.
    mutating func takenBy(_ stream: TouchStream, victim: GestureID) -> GestureID? {
        let events = simulator.runAll(stream)
        guard claimTime(of: victim, in: events) == nil, let a = winner(over: victim, in: events),
              !edgeDecides(stream, victim: victim, winner: a) else { return nil }
        return a
    }

    /// The gesture that takes exemplar `x` from `victim` (`takenBy`); at a
    /// limit, not one that claims just when `victim` alone would (a tie).
    mutating func taker(of x: Exemplar, victim: GestureID) -> GestureID? {
        guard let a = takenBy(x.stream, victim: victim) else { return nil }
        if x.atLimit, claimTime(of: a, in: simulator.runAll(x.stream)) == x.claimsAt { return nil }
        return a
    }

    /// The streams that `g` alone recognizes or begins on, among its own
    /// exemplars (first) and the performances of the gestures in `others`:
    /// the ways the analyses know for it to complete while those are under
    /// way (a swipe completes on the down leg of a stroke it waits for).
    mutating func completions(of g: GestureID, amid others: [GestureID]) -> [Exemplar] {
        let key = [g] + others
        if let known = completions[key] { return known }
        var seen = Set(exemplars(of: g).map(\.stream.events))
        let amid = performances().filter { p in p.gesture.map(others.contains) == true && seen.insert(p.stream.events).inserted }
            .compactMap { p in claimTime(of: g, alone: p.stream).map { Exemplar(stream: p.stream, claimsAt: $0) } }
        completions[key] = exemplars(of: g, inGenerationOrder: true) + amid
        return completions[key]!
    }

    private var completions: [[GestureID]: [Exemplar]] = [:]

    /// A stream the analysis generates for another gesture (its
    /// performances, its boundary cases either side of a limit, drags far
    /// off a pan's axis) that `g` claims in the set (in the situation of
    /// `runAll`): a gesture that does fires, however its own performances
    /// fare (a scroll whose drags a swipe takes still scrolls a drag after a
    /// held press), so it is not called one that never fires.
    mutating func firesElsewhere(_ g: GestureID) -> TouchStream? {
        performances().first { $0.gesture != g && claimTime(of: g, in: simulator.runAll($0.stream)) != nil }?.stream
    }

    /// Every gesture's performances (`performances(in:only:)`), generated once.
    private mutating func performances() -> [Performance] {
        if performed == nil { performed = Self.performances(in: set) }
        return performed!
    }

    private var performed: [Performance]?

    /// A stream the analyses generate for a gesture, whether or not the gesture recognizes it alone.
    struct Performance {
        var stream: TouchStream
        /// The gesture it performs; nil for a boundary case just past a limit or a drag far off a pan's axis.
        var gesture: GestureID?
        /// A boundary case just inside a limit (a tie there is the engine's order to decide).
        var atLimit = false
    }

    /// Every stream generated for the set's gestures, `only` these if given:
    /// each gesture's performances on its view and every view inside it
    /// (armed), a pan's drags 60 degrees off its axis (which perform nothing),
    /// and its boundary cases either side of each limit. What the
    /// conflict analysis runs, and what the engine search runs beside its random streams.
    static func performances(in set: CheckedGestureSet, only: Set<GestureID>? = nil) -> [Performance] {
        var result: [Performance] = []
        for g in set.gestureIDs where only?.contains(g) ?? true {
            let d = set[g]
            let arm = ExemplarGenerator.armed(g, in: set)
            // Performed on every view where the gesture sees touches: its own first, then those inside it,
            // where a child's gesture may take them first.
            for v in set.subtree(of: d.view) {
                func here(_ s: TouchStream) -> TouchStream {
                    arm(v == d.view ? s : TouchStream(events: s.events, summary: s.summary + ", in '\(set.views[v].name)'"))
                }
                result += ExemplarGenerator.performances(of: g, in: set, view: v).map { Performance(stream: here($0), gesture: g) }
                // Drags a pan may claim that perform nothing: a gesture that claims one fires.
                result += ExemplarGenerator.drags(d, view: v, tilts: [60, -60]).map { Performance(stream: here($0), gesture: nil) }
            }
        }
        for c in BoundaryCaseGenerator.cases(for: set) where c.atEnd == nil && only?.contains(c.gesture) ?? true {
            result.append(Performance(stream: c.accepted, gesture: c.gesture, atLimit: true))
            result.append(Performance(stream: c.rejected, gesture: nil))
            // At a limit a gesture may complete before another's threshold: held there, what follows decides.
            if ExemplarGenerator.canBeHeld(c.gesture, in: set) {
                result += ExemplarGenerator.held(c.accepted, c.gesture, in: set).map { Performance(stream: $0, gesture: c.gesture) }
            }
        }
        return result
    }

    /// Whether the pair is settled in every situation where both are enabled:
    /// both still performable, and neither takes the other's performances
    /// unless a rule between them says so and leaves the loser some.
    mutating func settles(_ a: GestureID, _ b: GestureID) -> Bool {
        guard !exemplars(of: a).isEmpty, !exemplars(of: b).isEmpty else { return false }
        let linked = rule(between: a, b) != nil
        defer { simulator.situation = Situation() }
        for (group, situation) in set.situations() where group.enables(a) && group.enables(b) {
            simulator.situation = situation
            for (victim, winner) in [(a, b), (b, a)] {
                let own = exemplars(of: victim)
                let lost = own.contains { taker(of: $0, victim: victim) == winner }
                if lost && (!linked || own.allSatisfy { takenBy($0.stream, victim: victim) == winner }) { return false }
            }
        }
        return true
    }

    /// Whether a hand-over `at` an edge (v4) made `winner` take `victim`'s
    /// stream, as the rule designs: `S hands over to P at EDGE` gives a
    /// touch on the scroll S to S first, so P losing it to S is the rule at
    /// work; and where S is at the edge and the touch pulls past it, S fails
    /// for that reason (the engine says so) and P takes it. A plain
    /// hand-over (the app's call) decides no first claim: the touches go to
    /// whoever thresholds, rules and depth give them, and that is analysed.
    mutating func edgeDecides(_ stream: TouchStream, victim: GestureID, winner: GestureID) -> Bool {
        if set.handsOverAtEdge(from: winner, to: victim) { return true }
        guard set.handsOverAtEdge(from: victim, to: winner), !simulator.situation.edges.isEmpty else { return false }
        return simulator.runAllExplained(stream).explanations.contains { x in
            if x.gesture == victim, case .atEdge = x.reason { return true }
            return false
        }
    }

    /// The first gesture to claim in `events` that could take `victim`'s
    /// touches: one a `with` rule links to it claims beside it (series taps
    /// linked by `with` all claim in one stream).
    func winner(over victim: GestureID, in events: [GestureEvent]) -> GestureID? {
        events.first { e in
            e.claims && !set.rules.contains {
                $0.isSimultaneous && (($0.gesture, $0.other) == (e.gesture, victim) || ($0.other, $0.gesture) == (e.gesture, victim))
            }
        }?.gesture
    }

    /// A shorter witness: movement frames are dropped one at a time, from the
    /// last, while the stream still shows the conflict (a witness is easier to
    /// read, and to step through, the fewer its samples).
    mutating func shrink(_ stream: TouchStream, victim: GestureID, winner: GestureID) -> TouchStream {
        var current = stream
        var i = current.events.count - 1
        while i >= 0 {
            let e = current.events[i]
            i -= 1
            guard e.phase == .moved else { continue }
            // The frame's other movement lines come just before.
            while i >= 0 && current.events[i].time == e.time && current.events[i].phase == .moved { i -= 1 }
            var candidate = current
            candidate.events.removeAll { $0.time == e.time && $0.phase == .moved }
            if shows(candidate, victim: victim, winner: winner) { current = candidate }
        }
        if current.events.count < stream.events.count {
            current.summary += " (\(current.events.count) of its \(stream.events.count) samples)"
        }
        return current
    }

    /// The rule that decides between two gestures, either way round, if any
    /// (a hand-over decides no first claim: `edgeDecides` says what its `at` does).
    func rule(between a: GestureID, _ b: GestureID) -> Rule? {
        set.rules.first { $0.relation != .handsOver && (($0.gesture == a && $0.other == b) || ($0.gesture == b && $0.other == a)) }
    }

    /// Every conflict, one per pair, in declaration order of the victim; with
    /// modes, in each group of mode combinations (`ModeGroup`) where both are
    /// enabled, and with `at` hand-overs, in each edge state of their scrolls
    /// (`Situation`), reported in the first that shows it.
    mutating func conflicts() -> [Conflict] {
        var found: [Conflict] = []
        var reported = Set<[GestureID]>()
        for (group, situation) in set.situations() {
            simulator.situation = situation
            found += conflicts(in: group, reported: &reported)
        }
        simulator.situation = Situation()
        // By victim, then as found.
        return found.enumerated().sorted { ($0.element.victim, $0.offset) < ($1.element.victim, $1.offset) }.map(\.element)
    }

    private mutating func conflicts(in group: ModeGroup, reported: inout Set<[GestureID]>) -> [Conflict] {
        var found: [Conflict] = []
        for b in set.gestureIDs where group.enables(b) {
            let own = exemplars(of: b)
            // The exemplars `b` loses in the set, by the gesture that claims first instead.
            var losses: [GestureID: [Exemplar]] = [:]
            var winners: [GestureID] = []
            for x in own {
                guard let a = taker(of: x, victim: b) else { continue }
                if losses[a] == nil { winners.append(a) }
                losses[a, default: []].append(x)
            }
            for a in winners {
                // Never fires: every exemplar is lost to `a`, a tie at a limit too.
                let lost = losses[a]!, always = own.allSatisfy { takenBy($0.stream, victim: b) == a }
                let linking = rule(between: a, b)
                // A rule between the pair decides it, unless it leaves `b` no chance at all.
                guard linking == nil || always, reported.insert([min(a, b), max(a, b)]).inserted else { continue }
                found.append(conflict(b, a, lost: lost[0], always: always, tried: own.count, rule: linking))
            }
            // A conflict another one hides: a third gesture takes `b`'s own exemplars before
            // `a` can, but on a stream generated for another purpose `b` claims first alone
            // and `a` takes it in the set (a swipe held by its rule, a longer swipe recognizing
            // meanwhile). Reported now, not once the first conflict is settled.
            for p in performances() where p.gesture != b {
                // The whole set's run first: it is shared by every `b`, a run alone is not.
                guard let a = takenBy(p.stream, victim: b), p.gesture != a, rule(between: a, b) == nil,
                      !reported.contains([min(a, b), max(a, b)]), let bAt = claimTime(of: b, alone: p.stream),
                      claimTime(of: a, alone: p.stream).map({ $0 > bAt }) ?? true else { continue }
                reported.insert([min(a, b), max(a, b)])
                found.append(conflict(b, a, lost: Exemplar(stream: p.stream, claimsAt: bAt), always: false, tried: own.count, rule: nil))
            }
        }
        return found
    }

    /// The conflict of `a` taking `victim`'s stream `lost`, with the shortest witness that still shows it.
    private mutating func conflict(_ victim: GestureID, _ a: GestureID, lost: Exemplar, always: Bool, tried: Int, rule: Rule?) -> Conflict {
        let witness = shrink(lost.stream, victim: victim, winner: a)
        let victimAt = claimTime(of: victim, without: a, on: witness) ?? claimTime(of: victim, alone: witness) ?? lost.claimsAt
        let winnerAt = claimTime(of: a, in: simulator.runAll(witness)) ?? victimAt
        return Conflict(kind: winnerAt == victimAt ? .tie : .preempts, victim: victim, winner: a,
                        always: always, firesOn: always ? firesElsewhere(victim) : nil, tried: tried, rule: rule, witness: witness,
                        winnerAt: winnerAt, victimAt: victimAt, situation: simulator.situation)
    }
}
