/// Handing a live gesture over (v3 `A hands over to B`): the app moves an
/// active continuous gesture's touches to another one in the same touch, as a
/// list at its top hands the finger to the sheet it sits in. See
/// docs/semantics.md ("Handing a live gesture over").
extension GestureEngine {
    /// Hands active gesture `a` over at `time` to the first gesture its rules
    /// name that is enabled, free (not in an attempt of its own) and able to
    /// take `a`'s touches: `a` is cancelled where it is and that gesture
    /// begins with the touches, its values measured from now. Otherwise
    /// nothing changes (an explanation says why).
    package mutating func handOver(from a: GestureID, at time: Microseconds) {
        makeUnique()
        prepareControl(at: time)
        guard tracks[a].status == .active else {
            if explains { explain(a, .notHandedOver(first: nil)) }
            return
        }
        for target in table.handOverTargets(of: a) {
            let b = GestureID(target)
            guard isEnabled(b), tracks[b].status == .idle || tracks[b].status == .done, canTake(b, tracks[a].tracked),
                  let began = beganState(b) else { continue }
            if explains { explain(a, .handedOver(to: b)) }
            cancelActive(a)
            takeOver(b, from: a, state: began)
            settleAfterControl()
            return
        }
        if explains { explain(a, .notHandedOver(first: table.handOverTargets(of: a).first.map { GestureID($0) })) }
    }

    /// Whether gesture `b` can measure the touches `touches`: as many as its `touches` allows, each one it would see.
    private func canTake(_ b: GestureID, _ touches: UInt32) -> Bool {
        let count = touches.nonzeroBitCount
        let r = records[b]
        guard count >= Int(r.minTouches), r.maxTouches == 0 || count <= Int(r.maxTouches) else { return false }
        var mask = touches
        while mask != 0 {
            let s = SlotID(lowestIn: mask)
            mask &= mask - 1
            guard sees(b, s) else { return false }
        }
        return true
    }

    /// The state `b`'s automaton begins in: where its fingers being down and
    /// its threshold being crossed lead from its start (nil: a table whose
    /// automaton does not begin there, which then takes nothing).
    private func beganState(_ b: GestureID) -> StateID? {
        var state = transitions.startState(b)
        for symbol in [Symbol.full, .threshold] { state = transitions.next(b, state, symbol) }
        return transitions.output(b, state) == .began ? state : nil
    }

    /// `b` begins with `a`'s touches: translation 0, scale 1, rotation 0 from
    /// here; the same kind (or a pan and a scroll) keeps `a`'s velocity samples, shifted to `b`'s values.
    private mutating func takeOver(_ b: GestureID, from a: GestureID, state: StateID) {
        applyChanges(b)  // its attempt starts now
        let (touches, firstTouch) = (tracks[a].tracked, tracks[a].firstTouch)
        tracks[b].reset(start: state)
        (tracks[b].tracked, tracks[b].seen, tracks[b].taken) = (touches, touches, touches.nonzeroBitCount)
        tracks[b].firstTouch = firstTouch  // its events began where `a`'s did
        tracks[b].pressStart = clock
        let kind = records[b].kind
        let (x, y) = centroid(b)
        switch kind {
        case .pinch, .rotation:
            let sameTwo = records[a].kind == .pinch || records[a].kind == .rotation
            let first = sameTwo ? tracks[a].first : SlotID(lowestIn: touches)
            let second = sameTwo ? tracks[a].second : SlotID(lowestIn: touches & (touches - 1))
            (tracks[b].first, tracks[b].second) = (first, second)
            let (dx, dy) = (slots[second].x - slots[first].x, slots[second].y - slots[first].y)
            tracks[b].span0 = (dx * dx + dy * dy).squareRoot()
            tracks[b].lastAngle = Math.atan2(dy, dx)
            tracks[b].values = SIMD2(kind == .pinch ? 1 : 0, 0)
        case .pan, .scroll:
            (tracks[b].baseX, tracks[b].baseY) = (x, y)
        case .tap, .longPress, .swipe, .stroke:
            break  // never linked (`GestureKind.handsOver`)
        }
        tracks[b].fingers = UInt8(truncatingIfNeeded: touches.nonzeroBitCount)
        if records[b].measuresEveryFinger {
            tracks[b].values = SIMD2(kind == .pinch ? 1 : 0, 0)
            rebaseEveryFinger(b, UnsafePointer(records + b))
        } else if kind == .pinch || kind == .rotation {
            tracks[b].fingers = 2  // its v1 pair
        }
        // A pan and a scroll measure the same quantity, a translation.
        let translates = { (k: GestureKind) in k == .pan || k == .scroll }
        if (kind == records[a].kind || translates(kind) && translates(records[a].kind)) && tracks[a].ringCount > 0 {
            // The same quantity measured from another origin: the samples shift, their slope stays.
            let from = ring + a.rawValue &* Self.ringSize, to = ring + b.rawValue &* Self.ringSize
            let now = tracks[a].values
            for k in 0..<Self.ringSize {
                to[k] = from[k]
                if kind == .pinch {
                    to[k].values.x = now.x != 0 ? from[k].values.x / now.x : 1
                } else {
                    to[k].values -= now
                }
            }
            (tracks[b].ringHead, tracks[b].ringCount, tracks[b].fitValid) = (tracks[a].ringHead, tracks[a].ringCount, false)
            findSteadySince(b)
        } else {
            resetRing(b)
            sample(b)
        }
        setStatus(b, .tracking)
        armTimer(b, transitions.timer(b, state))
        cancelTouches(of: b)
        emit(b, .began)
        activate(b)
        exclude(b)
    }
}
