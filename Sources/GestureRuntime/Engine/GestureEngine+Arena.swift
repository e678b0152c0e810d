/// The arena: automaton steps, what each state's output means, exclusivity,
/// `requires` holds and their release.
extension GestureEngine {
    /// Steps gesture `g`'s automaton on `symbol` and acts on the state it
    /// enters. Returns whether the gesture still listens to this frame.
    @discardableResult @inline(__always)
    mutating func feed(_ g: GestureID, _ symbol: Symbol) -> Bool {
        guard listening(g) else { return false }
        let old = tracks[g].state
        let new = transitions.next(g, old, symbol)
        // Most symbols leave the state as it is: that path stays inline and short.
        if new == old && symbol != .move { return true }
        return enter(g, new, from: old, on: symbol)
    }

    /// `feed` for paths that are not the hot one (v5's finger changes): one
    /// copy of the step, not one inlined per call site.
    @discardableResult @inline(never)
    mutating func step(_ g: GestureID, _ symbol: Symbol) -> Bool { feed(g, symbol) }

    private mutating func enter(_ g: GestureID, _ new: StateID, from old: StateID, on symbol: Symbol) -> Bool {
        let output = transitions.output(g, new)
        tracks[g].state = new
        if new != old {
            armTimer(g, transitions.timer(g, new))
            act(g, output, on: symbol, from: old)
        } else if output == .changed && tracks[g].status == .active {
            emit(g, .changed)  // a changed state re-entered by a move reports again (as `act` would)
        }
        return listening(g)
    }

    mutating func armTimer(_ g: GestureID, _ timer: StateTimer) {
        let deadline: Int64 = switch timer {
        case .none: .max
        case .pressDuration: tracks[g].pressStart &+ timer.duration(of: records[g])
        case .interval: tracks[g].lastLift &+ timer.duration(of: records[g])
        case .hold: tracks[g].fullTime &+ timer.duration(of: records[g])
        }
        // A `together` window still waiting for fingers closes first if it closes sooner.
        let armed = tracks[g].windowOpen ? min(deadline, tracks[g].windowEnd) : deadline
        tracks[g].deadline = armed
        if armed < earliestDeadline { earliestDeadline = armed }
    }

    /// Gesture `g`'s `together` window closed: short of its fingers, it
    /// fails; with them (the window had no more to do) its own timer goes on.
    mutating func closeWindow(_ g: GestureID) {
        tracks[g].windowOpen = false
        releasePending = true  // gestures waiting on its fingers may go on
        if tracks[g].tracked.nonzeroBitCount < Int(records[g].minTouches) {
            fail(g, .lateFingers)
        } else {
            armTimer(g, transitions.timer(g, tracks[g].state))
        }
    }

    /// The gesture `g`, completing, waits for, if any: one that needs more
    /// fingers than `g` and may still get them within its `together`
    /// window, on a touch they share, with no `with` rule between them (v5).
    /// A scroll never waits: the platform scrolls when it scrolls.
    @inline(never)
    func waitedFor(by g: GestureID) -> GestureID? {
        guard records[g].kind != .scroll else { return nil }
        for h in gestureRange where h != g && tracks[h].windowOpen && tracks[h].status == .tracking {
            if records[g].minTouches < records[h].minTouches && tracks[h].seen & tracks[g].seen != 0 && !rules.isSimultaneous(g, h) { return h }
        }
        return nil
    }

    /// `symbol` and `old` say what led here, for explanations.
    private mutating func act(_ g: GestureID, _ output: StateOutput, on symbol: Symbol, from old: StateID) {
        let status = tracks[g].status
        switch output {
        case .none:
            break
        case .began:
            complete(g, continuous: true)
        case .recognized:
            complete(g, continuous: false)
        case .changed:
            if status == .active { emit(g, .changed) }
        case .ended:
            if status == .active {
                emit(g, .ended)
                finish(g, succeeded: true)
            } else if status == .held {
                tracks[g].endedWhileHeld = true
            }
        case .cancelled:
            if status == .active {
                emit(g, .cancelled)
                finish(g, succeeded: false)
            } else {
                fail(g, .automaton(symbol, .none))
            }
        case .failed:
            fail(g, .automaton(symbol, symbol == .timeout ? transitions.timer(g, old) : .none))
        case .restart:
            fail(g, .automaton(symbol, .none))
            // The press that broke the series is the first of a new one.
            let (tracked, armedBy) = (tracks[g].tracked, tracks[g].armedBy)
            tracks[g].reset(start: transitions.startState(g))
            tracks[g].armedBy = armedBy
            setStatus(g, .tracking)
            tracks[g].tracked = tracked
            tracks[g].seen = tracked
            tracks[g].taken = tracked.nonzeroBitCount
            tracks[g].firstTouch = tracked == 0 ? -1 : touchID(slot: SlotID(lowestIn: tracked))
            tracks[g].pressStart = clock
            tracks[g].restarted = true
            resetRing(g)
        }
    }

    /// The gesture's automaton accepted: begin or recognize it, hold it for
    /// the gestures it requires to fail, or fail it if one of them won.
    private mutating func complete(_ g: GestureID, continuous: Bool) {
        guard tracks[g].status == .tracking else { return }
        var hold = false
        var waitingFor: GestureID = -1
        for b in rules.required(by: g) {
            switch tracks[GestureID(b)].status {
            case .active:
                fail(g, .requiredSucceeded(GestureID(b)))
                return
            case .done where tracks[GestureID(b)].succeeded:
                fail(g, .requiredSucceeded(GestureID(b)))
                return
            case .tracking where tracks[GestureID(b)].restarted:
                break
            case .tracking, .held:
                hold = true
                if waitingFor < 0 { waitingFor = GestureID(b) }
            default:
                break
            }
        }
        if hasWindows, let h = waitedFor(by: g) {
            hold = true
            if explains { explain(g, .waitsForFingers(h)) }
        }
        if hold {
            if explains && waitingFor >= 0 { explain(g, .held(waitingFor)) }
            setStatus(g, .held)
            captured[g] = event(g, continuous ? .began : .recognized)
            if hasSettles { band(&captured[g], g) }  // shown provisional or retracted as its value would be
            if records[g].options & GestureRecord.optionProvisional != 0 {
                // Shown at once, with the values its final report will carry.
                var shown = captured[g]
                shown.state = .provisional
                events.append(shown)
            }
            return
        }
        cancelTouches(of: g)
        emit(g, continuous ? .began : .recognized)
        if continuous {
            activate(g)
        } else {
            recognizedAt[g] = clock
            finish(g, succeeded: true)
        }
        exclude(g)
    }

    /// A continuous gesture begins: it holds its touches, and arms the gestures `after` it.
    mutating func activate(_ g: GestureID) {
        setStatus(g, .active)
        if records[g].flags & GestureRecord.flagArms != 0 { arm(from: g) }
    }

    /// Exclusivity: `g` began or was recognized, so every undecided gesture
    /// sharing a touch with it fails, unless linked by `with`; so does every
    /// held gesture that required `g` to fail. With `wins over` rules (v4), a
    /// gesture that wins over `g` keeps its attempt, and an active gesture `g`
    /// wins over that shares a touch is cancelled.
    mutating func exclude(_ g: GestureID) {
        for h in gestureRange where h != g {
            let status = tracks[h].status
            if rules.hasWins && status == .active {
                if tracks[h].seen & tracks[g].seen != 0 && rules.wins(g, over: h) && !rules.isSimultaneous(g, h) {
                    if explains { explain(h, .wonOver(by: g, cancelled: true)) }
                    cancelActive(h)
                }
                continue
            }
            guard status == .tracking || status == .held else { continue }
            if (tracks[h].seen & tracks[g].seen != 0 || status == .held && rules.requires(h, g)) && !rules.isSimultaneous(g, h) {
                if rules.hasWins && rules.wins(h, over: g) { continue }  // its claim will take the touches
                // A gesture that requires `g` to fail says so, held or not: the rule is the reason the user wrote.
                fail(h, rules.requires(h, g) ? .requiredSucceeded(g)
                     : rules.hasWins && rules.wins(g, over: h) ? .wonOver(by: g, cancelled: false) : .claimedBy(g))
            }
        }
    }

    mutating func fail(_ g: GestureID, _ reason: Explanation.Reason) {
        let status = tracks[g].status
        // The two statuses tested as the guard would: a held gesture's report is off the hot path.
        if status == .tracking {
            if explains { explain(g, reason) }
            emit(g, .failed)
        } else if status == .held {
            reportHeldFailure(g, reason)
        } else {
            return
        }
        finish(g, succeeded: false)
        releasePending = true
    }

    /// A held gesture lost: `failed`, or `retracted` if it was shown provisional.
    @inline(never)
    private mutating func reportHeldFailure(_ g: GestureID, _ reason: Explanation.Reason) {
        if explains { explain(g, reason) }
        guard records[g].options & GestureRecord.optionProvisional != 0 else {
            emit(g, .failed)
            return
        }
        // It was shown provisional: take back what was shown.
        var taken = captured[g]
        (taken.time, taken.state) = (Microseconds(clock), .retracted)
        events.append(taken)
        if explains { explanations[explanations.count - 1].retracted = true }
    }

    @inline(__always)
    private mutating func finish(_ g: GestureID, succeeded: Bool) {
        needsSettle = true
        let disarms = tracks[g].status == .active && records[g].flags & GestureRecord.flagArms != 0
        setStatus(g, .done)
        tracks[g].succeeded = succeeded
        tracks[g].deadline = .max
        if disarms { disarm(from: g) }
    }

    /// Releases held gestures whose required gestures have all failed, one at
    /// a time in declaration order, since each release may fail others.
    mutating func processReleases() {
        while releasePending {
            releasePending = false
            for h in gestureRange where tracks[h].status == .held {
                var blocked = hasWindows && waitedFor(by: h) != nil
                var lost: GestureID = -1
                for b in rules.required(by: h) {
                    switch tracks[GestureID(b)].status {
                    case .active: lost = GestureID(b)
                    case .done where tracks[GestureID(b)].succeeded: lost = GestureID(b)
                    case .tracking where tracks[GestureID(b)].restarted: break
                    case .tracking, .held: blocked = true
                    default: break
                    }
                }
                if lost >= 0 {
                    fail(h, .requiredSucceeded(lost))
                } else if !blocked {
                    releaseHeld(h)
                    releasePending = true
                }
                if releasePending { break }
            }
        }
    }

    private mutating func releaseHeld(_ g: GestureID) {
        cancelTouches(of: g)
        if records[g].kind.isContinuous {
            var began = event(g, .began)
            began.completedAt = captured[g].time
            if hasSettles { append(settling: began, g) } else { events.append(began) }
            if tracks[g].endedWhileHeld {
                emit(g, .ended)
                finish(g, succeeded: true)
            } else {
                activate(g)
            }
        } else {
            var e = captured[g]
            e.time = Microseconds(clock)
            events.append(e)
            recognizedAt[g] = clock
            finish(g, succeeded: true)
        }
        exclude(g)
    }

    /// Ends active gesture `g` with `cancelled` (it was disabled).
    mutating func cancelActive(_ g: GestureID) {
        emit(g, .cancelled)
        finish(g, succeeded: false)
        releasePending = true
    }

    /// Releases held gestures and returns finished ones to `possible` after a
    /// change made between frames.
    mutating func settleAfterControl() {
        needsSettle = true
        settle()
        if reportsDeliveries { releaseWithheld() }
    }

    /// Records why `g` fails or waits, with what was measured (off the hot path: only with `explains`).
    mutating func explain(_ g: GestureID, _ reason: Explanation.Reason) {
        var measured: Double?
        if case .failOffset(let vertical) = reason { measured = vertical ? tracks[g].value1 : tracks[g].value0 }
        switch reason {
        case .template, .outscored: measured = matches[g].score
        case .feature(let f): measured = matches[g].features?.value(f)
        default: break
        }
        if case .automaton(let symbol, _) = reason {
            switch symbol {
            case .slop:
                var far = 0.0
                var mask = tracks[g].tracked
                while mask != 0 {
                    let s = SlotID(lowestIn: mask)
                    mask &= mask - 1
                    let d = slots[s].position - slots[s].down
                    far = max(far, (d.x * d.x + d.y * d.y).squareRoot())
                }
                measured = far
            case .swipeFail:
                let elapsed = Double(clock - tracks[g].startTime) / 1e6
                let d = tracks[g].location - SIMD2(tracks[g].startX, tracks[g].startY)
                measured = elapsed > 0 ? (d.x * d.x + d.y * d.y).squareRoot() / elapsed : nil
            default:
                break
            }
        }
        explanations.append(Explanation(time: Microseconds(clock), gesture: g, reason: reason, measured: measured, eventIndex: events.count,
                                        record: records[g]))
    }

    mutating func emit(_ g: GestureID, _ state: GestureState) {
        // One call of `event`, so that it is inlined here as before settles (two calls were not: +5% per event).
        let e = event(g, state)
        guard hasSettles else {
            events.append(e)
            return
        }
        append(settling: e, g)
    }

    /// The event gesture `g` would report now, with its kind's values.
    @inline(__always)
    mutating func event(_ g: GestureID, _ state: GestureState) -> GestureEvent {
        let t = tracks + g  // fields read in place: a track is too large to copy per event
        var e = GestureEvent(time: clock, gesture: g, state: state, x: t.pointee.x, y: t.pointee.y, touch: t.pointee.firstTouch)
        switch records[g].kind {
        case .tap:
            e.x = t.pointee.firstPressX
            e.y = t.pointee.firstPressY
            e.taps = Int(records[g].taps)
        case .swipe:
            e.x = t.pointee.startX
            e.y = t.pointee.startY
            e.direction = t.pointee.direction
        case .longPress:
            (e.velocity0, e.velocity1) = velocity(g)
        case .pan, .scroll, .pinch, .rotation:
            e.value0 = t.pointee.value0
            e.value1 = t.pointee.value1
            (e.velocity0, e.velocity1) = velocity(g)
            e.fingers = Int(t.pointee.fingers)
        case .stroke:
            break
        }
        return e
    }
}
