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
    /// When each gesture claims on the witness when run alone (microseconds).
    public var winnerAlone: Int64
    public var victimAlone: Int64
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
    /// Verified exemplars per gesture and view, with the time the gesture claims alone.
    private var exemplars: [Int: [(TouchStream, Int64)]] = [:]

    init(simulator: Simulator) { self.simulator = simulator }

    var set: GestureSet { simulator.set }

    /// The exemplars of `g` that it recognizes on its own, shortest first
    /// (or as generated: the plain performance first).
    mutating func exemplars(of g: Int, inGenerationOrder: Bool = false) -> [(TouchStream, Int64)] {
        if let cached = exemplars[g] {
            return inGenerationOrder ? cached : cached.sorted { $0.0.events.count < $1.0.events.count }
        }
        var verified: [(TouchStream, Int64)] = []
        var seen = Set<[TouchEvent]>()
        for s in ExemplarGenerator.variedCandidates(for: set.gestures[g], view: set.gestures[g].view)
        where seen.insert(s.events).inserted {
            if let t = claimTime(of: g, in: simulator.run(s, gestures: [g], rules: false)) { verified.append((s, t)) }
        }
        exemplars[g] = verified
        return exemplars(of: g, inGenerationOrder: inGenerationOrder)
    }

    func claimTime(of g: Int, in events: [GestureEvent]) -> Int64? {
        events.first { $0.gesture == g && $0.claims }?.time
    }

    /// Whether `stream` still shows the conflict: `victim` succeeds on it alone,
    /// and in the set the first gesture to claim is `winner`, and `victim` never does.
    mutating func shows(_ stream: TouchStream, victim: Int, winner: Int) -> Bool {
        guard claimTime(of: victim, in: simulator.run(stream, gestures: [victim], rules: false)) != nil else { return false }
        let events = simulator.runAll(stream)
        return claimTime(of: victim, in: events) == nil && events.first { $0.claims }?.gesture == winner
    }

    /// A shorter witness: movement frames are dropped one at a time, from the
    /// last, while the stream still shows the conflict (a witness is easier to
    /// read, and to step through, the fewer its samples).
    mutating func shrink(_ stream: TouchStream, victim: Int, winner: Int) -> TouchStream {
        var current = stream
        var i = current.events.count - 1
        while i >= 0 {
            let t = current.events[i].time
            guard current.events[i].phase == .moved else { i -= 1; continue }
            let frame = current.events.indices.filter { current.events[$0].time == t && current.events[$0].phase == .moved }
            var candidate = current
            candidate.events.removeAll { $0.time == t && $0.phase == .moved }
            if shows(candidate, victim: victim, winner: winner) { current = candidate }
            i = min(i, frame.first!) - 1
        }
        if current.events.count < stream.events.count {
            current.summary += " (\(current.events.count) of its \(stream.events.count) samples)"
        }
        return current
    }

    /// The rule between two gestures, either way round, if any.
    func rule(between a: Int, _ b: Int) -> Rule? {
        set.rules.first { ($0.gesture == a && $0.other == b) || ($0.gesture == b && $0.other == a) }
    }

    /// Every conflict, one per pair, in declaration order of the victim.
    mutating func conflicts() -> [Conflict] {
        var found: [Conflict] = []
        var reported = Set<[Int]>()
        for b in set.gestures.indices {
            let own = exemplars(of: b)
            guard !own.isEmpty else { continue }
            var losses: [(stream: TouchStream, winner: Int, alone: Int64, winnerAlone: Int64)] = []
            for (s, alone) in own {
                let events = simulator.runAll(s)
                if claimTime(of: b, in: events) != nil { continue }
                guard let first = events.first(where: { $0.claims && $0.gesture != b }) else { continue }
                let a = first.gesture
                let aAlone = claimTime(of: a, in: simulator.run(s, gestures: [a], rules: false)) ?? first.time
                losses.append((s, a, alone, aAlone))
            }
            guard let loss = losses.first else { continue }
            let always = losses.count == own.count
            let linking = rule(between: loss.winner, b)
            // A rule between the pair decides it, unless it leaves the victim no chance at all.
            if linking != nil && !always { continue }
            let pair = [min(b, loss.winner), max(b, loss.winner)]
            guard reported.insert(pair).inserted else { continue }
            let witness = shrink(loss.stream, victim: b, winner: loss.winner)
            let victimAlone = claimTime(of: b, in: simulator.run(witness, gestures: [b], rules: false)) ?? loss.alone
            let winnerAlone = claimTime(of: loss.winner, in: simulator.run(witness, gestures: [loss.winner], rules: false))
                ?? loss.winnerAlone
            found.append(Conflict(
                kind: winnerAlone == victimAlone ? .tie : .preempts, victim: b, winner: loss.winner,
                always: always, tried: own.count, rule: linking, witness: witness,
                winnerAlone: winnerAlone, victimAlone: victimAlone))
        }
        return found
    }
}
