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
        for s in ExemplarGenerator.candidates(for: set.gestures[g], view: set.gestures[g].view) {
            if let t = claimTime(of: g, in: simulator.run(s, gestures: [g], rules: false)) { verified.append((s, t)) }
        }
        exemplars[g] = verified
        return exemplars(of: g, inGenerationOrder: inGenerationOrder)
    }

    func claimTime(of g: Int, in events: [GestureEvent]) -> Int64? {
        events.first { $0.gesture == g && $0.claims }?.time
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
            found.append(Conflict(
                kind: loss.winnerAlone == loss.alone ? .tie : .preempts, victim: b, winner: loss.winner,
                always: always, tried: own.count, rule: linking, witness: loss.stream,
                winnerAlone: loss.winnerAlone, victimAlone: loss.alone))
        }
        return found
    }
}
