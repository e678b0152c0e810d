/// Stroke segmentation: a touch's path becomes segment symbols. With every
/// stroke parameter at its default this is v1's algorithm (docs/semantics.md,
/// "Strokes"); the parameters beyond it (docs/language.md, "Stroke
/// segmentation") each change one rule, and need no allocation: a stroke
/// decided at lift collects its segments in fixed per-gesture storage.
extension GestureEngine {
    static var strokeCapacity: Int { EngineStorage.strokeCapacity }

    mutating func measureStroke(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        guard tracks[g].tracked != 0 else { return }
        let s = SlotID(lowestIn: tracks[g].tracked)
        let previous = tracks[g].location
        // Smoothing: each sample moves the stroke's point only part of the way, damping jitter.
        let k = r.pointee.smoothing
        let now = k > 0 ? previous + (slots[s].position - previous) * (1 - k) : slots[s].position
        tracks[g].location = now
        let flags = r.pointee.strokeFlags
        // Not the lift's sample: the lift point ends the path at the verdict
        // (`shareLiftPath`), which a rival may ask for before this gesture has
        // seen the lift's frame; so every gesture's lifted path is the same.
        if flags & (GestureRecord.strokeTemplates | GestureRecord.strokeFeatures) != 0 && !frameEnded.contains(where: { $0.slot == s }) {
            capture(g, now, from: slots[s].down)
        }
        var spacing = r.pointee.segment
        if flags & GestureRecord.strokeRelativeSegment != 0 {
            tracks[g].boxMin = pointwiseMin(tracks[g].boxMin, now)
            tracks[g].boxMax = pointwiseMax(tracks[g].boxMax, now)
            let size = tracks[g].boxMax - tracks[g].boxMin
            spacing = Swift.max(1, r.pointee.segment * Swift.max(size.x, size.y))
        }
        guard flags & GestureRecord.strokeResample != 0 else {
            // v1: a step when the finger is `spacing` from the last step's point.
            var dx = now.x - tracks[g].anchorX
            var dy = now.y - tracks[g].anchorY
            if r.pointee.axis == 1 { dy = 0 } else if r.pointee.axis == 2 { dx = 0 }
            guard Length.reaches(dx, dy, spacing) else { return }
            tracks[g].anchorX = now.x
            tracks[g].anchorY = now.y
            step(g, classify(g, dx, dy, r), length: spacing, r)
            return
        }
        // Resampled: a step every `spacing` of path, at interpolated points, so
        // that how often the finger was sampled hardly matters.
        var from = previous
        while listening(g) {
            let rest = now - from
            let d = (rest.x * rest.x + rest.y * rest.y).squareRoot()
            guard tracks[g].carry + d >= spacing, d > 0 else {
                tracks[g].carry += d
                return
            }
            let point = from + rest * ((spacing - tracks[g].carry) / d)
            tracks[g].carry = 0
            from = point
            var dx = point.x - tracks[g].anchorX
            var dy = point.y - tracks[g].anchorY
            tracks[g].anchorX = point.x
            tracks[g].anchorY = point.y
            if r.pointee.axis == 1 { dy = 0 } else if r.pointee.axis == 2 { dx = 0 }
            guard dx != 0 || dy != 0 else { continue }
            step(g, classify(g, dx, dy, r), length: spacing, r)
        }
    }

    /// A step's class: its sector, unless it stays within `hysteresis` of the
    /// current segment's sector, which it then extends.
    @inline(__always)
    private func classify(_ g: GestureID, _ dx: Double, _ dy: Double, _ r: UnsafePointer<GestureRecord>) -> Int {
        let current = tracks[g].segment
        let h = r.pointee.hysteresis
        guard h > 0, current >= 0, tracks[g].pendingStep < 0 else { return sector(dx, dy) }
        let angle = Math.atan2(-dy, dx)
        var off = angle - Double(current) * (.pi / 4)
        off -= (2 * .pi) * (off / (2 * .pi)).rounded()
        return abs(off) <= .pi / 8 + h ? current : sector(dx, dy)
    }

    /// The 45° sector of a displacement (screen y down), half-open, as a `Direction` raw value.
    @inline(__always)  // a call would copy the whole engine to pass `self`
    func sector(_ dx: Double, _ dy: Double) -> Int {
        let angle = Math.atan2(-dy, dx)
        // `Int(_:)` truncates; the +8 keeps the operand positive so truncation is floor.
        return Int((angle + .pi / 8) / (.pi / 4) + 8) % 8
    }

    /// Segmentation with the corner rule: a single step 45° off the current
    /// segment waits for the next step; if that turns further the same way,
    /// the single step was the corner's noise and is dropped.
    private mutating func step(_ g: GestureID, _ d: Int, length: Double, _ r: UnsafePointer<GestureRecord>) {
        let current = tracks[g].segment
        guard current >= 0 else {
            commit(g, d, length, r)
            return
        }
        let pending = tracks[g].pendingStep
        if pending >= 0 {
            tracks[g].pendingStep = -1
            let sense = signedTurn(from: current, to: pending)
            let turn = signedTurn(from: current, to: d)
            if abs(turn) <= 3 && turn * sense >= 2 {
                commit(g, d, length, r)
                return
            }
            guard commit(g, pending, tracks[g].pendingLength, r) else { return }
            step(g, d, length: length, r)
            return
        }
        if d == current {
            if r.pointee.decidesAtLift { strokeLengths[g.rawValue &* Self.strokeCapacity &+ tracks[g].strokeCount &- 1] += length }
            return
        }
        if abs(signedTurn(from: current, to: d)) == 1 {
            tracks[g].pendingStep = d
            tracks[g].pendingLength = length
            return
        }
        commit(g, d, length, r)
    }

    /// A new segment: read by the automaton now, or collected for the lift.
    @discardableResult
    private mutating func commit(_ g: GestureID, _ d: Int, _ length: Double, _ r: UnsafePointer<GestureRecord>) -> Bool {
        tracks[g].segment = d
        guard r.pointee.decidesAtLift else { return feed(g, .segment(Direction(rawValue: UInt8(d))!)) }
        let base = g.rawValue &* Self.strokeCapacity
        if tracks[g].strokeCount == Self.strokeCapacity {
            // Full: fold the shortest inner segment away, as the lift would first.
            dropShortest(g, below: .infinity)
        }
        strokeClasses[base &+ tracks[g].strokeCount] = Int8(d)
        strokeLengths[base &+ tracks[g].strokeCount] = length
        tracks[g].strokeCount += 1
        return true
    }

    /// The finger lifted: a corner step still waiting is a real segment; a
    /// stroke decided at lift drops its short and hook segments, checks its
    /// chord and reads its segments. Returns whether it still listens.
    mutating func finishStroke(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) -> Bool {
        if tracks[g].pendingStep >= 0 {
            let p = tracks[g].pendingStep
            tracks[g].pendingStep = -1
            guard commit(g, p, tracks[g].pendingLength, r) else { return false }
        }
        guard r.pointee.decidesAtLift else { return listening(g) }
        let base = g.rawValue &* Self.strokeCapacity
        var total = 0.0
        for i in 0..<tracks[g].strokeCount { total += strokeLengths[base &+ i] }
        dropShortest(g, below: r.pointee.minSegment * total)
        let hook = r.pointee.hooks * total
        var first = 0, end = tracks[g].strokeCount
        if end - first > 1 && strokeLengths[base] < hook { first += 1 }
        if end - first > 1 && strokeLengths[base &+ end &- 1] < hook { end -= 1 }
        for i in first..<end {
            guard feed(g, .segment(Direction(rawValue: UInt8(strokeClasses[base &+ i]))!)) else { return false }
        }
        // A crafted table can restart the automaton on a segment (a `restart`
        // state): that attempt failed, and the new one has no touch to measure.
        guard tracks[g].seen != 0 else { return listening(g) }
        guard chordFits(g, r) else {
            fail(g, .chord)
            return false
        }
        if r.pointee.strokeFlags & GestureRecord.strokeFeatures != 0, let missed = templateMatch(g).missed {
            fail(g, .feature(missed))
            return false
        }
        if r.pointee.strokeFlags & GestureRecord.strokeTemplates != 0 {
            let mine = templateMatch(g, scoringAbove: r.pointee.minScore)
            guard mine.best >= 0, mine.score >= r.pointee.minScore else {
                fail(g, .template(Int(mine.best)))
                return false
            }
            if let better = betterTemplateStroke(than: g, mine.score) {
                fail(g, .outscored(better))
                return false
            }
        }
        return listening(g)
    }

    /// Whether the line from the stroke's start to where it lifted points where its `chord` allows.
    private func chordFits(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) -> Bool {
        let byRange = r.pointee.strokeFlags & GestureRecord.strokeChordRange != 0
        guard r.pointee.chord != 0xFF || byRange else { return true }
        let s = SlotID(lowestIn: tracks[g].seen)
        let chord = slots[s].position - slots[s].down
        guard chord != .zero else { return false }
        let angle = Math.atan2(-chord.y, chord.x)
        return byRange
            ? r.pointee.chordMin <= angle && angle <= r.pointee.chordMax
            : r.pointee.chord & (1 << UInt8(sector(chord.x, chord.y))) != 0
    }

    // MARK: Template strokes

    /// Keeps point `p` of a template stroke's path (the first call also its
    /// down point), thinning the path to every other point when it is full:
    /// bounded storage for a stroke of any length, O(1) per sample on average.
    private mutating func capture(_ g: GestureID, _ p: SIMD2<Double>, from down: SIMD2<Double>) {
        let capacity = EngineStorage.pathCapacity, base = g.rawValue &* (capacity &+ 1)
        var n = pathLength(g, base: base, down: down)
        let d = p - paths[base &+ n &- 1]
        let spacing = Double(tracks[g].pathSpacing)
        guard d.x * d.x + d.y * d.y > spacing * spacing else {
            tracks[g].pathCount = Int32(n)
            return
        }
        if n == capacity {
            var length = 0.0
            for k in 1..<(capacity / 2) {
                paths[base &+ k] = paths[base &+ 2 &* k]
                let step = paths[base &+ k] - paths[base &+ k &- 1]
                length += (step.x * step.x + step.y * step.y).squareRoot()
            }
            n = capacity / 2
            tracks[g].pathSpacing = Float(Swift.max(2 * spacing, length / Double(n)))
        }
        paths[base &+ n] = p
        tracks[g].pathCount = Int32(n &+ 1)
    }

    /// The points of `g`'s path kept so far, starting it at `down` if it has none.
    @inline(__always)
    private mutating func pathLength(_ g: GestureID, base: Int, down: SIMD2<Double>) -> Int {
        guard tracks[g].pathCount == 0 else { return Int(tracks[g].pathCount) }
        paths[base] = down
        return 1
    }

    /// Gesture `g`'s verdict on the stroke that just lifted (its path ended
    /// at the lift point): its features against its bounds and, with
    /// `scoringAbove`, its best template when that scores at least the
    /// floor given (below it, `score` is only known to be below the floor:
    /// the scan skips what cannot reach it); each computed at most once per
    /// lift, again only for a lower floor.
    mutating func templateMatch(_ g: GestureID, scoringAbove floor: Double? = nil) -> TemplateMatch {
        if matches[g].time != clock || matches[g].seen != tracks[g].seen { measureLift(g) }
        if let floor, !matches[g].scored || matches[g].score < matches[g].floor && floor < matches[g].floor {
            // Explanations give the closest template's score, whatever the floor.
            scoreTemplates(g, floor: explains ? -.infinity : floor)
        }
        return matches[g]
    }

    private mutating func measureLift(_ g: GestureID) {
        var match = TemplateMatch(time: clock, seen: tracks[g].seen)
        let r = records + g
        if r.pointee.strokeFlags & GestureRecord.strokeFeatures != 0 {
            shareLiftPath(g)
            if liftMeasure.cornerAngle != r.pointee.cornerAngle {
                liftMeasure.features = StrokeFeatures.measure(storage.liftPath.base + liftMeasure.kept.lowerBound, count: liftMeasure.kept.count,
                                                              cornerAngle: r.pointee.cornerAngle,
                                                              keepingTurnsIn: storage.liftTurns.base)
                liftMeasure.cornerAngle = r.pointee.cornerAngle
            }
            match.features = liftMeasure.features
            if r.pointee.counterSpan != GestureRecord.unsetOffset, let f = match.features {
                match.features!.counterTurn = StrokeFeatures.counterTurn(storage.liftTurns.base, turning: f.turning,
                                                                         span: r.pointee.counterSpan)
            }
            // A stroke with no length has no features: it misses the first bound set.
            match.missed = match.features.map { $0.missed(in: r) } ?? StrokeFeatures.firstBounded(in: r)
        }
        matches[g] = match
    }

    /// Scores `g`'s templates against the lifted path, pivots first
    /// (`TemplateIndex`), skipping a template whose score is bound to stay
    /// below the larger of `floor` and the best so far: the best is exact
    /// whenever it reaches the floor, and ties still go to the lower template index.
    private mutating func scoreTemplates(_ g: GestureID, floor: Double) {
        (matches[g].scored, matches[g].floor, matches[g].score, matches[g].best) = (true, floor, -1, -1)
        let r = records + g
        guard r.pointee.strokeFlags & GestureRecord.strokeTemplates != 0 else { return }
        shareLiftPath(g)
        let floats = StrokeTemplate.vectorFloats
        let points = storage.templateScratch.base, vector = points + StrokeTemplate.floats, perpendicular = vector + floats
        if liftMeasure.vector == nil {
            liftMeasure.vector = StrokeTemplate.normalize(storage.liftPath.base + liftMeasure.kept.lowerBound, count: liftMeasure.kept.count,
                                                          into: points)
            if liftMeasure.vector == true {
                StrokeTemplate.vector(points, into: vector)
                StrokeTemplate.perpendicular(vector, into: perpendicular)
            }
        }
        guard liftMeasure.vector == true else { return }
        let limit = StrokeTemplate.RotationLimit(r.pointee.maxRotation)
        let index = templateIndex, range = table.templates(of: g)
        let pivots = Swift.min(range.count, TemplateIndex.pivotCount)
        // The stroke's angles from the pivots (`TemplateIndex.spans`), and
        // the angle a template must be within to count.
        var angles = TemplateIndex.unmeasured
        var reach = floor > -1 ? Float(Math.acos(Swift.min(1, floor))) : .pi
        for i in range {
            let k = Int(index.scan.base[i]), template = index.vectors.base + k &* floats
            let score: Double
            if i &- range.lowerBound < pivots {
                let cosines = StrokeTemplate.scoreRange(vector, perpendicular, template, limit: limit)
                let p = i &- range.lowerBound
                (angles[p], angles[p &+ TemplateIndex.pivotCount]) = TemplateIndex.angles(best: cosines.best, worst: cosines.worst)
                score = cosines.best
            } else {
                guard index.bound(angles, k) <= reach else { continue }
                score = StrokeTemplate.score(vector, perpendicular, template, limit: limit)
            }
            if score > matches[g].score || score == matches[g].score && k < matches[g].best {
                (matches[g].score, matches[g].best) = (score, Int32(k))
                if score > floor { reach = Float(Math.acos(Swift.min(1, score))) }
            }
        }
    }

    /// Ends `g`'s kept path at the lift point and makes it the one
    /// `liftMeasure` describes, without the hooks a template stroke's
    /// `hooks` leaves out, keeping what was measured when it already is.
    private mutating func shareLiftPath(_ g: GestureID) {
        let base = g.rawValue &* (EngineStorage.pathCapacity &+ 1)
        let s = SlotID(lowestIn: tracks[g].seen)
        let n = pathLength(g, base: base, down: slots[s].down)
        paths[base &+ n] = slots[s].position
        let count = n &+ 1
        let shared = storage.liftPath.base
        // Bit patterns, not values: -0 and 0 differ in an angle's sign.
        let same = liftMeasure.time == clock && liftMeasure.count == count
            && (0..<count).allSatisfy({ shared[$0].x.bitPattern == paths[base &+ $0].x.bitPattern
                                        && shared[$0].y.bitPattern == paths[base &+ $0].y.bitPattern })
        if !same { shared.update(from: paths + base, count: count) }
        let r = records + g
        let hooked = r.pointee.strokeFlags & GestureRecord.strokeTemplateHooks != 0
        let (hooks, hookLength) = hooked ? (r.pointee.hooks, r.pointee.hookLength) : (0, 0)
        // The same path with the same hooks is what was measured; other hooks make another path.
        guard !same || liftMeasure.hooks.bitPattern != hooks.bitPattern || liftMeasure.hookLength.bitPattern != hookLength.bitPattern else { return }
        liftMeasure = LiftMeasure(time: clock, count: count, hooks: hooks, hookLength: hookLength,
                                  kept: PathHooks.kept(shared, count: count, share: hooks, points: hookLength))
    }

    /// Another template stroke on the same touch whose templates match it
    /// better than `score` and pass its own `minScore`, chord and feature
    /// bounds (on a tie, the one declared first): only the best match among
    /// template strokes succeeds.
    private mutating func betterTemplateStroke(than g: GestureID, _ score: Double) -> GestureID? {
        let words = (gestureRange.count + 63) >> 6
        for w in 0..<words {
            var bits = listeningSet[w]
            while bits != 0 {
                let h = GestureID(order[w << 6 | bits.trailingZeroBitCount])
                bits &= bits &- 1
                guard h != g, records[h].strokeFlags & GestureRecord.strokeTemplates != 0,
                      tracks[h].seen & tracks[g].seen != 0, templateMatch(h).missed == nil,
                      chordFits(h, records + h) else { continue }
                let other = templateMatch(h, scoringAbove: Swift.max(records[h].minScore, score))
                if other.best >= 0 && other.score >= records[h].minScore && (other.score > score || other.score == score && h < g) {
                    return h
                }
            }
        }
        return nil
    }

    /// Removes the shortest inner segment while it is shorter than `limit`
    /// (or once, for an infinite limit), joining neighbours of one class.
    private mutating func dropShortest(_ g: GestureID, below limit: Double) {
        let base = g.rawValue &* Self.strokeCapacity
        var count = tracks[g].strokeCount
        while count > 2 {
            var k = 1
            for i in 2..<(count - 1) where strokeLengths[base &+ i] < strokeLengths[base &+ k] { k = i }
            guard strokeLengths[base &+ k] < limit else { break }
            var keep = k
            // The neighbours meet: one segment if they are of one class.
            var removed = 1
            if strokeClasses[base &+ k &- 1] == strokeClasses[base &+ k &+ 1] {
                strokeLengths[base &+ k &- 1] += strokeLengths[base &+ k &+ 1]
                removed = 2
            }
            while keep + removed < count {
                strokeClasses[base &+ keep] = strokeClasses[base &+ keep &+ removed]
                strokeLengths[base &+ keep] = strokeLengths[base &+ keep &+ removed]
                keep += 1
            }
            count -= removed
            if limit == .infinity { break }
        }
        tracks[g].strokeCount = count
    }

    /// The turn from one class to another in 45° units, in -3...4.
    @inline(__always)  // a call would copy the whole engine to pass `self`
    private func signedTurn(from a: Int, to b: Int) -> Int {
        let d = (b - a + 8) % 8
        return d > 4 ? d - 8 : d
    }
}
