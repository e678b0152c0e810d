/// Where a gesture with a settle stands between its attempts (v5): the
/// value its last release rested at, and its marks' sides.
struct SettleState {
    /// Where the value rests: its last release's `rest`, at first `Settle.start`.
    var origin = 0.0
    /// Bit k: the value is past mark k (at or above it).
    var above: UInt64 = 0
    /// The anchor the value last passed through in this attempt (at first the one it rests at), and the value then.
    var passed: Int32 = 0
    var last = 0.0
    /// Bit k: mark k's last crossing was reported, so crossing it back needs
    /// the gesture's threshold beyond it (hysteresis: a value hovering at a mark does not repeat).
    var crossed: UInt64 = 0
}

/// Release decisions (v5 `settle`; docs/semantics.md, "Settle"): the reported
/// value rubber-banded past its bounds, marks crossed, and at `ended` where
/// the value comes to rest. Off the hot path: a set without a settle pays
/// one test of `hasSettles` per event.
extension GestureEngine {
    /// The settled value of `e` as `settle` measures it: the gesture's own
    /// value (the translation along the axis, the scale, the rotation) from where it last rested.
    @inline(__always)
    private func position(_ e: GestureEvent, _ s: Settle, origin: Double, isScale: Bool) -> Double {
        let raw = s.component == 0 ? e.value0 : e.value1
        return isScale ? origin * raw : origin + raw
    }

    /// `e` with its value as shown: past the bounds, rubber-banded.
    @inline(never)
    mutating func band(_ e: inout GestureEvent, _ g: GestureID) {
        guard let s = settles[g.rawValue], e.state != .failed else { return }
        let isScale = records[g].kind == .pinch
        let origin = storage.settleStates.base[g.rawValue].origin
        let x = position(e, s, origin: origin, isScale: isScale)
        let shown = s.banded(x)
        guard shown != x else { return }
        let raw = isScale ? (origin != 0 ? shown / origin : 0) : shown - origin
        if s.component == 0 { e.value0 = raw } else { e.value1 = raw }
    }

    /// Appends `e`, an event of gesture `g`, which has a settle: at `began`,
    /// its marks' sides from where it rests; at `ended`, the decision; after
    /// the event, the marks its value crossed.
    @inline(never)
    mutating func append(settling e: GestureEvent, _ g: GestureID) {
        guard let s = settles[g.rawValue] else {
            events.append(e)
            return
        }
        var e = e
        band(&e, g)
        let isScale = records[g].kind == .pinch
        let saved = storage.settleStates.base + g.rawValue
        if e.state == .began { start(saved, s) }
        let x = position(e, s, origin: saved.pointee.origin, isScale: isScale)
        if let k = s.anchor(passedFrom: saved.pointee.last, to: x) { saved.pointee.passed = Int32(truncatingIfNeeded: k) }
        saved.pointee.last = x
        if e.state == .ended {
            let raw = s.component == 0 ? e.velocity0 : e.velocity1
            let v = isScale ? saved.pointee.origin * raw : raw
            let decision = s.decide(position: x, from: Int(saved.pointee.passed), velocity: v)
            (e.projected, e.rest, e.anchor) = (decision.projected, decision.rest, decision.anchor)
            if explains { explain(g, .settled(position: x, velocity: v, from: Int(saved.pointee.passed))) }
            let duration = s.momentumDuration(velocity: v, tolerance: Self.momentumTolerance(records[g].kind))
            if duration > 0 { setMomentum(g, until: clock &+ duration) }
        }
        events.append(e)
        if e.state == .began || e.state == .changed || e.state == .ended { crossMarks(g, e, x, saved, s) }
        if e.state == .ended { saved.pointee.origin = e.rest }
    }

    /// A begun attempt: from the anchor it rests at (the nearest), each mark's side from there, none crossed yet.
    private func start(_ state: UnsafeMutablePointer<SettleState>, _ s: Settle) {
        let origin = state.pointee.origin
        var above: UInt64 = 0
        for k in s.marks.indices where origin >= s.marks[k] { above |= 1 << UInt64(k) }
        (state.pointee.above, state.pointee.crossed) = (above, 0)
        state.pointee.passed = s.hasAnchors ? Int32(truncatingIfNeeded: s.anchor(nearest: origin).index) : 0
        state.pointee.last = origin
    }

    /// Reports each mark value `x` crossed since the last event (`marked`,
    /// after `e`): up as it reaches the mark, down as it falls below; once a
    /// crossing was reported, crossing back needs the touch slop beyond the mark.
    private mutating func crossMarks(_ g: GestureID, _ e: GestureEvent, _ x: Double, _ state: UnsafeMutablePointer<SettleState>, _ s: Settle) {
        let slop = records[g].threshold  // the profile's touch slop unless the spec sets it
        for k in s.marks.indices {
            let m = s.marks[k], bit: UInt64 = 1 << UInt64(k)
            let above = state.pointee.above & bit != 0
            let margin = state.pointee.crossed & bit != 0 ? slop : 0
            guard above ? x < m - margin : x >= m + margin else { continue }
            state.pointee.above ^= bit
            state.pointee.crossed |= bit
            var marked = e
            (marked.state, marked.mark, marked.direction) = (.marked, k, above ? .down : .up)
            (marked.projected, marked.rest) = (.nan, .nan)
            events.append(marked)
        }
    }
}
