/// `after` rules: a gesture armed by another. See docs/semantics.md ("Sequencing").
extension GestureEngine {
    /// The source that arms `g` now, if one does: a continuous one that is
    /// active, or a discrete one recognized at most `within` ago.
    func armingSource(_ g: GestureID) -> GestureID? {
        for i in rules.afterEntries(of: g) {
            let a = GestureID(rules.afterTarget[i]), within = rules.afterWithin[i]
            if within == 0 {
                if tracks[a].status == .active { return a }
            } else if recognizedAt[a] != .min && clock &- recognizedAt[a] <= within {
                return a
            }
        }
        return nil
    }

    /// Continuous gesture `a` began: each idle gesture it arms starts an
    /// attempt with the touches `a` holds, measuring from now (a pan's
    /// translation starts where `a` began).
    @inline(never)
    mutating func arm(from a: GestureID) {
        for b in rules.armed(by: a) where tracks[GestureID(b)].status == .idle && gates[GestureID(b)] & EngineStorage.gateDisabled == 0 {
            let g = GestureID(b)
            applyChanges(g)
            // Not the touches lifting in this frame: the frame's lifts reach `a` after this, and never `g`.
            var touches = tracks[a].tracked
            for lift in frameEnded { touches &= ~lift.slot.bit }
            if hasViews { for s in SlotID(0)..<SlotID(Self.slotCount) where touches & s.bit != 0 && !sees(g, s) { touches &= ~s.bit } }
            guard touches != 0 else { continue }
            tracks[g].reset(start: transitions.startState(g))
            tracks[g].armedBy = Int32(truncatingIfNeeded: a.rawValue)
            setStatus(g, .tracking)
            resetRing(g)
            let record = UnsafePointer(records + g)
            while touches != 0 && listening(g) {
                let s = SlotID(lowestIn: touches)
                touches &= touches &- 1
                take(g, slot: s, record)
            }
        }
    }

    /// Continuous gesture `a` ended, failed or was cancelled: the gestures it
    /// armed that have not begun or been recognized fail now.
    @inline(never)  // rare: kept out of `finish`, which is inlined on the hot path
    mutating func disarm(from a: GestureID) {
        for b in rules.armed(by: a) {
            let g = GestureID(b)
            guard tracks[g].armedBy == Int32(truncatingIfNeeded: a.rawValue) else { continue }
            // Another continuous source still active keeps it armed.
            if let other = armingSource(g), other != a, records[other].kind.isContinuous {
                tracks[g].armedBy = Int32(truncatingIfNeeded: other.rawValue)
                continue
            }
            tracks[g].armedBy = -1
            fail(g, .disarmed(a))
        }
    }
}
