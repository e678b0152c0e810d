import Foundation
import GestureRuntime

/// Candidate touch streams that should make one gesture succeed on its own:
/// a plain performance and variants at the edges of its parameters (slow,
/// fast, a single-sample jump, a wobble within slop), from which the analyses
/// take witnesses. The analyses keep only the ones the compiled gesture
/// really recognizes, so a candidate here needs to be plausible, not exact.
enum ExemplarGenerator {
    static let origin = SIMD2<Double>(300, 300)

    /// The candidates for `g`, touching down in view `view`.
    static func candidates(for g: GestureDefinition, view: Int) -> [TouchStream] {
        let streams = switch g.kind {
        case .tap: taps(g, view)
        case .longPress: longPresses(g, view)
        case .swipe: swipes(g, view)
        case .pan, .scroll: pans(g, view)
        case .pinch: twoFinger(g, view, pinch: true)
        case .rotation: twoFinger(g, view, pinch: false)
        case .stroke: strokes(g, view)
        }
        return streams.map { $0.performed(by: g) }
    }

    /// The candidates for `g` and their variations: twice as fast and twice
    /// as slow, sampled half as often, smaller and larger. A conflict often
    /// shows only at some speed or size the plain performances miss.
    static func variedCandidates(for g: GestureDefinition, view: Int) -> [TouchStream] {
        candidates(for: g, view: view).flatMap { s in
            [s, retimed(s, by: 0.5, "twice as fast"), retimed(s, by: 2, "twice as slow"), sparser(s),
             scaled(s, by: 0.6, "0.6x the size"), scaled(s, by: 1.6, "1.6x the size")]
        }
    }

    /// The performances of gesture `g` of `set` touching down in `view`: its
    /// varied candidates, its plain ones from the strip of each screen-edge
    /// pan of the set, a pan's drags 30 degrees off its axis and with a
    /// finger more (`drags`), and, when a `requires` rule can hold it after it
    /// completes, its plain ones again with the fingers kept on the screen
    /// after the last movement, past the longest long press of the set (a
    /// swipe the user ends without lifting at once: while it waits, a press
    /// may claim the touch), still, dragged on, or with a finger drifting.
    /// Not yet armed (`armed`).
    static func performances(of g: GestureID, in set: CheckedGestureSet, view: Int) -> [TouchStream] {
        let d = set[g]
        // A gesture may be performed anywhere, the strip of a screen-edge pan of the set included,
        // where that pan sees the same touches: its plain performances start there too.
        var edges: [(SIMD2<Double>, String)] = []
        for e in set.gestures where !e.edges.isEmpty && d.edges.isEmpty {
            if let edge = firstEdge(e), !edges.contains(where: { $0.1 == edge.name }) { edges.append((panStart(e), edge.name)) }
        }
        let plain = candidates(for: d, view: view)
        var result = variedCandidates(for: d, view: view) + edges.flatMap { start, name in plain.map { starting($0, at: start, "from the \(name) edge") } }
        if d.minTouches >= 2 { result += plain.flatMap { fingerPaths($0, d) } }
        result += drags(d, view: view, tilts: [0], fingers: d.minTouches + 1) + drags(d, view: view, tilts: [0, 30, -30])
        if canBeHeld(g, in: set) {
            result += plain.map { lingering($0, by: holdDelay(in: set)) } + (plain.first.map { held($0, g, in: set) } ?? [])
        }
        return result
    }

    /// Whether a `requires` rule can hold `g` once it completes.
    static func canBeHeld(_ g: GestureID, in set: CheckedGestureSet) -> Bool {
        set.rules.contains { $0.relation == .requiresToFail && $0.gesture == g }
    }

    /// How long a held performance keeps its fingers down: past the set's longest long press, at least 1 s.
    static func holdDelay(in set: CheckedGestureSet) -> Int64 {
        max((set.gestures.filter { $0.kind == .longPress }.map(\.duration).max() ?? 0) + 100_000, 1_000_000)
    }

    /// `s`, a performance of `g` (which a rule can hold), with its fingers
    /// kept down and moving while it waits: held by the rule, they are
    /// still the gesture's wherever they go next, and whatever claims them
    /// meanwhile takes it. Dragged on along each axis; one finger drifting
    /// (a press within its slop, a two-finger gesture turning and spreading a little);
    /// held still a moment only, lifted before a press of the set completes.
    static func held(_ s: TouchStream, _ g: GestureID, in set: CheckedGestureSet) -> [TouchStream] {
        let d = set[g], delay = holdDelay(in: set)
        var result = [(SIMD2<Double>(60, 0), "right"), (SIMD2(0, 60), "down")].map { by, way in
            lingering(s, by: delay, moving: (true, by, 8), "dragged 60pt \(way)")
        }
        // Lifted while what it waits for is still undecided (a press short of its duration):
        // a gesture that decides at lift (a tap within its slop) may take the touch then.
        let presses = set.gestures.filter { $0.kind == .longPress }.map(\.duration)
        result.append(lingering(s, by: max(1, min(50_000, (presses.min() ?? 100_000) / 2))))
        let drift = d.kind == .longPress ? d.slop : d.minTouches > 1 ? 10 : 0
        if drift > 0 {
            result.append(lingering(s, by: delay, moving: (false, SIMD2(1, 1) / 2.squareRoot() * drift, 4),
                                    "a finger drifting \(Unit.points.literal(drift))\(d.kind == .longPress ? " (the slop)" : "")"))
        }
        return result
    }

    /// A multi-finger performance `s` of `d` as hands perform it (v5's
    /// finger-count paths): its last finger landing late, the others still
    /// meanwhile or already moving, and its last finger lifting halfway.
    /// Late means half a `together` window (inside it: gestures with fewer
    /// fingers wait), or 40 ms without one, a stagger fingers commonly have.
    static func fingerPaths(_ s: TouchStream, _ d: GestureDefinition) -> [TouchStream] {
        let gap = d.record.together > 1 ? d.record.together / 2 : 40_000
        return [lateFinger(s, by: gap), lateFinger(s, by: gap, othersMoving: true), liftingEarly(s)].compactMap { $0 }
    }

    /// `s` with the last of the fingers that land first landing `gap` later:
    /// everything after that first frame `gap` later too (the first fingers
    /// wait still), or, `othersMoving`, only the late finger (it lands where
    /// it would be then; its samples before are dropped). Nil for a stream
    /// that lands one finger first, or (moving) whose fingers stop moving by then.
    static func lateFinger(_ s: TouchStream, by gap: Int64, othersMoving: Bool = false) -> TouchStream? {
        guard let first = s.events.first?.time else { return nil }
        let downs = s.events.filter { $0.phase == .began && $0.time == first }
        guard downs.count >= 2, let late = downs.last?.id else { return nil }
        let lands = first + Microseconds(gap)
        var events: [TouchEvent]
        if othersMoving {
            guard let next = s.events.first(where: { $0.id == late && $0.time >= lands }), next.phase == .moved,
                  s.events.contains(where: { $0.id != late && $0.phase == .moved && $0.time > lands }) else { return nil }
            events = s.events.filter { $0.id != late || $0.phase != .moved || $0.time > lands }
            let i = events.firstIndex { $0.id == late && $0.phase == .began }!
            (events[i].time, events[i].x, events[i].y) = (lands, next.x, next.y)
        } else {
            events = s.events.map { e in
                var e = e
                if e.time > first || e.id == late { e.time = e.time + Microseconds(gap) }
                return e
            }
        }
        // By time, each frame keeping its order.
        events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let moving = othersMoving ? ", the others moving meanwhile" : ""
        return TouchStream(events: events, summary: "\(s.summary), its last finger landing \(DurationText.literal(gap)) after the first\(moving)")
    }

    /// `s` with its last finger lifting at the middle of the movement, the
    /// others going on: nil for a stream that lands one finger first or has
    /// no movement of that finger to cut.
    static func liftingEarly(_ s: TouchStream) -> TouchStream? {
        guard let first = s.events.first?.time, s.events.filter({ $0.phase == .began && $0.time == first }).count >= 2,
              let last = s.events.last(where: { $0.phase == .began })?.id else { return nil }
        let frames = Array(Set(s.events.filter { $0.phase == .moved }.map(\.time))).sorted()
        guard frames.count >= 2, let cut = s.events.lastIndex(where: { $0.id == last && $0.time <= frames[frames.count / 2 - 1] }),
              s.events[cut].phase == .moved else { return nil }
        // Its sample there becomes its lift; what it did after is gone.
        let events = s.events.enumerated().compactMap { k, e -> TouchEvent? in
            guard e.id == last, k >= cut else { return e }
            var lift = e
            lift.phase = .ended
            return k == cut ? lift : nil
        }
        return TouchStream(events: events, summary: "\(s.summary), its last finger lifting halfway")
    }

    /// `s` moved so that its first touch goes down at `start`.
    static func starting(_ s: TouchStream, at start: SIMD2<Double>, _ label: String) -> TouchStream {
        guard let first = s.events.first else { return s }
        let offset = start - SIMD2(first.x, first.y)
        var events = s.events
        for i in events.indices { (events[i].x, events[i].y) = (events[i].x + offset.x, events[i].y + offset.y) }
        return TouchStream(events: events, summary: s.summary + ", \(label)")
    }

    /// `s` with its last lift `by` later: the fingers stay still where they
    /// are meanwhile, or `moving` fingers (all of them, or only the first)
    /// first move on by `by` in `samples` frames (at once: a rule's wait may
    /// be short, a double tap's `maxDuration`).
    static func lingering(_ s: TouchStream, by delay: Int64, moving: (all: Bool, by: SIMD2<Double>, samples: Int)? = nil,
                          _ label: String = "") -> TouchStream {
        guard let last = s.events.last, last.phase == .ended else { return s }
        var events = s.events
        let lifting = events.indices.filter { events[$0].time == last.time && events[$0].phase == .ended }
        for i in lifting { events[i].time += Microseconds(delay) }
        guard let moving else {
            return TouchStream(events: events, summary: s.summary + ", then held still \(DurationText.prose(delay)) before lifting")
        }
        let movers = moving.all ? lifting : Array(lifting.prefix(1))
        var moves: [TouchEvent] = []
        for k in 1...moving.samples {
            for i in movers {
                let f = events[i], p = SIMD2(f.x, f.y) + moving.by * Double(k) / Double(moving.samples)
                moves.append(TouchEvent(time: last.time + Microseconds(Int64(k) * 8_000), id: f.id, phase: .moved, x: p.x, y: p.y,
                                        view: f.view, pointer: f.pointer))
            }
        }
        for (n, i) in movers.enumerated() { (events[i].x, events[i].y) = (moves[moves.count - movers.count + n].x, moves[moves.count - movers.count + n].y) }
        events.insert(contentsOf: moves, at: lifting[0])
        return TouchStream(events: events, summary: s.summary + ", then \(label) and held, lifting \(DurationText.prose(delay)) later")
    }

    /// A stream performing `g` as its first `after` rule asks: after a
    /// discrete source's own performance (within half its `within`, at most
    /// 100 ms later), or its first finger held still first for a long
    /// press's `duration`, so the press begins and arms `g` with that finger
    /// (`g`'s other fingers come down after: a press that saw them at once
    /// would fail with too many touches). Other continuous sources are not
    /// performed (their exemplars are not generated here).
    static func armed(_ g: GestureID, in set: CheckedGestureSet) -> (TouchStream) -> TouchStream {
        guard let rule = set.rules.first(where: { $0.relation == .after && $0.gesture == g }) else { return { $0 } }
        let a = set[rule.other]
        if let within = rule.within, let first = candidates(for: a, view: a.view).first {
            return { after(first, by: min(within / 2, 100_000), $0) }
        }
        guard a.kind == .longPress else { return { $0 } }
        let hold = a.duration + 20_000
        return { s in
            // The press's fingers (the stream's first) go down and hold still; everything else waits.
            guard let start = s.events.first?.time else { return s }
            let pressing = Set(s.events.filter { $0.phase == .began }.prefix(max(a.minTouches, 1)).map(\.id))
            let events = s.events.map { e -> TouchEvent in
                var e = e
                if !(e.time == start && e.phase == .began && pressing.contains(e.id)) { e.time += Microseconds(hold) }
                return e
            }
            return TouchStream(events: events, summary: "held \(DurationText.prose(hold)), then \(s.summary)")
        }
    }

    /// `second` starting `gap` after `first`'s last sample, with touch ids
    /// that cannot collide with `first`'s.
    static func after(_ first: TouchStream, by gap: Int64, _ second: TouchStream) -> TouchStream {
        let shift = (first.events.last?.time ?? 0) + Microseconds(gap) - (second.events.first?.time ?? 0)
        let moved = second.events.map { e -> TouchEvent in
            var e = e
            (e.time, e.id) = (e.time + shift, e.id + 100)
            return e
        }
        return TouchStream(events: first.events + moved, summary: "\(first.summary), then \(second.summary)")
    }

    static func retimed(_ s: TouchStream, by factor: Double, _ label: String) -> TouchStream {
        let start = s.events.first?.time ?? 0
        var events = s.events
        for i in events.indices { events[i].time = start + Microseconds(Int64((Double((events[i].time - start).rawValue) * factor).rounded())) }
        return TouchStream(events: events, summary: s.summary + ", \(label)")
    }

    /// Every other movement frame dropped.
    static func sparser(_ s: TouchStream) -> TouchStream {
        let frames = Array(Set(s.events.filter { $0.phase == .moved }.map(\.time))).sorted()
        let dropped = Set(frames.enumerated().filter { $0.offset % 2 == 0 && $0.offset < frames.count - 1 }.map(\.element))
        return TouchStream(events: s.events.filter { $0.phase != .moved || !dropped.contains($0.time) },
                           summary: s.summary + ", sampled half as often")
    }

    static func scaled(_ s: TouchStream, by factor: Double, _ label: String) -> TouchStream {
        guard let first = s.events.first else { return s }
        let center = SIMD2(first.x, first.y)
        var events = s.events
        for i in events.indices {
            let p = center + (SIMD2(events[i].x, events[i].y) - center) * factor
            (events[i].x, events[i].y) = (p.x, p.y)
        }
        return TouchStream(events: events, summary: s.summary + ", \(label)")
    }

    /// A screen vector (y down) for an angle counter-clockwise from the x axis.
    static func unit(_ angle: Double) -> SIMD2<Double> { SIMD2(cos(angle), -sin(angle)) }

    static func unit(_ d: Direction) -> SIMD2<Double> { unit(Double(d.rawValue) * .pi / 4) }

    static func fingers(_ count: Int, around p: SIMD2<Double> = origin) -> [SIMD2<Double>] {
        (0..<count).map { p + SIMD2(Double($0) * 30, 0) }
    }

    /// `count` presses of `fingers` fingers, each `press` long, `gap` apart,
    /// each finger moving `wobble` points within the press; the presses after
    /// the first go down `offset` points to the right of it.
    static func series(_ b: inout StreamBuilder, count: Int, fingers n: Int, press: Int64, gap: Int64,
                       wobble: Double = 0, offset: Double = 0) {
        for i in 0..<count {
            if i > 0 { b.wait(gap) }
            b.down(fingers(n, around: origin + SIMD2(i > 0 ? offset : 0, 0)))
            if wobble > 0 {
                let half = max(press / 2, 1)
                b.period = max(half / 2, 1)
                b.translate(by: SIMD2(wobble, 0), samples: 2)
                b.wait(max(0, press - 2 * b.period))
            } else {
                b.wait(press)
            }
            b.liftAll()
        }
    }

    static func taps(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        let press = min(50_000, g.maxDuration / 2), gap = min(100_000, g.maxInterval / 2)
        var plain = StreamBuilder(view: view)
        series(&plain, count: g.taps, fingers: g.minTouches, press: press, gap: gap)
        var slow = StreamBuilder(view: view)
        series(&slow, count: g.taps, fingers: g.minTouches, press: max(1, g.maxDuration - 1_000), gap: max(1, g.maxInterval - 1_000))
        var wobbly = StreamBuilder(view: view)
        series(&wobbly, count: g.taps, fingers: g.minTouches, press: press, gap: gap, wobble: g.slop)
        let what = g.taps == 1 ? "a tap" : "\(g.taps) taps"
        return [plain.stream("\(what), \(DurationText.prose(press)) presses"),
                slow.stream("\(what), presses and gaps 1 ms under their limits"),
                wobbly.stream("\(what), each finger moving \(Unit.points.literal(g.slop)) (the slop) in a press")]
    }

    static func longPresses(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        func hold(wobble: Double, thenMove move: SIMD2<Double>? = nil) -> StreamBuilder {
            var b = StreamBuilder(view: view)
            series(&b, count: g.taps, fingers: g.minTouches, press: min(50_000, g.maxDuration / 2), gap: min(100_000, g.maxInterval / 2))
            if g.taps > 0 { b.wait(min(100_000, g.maxInterval / 2)) }
            b.down(fingers(g.minTouches))
            let pressed = b.time
            if wobble > 0 { b.translate(by: SIMD2(wobble, 0), samples: 4) }
            b.wait(pressed + g.duration + 100_000 - b.time)
            if let move { b.translate(by: move, samples: 20) }
            b.liftAll()
            return b
        }
        let held = DurationText.prose(g.duration + 100_000)
        // Dragged along each axis once it began: what a drag after the press means depends on the
        // axis (a horizontal strip's pan takes one way, a vertical pan the other).
        return [hold(wobble: 0).stream("held still \(held)"),
                hold(wobble: 0, thenMove: SIMD2(60, 0)).stream("held still \(held), then dragged 60pt"),
                hold(wobble: 0, thenMove: SIMD2(0, 60)).stream("held still \(held), then dragged 60pt down"),
                hold(wobble: g.slop).stream("held \(held), moving \(Unit.points.literal(g.slop)) (the slop) first")]
    }

    static func swipes(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        var result: [TouchStream] = []
        let speed = max(2 * g.minVelocity, 600)
        for d in g.directions.directions {
            let angle = Double(d.rawValue) * .pi / 4
            let distance = g.minDistance * 1.5
            let tilt = g.maxAngle * 0.8, degrees = Unit.degrees.literal(tilt)
            for (tilt, label) in [(0.0, ""), (tilt, " tilted \(degrees) left"), (-tilt, " tilted \(degrees) right")] {
                var fast = StreamBuilder(view: view)
                fast.down(fingers(g.minTouches))
                let samples = max(1, Int((distance / speed * 1e6 / Double(fast.period)).rounded(.up)))
                fast.translate(by: unit(angle + tilt) * distance, samples: samples)
                fast.liftAll()
                result.append(fast.stream("a swipe \(d.name)\(label), \(Unit.points.literal(distance)) at \(Unit.pointsPerSecond.literal(speed))"))
            }
            var jump = StreamBuilder(view: view)
            jump.down(fingers(g.minTouches))
            jump.translate(by: unit(angle) * g.minDistance * 1.2, samples: 1)
            jump.liftAll()
            result.append(jump.stream("a swipe \(d.name) in one \(DurationText.prose(jump.period)) sample"))
        }
        return result
    }

    static func pans(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        let directions = panDirections(g).prefix(2)
        var counts = [g.minTouches]
        if let m = g.maxTouches, m != g.minTouches { counts.append(m) }
        var result: [TouchStream] = []
        let start = panStart(g)
        for n in counts {
            for d in directions {
                let distance = (panBeginDistance(g, d) ?? g.threshold) + 40
                for speed in [max(200, 1.5 * g.minVelocity), max(1_000, 3 * g.minVelocity)] {
                    var b = StreamBuilder(view: view)
                    b.down(fingers(n, around: start))
                    let samples = max(1, Int((distance / speed * 1e6 / Double(b.period)).rounded(.up)))
                    b.translate(by: axisUnit(d) * distance, samples: samples)
                    b.liftAll()
                    result.append(b.stream("\(counted(n, "finger")) dragged \(d.name) \(Unit.points.literal(distance)) at \(Unit.pointsPerSecond.literal(speed))"))
                }
                var jump = StreamBuilder(view: view)
                jump.down(fingers(n, around: start))
                jump.translate(by: axisUnit(d) * (distance - 10), samples: 1)
                jump.translate(by: axisUnit(d) * 10, samples: 2)
                jump.liftAll()
                result.append(jump.stream("\(counted(n, "finger")) jumping \(Unit.points.literal(distance - 10)) \(d.name) in one sample"))
            }
        }
        return result
    }

    /// A pan or scroll dragged along each of its directions (all four for
    /// `axis: any`, where its plain performances take the first two), turned
    /// by each of `tilts` (degrees, counter-clockwise on screen), with
    /// `fingers` (its minimum by default; none past its maximum). What its
    /// plain performances leave out: nobody drags exactly along an axis, and
    /// a pan that takes more fingers is performed with them too. A drag 45
    /// degrees or more off the axis comes again as a step across it, then the
    /// rest in one sample (the axis is checked first within a sample).
    static func drags(_ g: GestureDefinition, view: Int, tilts: [Double], fingers n: Int? = nil) -> [TouchStream] {
        let n = n ?? g.minTouches
        guard g.kind == .pan || g.kind == .scroll, n <= g.maxTouches ?? .max else { return [] }
        let start = panStart(g), distance = (panDirections(g).first.flatMap { panBeginDistance(g, $0) } ?? g.threshold) + 40
        var result: [TouchStream] = []
        for d in panDirections(g) {
            for degrees in tilts {
                var b = StreamBuilder(view: view)
                b.down(fingers(n, around: start))
                let turn = degrees * .pi / 180, axis = axisUnit(d)
                let along = SIMD2(axis.x * cos(turn) + axis.y * sin(turn), -axis.x * sin(turn) + axis.y * cos(turn))
                b.translate(by: along * distance, samples: 12)
                b.liftAll()
                let off = degrees == 0 ? "" : " \(Unit.degrees.literal(abs(turn))) off its axis"
                result.append(b.stream("\(counted(n, "finger")) dragged \(d.name)\(off), \(Unit.points.literal(distance))").performed(by: g))
                guard abs(degrees) >= 45 else { continue }
                var jump = StreamBuilder(view: view)
                jump.down(fingers(n, around: start))
                jump.translate(by: SIMD2(axis.y, axis.x) * g.threshold * 0.8, samples: 1)
                jump.translate(by: along * distance, samples: 1)
                jump.liftAll()
                result.append(jump.stream("\(counted(n, "finger")) stepping across \(d.name), then jumping \(Unit.points.literal(distance))\(off) in one sample").performed(by: g))
            }
        }
        return result
    }

    /// Right, left, down or up as an exact screen vector (y down).
    static func axisUnit(_ d: Direction) -> SIMD2<Double> {
        switch d {
        case .right: SIMD2(1, 0)
        case .left: SIMD2(-1, 0)
        case .up: SIMD2(0, -1)
        default: SIMD2(0, 1)
        }
    }

    /// Where a pan's first finger goes down: `depth` (default half its
    /// `edgeWidth`) inside the first of its screen edges (left, top, right,
    /// bottom of `TouchStream.screen`), else at `origin`.
    static func panStart(_ g: GestureDefinition, depth: Double? = nil) -> SIMD2<Double> {
        let inset = depth ?? g.edgeWidth / 2, screen = TouchStream.screen
        switch firstEdge(g)?.edge {
        case .left: return SIMD2(inset, origin.y)
        case .up: return SIMD2(origin.x, inset)
        case .right: return SIMD2(screen.x - inset, origin.y)
        case .down: return SIMD2(origin.x, screen.y - inset)
        default: return origin
        }
    }

    /// The first of a pan's screen edges in the order left, top, right, bottom, with its name.
    static func firstEdge(_ g: GestureDefinition) -> (edge: Direction, name: String)? {
        [(Direction.left, "left"), (.up, "top"), (.right, "right"), (.down, "bottom")].first { g.edges.contains(DirectionSet($0.0)) }
    }

    /// The directions along the axes a pan may be dragged in and begin: its axis's, in which
    /// a drag leaves no fail range before it begins (`panBeginDistance`).
    static func panDirections(_ g: GestureDefinition) -> [Direction] {
        let all: [Direction] = switch g.axis {
        case .any: [.right, .down, .left, .up]
        case .horizontal: [.right, .left]
        case .vertical: [.down, .up]
        }
        return all.filter { panBeginDistance(g, $0) != nil }
    }

    /// How far a drag straight along `d` goes before the pan may begin (it
    /// begins once strictly farther, speed permitting): its threshold, or
    /// farther to leave an active range; nil when it never begins that way,
    /// or leaves a fail range first.
    static func panBeginDistance(_ g: GestureDefinition, _ d: Direction) -> Double? {
        let horizontal = d == .right || d == .left, forward = d == .right || d == .down
        func reach(_ r: OffsetRange) -> Double { forward ? r.upper : -r.lower }
        func excludesZero(_ r: OffsetRange) -> Bool { 0 < r.lower || 0 > r.upper }
        let (fail, failAcross) = horizontal ? (g.failOffsetX, g.failOffsetY) : (g.failOffsetY, g.failOffsetX)
        guard !excludesZero(fail), !excludesZero(failAcross) else { return nil }
        var need = g.threshold
        if g.activeOffsetX.isSet || g.activeOffsetY.isSet {
            let (active, activeAcross) = horizontal ? (g.activeOffsetX, g.activeOffsetY) : (g.activeOffsetY, g.activeOffsetX)
            if !excludesZero(activeAcross) {
                guard reach(active).isFinite else { return nil }
                need = max(need, reach(active))
            }
        }
        return need < reach(fail) ? need : nil
    }

    /// Two fingers 100pt apart, spreading to `scale` and turning by `turn` over `samples` frames, then lifting.
    /// `count` fingers 50pt about a centre (two: left and right of it, the
    /// others evenly round the circle) scaling and turning together.
    static func twoFingers(view: Int, count: Int = 2, scale: Double, turn: Double, samples: Int) -> StreamBuilder {
        let center = origin + SIMD2(50, 0)
        var b = StreamBuilder(view: view)
        b.down(count == 2 ? [center - SIMD2(50, 0), center + SIMD2(50, 0)] : (0..<count).map { k in
            let a = Double.pi + 2 * .pi * Double(k) / Double(count)
            return center + 50 * SIMD2(cos(a), sin(a))
        })
        b.transform(about: center, scale: scale, turn: turn, samples: samples)
        b.liftAll()
        return b
    }

    /// A pinch's or rotation's performances, with the fingers it needs (two, or its `touches`' minimum, v5).
    static func twoFinger(_ g: GestureDefinition, _ view: Int, pinch: Bool) -> [TouchStream] {
        let count = max(2, g.minTouches)
        let fingers = count == 2 ? "two fingers" : "\(count) fingers"
        func run(scale: Double, angle: Double, samples: Int) -> StreamBuilder {
            twoFingers(view: view, count: count, scale: scale, turn: angle, samples: samples)
        }
        if pinch {
            let out = 1 + max(3 * g.threshold, 0.3), inward = max(0.2, 1 - max(3 * g.threshold, 0.3))
            return [run(scale: out, angle: 0, samples: 25).stream("\(fingers) spreading to \(shortest(out))x in 200 ms"),
                    run(scale: inward, angle: 0, samples: 25).stream("\(fingers) pinching to \(shortest(inward))x in 200 ms"),
                    run(scale: out, angle: 0, samples: 1).stream("\(fingers) spreading to \(shortest(out))x in one sample")]
        }
        let turn = max(3 * g.threshold, 20 * .pi / 180)
        let deg = Unit.degrees.literal(turn)
        return [run(scale: 1, angle: turn, samples: 25).stream("\(fingers) turning \(deg) clockwise in 200 ms"),
                run(scale: 1, angle: -turn, samples: 25).stream("\(fingers) turning \(deg) counter-clockwise in 200 ms"),
                run(scale: 1, angle: turn, samples: 1).stream("\(fingers) turning \(deg) in one sample")]
    }

    static func strokes(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        if !g.templates.isEmpty { return templates(g, view) }
        guard let pattern = g.pattern else { return [] }
        let words = DirectionNFA(pattern).shortestWords(over: g.axis.directions, limit: 4)
        // Short legs make one step each; long ones several.
        let legs = g.segmentIsRelative ? [30.0, 60] : [max(1.5 * g.segment, 20), max(3 * g.segment, 40)]
        var result: [TouchStream] = []
        for word in words {
            // The last variant runs on along its last leg: a long tail.
            for (leg, speed, tail) in [(legs[0], 400.0, 1.0), (legs[1], 400, 1), (legs[1], 1_500, 1), (legs[1], 1_500, 2)] {
                var b = StreamBuilder(view: view)
                b.down([origin])
                for (i, d) in word.enumerated() {
                    let length = i == word.count - 1 ? leg * tail : leg
                    let samples = max(1, Int((length / speed * 1e6 / Double(b.period)).rounded(.up)))
                    b.translate(by: unit(d) * length, samples: samples)
                }
                b.liftAll()
                let name = word.map(\.name).joined(separator: " ")
                let legs = tail == 1 ? "\(Unit.points.literal(leg)) legs" : "\(Unit.points.literal(leg)) legs, the last \(Unit.points.literal(leg * tail))"
                result.append(b.stream("a stroke \(name), \(legs) at \(Unit.pointsPerSecond.literal(speed))"))
            }
        }
        return result
    }

    /// A template stroke's exemplars are its templates (up to four, spread
    /// over them), drawn 120pt across in 400 ms.
    static func templates(_ g: GestureDefinition, _ view: Int) -> [TouchStream] {
        let picks = Set((0..<min(4, g.templates.count)).map { $0 * g.templates.count / min(4, g.templates.count) })
        return picks.sorted().map { k in
            let t = g.templates[k]
            let points = (0..<StrokeTemplate.pointCount).map { SIMD2(Double(t.points[2 * $0]), Double(t.points[2 * $0 + 1])) }
            let low = points.reduce(points[0], pointwiseMin), high = points.reduce(points[0], pointwiseMax)
            let scale = 120 / max(high.x - low.x, high.y - low.y, 1e-9)
            var b = StreamBuilder(view: view)
            b.period = 400_000 / Int64(points.count - 1)
            b.down([origin + (points[0] - low) * scale])
            for p in points.dropFirst() { b.move(samples: 1) { _, _ in origin + (p - low) * scale } }
            b.liftAll()
            return b.stream("its template '\(t.name)', 120pt across in 400 ms")
        }
    }
}
