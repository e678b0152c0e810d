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
    public var victim: Int
    public var winner: Int
    /// Whether the winner took every exemplar of the victim: it never fires.
    public var always: Bool
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
    /// The modes on when it happens (bit `m`: mode `m`; v3), set before the witness's first touch.
    public var modes: UInt16 = 0
}

/// A stream that performs a gesture: the gesture alone recognizes it (or begins) at `claimsAt`.
struct Exemplar {
    var stream: TouchStream
    var claimsAt: Int64
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
    private var exemplars: [Int: [Exemplar]] = [:]

    init(simulator: Simulator) { self.simulator = simulator }

    var set: CheckedGestureSet { simulator.set }

    /// The exemplars of `g`, shortest first, or as generated.
    mutating func exemplars(of g: Int, inGenerationOrder: Bool = false) -> [Exemplar] {
        if exemplars[g] == nil {
            var seen = Set<[TouchEvent]>()
            // Performed on every view where the gesture sees touches: its own first, then those inside it,
            // where a child's gesture may take them first.
            let own = set.gestures[g].view
            exemplars[g] = set.subtree(of: own)
                .flatMap { v in
                    ExemplarGenerator.variedCandidates(for: set.gestures[g], view: v).map { s in
                        v == own ? s : TouchStream(events: s.events, summary: s.summary + ", in '\(set.views[v].name)'")
                    }
                }
                .map(ExemplarGenerator.armed(g, in: set))
                .filter { seen.insert($0.events).inserted }
                .compactMap { s in claimTime(of: g, alone: s).map { Exemplar(stream: s, claimsAt: $0) } }
        }
        let all = exemplars[g]!
        return inGenerationOrder ? all : all.sorted { $0.stream.events.count < $1.stream.events.count }
    }

    func claimTime(of g: Int, in events: [GestureEvent]) -> Int64? {
        events.first { $0.gesture == g && $0.claims }?.time
    }

    /// When `g`, run alone, claims on `stream`.
    mutating func claimTime(of g: Int, alone stream: TouchStream) -> Int64? {
        claimTime(of: g, in: simulator.run(stream, gestures: simulator.alone(g), rules: false))
    }

    /// When `g` claims on `stream` in the set without `other` (modes as in `runAll`).
    mutating func claimTime(of g: Int, without other: Int, on stream: TouchStream) -> Int64? {
        claimTime(of: g, in: simulator.run(stream, gestures: set.gestures.indices.filter { $0 != other }, modes: simulator.modes))
    }

    /// Whether `stream` still shows the conflict: `victim` succeeds on it alone,
    /// and in the set the first gesture to claim is `winner`, and `victim` never does.
    mutating func shows(_ stream: TouchStream, victim: Int, winner: Int) -> Bool {
        guard claimTime(of: victim, alone: stream) != nil else { return false }
        let events = simulator.runAll(stream)
        return claimTime(of: victim, in: events) == nil && self.winner(over: victim, in: events) == winner
    }

    /// Whether `winner` takes one of `victim`'s performances from it in the set.
    mutating func preempts(_ winner: Int, _ victim: Int) -> Bool {
        exemplars(of: victim).contains { x in
            let events = simulator.runAll(x.stream)
            return claimTime(of: victim, in: events) == nil && self.winner(over: victim, in: events) == winner
        }
    }

    /// The first gesture to claim in `events` that could take `victim`'s
    /// touches: one a `with` rule links to it claims beside it (series taps
    /// linked by `with` all claim in one stream).
    func winner(over victim: Int, in events: [GestureEvent]) -> Int? {
        events.first { e in
            e.claims && !set.rules.contains {
                $0.isSimultaneous && (($0.gesture, $0.other) == (e.gesture, victim) || ($0.other, $0.gesture) == (e.gesture, victim))
            }
        }?.gesture
    }

    /// A shorter witness: movement frames are dropped one at a time, from the
    /// last, while the stream still shows the conflict (a witness is easier to
    /// read, and to step through, the fewer its samples).
    mutating func shrink(_ stream: TouchStream, victim: Int, winner: Int) -> TouchStream {
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
    /// (a hand-over decides nothing by itself: the app does, at run time).
    func rule(between a: Int, _ b: Int) -> Rule? {
        set.rules.first { $0.relation != .handsOver && (($0.gesture == a && $0.other == b) || ($0.gesture == b && $0.other == a)) }
    }

    /// Whether `a hands over to b`: `b` then gets `a`'s touches when the app says, so losing them first is by design.
    func handsOver(_ a: Int, to b: Int) -> Bool {
        set.rules.contains { $0.relation == .handsOver && $0.gesture == a && $0.other == b }
    }

    /// Every conflict, one per pair, in declaration order of the victim; with
    /// modes, in each group of mode combinations (`ModeGroup`) where both are
    /// enabled, reported in the first that shows it.
    mutating func conflicts() -> [Conflict] {
        var found: [Conflict] = []
        var reported = Set<[Int]>()
        for group in set.modeGroups() {
            simulator.modes = group.modes
            found += conflicts(in: group, reported: &reported)
        }
        simulator.modes = 0
        // By victim, then as found.
        return found.enumerated().sorted { ($0.element.victim, $0.offset) < ($1.element.victim, $1.offset) }.map(\.element)
    }

    private mutating func conflicts(in group: ModeGroup, reported: inout Set<[Int]>) -> [Conflict] {
        var found: [Conflict] = []
        for b in set.gestures.indices where group.enabled[b] {
            let own = exemplars(of: b)
            // The exemplars `b` loses in the set, by the gesture that claims first instead.
            var losses: [Int: [Exemplar]] = [:]
            var winners: [Int] = []
            for x in own {
                let events = simulator.runAll(x.stream)
                guard claimTime(of: b, in: events) == nil, let a = winner(over: b, in: events) else { continue }
                if losses[a] == nil { winners.append(a) }
                losses[a, default: []].append(x)
            }
            for a in winners {
                guard !handsOver(a, to: b) else { continue }
                let lost = losses[a]!, always = lost.count == own.count
                let linking = rule(between: a, b)
                // A rule between the pair decides it, unless it leaves `b` no chance at all.
                guard linking == nil || always, reported.insert([min(a, b), max(a, b)]).inserted else { continue }
                let witness = shrink(lost[0].stream, victim: b, winner: a)
                let victimAt = claimTime(of: b, without: a, on: witness) ?? claimTime(of: b, alone: witness) ?? lost[0].claimsAt
                let winnerAt = claimTime(of: a, in: simulator.runAll(witness)) ?? victimAt
                found.append(Conflict(
                    kind: winnerAt == victimAt ? .tie : .preempts, victim: b, winner: a,
                    always: always, tried: own.count, rule: linking, witness: witness,
                    winnerAt: winnerAt, victimAt: victimAt, modes: group.modes))
            }
        }
        return found
    }
}
