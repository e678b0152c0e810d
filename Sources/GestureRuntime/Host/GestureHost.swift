/// Runs a generated gesture set for a platform: maps the platform's touches
/// to engine ids, its clock to engine time, tells it when to schedule its one
/// timer, and calls typed handlers in the engine's event order.
///
/// Platform glue is then a few lines of type conversion:
///
///     let host = GestureHost(TapViewGestures.self, touches: ObjectIdentifier.self)
///     host.on(.doubleTap) { event in zoom(at: event.location) }
///     // touchesBegan / Moved / Ended / Cancelled:
///     host.touch(ObjectIdentifier(touch), .began, x: p.x, y: p.y, at: event.timestamp)
///     // after each call, (re)schedule one timer:
///     if let when = host.nextDeadline { schedule(at: when) { host.timerFired(at: now()) } }
///
/// Feeding a sample allocates nothing after warm-up, the identity map and
/// the dispatch included (the benchmark target's host mode measures it).
/// Handlers may feed the host again: events they cause are dispatched in
/// the same loop, after the ones already decided. Use a host from one thread
/// or actor at a time, as its engine.
public final class GestureHost<Gestures: GestureSet, TouchID: Hashable> {
    /// The event type handlers receive.
    public typealias Event = TypedGestureEvent<Gestures>

    // The per-sample path is `@inlinable`, so that it is specialized for the
    // app's gesture set and touch type (unspecialized, every key comparison
    // and event copy goes through witness tables: 2.4x slower), and its
    // mutable state sits behind a pointer, not in the class's stored
    // properties, each access to which costs a dynamic exclusivity check
    // (another 1.8x). Both measured with gspec-bench's host mode.
    @usableFromInline let state: UnsafeMutablePointer<HostState<Gestures, TouchID>>
    /// Each gesture's enum case, kind and receiving view, looked up once, so
    /// that dispatching an event reads one array entry and no table.
    @usableFromInline let info: [(gesture: Gestures.Gesture, kind: GestureKind, view: Gestures.View)]

    /// A host for `gestures` fed with platform touches identified by `TouchID`,
    /// with room for `touchCapacity` touch identities at once.
    /// Traps if the generated enums disagree with the table (a generated file
    /// edited by hand): that is a build mistake, not a run-time condition.
    public init(_ gestures: Gestures.Type = Gestures.self, touches: TouchID.Type = TouchID.self,
                touchCapacity: Int = 2 * Engine.touchCapacity) {
        let table = Gestures.table
        precondition(Gestures.Gesture.allCases.count == table.gestureIDs.filter { table.firstInstance(of: $0) == $0 }.count,
                     "GestureHost: \(Gestures.self).Gesture does not match its table")
        info = table.gestureIDs.map { g in
            guard let gesture = Gestures.Gesture(rawValue: table.firstInstance(of: g).rawValue) else {
                preconditionFailure("GestureHost: \(Gestures.self).Gesture has no case for gesture \(g) '\(table.name(of: g))'")
            }
            guard let view = Gestures.View(rawValue: table.receiver(of: g).rawValue) else {
                preconditionFailure("GestureHost: \(Gestures.self).View has no case for view \(table.receiver(of: g))")
            }
            return (gesture, table.kind(of: g), view)
        }
        state = .allocate(capacity: 1)
        state.initialize(to: HostState(engine: Engine(table: table), identities: TouchIdentities(capacity: touchCapacity),
                                       recognizerState: RecognizerState(table: table), handlers: Array(repeating: nil, count: table.gestureCount)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Settings and state

    /// The engine, for queries (`anomalies`, `isTouchDown`, `clock`): the host
    /// feeds it, so that ids and times stay mapped.
    public var engine: Engine { state.pointee.engine }
    /// The platform clock's conversion to engine time.
    public var clock: HostClock { state.pointee.clock }
    /// Platform touches to engine ids.
    public var identities: TouchIdentities<TouchID> { state.pointee.identities }
    /// Samples the host could not pass on: a `moved`/`ended` for a touch it
    /// never saw begin, or a `began` when every id is taken.
    public var droppedSamples: Int { state.pointee.droppedSamples }
    /// The state a platform recognizer wrapping the set reports: adapters copy
    /// `recognizerState.phase` after each call and call `platformDidReset()`.
    public var recognizerState: RecognizerState { state.pointee.recognizerState }

    /// Whether handlers also receive `failed` events (UIKit reports none to
    /// its targets); off by default.
    public var reportsFailures: Bool {
        get { state.pointee.reportsFailures }
        set { state.pointee.reportsFailures = newValue }
    }

    /// Called for every event, after the gesture's own handler.
    public var onEvent: ((Event) -> Void)? {
        get { state.pointee.onEvent }
        set { state.pointee.onEvent = newValue }
    }

    /// Calls `handler` for every event of `gesture` (replacing an earlier one).
    public func on(_ gesture: Gestures.Gesture, perform handler: @escaping (Event) -> Void) {
        state.pointee.handlers[gesture.rawValue] = handler
    }

    /// Removes the handler of `gesture`.
    public func removeHandler(for gesture: Gestures.Gesture) {
        state.pointee.handlers[gesture.rawValue] = nil
    }

    /// Cancel a touch the platform has not reported for this many seconds
    /// (a lost `ended`); nil, the default, waits for the platform.
    public var staleTouchTimeout: Double? {
        get { state.pointee.engine.staleTouchTimeout.map(\.seconds) }
        set {
            // Clamped: an infinite or absurd timeout must not trap in the conversion.
            state.pointee.engine.staleTouchTimeout = newValue.flatMap { $0.isNaN ? nil : Microseconds(Int64(min(max($0, 0), 9e12) * 1_000_000)) }
        }
    }

    /// The screen's size in points (width, height), in the coordinates of the
    /// touches: pans from the right and bottom screen edges need it. Set it
    /// at start and whenever it changes (rotation, a resized window); (0, 0),
    /// the default, is unknown, and no touch is then near those edges.
    public var screenSize: SIMD2<Double> {
        get { state.pointee.engine.screenSize }
        set { state.pointee.engine.screenSize = newValue.x.isFinite && newValue.y.isFinite ? newValue : .zero }
    }

    // MARK: Input

    /// One touch sample at platform time `seconds`. `view` is the spec view a
    /// `began` hit (nil: the root); `pointer` what produced the touch.
    @inlinable
    public func touch(_ touch: TouchID, _ phase: TouchPhase, x: Double, y: Double, at seconds: Double,
                      view: Gestures.View? = nil, pointer: PointerKind = .touch) {
        state.pointee.feed(touch, phase, x, y, state.pointee.clock.microseconds(seconds), ViewID(view?.rawValue ?? 0), pointer)
        dispatch()
    }

    /// The touches of one platform callback (`touchesMoved(_:with:)`'s set),
    /// all at platform time `seconds`: the event's time, not each touch's
    /// (a touch that did not move keeps an older timestamp).
    @inlinable
    public func handle<Touches: Sequence>(_ touches: Touches, at seconds: Double)
    where Touches.Element: PlatformTouch, Touches.Element.Identity == TouchID {
        let t = state.pointee.clock.microseconds(seconds)
        for touch in touches {
            let p = touch.location
            state.pointee.feed(touch.identity, touch.phase, p.x, p.y, t, ViewID(touch.hitView ?? 0), touch.pointer)
        }
        dispatch()
    }

    // MARK: Time

    /// The platform time at which to call `timerFired(at:)`, nil when nothing
    /// is pending: a host keeps one timer and moves it to this after every
    /// call into the host. When a frame is waiting to be applied this is its
    /// own time (now), so a timer set for it runs once the platform has
    /// delivered every touch of the frame.
    @inlinable
    public var nextDeadline: Double? {
        // Right after a sample the answer is its frame's time, known here: an
        // adapter asks after every sample, and this spares it the engine call.
        if let t = state.pointee.pendingFrame { return state.pointee.clock.seconds(t) }
        return state.pointee.engine.nextDeadline.map { state.pointee.clock.seconds($0) }
    }

    /// The host's timer fired at platform time `seconds`: applies the pending
    /// frame and fires every deadline due by then, each at its own time. The
    /// clock is not moved to `seconds` (a touch that happened before the
    /// timer fired but is delivered after it keeps its own time), and a timer
    /// that fires up to 1 ms early (clock rounding) still fires its deadline.
    @inlinable
    public func timerFired(at seconds: Double) {
        let now = state.pointee.clock.peek(seconds) ?? 0
        var last = Microseconds(.min)
        while let due = state.pointee.engine.nextDeadline, due <= now + 1_000, due > last {
            state.pointee.engine.advance(to: due)
            state.pointee.pendingFrame = nil
            last = due
        }
        state.pointee.clock.catchUp(to: state.pointee.engine.clock)
        dispatch()
    }

    /// Applies the pending frame and fires every deadline due by platform
    /// time `seconds`, for hosts that drive time themselves (a replay, a test).
    @inlinable
    public func advance(to seconds: Double) {
        state.pointee.engine.advance(to: state.pointee.clock.microseconds(seconds))
        state.pointee.pendingFrame = nil
        dispatch()
    }

    /// Enables or disables `gesture` (every instance, on a gesture listed in
    /// several views) at platform time `seconds`, or now: `Engine.setEnabled`.
    /// Its `cancelled` or `failed` event, and what the change released, are
    /// dispatched before this returns.
    public func setEnabled(_ gesture: Gestures.Gesture, _ enabled: Bool, at seconds: Double? = nil) {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            state.pointee.engine.setEnabled(enabled, gesture: g, at: time)
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
    }

    /// Hands `gesture` over (v3 `A hands over to B`) at platform time
    /// `seconds`, or now: `Engine.handOver(from:at:)`, for each instance that
    /// is active. Its `cancelled` event and the taker's `began` are dispatched
    /// before this returns; a gesture that is not active changes nothing.
    public func handOver(from gesture: Gestures.Gesture, at seconds: Double? = nil) {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            state.pointee.engine.handOver(from: g, at: time)
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
    }

    /// Says which edges of its content the platform's scroll `gesture` is at
    /// (v4; UIKit: from the scroll view's content offset), at platform time
    /// `seconds`, or now: `Engine.setScrollEdges`. Say it before the touches
    /// it is for: a touch reads the edges when it first moves past the slop.
    public func setScrollEdges(_ gesture: Gestures.Gesture, _ edges: DirectionSet, at seconds: Double? = nil) {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            state.pointee.engine.setScrollEdges(edges, gesture: g, at: time)
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
    }

    /// Says whether the platform's momentum runs for scroll `gesture` (v5;
    /// UIKit: the scroll view `isDecelerating`), at platform time `seconds`,
    /// or now: `Engine.setMomentum`. Say it before the touch it is for: a
    /// touch coming down while it runs stops it, and the set's taps and long
    /// presses fail with that touch (unless `duringMomentum: true`).
    public func setMomentum(_ gesture: Gestures.Gesture, running: Bool, at seconds: Double? = nil) {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            state.pointee.engine.setMomentum(running, gesture: g, at: time)
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
    }

    /// Where the platform's scroll view for scroll `gesture` should come to
    /// rest along the settle's axis (v5; UIKit: set `targetContentOffset`
    /// from `scrollViewWillEndDragging` with this): `Settle.targetOffset` of
    /// the gesture's settle, from `offset` moving `velocity` points per
    /// millisecond after a drag begun at `dragStart`. Nil when it has no settle.
    public func targetOffset(_ gesture: Gestures.Gesture, offset: Double, velocityPerMillisecond velocity: Double, dragStart: Double) -> Double? {
        let table = state.pointee.engine.table
        guard let g = Range(gestures: info.count).first(where: { info[$0.rawValue].gesture == gesture }), let settle = table.settle(of: g) else { return nil }
        return settle.targetOffset(offset: offset, velocityPerMillisecond: velocity, dragStart: dragStart)
    }

    /// Says that the platform began scrolling with scroll `gesture`'s
    /// touches (v4; UIKit: the scroll view's pan recognizer began), at
    /// platform time `seconds`, or now: `Engine.scrollBegan`. The scroll's
    /// `began` and the failures and cancellations it causes are dispatched
    /// before this returns; whether the scroll is active afterwards.
    @discardableResult
    public func scrollBegan(_ gesture: Gestures.Gesture, at seconds: Double? = nil) -> Bool {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        var active = false
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            if state.pointee.engine.scrollBegan(gesture: g, at: time) { active = true }
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
        return active
    }

    /// Performs `gesture`'s accessibility action on `view` (v4 `action:`;
    /// UIKit: a custom action chosen in VoiceOver's Actions rotor) at
    /// platform time `seconds`, or now: its instance on that view reports
    /// `recognized` once at `center`, the view's centre, with neutral values
    /// and `isAction` set, dispatched before this returns. False, changing
    /// nothing, when the gesture has no action there or is disabled.
    @discardableResult
    public func performAction(_ gesture: Gestures.Gesture, on view: Gestures.View, at center: SIMD2<Double>,
                              at seconds: Double? = nil) -> Bool {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        let table = state.pointee.engine.table
        guard let g = table.gestureIDs.first(where: { info[$0.rawValue].gesture == gesture && table.view(of: $0).rawValue == view.rawValue }),
              state.pointee.engine.performAction(gesture: g, x: center.x, y: center.y, at: time) else { return false }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
        return true
    }

    /// Turns `mode` on or off at platform time `seconds`, or now:
    /// `Engine.setMode`. The gestures it disables report their `cancelled` or
    /// `failed` events, and what the change released is dispatched, before this returns.
    public func setMode(_ mode: Gestures.Mode, _ on: Bool, at seconds: Double? = nil) {
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        state.pointee.engine.setMode(ModeID(mode.rawValue), on, at: time)
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
    }

    /// Turns the mode named `name` on or off, as `setMode(_:_:at:)` does;
    /// false, changing nothing, when the set has no mode of that name.
    @discardableResult
    public func setMode(named name: String, _ on: Bool, at seconds: Double? = nil) -> Bool {
        guard let m = state.pointee.engine.table.mode(named: name), let mode = Gestures.Mode(rawValue: m.rawValue) else { return false }
        setMode(mode, on, at: seconds)
        return true
    }

    /// Whether `mode` is on.
    public func isOn(_ mode: Gestures.Mode) -> Bool { state.pointee.engine.isOn(mode: ModeID(mode.rawValue)) }

    /// Changes `parameter` of `gesture` (every instance) to `value` from its
    /// next attempt, at platform time `seconds` or now: `Engine.set`. Throws,
    /// changing nothing, when the gesture's kind lacks the parameter or the
    /// value's unit or range is wrong.
    public func set(_ parameter: RuntimeParameter, to value: ParameterValue, for gesture: Gestures.Gesture,
                    at seconds: Double? = nil) throws(ParameterError) {
        let table = state.pointee.engine.table
        try table.check(parameter, value, gesture: Gestures.id(of: gesture))
        let time = seconds.map { state.pointee.clock.microseconds($0) } ?? state.pointee.engine.clock
        for g in Range(gestures: info.count) where info[g.rawValue].gesture == gesture {
            try state.pointee.engine.set(parameter, to: value, gesture: g, at: time)
        }
        if !state.pointee.engine.hasPendingFrame { state.pointee.pendingFrame = nil }
        dispatch()
    }

    /// Whether `gesture` is enabled.
    public func isEnabled(_ gesture: Gestures.Gesture) -> Bool { state.pointee.engine.isEnabled(Gestures.id(of: gesture)) }

    /// The platform reset its recognizer (after it ended or failed).
    public func platformDidReset() { state.pointee.recognizerState.reset() }

    /// Cancels every touch that is down (the view left the window, the app
    /// went to the background) and forgets their ids.
    public func cancelAllTouches() {
        state.pointee.engine.reset()
        state.pointee.pendingFrame = nil
        state.pointee.identities.removeAll(at: state.pointee.engine.clock)
        dispatch()
    }

    // MARK: Dispatch

    @inlinable
    func dispatch() {
        guard !state.pointee.dispatching else { return }
        if state.pointee.engine.hasEvents { dispatchEvents() }
        state.pointee.noteSequenceEnd()
    }

    /// Calls the handlers of every waiting event. No access to `state` spans
    /// a handler call: a handler may feed the host (events it causes join
    /// the loop, at the price of one copy of the event list) or replace handlers.
    @inlinable
    func dispatchEvents() {
        state.pointee.dispatching = true
        var done = 0
        while true {
            let events = state.pointee.engine.events
            guard done < events.count else { break }
            for e in events[done...] {
                state.pointee.recognizerState.observe(e)
                if e.state == .failed && !state.pointee.reportsFailures { continue }
                let about = info[e.gesture.rawValue]
                let event = Event(e, gesture: about.gesture, kind: about.kind, view: about.view,
                                  timestamp: state.pointee.clock.seconds(e.time))
                // Bound and called in place: a closure taken into a local optional
                // first is re-wrapped in a thunk, one allocation per call.
                if let handler = state.pointee.handlers[about.gesture.rawValue] { handler(event) }
                if let handler = state.pointee.onEvent { handler(event) }
            }
            done = events.count
        }
        state.pointee.engine.removeAllEvents()
        state.pointee.dispatching = false
    }
}

/// The mutable state of a `GestureHost`.
@usableFromInline
struct HostState<Gestures: GestureSet, TouchID: Hashable> {
    @usableFromInline var engine: Engine
    @usableFromInline var clock = HostClock()
    @usableFromInline var identities: TouchIdentities<TouchID>
    @usableFromInline var droppedSamples = 0
    @usableFromInline var recognizerState: RecognizerState
    /// A touch sequence is under way: the recognizer state has yet to hear it was decided.
    @usableFromInline var inSequence = false
    @usableFromInline var handlers: [((TypedGestureEvent<Gestures>) -> Void)?]
    @usableFromInline var onEvent: ((TypedGestureEvent<Gestures>) -> Void)?
    @usableFromInline var reportsFailures = false
    @usableFromInline var dispatching = false
    /// The time of the frame the engine holds unapplied, when the host fed it.
    @usableFromInline var pendingFrame: Microseconds?

    init(engine: Engine, identities: TouchIdentities<TouchID>, recognizerState: RecognizerState,
         handlers: [((TypedGestureEvent<Gestures>) -> Void)?]) {
        (self.engine, self.identities, self.recognizerState, self.handlers) = (engine, identities, recognizerState, handlers)
    }

    @inlinable
    mutating func feed(_ key: TouchID, _ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Microseconds, _ view: ViewID, _ pointer: PointerKind) {
        let id: Int?
        switch phase {
        case .began:
            if let free = identities.begin(key, at: t) {
                id = free
            } else {
                // Every id is taken: free those of touches the engine no longer
                // has down (lost `ended`s it cancelled as stale), with the
                // pending frame applied so touches that just began count as down.
                engine.advance(to: t)
                pendingFrame = nil
                let engine = self.engine
                identities.evict(before: t) { !engine.isTouchDown(Int64($0)) }
                id = identities.begin(key, at: t)
            }
        case .ended, .cancelled:
            id = identities.end(key, at: t)
        case .moved, .stationary:
            id = identities.touch(key)
        }
        guard let id else {
            droppedSamples += 1
            return
        }
        if phase == .began { inSequence = true }
        engine.feed(TouchEvent(time: t, id: id, phase: phase, x: x, y: y, view: view, pointer: pointer))
        pendingFrame = t
    }

    /// Once every touch is up and no gesture waits for a deadline (a single
    /// tap held for a double tap's interval), the sequence is decided.
    @inlinable
    mutating func noteSequenceEnd() {
        if inSequence && identities.count == 0 && engine.nextDeadline == nil {
            inSequence = false
            _ = recognizerState.sequenceDecided()
        }
    }
}

/// A rectangle on the screen, in points: what a binding passes to its
/// platform (Android's `View.setSystemGestureExclusionRects` takes them in pixels).
public struct ScreenRect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension GestureTable {
    /// Android-style system gesture exclusion rectangles (v4) for view `v`,
    /// whose frame on a screen `screenWidth` points wide is `frame`: for each
    /// side edge the view (or an ancestor) defers (`defersSystemEdges: left`
    /// or `right`), the part of the frame within the `android` profile's back
    /// zone of that edge, at most 200 points tall per edge, as Android takes
    /// no more than 200dp of each edge's exclusions into account (the part
    /// nearest the bottom is kept). The bottom and top edges give none:
    /// Android lets no app exclude its home gesture.
    public func systemGestureExclusionRects(forView v: ViewID, frame: ScreenRect, screenWidth: Double) -> [ScreenRect] {
        let deferred = deferredSystemEdges(ofView: v)
        var rects: [ScreenRect] = []
        for zone in Profile.android.systemGestureZones where zone.edge.axis == .horizontal {
            guard deferred.contains(DirectionSet(zone.edge.direction)) else { continue }
            let (low, high) = zone.edge == .left ? (0.0, zone.width) : (screenWidth - zone.width, screenWidth)
            let x0 = max(frame.x, low), x1 = min(frame.x + frame.width, high)
            guard x1 > x0, frame.height > 0 else { continue }
            let height = min(frame.height, 200)
            rects.append(ScreenRect(x: x0, y: frame.y + frame.height - height, width: x1 - x0, height: height))
        }
        return rects
    }
}
