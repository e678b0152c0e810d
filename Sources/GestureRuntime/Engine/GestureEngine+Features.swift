/// Feature extraction: one frame of touches becomes, per gesture, a short
/// sequence of symbols for its automaton. Thresholds come from the table.
extension GestureEngine {
    /// Evaluates one gesture on the current frame: new touches, then moves, then lifts.
    @inline(__always)
    mutating func evaluate(_ g: GestureID) {
        let record = UnsafePointer(records + g)
        for s in frameBegan where sees(g, s) {
            guard listening(g) else { return }
            take(g, slot: s, record)
        }
        if tracks[g].tracked & movedMask != 0 && listening(g) { measure(g, record) }
        for lift in frameEnded where tracks[g].tracked & lift.slot.bit != 0 {
            guard listening(g) else { return }
            release(g, slot: lift.slot, cancelled: lift.cancelled, record)
        }
        // Only a frame with a new or lifted touch (never one of moves only) changes a count.
        if record.pointee.measuresEveryFinger && tracks[g].tracked != tracks[g].measured && listening(g) { fingersChanged(g, record) }
    }

    @inline(__always)
    func listening(_ g: GestureID) -> Bool { tracks[g].status.listens }

    // MARK: New touches

    mutating func take(_ g: GestureID, slot s: SlotID, _ r: UnsafePointer<GestureRecord>) {
        // A held gesture takes no new touches; a begun discrete-style gesture
        // neither; nor a gesture an `after` rule just gave the touch.
        if tracks[g].status == .held || tracks[g].tracked & s.bit != 0 { return }
        let count = (tracks[g].tracked).nonzeroBitCount
        if r.pointee.together > 0 {
            guard openWindow(g, count: count, r) else { return }
        }
        if r.pointee.measuresEveryFinger {
            takeEveryFinger(g, slot: s, count: count, r)
            return
        }
        switch r.pointee.kind {
        case .pan, .scroll:
            let limit = r.pointee.maxTouches == 0 ? Self.touchCapacity : Int(r.pointee.maxTouches)
            guard count < limit else { return }
            adopt(g, s)
            tracks[g].fingers &+= 1  // counted here, not per move: the count its events carry
            if count == 0 && r.pointee.edges != 0 && !nearEdge(slots[s].position, r) {
                fail(g, .notAtEdge)
                return
            }
            rebase(g, before: count)
            if count + 1 >= Int(r.pointee.minTouches) {
                if count + 1 == Int(r.pointee.minTouches) { sample(g) }
                _ = feed(g, .full)
            } else {
                _ = feed(g, .down)
            }
        case .pinch, .rotation:
            guard tracks[g].taken < 2, tracks[g].status != .active else { return }
            adopt(g, s)
            if tracks[g].taken == 1 {
                tracks[g].first = s
                _ = feed(g, .down)
            } else {
                tracks[g].second = s
                tracks[g].fingers = 2
                let (dx, dy) = (slots[s].x - slots[tracks[g].first].x, slots[s].y - slots[tracks[g].first].y)
                tracks[g].span0 = (dx * dx + dy * dy).squareRoot()
                tracks[g].lastAngle = Math.atan2(dy, dx)
                tracks[g].values = SIMD2(r.pointee.kind == .pinch ? 1 : 0, 0)
                centroid(g)
                sample(g)
                _ = feed(g, .full)
            }
        case .stroke:
            guard tracks[g].status != .active else { return }
            adopt(g, s)
            if count > 0 {
                _ = feed(g, .tooMany)
                return
            }
            tracks[g].anchorX = slots[s].x
            tracks[g].anchorY = slots[s].y
            tracks[g].location = slots[s].position
            (tracks[g].boxMin, tracks[g].boxMax) = (slots[s].position, slots[s].position)
            _ = feed(g, .down)
        case .tap, .longPress, .swipe:
            guard tracks[g].status != .active else { return }
            adopt(g, s)
            let needed = Int(r.pointee.minTouches)
            if count == 0 { startPress(g, slot: s, r) }
            guard listening(g) else { return }
            if slots[s].stoppedMomentum && r.pointee.kind != .swipe && r.pointee.options & GestureRecord.optionDuringMomentum == 0 {
                centroid(g)  // where the touch stopped the content, for the failure's line
                fail(g, .stoppedMomentum)
                return
            }
            if count + 1 > needed {
                _ = feed(g, .tooMany)
                return
            }
            guard feed(g, .down) else { return }
            if count + 1 == needed {
                tracks[g].fullTime = clock
                centroid(g)
                if tracks[g].pressIsFirst {
                    tracks[g].firstPressX = tracks[g].x
                    tracks[g].firstPressY = tracks[g].y
                }
                if r.pointee.kind == .swipe {
                    tracks[g].startX = tracks[g].x
                    tracks[g].startY = tracks[g].y
                    tracks[g].startTime = clock
                }
                if r.pointee.kind == .longPress { resetRing(g); sample(g) }
                _ = feed(g, .full)
            }
        }
    }

    /// A `together` gesture's window (v5) as a touch comes: the first finger
    /// of a press opens it; a finger once it has closed is not the
    /// gesture's (false). While short of its fingers the gesture waits in it.
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    private mutating func openWindow(_ g: GestureID, count: Int, _ r: UnsafePointer<GestureRecord>) -> Bool {
        if count == 0 {
            tracks[g].windowEnd = clock &+ r.pointee.together
        } else if clock >= tracks[g].windowEnd {
            return false
        }
        let waiting = count + 1 < Int(r.pointee.minTouches)
        if tracks[g].windowOpen && !waiting { releasePending = true }  // its fingers are here: who waited on them goes on
        tracks[g].windowOpen = waiting
        if waiting {
            // The state's own timer, then, once the finger is taken, the window's close if sooner (`armTimer`).
            tracks[g].deadline = min(tracks[g].deadline, tracks[g].windowEnd)
            earliestDeadline = min(earliestDeadline, tracks[g].windowEnd)
        }
        return true
    }

    /// Whether `p` is within `edgeWidth` of one of a screen-edge pan's edges.
    private func nearEdge(_ p: SIMD2<Double>, _ r: UnsafePointer<GestureRecord>) -> Bool {
        let edges = DirectionSet(rawValue: r.pointee.edges), w = r.pointee.edgeWidth
        let known = screenSize.x > 0 && screenSize.y > 0
        return (edges.contains(DirectionSet(.left)) && p.x <= w) || (edges.contains(DirectionSet(.up)) && p.y <= w)
            || (known && edges.contains(DirectionSet(.right)) && p.x >= screenSize.x - w)
            || (known && edges.contains(DirectionSet(.down)) && p.y >= screenSize.y - w)
    }

    /// The first finger of a press: timers, and the series' distance rule.
    private mutating func startPress(_ g: GestureID, slot s: SlotID, _ r: UnsafePointer<GestureRecord>) {
        tracks[g].pressStart = clock
        // A swipe reports where it began; until all its fingers are down, that is the first finger.
        tracks[g].startX = slots[s].x
        tracks[g].startY = slots[s].y
        if tracks[g].presses > 0 {
            let (dx, dy) = (slots[s].x - tracks[g].seriesX, slots[s].y - tracks[g].seriesY)
            if Length.exceeds(dx, dy, r.pointee.tapDistance) {
                // The press breaks the series: the gesture fails and this press starts a new one.
                _ = feed(g, .far)
                guard listening(g) else { return }
            }
        }
        if tracks[g].presses == 0 {
            tracks[g].seriesX = slots[s].x
            tracks[g].seriesY = slots[s].y
            // Until the press has all its fingers, its location is the first one's.
            tracks[g].firstPressX = slots[s].x
            tracks[g].firstPressY = slots[s].y
        }
        tracks[g].pressIsFirst = tracks[g].presses == 0
        tracks[g].presses += 1
    }

    /// The id of slot `s`'s touch as events carry it (`GestureEvent.touch`): -1 past 31 bits.
    @inline(__always)
    func touchID(slot s: SlotID) -> Int32 {
        let id = slots[s].id
        // One unsigned comparison: a negative id is a huge unsigned one.
        return UInt64(bitPattern: id) <= UInt64(Int32.max) ? Int32(truncatingIfNeeded: id) : -1
    }

    private mutating func adopt(_ g: GestureID, _ s: SlotID) {
        tracks[g].tracked |= s.bit
        tracks[g].seen |= s.bit
        tracks[g].taken += 1
        if tracks[g].taken == 1 {
            centroid(g)  // so even an early failure reports where it was
            tracks[g].firstTouch = touchID(slot: s)
        }
    }

    // MARK: Movement

    /// Only called when a tracked touch moved. One function per kind, so the
    /// common kinds do not pay for the stack frame of the largest.
    @inline(__always)
    mutating func measure(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        switch r.pointee.kind {
        case .tap, .longPress: measurePress(g, r)
        case .swipe: measureSwipe(g, r)
        case .pan, .scroll: measurePan(g, r)
        case .pinch, .rotation:
            if r.pointee.measuresEveryFinger {
                measureEveryTransform(g, r)
                return
            }
            // Until it has both its fingers (and while it keeps them) a v1 pinch or rotation only waits.
            let (a, b) = (tracks[g].first, tracks[g].second)
            guard a >= 0, b >= 0, tracks[g].tracked & a.bit != 0, tracks[g].tracked & b.bit != 0 else { return }
            measureTwoFingers(g, r)
        case .stroke: measureStroke(g, r)
        }
    }

    private mutating func measurePress(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        if r.pointee.kind == .longPress { centroid(g) }  // a tap reports its first press, not where it is
        if beyondSlop(g, r.pointee.slop) { guard feed(g, .slop) else { return } }
        if r.pointee.kind == .longPress { sample(g, tracks[g].location) }
        _ = feed(g, .move)
    }

    private mutating func measurePan(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        let minimum = Int(r.pointee.minTouches)
        if r.pointee.measuresEveryFinger {
            measureEveryFinger(g, r)
            guard tracks[g].tracked.nonzeroBitCount >= minimum else { return }
        } else {
            let (x, y) = centroid(g)
            tracks[g].values = SIMD2(tracks[g].offsetX + x - tracks[g].baseX, tracks[g].offsetY + y - tracks[g].baseY)
            // Below the minimum the pan pauses. A touch moved, so one is tracked:
            // a one-finger minimum needs no count (a long sequence without POPCNT).
            guard minimum <= 1 || tracks[g].tracked.nonzeroBitCount >= minimum else { return }
        }
        sample(g, tracks[g].values)
        // Once begun (or completed and held), a pan's threshold no longer matters.
        guard feed(g, .move), tracks[g].status == .tracking else { return }
        let (tx, ty) = (tracks[g].value0, tracks[g].value1)
        var past: Bool
        switch r.pointee.axis {
        case 1:
            past = abs(tx) > r.pointee.threshold
            if !past && abs(ty) > r.pointee.threshold { _ = feed(g, .offAxis) }
        case 2:
            past = abs(ty) > r.pointee.threshold
            if !past && abs(tx) > r.pointee.threshold { _ = feed(g, .offAxis) }
        default:
            past = Length.exceeds(tx, ty, r.pointee.threshold)
        }
        if r.pointee.flags & GestureRecord.flagPanCriteria != 0 && listening(g) {
            past = panMayBegin(g, past: past, r)
        }
        // A scroll at an edge its hand-over names, pulled past it, does not scroll: the touch goes on to the other gesture.
        if past && r.pointee.kind == .scroll && storage.handOverEdges.base[g.rawValue] != 0, let edge = edgePulledPast(g, tx, ty, r) {
            fail(g, .atEdge(edge))
            return
        }
        if past { _ = feed(g, .threshold) }
    }

    /// The edge (a `DirectionSet` raw value) a scroll's first movement past
    /// its slop would scroll it beyond, when the platform says the scroll is
    /// at that edge and a hand-over rule names it (v4 `at`); nil otherwise.
    /// A finger moving down pulls past the top edge, up the bottom, right the
    /// left, left the right; a scroll of both axes goes by the larger movement.
    private func edgePulledPast(_ g: GestureID, _ tx: Double, _ ty: Double, _ r: UnsafePointer<GestureRecord>) -> UInt8? {
        let vertical = r.pointee.axis == Axis.vertical.rawValue || (r.pointee.axis == Axis.any.rawValue && abs(ty) >= abs(tx))
        let edge = DirectionSet(vertical ? (ty > 0 ? .up : .down) : (tx > 0 ? .left : .right)).rawValue
        return storage.handOverEdges.base[g.rawValue] & storage.scrollEdges.base[g.rawValue] & edge != 0 ? edge : nil
    }

    /// A pan with offsets or a minimum velocity, undecided: fails it once its
    /// translation leaves a fail range; otherwise whether it may begin now
    /// (`past`: its threshold is; an active range it has is left, any one of
    /// them; its velocity reaches `minVelocity`), as react-native-gesture-handler's pan.
    private mutating func panMayBegin(_ g: GestureID, past: Bool, _ r: UnsafePointer<GestureRecord>) -> Bool {
        @inline(__always) func outside(_ v: Double, _ range: SIMD2<Double>) -> Bool { v < range.x || v > range.y }
        let t = tracks[g].values
        if outside(t.x, r.pointee.failOffsetX) || outside(t.y, r.pointee.failOffsetY) {
            fail(g, .failOffset(vertical: !outside(t.x, r.pointee.failOffsetX)))
            return false
        }
        guard past else { return false }
        let unset = GestureRecord.unsetOffset
        if r.pointee.activeOffsetX != unset || r.pointee.activeOffsetY != unset {
            guard outside(t.x, r.pointee.activeOffsetX) || outside(t.y, r.pointee.activeOffsetY) else { return false }
        }
        if r.pointee.minVelocity > 0 {
            let v = velocity(g)
            guard (v.0 * v.0 + v.1 * v.1).squareRoot() >= r.pointee.minVelocity else { return false }
        }
        return true
    }

    private mutating func measureTwoFingers(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        let (a, b) = (tracks[g].first, tracks[g].second)  // both tracked (`measure`)
        centroid(g)
        let (dx, dy) = (slots[b].x - slots[a].x, slots[b].y - slots[a].y)
        if r.pointee.kind == .pinch {
            let span0 = tracks[g].span0
            tracks[g].values = SIMD2(span0 > 0 ? (dx * dx + dy * dy).squareRoot() / span0 : 1, 0)
        } else {
            let angle = Math.atan2(dy, dx)
            var delta = angle - tracks[g].lastAngle
            if delta > .pi { delta -= 2 * .pi } else if delta <= -.pi { delta += 2 * .pi }
            tracks[g].values = SIMD2(tracks[g].value0 + delta, 0)
            tracks[g].lastAngle = angle
        }
        sample(g, tracks[g].values)
        guard feed(g, .move), tracks[g].status == .tracking else { return }
        let change = r.pointee.kind == .pinch ? abs(tracks[g].value0 - 1) : abs(tracks[g].value0)
        if change > r.pointee.threshold { _ = feed(g, .threshold) }
    }

    @inline(__always)  // a call would copy the whole engine to pass `self`
    private func beyondSlop(_ g: GestureID, _ slop: Double) -> Bool {
        var tracked = tracks[g].tracked
        while tracked != 0 {
            let s = SlotID(lowestIn: tracked)
            tracked &= tracked - 1
            if Length.exceeds(slots[s].x - slots[s].downX, slots[s].y - slots[s].downY, slop) { return true }
        }
        return false
    }

    private mutating func measureSwipe(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        // Until all its fingers are down a swipe only waits (it reports where it began, not its centroid).
        guard tracks[g].tracked.nonzeroBitCount == Int(r.pointee.minTouches) else { return }
        centroid(g)
        let dx = tracks[g].x - tracks[g].startX
        let dy = tracks[g].y - tracks[g].startY
        guard Length.reaches(dx, dy, r.pointee.minDistance) else { return }
        let distance = (dx * dx + dy * dy).squareRoot()
        var best = Direction.right
        var bestAngle = Double.infinity
        // right, up, left, down: the swipe directions, raw values 0, 2, 4, 6 (a stride: no array on this path).
        for raw in stride(from: UInt8(0), to: 8, by: 2) where r.pointee.directions & (1 << raw) != 0 {
            guard let d = Direction(rawValue: raw) else { continue }
            let ux = d == .right ? 1.0 : d == .left ? -1.0 : 0
            let uy = d == .down ? 1.0 : d == .up ? -1.0 : 0
            let cosine = max(-1, min(1, (dx * ux + dy * uy) / distance))
            let angle = Math.acos(cosine)
            if angle < bestAngle {
                bestAngle = angle
                best = d
            }
        }
        let elapsed = Double(clock - tracks[g].startTime) / 1_000_000
        let fastEnough = elapsed <= 0 || distance / elapsed >= r.pointee.minVelocity
        if bestAngle <= r.pointee.maxAngle + 1e-12 && fastEnough {
            tracks[g].direction = best
            _ = feed(g, .swipe)
        } else {
            _ = feed(g, .swipeFail)
        }
    }

    // MARK: Every finger (v5)

    /// A new touch for a transform that measures every finger: taken up to
    /// its maximum. It joins the measurement at the end of the frame
    /// (`fingersChanged`): this frame's values come from the fingers that
    /// were already down.
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    private mutating func takeEveryFinger(_ g: GestureID, slot s: SlotID, count: Int, _ r: UnsafePointer<GestureRecord>) {
        let limit = r.pointee.maxTouches == 0 ? Self.touchCapacity : Int(r.pointee.maxTouches)
        guard count < limit else { return }
        adopt(g, s)
        if count == 0 {
            if r.pointee.edges != 0 && !nearEdge(slots[s].position, r) {
                fail(g, .notAtEdge)
                return
            }
            tracks[g].values = SIMD2(r.pointee.kind == .pinch ? 1 : 0, 0)
        }
        guard tracks[g].status != .active else { return }
        if count + 1 == Int(r.pointee.minTouches) {
            centroid(g)
            _ = step(g, .full)
        } else if count + 1 < Int(r.pointee.minTouches) {
            _ = step(g, .down)
        }
    }

    /// The fingers a transform measures changed in this frame (one landed,
    /// or lifted): what its `fingers` policy says, then a new base, so that
    /// the change itself moves no value.
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    private mutating func fingersChanged(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        let count = tracks[g].tracked.nonzeroBitCount
        if tracks[g].status == .active {
            let policy = FingerPolicy(rawValue: r.pointee.fingers) ?? .continue
            if policy != .continue || count < Int(r.pointee.minTouches) {
                _ = step(g, .allUp)  // the active states' way out: ended, with this frame's values
                guard policy == .restart && count >= Int(r.pointee.minTouches) else { return }
                restartTransform(g, r)
                return
            }
        }
        rebaseEveryFinger(g, r)
    }

    /// `fingers: restart`: the ended gesture begins again at once with the
    /// touches down, its values from zero (scale 1).
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    private mutating func restartTransform(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        let (tracked, armedBy) = (tracks[g].tracked, tracks[g].armedBy)
        tracks[g].reset(start: transitions.startState(g))
        tracks[g].armedBy = armedBy
        setStatus(g, .tracking)
        (tracks[g].tracked, tracks[g].seen, tracks[g].taken) = (tracked, tracked, tracked.nonzeroBitCount)
        tracks[g].firstTouch = touchID(slot: SlotID(lowestIn: tracked))
        tracks[g].values = SIMD2(r.pointee.kind == .pinch ? 1 : 0, 0)
        tracks[g].fingers = UInt8(truncatingIfNeeded: tracked.nonzeroBitCount)
        rebaseEveryFinger(g, r)
        centroid(g)
        sample(g, tracks[g].values)
        guard step(g, .full) else { return }
        _ = step(g, .threshold)
    }

    /// The measured fingers become those down now, the values carried over
    /// as the new base (`measureEveryFinger` goes on from them).
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    mutating func rebaseEveryFinger(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        let fingers = tracks[g].tracked
        tracks[g].measured = fingers
        switch r.pointee.kind {
        case .pinch:
            tracks[g].offsetX = tracks[g].value0
            tracks[g].span0 = meanSpan(fingers)
        case .rotation:
            break  // measured frame to frame
        default:
            let c = centroid(of: fingers, current: true)
            (tracks[g].offsetX, tracks[g].offsetY) = (tracks[g].value0, tracks[g].value1)
            (tracks[g].baseX, tracks[g].baseY) = (c.x, c.y)
        }
    }

    /// `measureTwoFingers` for a pinch or rotation that measures every
    /// finger: its own function, so that the v1 pair's stays as it was (the
    /// report and threshold lines are the same).
    @inline(never)
    private mutating func measureEveryTransform(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        measureEveryFinger(g, r)
        guard tracks[g].tracked.nonzeroBitCount >= Int(r.pointee.minTouches) else { return }
        sample(g, tracks[g].values)
        guard step(g, .move), tracks[g].status == .tracking else { return }
        let change = r.pointee.kind == .pinch ? abs(tracks[g].value0 - 1) : abs(tracks[g].value0)
        if change > r.pointee.threshold { _ = step(g, .threshold) }
    }

    /// A frame's values from the fingers down in it and in the frame before
    /// (`Track.measured`): translation the movement of their centroid, scale
    /// the ratio of their mean distances to it, rotation the mean of each
    /// finger's turn about it weighted by its distance (Compose's rule).
    @inline(never)  // a v5 path: kept out of the callers the hot path shares
    private mutating func measureEveryFinger(_ g: GestureID, _ r: UnsafePointer<GestureRecord>) {
        centroid(g)  // the location: every finger down
        let fingers = tracks[g].measured
        let n = fingers.nonzeroBitCount
        tracks[g].fingers = UInt8(truncatingIfNeeded: n)
        switch r.pointee.kind {
        case .pinch:
            guard n >= 2, tracks[g].span0 > 0 else { return }
            tracks[g].values = SIMD2(tracks[g].offsetX * meanSpan(fingers) / tracks[g].span0, 0)
        case .rotation:
            guard n >= 2 else { return }
            tracks[g].values = SIMD2(tracks[g].value0 + turn(fingers), 0)
        default:
            guard n > 0 else { return }
            let c = centroid(of: fingers, current: true)
            tracks[g].values = SIMD2(tracks[g].offsetX + c.x - tracks[g].baseX, tracks[g].offsetY + c.y - tracks[g].baseY)
        }
    }

    /// Where slot `s` is now, or (`current` false) was at the end of the
    /// previous frame (kept for the rotations that need it, `keepsPrevious`).
    @inline(__always)
    private func position(_ s: SlotID, current: Bool) -> SIMD2<Double> {
        current ? slots[s].position : slots[s].previous
    }

    /// The centroid of the slots in `mask` (not empty).
    private func centroid(of mask: UInt32, current: Bool) -> SIMD2<Double> {
        var (sum, n, bits) = (SIMD2<Double>(0, 0), 0.0, mask)
        while bits != 0 {
            let s = SlotID(lowestIn: bits)
            bits &= bits &- 1
            sum += position(s, current: current)
            n += 1
        }
        return n == 1 ? sum : sum / n
    }

    /// The mean distance of the slots in `mask` to their centroid now; for
    /// two, half their distance, computed as that (the v1 pinch's span, halved).
    private func meanSpan(_ mask: UInt32) -> Double {
        guard mask.nonzeroBitCount >= 2 else { return 0 }
        if mask.nonzeroBitCount == 2 {
            let a = SlotID(lowestIn: mask), b = SlotID(lowestIn: mask & (mask &- 1))
            let d = slots[b].position - slots[a].position
            return (d.x * d.x + d.y * d.y).squareRoot() / 2
        }
        let c = centroid(of: mask, current: true)
        var (sum, bits) = (0.0, mask)
        while bits != 0 {
            let s = SlotID(lowestIn: bits)
            bits &= bits &- 1
            let d = slots[s].position - c
            sum += (d.x * d.x + d.y * d.y).squareRoot()
        }
        return sum / Double(mask.nonzeroBitCount)
    }

    /// This frame's rotation of the slots in `mask` (at least two), radians
    /// clockwise on screen: each finger's change of angle about the centroid,
    /// in (-π, π], weighted by the length of the mean of its two offsets
    /// from the centroid (Compose's `calculateRotation`). Two fingers turn as
    /// the line between them (the same value, without the centroid).
    private func turn(_ mask: UInt32) -> Double {
        @inline(__always) func wrapped(_ a: Double) -> Double { a > .pi ? a - 2 * .pi : a <= -.pi ? a + 2 * .pi : a }
        if mask.nonzeroBitCount == 2 {
            let a = SlotID(lowestIn: mask), b = SlotID(lowestIn: mask & (mask &- 1))
            let now = position(b, current: true) - position(a, current: true)
            let before = position(b, current: false) - position(a, current: false)
            return wrapped(Math.atan2(now.y, now.x) - Math.atan2(before.y, before.x))
        }
        let (c1, c0) = (centroid(of: mask, current: true), centroid(of: mask, current: false))
        var (sum, weights, bits) = (0.0, 0.0, mask)
        while bits != 0 {
            let s = SlotID(lowestIn: bits)
            bits &= bits &- 1
            let (now, before) = (position(s, current: true) - c1, position(s, current: false) - c0)
            let mean = (now + before) / 2
            let weight = (mean.x * mean.x + mean.y * mean.y).squareRoot()
            sum += wrapped(Math.atan2(now.y, now.x) - Math.atan2(before.y, before.x)) * weight
            weights += weight
        }
        return weights > 0 ? sum / weights : 0
    }

    // MARK: Lifts

    private mutating func release(_ g: GestureID, slot s: SlotID, cancelled: Bool, _ r: UnsafePointer<GestureRecord>) {
        let before = tracks[g].tracked.nonzeroBitCount
        tracks[g].tracked &= ~s.bit
        if cancelled {
            _ = feed(g, .cancel)
            return
        }
        if tracks[g].tracked == 0 {
            tracks[g].lastLift = clock
            if r.pointee.kind == .stroke { guard finishStroke(g, r) else { return } }
            _ = feed(g, .allUp)
        } else if r.pointee.measuresEveryFinger {
            // The count change is the frame's end's (`fingersChanged`); a lift that leaves fewer than its minimum fails an attempt.
            if tracks[g].tracked.nonzeroBitCount < Int(r.pointee.minTouches) && tracks[g].status != .active { _ = feed(g, .lift) }
        } else {
            if r.pointee.kind == .pan || r.pointee.kind == .scroll { rebase(g, before: before) }
            _ = feed(g, .lift)
            // A v1 pan's count, after the lift's events (`ended` carries the fingers of its last frame).
            if r.pointee.kind == .pan || r.pointee.kind == .scroll { tracks[g].fingers &-= 1 }
        }
    }

    // MARK: Values

    /// The centroid of the tracked touches, kept as the gesture's location and returned.
    @discardableResult @inline(__always)
    mutating func centroid(_ g: GestureID) -> (x: Double, y: Double) {
        let tracked = tracks[g].tracked
        // Most gestures track the same touches: each set's centroid is computed once per frame.
        if tracked != centroidMask || tracked == 0 { return computeCentroid(g) }
        tracks[g].location = centroid
        return (centroid.x, centroid.y)
    }

    /// `centroid` for a touch set other than the last one's.
    private mutating func computeCentroid(_ g: GestureID) -> (x: Double, y: Double) {
        var tracked = tracks[g].tracked
        guard tracked != 0 else { return (tracks[g].x, tracks[g].y) }
        centroidMask = tracked
        if tracked & (tracked &- 1) == 0 {
            // One touch: its position, without the division (0.0 + keeps -0.0 printing as the sum did).
            let s = SlotID(lowestIn: tracked)
            centroid = SIMD2(0.0 + slots[s].x, 0.0 + slots[s].y)
        } else {
            var (sx, sy, n) = (0.0, 0.0, 0.0)
            while tracked != 0 {
                let s = SlotID(lowestIn: tracked)
                tracked &= tracked - 1
                sx += slots[s].x
                sy += slots[s].y
                n += 1
            }
            centroid = SIMD2(sx / n, sy / n)
        }
        tracks[g].location = centroid
        return (centroid.x, centroid.y)
    }

    /// Keeps a pan's translation continuous when its finger count changes.
    private mutating func rebase(_ g: GestureID, before: Int) {
        if before > 0 {
            tracks[g].offsetX += tracks[g].x - tracks[g].baseX
            tracks[g].offsetY += tracks[g].y - tracks[g].baseY
        }
        centroid(g)
        tracks[g].baseX = tracks[g].x
        tracks[g].baseY = tracks[g].y
    }

    /// `Track.steadySince` worked out from the ring, for samples put there
    /// other than by `sample` (a hand-over's).
    mutating func findSteadySince(_ g: GestureID) {
        let samples = ring + g.rawValue &* Self.ringSize
        let mask = Self.ringSize &- 1
        let count = Int(tracks[g].ringCount), head = Int(tracks[g].ringHead)
        guard count > 0 else { return }
        let newest = samples[(head &- 1) & mask]
        var k = 2
        while k <= count, samples[(head &- k) & mask].values == newest.values { k &+= 1 }
        tracks[g].steadySince = samples[(head &- (k &- 1)) & mask].time
    }

    mutating func resetRing(_ g: GestureID) {
        tracks[g].ringHead = 0
        tracks[g].ringCount = 0
        tracks[g].fitValid = false
    }

    /// Records the current values for velocities, dropping the oldest beyond
    /// `velocitySamples`; the fit's sums follow once the gesture has one.
    mutating func sample(_ g: GestureID) {
        sample(g, records[g].kind == .longPress ? tracks[g].location : tracks[g].values)
    }

    /// `sample` for a caller that knows which values its kind samples
    /// (inline: a move of a continuous gesture samples every time).
    @inline(__always)
    mutating func sample(_ g: GestureID, _ values: SIMD2<Double>) {
        let samples = ring + g.rawValue &* Self.ringSize
        let mask = Self.ringSize &- 1
        let head = Int(tracks[g].ringHead)
        let count = tracks[g].ringCount
        let valid = tracks[g].fitValid
        if count == Self.velocitySamples {
            if valid { fits[g].add(samples[(head &- Int(count)) & mask], -1) }
            tracks[g].ringCount = count &- 1
        }
        if count == 0 || samples[(head &- 1) & mask].values != values { tracks[g].steadySince = clock }
        let new = VelocitySample(time: clock, values: values)
        samples[head] = new
        tracks[g].ringHead = Int32(truncatingIfNeeded: (head &+ 1) & mask)
        tracks[g].ringCount &+= 1
        guard valid else { return }
        if clock &- fits[g].origin > 500_000 { refit(g) } else { fits[g].add(new, 1) }
    }

    /// The fit's sums recomputed from the live samples, with the newest as origin.
    private mutating func refit(_ g: GestureID) {
        let samples = ring + g.rawValue &* Self.ringSize
        let mask = Self.ringSize &- 1
        let count = Int(tracks[g].ringCount), head = Int(tracks[g].ringHead)
        var fit = VelocityFit(origin: samples[(head &- 1) & mask].time)
        for k in 0..<count { fit.add(samples[(head &- count &+ k) & mask], 1) }
        fits[g] = fit
        tracks[g].fitValid = true
    }

    /// The derivative at the newest sample of a least-squares polynomial of
    /// degree 2 (1 with two samples) through the samples of the last 100 ms,
    /// at most 20; 0 with fewer than two, or once 40 ms have passed since the
    /// value last changed (docs/semantics.md, "velocity"). Samples that fell
    /// out of the window are dropped for good: the clock only moves forward.
    @inline(__always)  // one call fewer per report
    mutating func velocity(_ g: GestureID) -> (Double, Double) {
        let samples = ring + g.rawValue &* Self.ringSize
        let mask = Self.ringSize &- 1
        var count = Int(tracks[g].ringCount)
        let head = Int(tracks[g].ringHead)
        let valid = tracks[g].fitValid
        var oldest = samples + ((head &- count) & mask)
        if count > 0 && clock &- oldest.pointee.time > Self.velocityWindow {
            repeat {
                if valid { fits[g].add(oldest.pointee, -1) }
                count &-= 1
                oldest = samples + ((head &- count) & mask)
            } while count > 0 && clock &- oldest.pointee.time > Self.velocityWindow
            tracks[g].ringCount = Int32(truncatingIfNeeded: count)
        }
        guard count >= 2 else { return (0, 0) }
        // When the value last changed: the oldest live sample of the newest
        // ones that all equal the newest (times only grow along the ring).
        let newest = samples[(head &- 1) & mask]
        let changed = max(tracks[g].steadySince, oldest.pointee.time)
        guard clock &- changed < Self.velocityStop else { return (0, 0) }
        if !valid { refit(g) }
        let v = fits[g].derivative(at: newest.time)
        return (v.x, v.y)
    }
}
