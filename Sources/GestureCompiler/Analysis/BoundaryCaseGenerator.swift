import Foundation
import GestureRuntime

/// One generated test of one numeric parameter: a stream just on the
/// accepting side of its value and one just past it. An implementation
/// whose threshold is elsewhere recognizes both or neither.
public struct BoundaryCase: Hashable, Sendable {
    public var gesture: GestureID
    public var parameter: String
    /// The value as the spec gives it ("10pt").
    public var value: String
    /// The gesture, alone, must succeed on this stream...
    public var accepted: TouchStream
    /// ...and not on this one.
    public var rejected: TouchStream
    /// For an end of a range the value may take at run time (v4): the
    /// parameter and the value there, which the gesture must run with (as
    /// after `set`); nil for the spec's own value.
    public var atEnd: EndValue?

    /// A parameter's value at an end of its range.
    public struct EndValue: Hashable, Sendable {
        public var parameter: GestureParameter
        public var value: Double
    }

    /// The table `isolated` (the gesture alone, at index 0) as this case runs it: at its range's end, if it has one.
    public func table(_ isolated: GestureTable) -> GestureTable {
        guard let end = atEnd else { return isolated }
        var t = isolated
        t.gestures[0].setNumber(end.parameter, end.value)
        return t
    }
}

/// Generates `BoundaryCase`s for every numeric threshold of every gesture,
/// from the spec's values and docs/semantics.md's comparisons (`>=` for minimum
/// distances and speeds, `>` for begin thresholds, a spatial maximum fails
/// only past it, an input at a time limit's deadline is late).
public enum BoundaryCaseGenerator {
    /// How far past a distance the rejected stream goes (points); angles and
    /// ratios use their own small steps, times one microsecond.
    static let nudge = 0.01
    /// The farthest a generated stream's touches go (points): a boundary past it is not tested.
    static let maxDistance = 1_000_000.0

    /// A gesture armed by an `after` rule is performed after its source, as
    /// the isolated table `gspec test` runs keeps the source; and its `within`
    /// gets a case of its own.
    /// Each end of a range a value may take at run time (v4) gets the cases
    /// of that parameter again, with the value there.
    public static func cases(for set: CheckedGestureSet) -> [BoundaryCase] {
        let ends = RangeEnd.all(in: set)
        return set.gestureIDs.flatMap { g in
            let arm = ExemplarGenerator.armed(g, in: set)
            let armed = { (d: GestureDefinition, c: BoundaryCase) -> BoundaryCase in
                var c = c
                (c.accepted, c.rejected) = (arm(c.accepted.performed(by: d)), arm(c.rejected.performed(by: d)))
                return c
            }
            let atEnds = ends.filter { set[$0.gesture].name == set[g].name }.flatMap { end in
                let d = end.applied(to: set)[g]
                return cases(for: d, index: g).filter { $0.parameter == end.parameter.name }.map { c in
                    var c = armed(d, c)
                    c.atEnd = BoundaryCase.EndValue(parameter: end.parameter, value: end.value)
                    return c
                }
            }
            return cases(for: set[g], index: g).map { armed(set[g], $0) } + atEnds + withinCases(g, in: set)
        }
    }

    /// `B after A within D`, A a tap or a stroke decided at lift (recognized
    /// at its last sample): B's touches beginning exactly D after A's
    /// recognition are armed, a microsecond later they are not.
    static func withinCases(_ g: GestureID, in set: CheckedGestureSet) -> [BoundaryCase] {
        guard let rule = set.rules.first(where: { $0.relation == .after && $0.gesture == g }), let within = rule.within else { return [] }
        let a = set[rule.other]
        guard a.kind == .tap || a.kind == .stroke, a.recognize == .onLift,
              let source = ExemplarGenerator.candidates(for: a, view: a.view).first,
              let own = ExemplarGenerator.candidates(for: set[g], view: set[g].view).first else { return [] }
        func performed(_ gap: Int64) -> TouchStream {
            var s = ExemplarGenerator.after(source, by: gap, own)
            s.summary = "\(source.summary), then \(DurationText.literal(gap)) after its lift \(own.summary)"
            return s
        }
        return [BoundaryCase(gesture: g, parameter: "within", value: DurationText.literal(within),
                             accepted: performed(within), rejected: performed(within + 1))]
    }

    static func cases(for g: GestureDefinition, index: GestureID) -> [BoundaryCase] {
        var result: [BoundaryCase] = []
        func add(_ parameter: String, _ value: String, _ accepted: TouchStream, _ rejected: TouchStream) {
            result.append(BoundaryCase(gesture: index, parameter: parameter, value: value, accepted: accepted, rejected: rejected))
        }
        let v = g.view
        switch g.kind {
        case .tap:
            let press = min(50_000, g.maxDuration / 2), gap = min(100_000, g.maxInterval / 2)
            func taps(count: Int = g.taps, fingers: Int = g.minTouches, press p: Int64 = press, gap q: Int64 = gap,
                      wobble: Double = 0, offset: Double = 0) -> StreamBuilder {
                var b = StreamBuilder(view: v)
                ExemplarGenerator.series(&b, count: count, fingers: fingers, press: p, gap: q, wobble: wobble, offset: offset)
                return b
            }
            // A touch-down tap is decided when its finger lands: nothing of its press can fail it.
            let decidedAtDown = g.recognize == .onPress && g.taps == 1
            // A wobble takes two samples of at least a microsecond each inside the press.
            if press >= 4 && !decidedAtDown {
                add("slop", distance(g.slop), taps(wobble: g.slop).stream("presses moving \(distance(g.slop))"),
                    taps(wobble: g.slop + nudge).stream("presses moving \(distance(g.slop + nudge))"))
            }
            if !decidedAtDown {
                add("maxDuration", DurationText.literal(g.maxDuration), taps(press: g.maxDuration - 1).stream("presses of \(DurationText.literal(g.maxDuration - 1))"),
                    taps(press: g.maxDuration).stream("presses of \(DurationText.literal(g.maxDuration))"))
            }
            if g.taps > 1 {
                add("maxInterval", DurationText.literal(g.maxInterval), taps(gap: g.maxInterval - 1).stream("gaps of \(DurationText.literal(g.maxInterval - 1))"),
                    taps(gap: g.maxInterval).stream("gaps of \(DurationText.literal(g.maxInterval))"))
                add("tapDistance", distance(g.tapDistance),
                    taps(offset: g.tapDistance).stream("later presses \(distance(g.tapDistance)) from the first"),
                    taps(offset: g.tapDistance + nudge).stream("later presses \(distance(g.tapDistance + nudge)) from the first"))
                add("taps", "\(g.taps)", taps().stream("\(g.taps) presses"),
                    taps(count: g.taps - 1).stream(g.taps == 2 ? "1 press" : "\(g.taps - 1) presses"))
            }
            if g.minTouches < Engine.touchCapacity && !decidedAtDown {
                add("touches", "\(g.minTouches)", taps().stream("\(g.minTouches)-finger presses"),
                    taps(fingers: g.minTouches + 1).stream("\(g.minTouches + 1)-finger presses"))
            }
        case .longPress:
            let gap = min(100_000, g.maxInterval / 2)
            func hold(_ duration: Int64, wobble: Double = 0, fingers: Int = g.minTouches, gap q: Int64 = gap) -> StreamBuilder {
                var b = StreamBuilder(view: v)
                ExemplarGenerator.series(&b, count: g.taps, fingers: fingers, press: min(50_000, g.maxDuration / 2), gap: q)
                if g.taps > 0 { b.wait(q) }
                b.down(ExemplarGenerator.fingers(fingers))
                let pressed = b.time
                if wobble > 0 {
                    b.period = min(duration / 2, 10_000)
                    b.translate(by: SIMD2(wobble, 0), samples: 1)
                }
                b.wait(pressed + duration - b.time)
                b.liftAll()
                return b
            }
            add("duration", DurationText.literal(g.duration), hold(g.duration).stream("held \(DurationText.literal(g.duration))"),
                hold(g.duration - 1).stream("held \(DurationText.literal(g.duration - 1))"))
            add("slop", distance(g.slop), hold(g.duration + 10_000, wobble: g.slop).stream("held, moving \(distance(g.slop)) first"),
                hold(g.duration + 10_000, wobble: g.slop + nudge).stream("held, moving \(distance(g.slop + nudge)) first"))
            if (g.taps + 1) * (g.minTouches + 1) <= Engine.seriesTouchLimit {
                add("touches", "\(g.minTouches)", hold(g.duration + 10_000).stream("held with \(counted(g.minTouches, "finger"))"),
                    hold(g.duration + 10_000, fingers: g.minTouches + 1).stream("held with \(counted(g.minTouches + 1, "finger"))"))
            }
            if g.taps > 0 {
                add("maxInterval", DurationText.literal(g.maxInterval), hold(g.duration + 10_000, gap: g.maxInterval - 1).stream("gaps of \(DurationText.literal(g.maxInterval - 1))"),
                    hold(g.duration + 10_000, gap: g.maxInterval).stream("gaps of \(DurationText.literal(g.maxInterval))"))
            }
        case .swipe:
            guard let d = g.directions.directions.first else { break }
            let angle = Double(d.rawValue) * .pi / 4
            // One sample from touch-down: displacement, angle and speed are all the sample's.
            func swipe(_ length: Double, at a: Double = angle, taking t: Int64 = 8_000, fingers: Int = g.minTouches) -> StreamBuilder {
                var b = StreamBuilder(view: v)
                b.down(ExemplarGenerator.fingers(fingers))
                b.period = t
                b.translate(by: ExemplarGenerator.unit(a) * length, samples: 1)
                b.period = 8_000
                b.translate(by: .zero, samples: 1)
                b.liftAll()
                return b
            }
            let quick = Int64(max(1, min(8_000, g.minDistance / max(2 * g.minVelocity, 1) * 1e6)))
            add("minDistance", distance(g.minDistance), swipe(g.minDistance, taking: quick).stream("a swipe \(d.name) of \(distance(g.minDistance))"),
                swipe(g.minDistance - nudge, taking: quick).stream("a swipe \(d.name) of \(distance(g.minDistance - nudge))"))
            if g.minTouches < Engine.touchCapacity {
                add("touches", "\(g.minTouches)", swipe(g.minDistance * 1.5, taking: quick).stream("a \(g.minTouches)-finger swipe \(d.name)"),
                    swipe(g.minDistance * 1.5, taking: quick, fingers: g.minTouches + 1).stream("a \(g.minTouches + 1)-finger swipe \(d.name)"))
            }
            if g.minVelocity > 0 {
                let length = g.minDistance * 1.5
                let fast = Int64((length / (g.minVelocity * 1.0001) * 1e6).rounded(.down))
                let slow = Int64((length / (g.minVelocity * 0.9999) * 1e6).rounded(.up))
                add("minVelocity", Unit.pointsPerSecond.literal(g.minVelocity),
                    swipe(length, taking: fast).stream("a swipe \(d.name) at \(speed(length, fast))"),
                    swipe(length, taking: slow).stream("a swipe \(d.name) at \(speed(length, slow))"))
            }
            // Tilt away from a neighbour that is not allowed, so the tilted swipe is no other direction's.
            let step = 0.01 * .pi / 180
            let left = Direction(rawValue: (d.rawValue + 2) % 8)!, right = Direction(rawValue: (d.rawValue + 6) % 8)!
            let side: Double? = !g.directions.contains(DirectionSet(left)) ? 1
                : !g.directions.contains(DirectionSet(right)) ? -1 : g.maxAngle + step < .pi / 4 ? 1 : nil
            if let side {
                let length = g.minDistance * 1.5
                add("maxAngle", degrees(g.maxAngle), swipe(length, at: angle + side * (g.maxAngle - step), taking: quick)
                        .stream("a swipe \(degrees(g.maxAngle - step)) off \(d.name)"),
                    swipe(length, at: angle + side * (g.maxAngle + step), taking: quick)
                        .stream("a swipe \(degrees(g.maxAngle + step)) off \(d.name)"))
            }
        case .pan, .scroll:
            panCases(g, add)
        case .pinch, .rotation:
            func twoFingers(scale: Double, turn: Double) -> StreamBuilder {
                ExemplarGenerator.twoFingers(view: v, count: max(2, g.minTouches), scale: scale, turn: turn, samples: 4)
            }
            if g.kind == .pinch {
                // At a threshold of 0 (the web profile's) the spread that must not succeed is none at all, not a pinch in.
                let over = 1 + g.threshold + 1e-4, under = 1 + max(0, g.threshold - 1e-4)
                add("threshold", plain(g.threshold), twoFingers(scale: over, turn: 0).stream("a spread to \(plain(over))x"),
                    twoFingers(scale: under, turn: 0).stream("a spread to \(plain(under))x"))
            } else {
                let over = g.threshold + 1e-4, under = max(0, g.threshold - 1e-4)
                add("threshold", degrees(g.threshold), twoFingers(scale: 1, turn: over).stream("a turn of \(degrees(over))"),
                    twoFingers(scale: 1, turn: under).stream("a turn of \(degrees(under))"))
            }
        case .stroke:
            if let c = strokeCase(g, index: index) { result.append(c) }
        }
        if let c = togetherCase(g, index: index) { result.append(c) }
        // A distance beyond any screen (a spec may write `slop: 1e100pt`) has no stream
        // that tells its two sides apart, in doubles or on glass: it is not tested.
        let onScreen = { (s: TouchStream) in s.events.allSatisfy { abs($0.x) <= maxDistance && abs($0.y) <= maxDistance } }
        return result.filter { onScreen($0.accepted) && onScreen($0.rejected) }
    }

    /// `together` (v5): the gesture's plain performance with its last finger
    /// landing a microsecond inside the window, and exactly at its close
    /// (late: the gesture fails when the window closes), the rest of the
    /// performance after it. A tap whose press could not hold that long
    /// (`maxDuration`) is not tested this way.
    static func togetherCase(_ g: GestureDefinition, index: GestureID) -> BoundaryCase? {
        let w = g.record.together
        guard w > 1, g.minTouches >= 2, let plain = ExemplarGenerator.candidates(for: g, view: g.view).first,
              let first = plain.events.first?.time.rawValue else { return nil }
        let downs = plain.events.filter { $0.phase == .began && $0.time.rawValue == first }
        guard downs.count == g.minTouches else { return nil }
        if g.kind == .tap {
            let lift = plain.events.first { $0.phase == .ended }?.time.rawValue ?? first
            guard g.taps == 1, lift - first + w < g.maxDuration else { return nil }
        }
        guard let accepted = ExemplarGenerator.lateFinger(plain, by: w - 1), let rejected = ExemplarGenerator.lateFinger(plain, by: w) else { return nil }
        return BoundaryCase(gesture: index, parameter: "together", value: DurationText.literal(w), accepted: accepted, rejected: rejected)
    }

    /// A pan's threshold, or the active offset beyond it; fail offsets,
    /// `minVelocity`, the left or top edge's `edgeWidth`, and `touches`. Each
    /// stream meets every other condition of the pan (a drag that leaves no
    /// fail range, starts at its edge, fast enough).
    static func panCases(_ g: GestureDefinition, _ add: (String, String, TouchStream, TouchStream) -> Void) {
        guard let d = ExemplarGenerator.panDirections(g).first, let begin = ExemplarGenerator.panBeginDistance(g, d) else { return }
        let u = ExemplarGenerator.axisUnit(d)
        /// `steps` moves (`first`, then a drag of `length` along `d` in four samples) at `speed` or faster.
        func drag(_ length: Double, first: SIMD2<Double> = .zero, fingers: Int = g.minTouches, speed: Double? = nil,
                  start: SIMD2<Double> = ExemplarGenerator.panStart(g)) -> StreamBuilder {
            var b = StreamBuilder(view: g.view)
            b.down(ExemplarGenerator.fingers(fingers, around: start))
            if first != .zero { b.translate(by: first, samples: 1) }
            let pace = speed ?? max(2 * g.minVelocity, 300)
            b.period = max(1, Int64((length / 4 / pace * 1e6).rounded(.down)))
            if length > 0 { b.translate(by: u * length, samples: 4) } else { b.wait(32_000) }
            b.liftAll()
            return b
        }
        let name = d.name
        if begin > g.threshold {
            let parameter = (d == .right || d == .left) ? "activeOffsetX" : "activeOffsetY"
            add(parameter, distance(begin), drag(begin + nudge).stream("a drag \(name) of \(distance(begin + nudge))"),
                drag(begin).stream("a drag \(name) of \(distance(begin))"))
        } else {
            add("threshold", distance(g.threshold), drag(g.threshold + nudge).stream("a drag \(name) of \(distance(g.threshold + nudge))"),
                drag(g.threshold).stream("a drag \(name) of \(distance(g.threshold))"))
        }
        // A fail range across the drag: one sample to its end (or a hair past it), then the drag.
        let horizontal = d == .right || d == .left
        for (parameter, range, across) in [("failOffsetX", g.failOffsetX, SIMD2<Double>(1, 0)), ("failOffsetY", g.failOffsetY, SIMD2<Double>(0, 1))]
        where range.isSet && (parameter == "failOffsetX") != horizontal {
            let (end, sign) = range.upper.isFinite ? (range.upper, 1.0) : (range.lower, -1.0)
            // An axis pan fails off its axis past its threshold: the step across must not.
            guard end * sign >= 0, g.axis == .any || abs(end) + nudge <= g.threshold else { continue }
            add(parameter, distance(end), drag(begin + 20, first: across * end).stream("a step across to \(distance(end)), then a drag \(name)"),
                drag(begin + 20, first: across * (end + sign * nudge))
                    .stream("a step across to \(distance(end + sign * nudge)), then a drag \(name)"))
        }
        if g.minVelocity > 0 {
            let length = begin + 20
            add("minVelocity", Unit.pointsPerSecond.literal(g.minVelocity),
                drag(length, speed: g.minVelocity * 1.001).stream("a drag \(name) at \(Unit.pointsPerSecond.literal(g.minVelocity * 1.001))"),
                drag(length, speed: g.minVelocity * 0.999).stream("a drag \(name) at \(Unit.pointsPerSecond.literal(g.minVelocity * 0.999))"))
        }
        if let edge = ExemplarGenerator.firstEdge(g)?.name {
            add("edgeWidth", distance(g.edgeWidth),
                drag(begin + 20, start: ExemplarGenerator.panStart(g, depth: g.edgeWidth)).stream("a drag from \(distance(g.edgeWidth)) inside the \(edge) edge"),
                drag(begin + 20, start: ExemplarGenerator.panStart(g, depth: g.edgeWidth + nudge))
                    .stream("a drag from \(distance(g.edgeWidth + nudge)) inside the \(edge) edge"))
        }
        if g.minTouches > 1 {
            // Below its minimum a pan pauses.
            add("touches", "\(g.minTouches)...", drag(begin + 20).stream("a \(g.minTouches)-finger drag"),
                drag(begin + 20, fingers: g.minTouches - 1).stream("a \(g.minTouches - 1)-finger drag"))
        }
    }

    /// `segment` on a stroke: the shortest usable word drawn with straight legs
    /// of exactly `segment` along class centres (one step each, whether steps
    /// are taken from an anchor or along the path, whatever the hysteresis),
    /// and with its last leg just short (no last step, so no match). A word is
    /// usable when no two neighbours are 45° apart (the corner rule), its
    /// prefix does not match, equal legs survive `minSegment` and `hooks`, and
    /// its chord fits.
    static func strokeCase(_ g: GestureDefinition, index: GestureID) -> BoundaryCase? {
        // A template stroke or one with feature bounds is decided by its whole path, not its legs' length.
        guard let pattern = g.pattern, !g.segmentIsRelative, g.smoothing == 0, g.templates.isEmpty,
              g.record.strokeFlags & GestureRecord.strokeFeatures == 0 else { return nil }
        let nfa = DirectionNFA(pattern)
        let words = nfa.shortestWords(over: g.axis.directions, limit: 16)
        guard let word = words.first(where: { w in
            let k = Double(w.count)
            let chord = w.reduce(SIMD2<Double>(0, 0)) { $0 + ExemplarGenerator.unit($1) }
            let angle = atan2(-chord.y, chord.x)
            let chordFits = g.chordAngles.map { $0.contains(angle) }
                ?? g.chord.map { $0.contains(DirectionSet(Direction(rawValue: UInt8(((angle / (.pi / 4)).rounded() + 8).truncatingRemainder(dividingBy: 8)))!)) }
                ?? true
            return zip(w, w.dropFirst()).allSatisfy { !$0.isAdjacent(to: $1) }
                // Without its last step no stroke may match: at lift, or (immediately) after any step.
                && (g.recognize == .onLift ? [w.count - 1] : Array(1..<w.count)).allSatisfy { !accepts(nfa, Array(w.prefix($0)), g.recognize) }
                && g.minSegment * k <= 1 && g.hooks * k <= 1 && chordFits && chord != .zero
        }) else { return nil }
        // A diagonal leg of exactly `segment` may measure a hair short in
        // floating point: legs are a micro-point longer.
        let leg = g.segment + 1e-6
        func draw(last: Double) -> StreamBuilder {
            var b = StreamBuilder(view: g.view)
            b.down([ExemplarGenerator.origin])
            for (i, d) in word.enumerated() {
                b.translate(by: ExemplarGenerator.unit(d) * (i == word.count - 1 ? last : leg), samples: 4)
            }
            b.liftAll()
            return b
        }
        let name = word.map(\.name).joined(separator: " ")
        return BoundaryCase(gesture: index, parameter: "segment", value: distance(g.segment),
                            accepted: draw(last: leg).stream("a stroke \(name), legs of \(distance(g.segment))"),
                            rejected: draw(last: g.segment - nudge).stream("a stroke \(name), the last leg \(distance(g.segment - nudge))"))
    }

    /// Whether a stroke whose segments are `word` is recognized. No segment at
    /// all is decided at lift, so only there can an empty match count.
    static func accepts(_ nfa: DirectionNFA, _ word: [Direction], _ mode: RecognizeMode) -> Bool {
        (!word.isEmpty || mode == .onLift) && nfa.matches(word)
    }

    // Quantities as every message writes them (`Unit.literal`).
    static func distance(_ x: Double) -> String { Unit.points.literal(x) }
    /// A plain number (a scale) as a spec would write it: `1.2`, `1.2501`.
    static func plain(_ x: Double) -> String { shortest(x) }
    static func degrees(_ r: Double) -> String { Unit.degrees.literal(r) }
    /// The speed of `length` points in `us` microseconds, to the hundredth.
    static func speed(_ length: Double, _ us: Int64) -> String { Unit.pointsPerSecond.literal((length / Double(us) * 1e6 * 100).rounded() / 100) }
}
