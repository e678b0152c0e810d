/// Changes an app makes while the engine runs: enabling and disabling
/// gestures, directly or through modes. See docs/semantics.md ("Enabling,
/// disabling and run-time parameters", "Modes").
extension GestureEngine {
    /// Brings the engine to `time` for a change: a pending frame earlier than
    /// `time` applies and deadlines due by then fire; a frame at `time` stays
    /// pending, so the change acts before its touches (a trace's control line
    /// comes before the touch lines of its frame).
    mutating func prepareControl(at time: Microseconds) {
        let time = time.rawValue
        if !frame.isEmpty && frameTime < time { applyFrame() }
        fireDeadlines(upTo: time)
        if time > clock { clock = time }
    }

    /// Enables or disables gesture `g` at `time` (never earlier than the
    /// engine's clock). Disabling cancels it if it has begun and fails it if
    /// it is in an attempt (what it held is released as on any failure); a
    /// disabled gesture takes no touches. Enabling applies to touches that
    /// begin afterwards. Setting the state it has changes nothing, and so does
    /// setting a gesture whose `enabled:` is a condition on modes: its modes decide.
    package mutating func setEnabled(_ enabled: Bool, gesture g: GestureID, at time: Microseconds) {
        guard table.condition(of: g).isEmpty else { return }
        makeUnique()
        prepareControl(at: time)
        guard isEnabled(g) != enabled else { return }
        switchEnabled(g, to: enabled)
        if !enabled { settleAfterControl() }
    }

    /// Turns mode `m` on or off at `time`: each gesture whose condition
    /// changes value is enabled or disabled then, as `setEnabled` would.
    package mutating func setMode(_ m: ModeID, _ on: Bool, at time: Microseconds) {
        let bit: UInt16 = 1 << UInt16(m.rawValue)
        let new = on ? modes | bit : modes & ~bit
        guard new != modes else { return }
        makeUnique()
        prepareControl(at: time)
        modes = new
        var disabled = false
        for g in gestureRange where table.enabledStart[g.rawValue] < table.enabledStart[g.rawValue + 1] {
            let enabled = Condition.evaluate(table.condition(of: g), modes: modes)
            guard enabled != isEnabled(g) else { continue }
            switchEnabled(g, to: enabled)
            disabled = disabled || !enabled
        }
        // What a disabled gesture held or withheld is released, as on any failure.
        if disabled { settleAfterControl() }
    }

    /// Enables or disables `g` now: disabling cancels it if it has begun and
    /// fails it if it is in an attempt.
    private mutating func switchEnabled(_ g: GestureID, to enabled: Bool) {
        if enabled { gates[g] &= ~EngineStorage.gateDisabled } else { gates[g] |= EngineStorage.gateDisabled }
        guard !enabled else { return }
        switch tracks[g].status {
        case .active:
            cancelActive(g)
        case .tracking, .held:
            fail(g, .disabled)
        default:
            break
        }
    }

    /// Says which edges of its content scroll `g` is at now (v4; the
    /// platform's scroll position, a `DirectionSet` of the directions
    /// pointing at them), at `time`: a touch whose first movement past the
    /// slop pulls it past one its `at` hand-over names goes to that gesture.
    package mutating func setScrollEdges(_ edges: DirectionSet, gesture g: GestureID, at time: Microseconds) {
        makeUnique()
        prepareControl(at: time)
        storage.scrollEdges[g] = edges.rawValue & DirectionSet.horizontal.union(.vertical).rawValue
    }

    /// The platform began scrolling with scroll `g`'s touches at `time`
    /// (v4: the web's `pointercancel`, UIKit's scroll view pan recognizer
    /// beginning): the platform decides, so a scroll still in its attempt
    /// claims now, as past its slop, and the touches' other gestures fail or
    /// are cancelled as the rules say. Returns whether the scroll is active
    /// (it claimed now or had already); false when the touches went to
    /// another gesture first, or the scroll has none.
    @discardableResult
    package mutating func scrollBegan(gesture g: GestureID, at time: Microseconds) -> Bool {
        makeUnique()
        prepareControl(at: time)
        if tracks[g].status == .tracking {
            _ = feed(g, .threshold)
            settleAfterControl()
        }
        return tracks[g].status == .active
    }

    /// Performs gesture `g`'s accessibility action at `time` (v4
    /// `action:`): it reports `recognized` once at (`x`, `y`), the view's
    /// centre, with neutral values (no translation, scale 1, no rotation or
    /// velocity; a swipe its first allowed direction, a tap its taps) and
    /// `isAction` set. Assistive technology asked for the gesture itself, so
    /// nothing is arbitrated: touches in progress and other gestures are left
    /// as they are. Returns false, changing nothing, when the gesture has no
    /// action or is disabled (its action is not offered then).
    package mutating func performAction(gesture g: GestureID, x: Double, y: Double, at time: Microseconds) -> Bool {
        guard table.action(of: g) != nil, isEnabled(g) else { return false }
        makeUnique()
        prepareControl(at: time)
        var e = GestureEvent(time: Microseconds(clock), gesture: g, state: .recognized, x: x, y: y)
        let record = records[g]
        // What a performance of each kind reports, with no touches: every kind decided here, so a new one is a compile error.
        switch record.kind {
        case .tap: e.taps = Int(record.taps)
        case .swipe: e.direction = Direction(rawValue: UInt8(truncatingIfNeeded: record.directions.trailingZeroBitCount & 7)) ?? .right  // the first allowed direction's bit
        case .pinch: e.value0 = 1
        case .longPress, .pan, .scroll, .rotation, .stroke: break  // no translation, rotation or velocity
        }
        e.isAction = true
        events.append(e)
        return true
    }

    /// Whether gesture `g` is enabled.
    package func isEnabled(_ g: GestureID) -> Bool { gates[g] & EngineStorage.gateDisabled == 0 }

    /// Changes `parameter` of gesture `g` to `value` from its next attempt
    /// (an attempt in progress keeps the values it started with), at `time`.
    package mutating func set(_ parameter: RuntimeParameter, to value: ParameterValue, gesture g: GestureID, at time: Microseconds) throws(ParameterError) {
        var record = storage.nextRecords[g]
        try parameter.apply(value, to: &record, table: table, gesture: g)
        makeUnique()
        prepareControl(at: time)
        storage.nextRecords[g] = record
        gates[g] |= EngineStorage.gateChanged
        if tracks[g].status == .idle { applyChanges(g) }
    }

    /// The value gesture `g` will use for `parameter` from its next attempt.
    package func value(of parameter: RuntimeParameter, gesture g: GestureID) -> ParameterValue? {
        parameter.value(in: storage.nextRecords[g])
    }

    /// Run-time parameter changes of `g` take effect: its attempt is starting.
    @inline(__always)
    mutating func applyChanges(_ g: GestureID) {
        guard gates[g] & EngineStorage.gateChanged != 0 else { return }
        gates[g] &= ~EngineStorage.gateChanged
        records[g] = storage.nextRecords[g]
    }
}
