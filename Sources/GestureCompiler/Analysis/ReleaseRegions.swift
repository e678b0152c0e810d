import GestureRuntime

/// Where a settle's releases rest (v5): the decision regions over position
/// and velocity that `Settle.decide` draws, found by running the rule itself
/// on every piece between its breakpoints (the anchors and the positional
/// thresholds), so that what `gspec check --releases` prints is what the
/// engine does. Also the anchors no release reaches, an error.
package struct ReleaseRegions: Sendable {
    /// Positions from `lower` to `upper` that rest at `anchor` (an index, a page with a pitch).
    package struct Piece: Hashable, Sendable {
        package var lower: Double, upper: Double, anchor: Int
    }

    /// Flings from one anchor at speeds from `lower` to `upper` (unit per second) that rest at `anchor`.
    package struct Speeds: Hashable, Sendable {
        package var lower: Double, upper: Double, anchor: Int
    }

    package let settle: Settle
    /// The anchors, in order (pages `first...last` with a pitch).
    package let anchors: [Int]
    /// Where the value rests before any release.
    package let start: Int
    /// Slow releases (under `flingVelocity`), by the anchor the value last
    /// passed through, over the positions a drag can have then: up to that anchor's neighbours.
    package var slow: [(from: Int, pieces: [Piece])] = []
    /// Sequential flings by position, up (increasing) and down.
    package var flingUp: [Piece] = [], flingDown: [Piece] = []
    /// Not sequential: from each anchor, the fling speeds that rest at each other one, up and down.
    package var flingsFrom: [(from: Int, up: [Speeds], down: [Speeds])] = []
    /// The anchors some release rests at, from the one the value starts at.
    package var reached: Set<Int> = []

    /// Most pages enumerated for a pitch; beyond, the regions repeat every page and are not listed.
    package static let maxPages = 64

    /// The regions of `settle` on a gesture of `kind`; nil without anchors, or with more pages than `maxPages`.
    package init?(_ settle: Settle, kind: GestureKind) {
        guard settle.hasAnchors else { return nil }
        self.settle = settle
        if settle.pitch > 0 {
            let first = (settle.lower / settle.pitch).rounded(.up), last = (settle.upper / settle.pitch).rounded(.down)
            guard first.isFinite, last.isFinite, last - first < Double(Self.maxPages) else { return nil }
            anchors = Array(Int(first)...Int(last))
        } else {
            anchors = Array(settle.anchors.indices)
        }
        start = settle.anchor(nearest: settle.start(isScale: kind == .pinch)).index
        let values = anchors.map(settle.value(of:))
        let slowSpeed = 0.0, flingSpeed = max(settle.flingVelocity, .leastNonzeroMagnitude)
        for (i, f) in anchors.enumerated() {
            // A drag that passes an anchor has it as its last: the value is between the neighbours of the one it last passed.
            let below = i > 0 ? values[i - 1] : settle.lower, above = i + 1 < values.count ? values[i + 1] : settle.upper
            // The rule changes only at the anchors and at the positional share of the way to each.
            let from = values[i], thresholds = [below, above].filter(\.isFinite).map { from + settle.positional * ($0 - from) }
            slow.append((f, pieces(values + thresholds, from: below, to: above) { settle.decide(position: $0, from: f, velocity: slowSpeed).anchor! }))
        }
        if settle.sequential {
            flingUp = pieces(values, from: settle.lower, to: settle.upper) { settle.decide(position: $0, from: start, velocity: flingSpeed).anchor! }
            flingDown = pieces(values, from: settle.lower, to: settle.upper) { settle.decide(position: $0, from: start, velocity: -flingSpeed).anchor! }
        } else {
            for f in anchors { flingsFrom.append((f, speeds(from: f, up: true), speeds(from: f, up: false))) }
        }
        reached = reachable(values)
    }

    /// `lower...upper` cut at `breaks` into pieces, each labelled by `rule` at its middle, like neighbours merged.
    private func pieces(_ breaks: [Double], from lower: Double, to upper: Double, _ rule: (Double) -> Int) -> [Piece] {
        let cuts = Array(Set(breaks.filter { $0 > lower && $0 < upper })).sorted()
        let ends = [lower] + cuts + [upper]
        var result: [Piece] = []
        for (a, b) in zip(ends, ends.dropFirst()) {
            // A finite point inside the piece, also where it reaches to infinity.
            let middle = a.isFinite && b.isFinite ? (a + b) / 2 : a.isFinite ? a + 1 : b.isFinite ? b - 1 : 0
            let k = rule(middle)
            if let last = result.last, last.anchor == k {
                result[result.count - 1].upper = b
            } else {
                result.append(Piece(lower: a, upper: b, anchor: k))
            }
        }
        return result
    }

    /// Not sequential, released at anchor `f`: the speeds at or above
    /// `flingVelocity` whose projection is nearest each anchor in the fling's direction.
    private func speeds(from f: Int, up: Bool) -> [Speeds] {
        let x = settle.value(of: f), sign = up ? 1.0 : -1.0
        // The projection's distance grows with the speed: the speed that projects exactly `d` by bisection.
        func speed(projecting d: Double) -> Double {
            guard abs(settle.distance(velocity: 1e9)) >= d else { return .infinity }  // `none`: no speed carries it
            var (lo, hi) = (settle.flingVelocity, max(settle.flingVelocity, 1) * 2)
            while abs(settle.distance(velocity: hi)) < d { hi *= 2 }
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if abs(settle.distance(velocity: mid)) < d { lo = mid } else { hi = mid }
            }
            return hi
        }
        // The borders between anchors' regions, as distances from `x` in the fling's direction.
        let values = anchors.map(settle.value(of:))
        let borders = Set(zip(values, values.dropFirst()).map { ($0 + $1) / 2 - x }.filter { up ? $0 > 0 : $0 < 0 }.map(abs)).sorted()
        let cuts = borders.map(speed(projecting:)).filter { $0 > settle.flingVelocity && $0.isFinite }
        let ends = [settle.flingVelocity] + cuts + [Double.infinity]
        var result: [Speeds] = []
        for (a, b) in zip(ends, ends.dropFirst()) {
            let middle = b.isFinite ? (a + b) / 2 : a * 2 + 1
            guard let k = settle.decide(position: x, from: f, velocity: sign * middle).anchor else { continue }
            if let last = result.last, last.anchor == k { result[result.count - 1].upper = b } else { result.append(Speeds(lower: a, upper: b, anchor: k)) }
        }
        return result
    }

    /// The anchors releases reach: slow ones from every anchor reached (from
    /// the start), and flings from anywhere within the bounds.
    private func reachable(_ values: [Double]) -> Set<Int> {
        var reached: Set<Int> = [start], queue = [start]
        if settle.sequential {
            reached.formUnion(flingUp.map(\.anchor) + flingDown.map(\.anchor))
        } else {
            // A fling projects from any position within the bounds by at least the distance at flingVelocity, and any farther.
            let least = abs(settle.distance(velocity: max(settle.flingVelocity, .leastNonzeroMagnitude)))
            for (i, k) in anchors.enumerated() {
                let low = i > 0 ? (values[i - 1] + values[i]) / 2 : -Double.infinity
                let high = i + 1 < values.count ? (values[i] + values[i + 1]) / 2 : Double.infinity
                if high > settle.lower + least || low < settle.upper - least { reached.insert(k) }
            }
        }
        queue += reached
        while let f = queue.popLast() {
            for piece in slow.first(where: { $0.from == f })?.pieces ?? [] where !reached.contains(piece.anchor) {
                reached.insert(piece.anchor)
                queue.append(piece.anchor)
            }
        }
        return reached
    }

    /// The anchors no release rests at, in order.
    package var unreached: [Int] { anchors.filter { !reached.contains($0) } }

    /// The errors of every settle in `set`: an anchor no release rests at.
    package static func find(in set: CheckedGestureSet) -> [Diagnostic] {
        set.gestures.compactMap { g in
            guard let settle = g.settle, let regions = ReleaseRegions(settle, kind: g.kind), let k = regions.unreached.first else { return nil }
            let text = Text(kind: g.kind)
            return Diagnostic(.anchorNeverChosen(g.name, anchor: text.anchor(k, settle), why: regions.whyUnreached(text)), at: g.settleRange ?? g.nameRange)
        }
    }

    private func whyUnreached(_ text: Text) -> String {
        let slow = settle.positional >= 1 ? "a slow release never goes on past its anchor (positional 100%)"
            : "a slow release goes on only to a neighbour"
        return settle.sequential ? slow : slow + ", and flings (at least \(text.speed(settle.flingVelocity))) carry past it"
    }

    // MARK: Text

    /// Values as a spec writes them for a gesture's kind: points, a scale, degrees.
    package struct Text {
        let kind: GestureKind
        package init(kind: GestureKind) { self.kind = kind }

        package func value(_ y: Double) -> String {
            guard y.isFinite else { return y < 0 ? "-inf" : "inf" }
            return Checker.text(y, kind == .pinch ? .plain : kind == .rotation ? .angle : .distance)
        }
        package func speed(_ y: Double) -> String { y.isFinite ? value(y) + "/s" : "inf" }
        package func anchor(_ k: Int, _ s: Settle) -> String { s.pitch > 0 ? "page \(k) (\(value(s.value(of: k))))" : value(s.value(of: k)) }
    }

    /// The regions as `gspec check --releases` prints them, one line a rule.
    package func render(name: String, kind: GestureKind, line: Int, path: String) -> String {
        let t = Text(kind: kind), s = settle
        func list(_ pieces: [Piece]) -> String {
            pieces.map { "\(t.value($0.lower))...\(t.value($0.upper)) rests at \(t.anchor($0.anchor, s))" }.joined(separator: "; ")
        }
        let anchorsText = s.pitch > 0 ? "pitch \(t.value(s.pitch))" : "anchors " + anchors.map { t.value(s.value(of: $0)) }.joined(separator: ", ")
        var out = "\(path):\(line): '\(name)' releases: \(anchorsText); model \(s.model.name); flingVelocity \(t.speed(s.flingVelocity)); "
            + "positional \(Checker.text(s.positional * 100, .plain))%; \(s.sequential ? "sequential" : "not sequential")\n"
        for (f, pieces) in slow {
            out += "  under \(t.speed(s.flingVelocity)), having last passed \(t.anchor(f, s)): \(list(pieces))\n"
        }
        if s.sequential {
            out += "  flings up (\(t.speed(s.flingVelocity)) or more): \(list(flingUp))\n"
            out += "  flings down: \(list(flingDown))\n"
        } else {
            for (f, up, down) in flingsFrom {
                func speeds(_ xs: [Speeds]) -> String {
                    xs.map { "\(t.speed($0.lower))...\(t.speed($0.upper)) rests at \(t.anchor($0.anchor, s))" }.joined(separator: "; ")
                }
                out += "  flings from \(t.anchor(f, s)): up \(speeds(up)); down \(speeds(down))\n"
            }
        }
        if !unreached.isEmpty { out += "  never rests at: \(unreached.map { t.anchor($0, s) }.joined(separator: ", "))\n" }
        return out
    }
}
