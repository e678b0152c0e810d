import GestureRuntime

/// Checks the analysis's verdicts against the engine, from outside: it runs
/// the compiled set (the table an app runs) on many more streams than the
/// analysis performs, in every situation the app can put the engine in, and
/// reports each stream on which the engine does something the report says
/// it does not.
///
/// It judges by the engine's own account, not by the analysis's rules of
/// thumb: gesture B was *taken* by A when B, run alone, claims the stream,
/// and in the set B never claims and the engine explains B's failure as
/// "A claimed one of its touches" (`Explanation.Reason.claimedBy`), which it
/// says only when no rule links the two. The one outcome of that kind the
/// spec designs is a scroll's `at` hand-over: the scroll first, whatever it
/// takes from the gesture it hands over to. Every other taking must be a
/// conflict the report names, or the report is wrong.
///
/// The streams: every gesture's exemplars (the analysis's own machinery) and
/// boundary cases (just inside and just past each parameter), on its view
/// and every view inside it, and `randomStreams` random gesture-shaped
/// streams on every view. The situations: every combination of the modes the
/// conditions name (up to `maxModeCombinations`, then the analysis's groups),
/// each with every scroll a hand-over names at no edge, at each edge of its
/// axis, and at both ends of it.
package struct EngineSearch {
    /// A stream on which the engine contradicts a verdict.
    package struct Finding: Hashable, Sendable, CustomStringConvertible {
        package var victim: GestureID
        package var winner: GestureID
        package var situation: Situation
        package var stream: TouchStream
        /// What the report says that the stream contradicts.
        package var claim: String

        package var description: String { "\(claim) (\(stream.summary)\(situation.edgesNote), modes \(situation.modes))" }

        /// The stream as a trace `gspec run` replays: the situation's lines first.
        package func traceLines(in set: CheckedGestureSet) -> String {
            Analyzer.trace(stream, in: situation, of: set)
        }
    }

    /// What a search ran, for the figures in docs/analysis.md.
    package struct Counts: Hashable, Sendable {
        package var situations = 0
        /// Runs of the whole set (one per stream and situation).
        package var runs = 0
        /// Takings on streams that are neither gesture's exemplar, where both claim alone in the same sample.
        package var ties = 0
        /// Pairs of gestures the report calls settled (no conflict between them), each checked.
        package var settledPairs = 0
    }

    package static let maxModeCombinations = 16

    let set: CheckedGestureSet
    private var simulator: Simulator
    private var random: RandomStreams
    private let randomStreams: Int
    package private(set) var counts = Counts()

    package init(set: CheckedGestureSet, source: SourceFile, seed: UInt64 = 1, randomStreams: Int = 24) {
        self.init(simulator: Simulator(set: set, source: source), seed: seed, randomStreams: randomStreams)
    }

    /// A search that runs `simulator`'s engines (compiled subsets already in it are reused).
    init(simulator: Simulator, seed: UInt64 = 1, randomStreams: Int = 24) {
        set = simulator.set
        self.simulator = simulator
        random = RandomStreams(seed: seed)
        self.randomStreams = randomStreams
    }

    /// Every situation the engine can be in before a touch, as far as the
    /// set's outcome can tell them apart.
    func situations() -> [Situation] {
        let combinations = set.modeCombinations()
        let modes = combinations.count <= Self.maxModeCombinations ? combinations : set.modeGroups().map(\.modes)
        var edges: [[Situation.Edge]] = [[]]
        var scrolls: [String] = []
        // The engine reads a scroll's edges only for its hand-overs (`at`): a scroll no hand-over
        // names is the same at every edge.
        let handing = Set(set.rules.filter { $0.relation == .handsOver }.map { set[$0.gesture].name })
        for g in set.gestures where g.kind == .scroll && handing.contains(g.name) && !scrolls.contains(g.name) {
            scrolls.append(g.name)
            let ends: [DirectionSet] = switch g.axis {
            case .vertical: [DirectionSet(.up), DirectionSet(.down), .vertical]
            case .horizontal: [DirectionSet(.left), DirectionSet(.right), .horizontal]
            default: [DirectionSet(.up), DirectionSet(.down), DirectionSet(.left), DirectionSet(.right), .vertical, .horizontal]
            }
            edges += ends.map { [Situation.Edge(scroll: g.name, at: $0)] }
        }
        return modes.flatMap { m in edges.map { Situation(modes: m, edges: $0) } }
    }

    /// A stream searched, touching down in the view it was made for, and
    /// the gesture whose exemplar (a performance the analysis generates,
    /// boundary cases just inside its parameters among them) it is, if any.
    struct Probe {
        var stream: TouchStream
        var exemplarOf: GestureID?
        /// A boundary case: at its gesture's limit, a tie is the engine's order to decide.
        var atLimit = false
    }

    /// The streams searched: exemplars, boundary cases, random streams; with
    /// `only`, those of these gestures and random streams on their views.
    mutating func probes(of only: Set<GestureID>? = nil) -> [Probe] {
        var result: [Probe] = []
        var seen = Set<[TouchEvent]>()
        func add(_ s: TouchStream, exemplarOf g: GestureID? = nil, atLimit: Bool = false) {
            if !s.events.isEmpty && seen.insert(s.events).inserted { result.append(Probe(stream: s, exemplarOf: g, atLimit: atLimit)) }
        }
        for p in ConflictAnalysis.performances(in: set, only: only) { add(p.stream, exemplarOf: p.gesture, atLimit: p.atLimit) }
        let views = set.views.isEmpty ? [0]
            : only.map { Set($0.flatMap { set.subtree(of: set[$0].view) }).sorted() } ?? Array(set.views.indices)
        for v in views { for _ in 0..<randomStreams { add(random.stream(view: v)) } }
        return result
    }

    /// The takings on a probe in `situation`: (victim B, winner A) for each
    /// gesture B the stream performs alone that the engine says A took
    /// without a rule (a scroll's `at` hand-over taking first left out).
    /// Which streams count: on B's own exemplars, every such taking; on A's
    /// exemplars, none (the user performed A, and A took it); on any other
    /// stream, one where A alone would claim later than B alone, or not at
    /// all. A stream A performs earlier on its own is A's as much as B's (a
    /// long press that moves after it began is also a late pan), and one
    /// both claim in the same sample (a jump that passes two pans'
    /// thresholds at once) is decided by view depth and declaration order:
    /// the analysis decides both kinds on B's exemplars, which say what
    /// performing B means, and counts the rest as `ties` (docs/analysis.md
    /// says so). The run's events come with them.
    mutating func takings(on probe: Probe, in situation: Situation, among gestures: Set<GestureID>? = nil)
        -> (takings: [(victim: GestureID, winner: GestureID)], events: [GestureEvent]) {
        let stream = probe.stream
        simulator.situation = situation
        let run = simulator.runAllExplained(stream)
        counts.runs += 1
        let enabled = set.enabling(situation.modes)
        var result: [(GestureID, GestureID)] = []
        let failures = run.explanations.filter { $0.state == "failed" || $0.state == "retracted" }
        for b in Set(failures.map(\.gesture)).sorted() where enabled[b.rawValue] {
            if let gestures, !gestures.contains(b) { continue }
            guard !run.events.contains(where: { $0.gesture == b && $0.claims }),
                  let (bStart, bAt) = simulator.aloneAttempt(of: b, on: stream) else { continue }
            // The failure of the attempt that alone claims at `bAt`: the first since its first
            // touch came down (at `bAt` or, when a rule held it, after).
            guard let failure = failures.first(where: { $0.gesture == b && $0.time.rawValue >= bStart }),
                  case .claimedBy(let a) = failure.reason, !set.handsOverAtEdge(from: a, to: b) else { continue }
            if let gestures, !gestures.contains(a) { continue }
            if probe.exemplarOf == a { continue }
            if probe.exemplarOf != b || probe.atLimit, let aAt = claimTime(of: a, alone: stream),
               aAt == bAt || (aAt < bAt && probe.exemplarOf != b) {
                if aAt == bAt { counts.ties += 1 }
                continue
            }
            result.append((b, a))
        }
        return (result, run.events)
    }

    private mutating func claimTime(of g: GestureID, alone stream: TouchStream) -> Int64? {
        simulator.aloneClaim(of: g, on: stream)
    }

    /// What the search cannot decide for this set, in words ("strokes
    /// beyond their patterns' exemplars ('check')"): random streams seldom
    /// draw a pattern, so a stroke is searched on its own exemplars and
    /// boundary cases only. Empty when nothing is left out.
    package var notChecked: [String] {
        let strokes = set.gestureIDs.filter { set[$0].kind == .stroke }.map { "'\(set.label($0))'" }
        return strokes.isEmpty ? [] : ["strokes beyond their exemplars (\(strokes.joined(separator: ", ")))"]
    }

    /// Every stream on which the engine contradicts `report`: a taking
    /// between two gestures the report finds no conflict between, a wait
    /// longer than a latency the report bounds, or a claim by a gesture the
    /// report says never fires (in the situations where it says so).
    package mutating func contradictions(of report: Analyzer.Report) -> [Finding] {
        let reported = Set(report.conflicts.map { [min($0.victim, $0.winner), max($0.victim, $0.winner)] })
        let neverFires = report.conflicts.filter { $0.always && $0.firesOn == nil }
        let bounds = Dictionary(report.latencies.compactMap { l in l.worst.map { (l.gesture, $0) } }, uniquingKeysWith: max)
        var findings: [Finding] = []
        var found = Set<[GestureID]>()
        let probes = probes()
        let situations = situations()
        counts.situations = situations.count
        for situation in situations {
            for probe in probes {
                let stream = probe.stream
                let (taken, events) = takings(on: probe, in: situation)
                for (b, a) in taken {
                    let pair = [min(a, b), max(a, b)]
                    guard !reported.contains(pair), found.insert(pair).inserted else { continue }
                    findings.append(Finding(victim: b, winner: a, situation: situation, stream: stream,
                                            claim: "no conflict is reported between '\(set.label(a))' and '\(set.label(b))', but '\(set.label(a))' takes '\(set.label(b))''s touches"))
                }
                let enabled = set.enabling(situation.modes)
                for c in neverFires where set.enabling(c.modes) == enabled && c.situation.edges == situation.edges {
                    guard events.contains(where: { $0.gesture == c.victim && $0.claims }), found.insert([c.victim, -2]).inserted else { continue }
                    findings.append(Finding(victim: c.victim, winner: c.winner, situation: situation, stream: stream,
                                            claim: "'\(set.label(c.victim))' is reported never to fire beside '\(set.label(c.winner))', but it claims the touches"))
                }
                for e in events where e.claims {
                    guard let worst = bounds[e.gesture], (e.time - e.completedAt).rawValue > worst, found.insert([e.gesture, -1]).inserted else { continue }
                    findings.append(Finding(victim: e.gesture, winner: e.gesture, situation: situation, stream: stream,
                                            claim: "'\(set.label(e.gesture))' waits at most \(worst) us, but waits \(e.time - e.completedAt) us"))
                }
            }
        }
        let n = set.gestures.count
        counts.settledPairs = n * (n - 1) / 2 - reported.count
        return findings
    }

    /// The first stream on which `g` begins or is recognized in the whole
    /// set, in any situation: nil for a gesture the report says can never
    /// run (`never-enabled`, `dead-gesture`), as far as the search can tell.
    package mutating func claim(by g: GestureID) -> Finding? {
        let probes = probes()
        for situation in situations() {
            for probe in probes {
                simulator.situation = situation
                counts.runs += 1
                guard simulator.runAllExplained(probe.stream).events.contains(where: { $0.gesture == g && $0.claims }) else { continue }
                return Finding(victim: g, winner: g, situation: situation, stream: probe.stream,
                               claim: "'\(set.label(g))' is reported never to run, but it claims the touches")
            }
        }
        return nil
    }

    /// The first stream on which one of `a` and `b` takes the other's
    /// touches, in a situation where both are enabled: nil when the pair is
    /// settled as far as the search can tell.
    package mutating func taking(between a: GestureID, _ b: GestureID) -> Finding? {
        let probes = probes(of: [a, b])
        for situation in situations() {
            let enabled = set.enabling(situation.modes)
            guard enabled[a.rawValue] && enabled[b.rawValue] else { continue }
            for probe in probes {
                if let t = takings(on: probe, in: situation, among: [a, b]).takings.first {
                    return Finding(victim: t.victim, winner: t.winner, situation: situation, stream: probe.stream,
                                   claim: "'\(set.label(t.winner))' takes '\(set.label(t.victim))''s touches")
                }
            }
        }
        return nil
    }
}
