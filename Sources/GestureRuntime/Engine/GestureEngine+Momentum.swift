/// Momentum (v5; docs/semantics.md, "A touch that stops momentum"): after a
/// settle's fling, or while the host says a platform scroll decelerates, a
/// touch coming down on that view stops the content, and that touch is no
/// tap or long press of the set. Off the hot path: a touch tests one time
/// (`momentumEnd`) unless momentum may be running.
extension GestureEngine {
    /// The value's resolution for how long a settle's momentum runs: half a
    /// point of a translation, a 200-point pinch's point, a third of a degree.
    static func momentumTolerance(_ kind: GestureKind) -> Double { kind == .pan || kind == .scroll ? 0.5 : 0.005 }

    /// Gesture `g`'s momentum runs until `until` (µs; `Int64.min`: it does not run).
    mutating func setMomentum(_ g: GestureID, until: Int64) {
        storage.momentumUntil.base[g.rawValue] = until
        if until > momentumEnd { momentumEnd = until }
    }

    /// Touch slot `s` came down while some momentum may run: if one runs on
    /// its view (the gesture's view or one inside it), the touch stops it.
    @inline(never)
    mutating func stopMomentum(_ s: SlotID) {
        let until = storage.momentumUntil.base
        var latest = Int64.min
        for g in gestureRange where until[g.rawValue] > frameTime {
            if !hasViews || table.view(table.view(of: g), contains: slots[s].view) {
                slots[s].stoppedMomentum = true
                until[g.rawValue] = .min  // the content stopped under the finger
            } else {
                latest = max(latest, until[g.rawValue])
            }
        }
        momentumEnd = latest
    }

    /// Says at `time` whether the platform's momentum runs for scroll `g`
    /// (or for a gesture with a settle whose animation the app ended
    /// early): from `true` until `false`, a touch coming down on its view
    /// fails the set's taps and long presses (docs/semantics.md).
    package mutating func setMomentum(_ running: Bool, gesture g: GestureID, at time: Microseconds) {
        makeUnique()
        prepareControl(at: time)
        setMomentum(g, until: running ? .max : .min)
    }
}
