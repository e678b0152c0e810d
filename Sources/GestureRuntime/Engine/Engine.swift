/// What every engine offers: tools that drive either the production engine
/// or the reference interpreter are generic over this.
package protocol TouchEngine {
    /// Adds one touch sample; equal times form one frame.
    mutating func feed(_ event: TouchEvent)
    /// Applies the pending frame and fires every deadline due by `time`.
    mutating func advance(to time: Microseconds)
    /// Ends the stream: applies the pending frame and fires every remaining deadline.
    mutating func finish()
    /// Cancels every touch that is down.
    mutating func reset()
    /// Gesture events decided so far.
    var events: [GestureEvent] { get }
    /// Forgets the events reported so far, keeping the buffer.
    mutating func removeAllEvents()
    /// Repaired stream anomalies so far.
    var anomalies: StreamAnomalies { get }
    /// Gesture `g`'s pending deadline, if it has one.
    func deadline(of g: GestureID) -> Microseconds?
    /// Cancel a touch after this many microseconds without a sample (nil: never).
    var staleTouchTimeout: Microseconds? { get set }
    /// Whether to work out what the views themselves receive.
    var reportsDeliveries: Bool { get set }
    /// Touch deliveries to views so far, cleared with the events.
    var deliveries: [TouchDelivery] { get }
    /// The screen's size in points, for screen-edge pans ((0, 0): unknown).
    var screenSize: SIMD2<Double> { get set }
    /// Whether to record why gestures fail or wait.
    var explains: Bool { get set }
    /// Enables or disables gesture `g` at `time`.
    mutating func setEnabled(_ enabled: Bool, gesture g: GestureID, at time: Microseconds)
    /// Turns mode `m` on or off at `time`.
    mutating func setMode(_ m: ModeID, _ on: Bool, at time: Microseconds)
    /// Whether gesture `g` is enabled now (by `setEnabled` or its modes).
    func isEnabled(_ g: GestureID) -> Bool
    /// Hands active gesture `g` over at `time` (v3 `hands over to`).
    mutating func handOver(from g: GestureID, at time: Microseconds)
    /// Says which edges of its content scroll `g` is at (v4 `at`).
    mutating func setScrollEdges(_ edges: DirectionSet, gesture g: GestureID, at time: Microseconds)
    /// The platform began scrolling with scroll `g`'s touches (v4); whether `g` is active.
    @discardableResult mutating func scrollBegan(gesture g: GestureID, at time: Microseconds) -> Bool
    /// Whether scroll `g`'s momentum runs from `time` (v5).
    mutating func setMomentum(_ running: Bool, gesture g: GestureID, at time: Microseconds)
    /// Performs gesture `g`'s accessibility action at (`x`, `y`) (v4); whether it was performed.
    @discardableResult mutating func performAction(gesture g: GestureID, x: Double, y: Double, at time: Microseconds) -> Bool
    /// Changes a run-time parameter of gesture `g` from its next attempt.
    mutating func set(_ parameter: RuntimeParameter, to value: ParameterValue, gesture g: GestureID, at time: Microseconds) throws(ParameterError)
    /// Why gestures failed or wait so far, cleared with the events.
    var explanations: [Explanation] { get }
}

extension GestureEngine: TouchEngine {}

/// The production engine: automata stepped through the packed table.
///
/// A concrete type rather than a generic instance, so that the whole engine is
/// specialized for the packed table inside this module: callers in other
/// modules get one direct call per sample and no protocol dispatch inside it.
/// It is one reference wide: callers copy a large struct around calls on a
/// `var` (for `hasEvents` after each `feed`, two 500-byte copies per sample
/// were measured), so the state lives behind a pointer, copied on write.
/// See `GestureEngine` for the semantics, threading and cost.
public struct Engine: TouchEngine {
    // Usable from inline for `hasEvents` and `events` alone (see `Box.events`).
    @usableFromInline var box: Box

    /// The most touches down at once.
    public static var touchCapacity: Int { GestureEngine<PackedTransitions>.touchCapacity }
    /// The most touches one tap series (all its presses) may use: the engine
    /// remembers each until the series is decided (the compiler refuses longer series).
    public static var seriesTouchLimit: Int { GestureEngine<PackedTransitions>.slotCount }

    /// An engine over a compiled table: one the compiler built, `TableFormat`
    /// decoded or `--emit swift` wrote. The engine reads it without bounds
    /// checks, so a table assembled by hand that fails
    /// `TableFormat.validate` is refused with a trap here, never read out of bounds.
    public init(table: GestureTable) {
        do throws(TableError) {
            try TableFormat.validate(table)
        } catch {
            preconditionFailure("Engine(table:): invalid table: \(error)")
        }
        box = Box(GestureEngine(table: table, transitions: PackedTransitions(table)))
    }

    /// The engine for reading.
    private var core: GestureEngine<PackedTransitions> {
        _read { yield box.core.pointee }
    }

    /// The engine for writing, copied first if another `Engine` shares it.
    /// A box's engine never shares its storage (`Box.init` copies it), so
    /// `feed` can skip the engine's own per-sample uniqueness check.
    ///
    /// Built with `GSPEC_UNSHARED_ENGINE` (the web module, web/build.sh), an
    /// `Engine` is never copied: each lives in its C API instance and is
    /// changed in place there (capi/Exports.swift), so the copy-on-write
    /// code, 2.9 KB of a page's gzipped module, is left out. A copy made
    /// there would share its state with the original.
    private var unique: UnsafeMutablePointer<GestureEngine<PackedTransitions>> {
        mutating get {
            #if !GSPEC_UNSHARED_ENGINE
            if !isKnownUniquelyReferenced(&box) { copyBox() }
            #endif
            return box.core
        }
    }

    #if !GSPEC_UNSHARED_ENGINE
    /// Out of line: the copy needs a whole engine on the stack, which every
    /// `feed` would otherwise reserve and pay for.
    @inline(never)
    private mutating func copyBox() { box = Box(box.core.pointee) }
    #endif

    public var table: GestureTable { core.table }
    @inlinable public var events: [GestureEvent] { box.events.pointee }
    /// Whether any event is waiting: cheaper than `events.isEmpty` in a per-sample loop.
    @inlinable public var hasEvents: Bool { !box.events.pointee.isEmpty }
    public var anomalies: StreamAnomalies { core.anomalies }
    /// Whether to work out what the views themselves receive; off by default.
    public var reportsDeliveries: Bool {
        get { core.reportsDeliveries }
        set { unique.pointee.reportsDeliveries = newValue }
    }
    /// Whether to record why gestures fail or wait; off by default.
    public var explains: Bool {
        get { core.explains }
        set { unique.pointee.explains = newValue }
    }
    /// Why gestures failed or wait so far (`explains`), cleared with the events.
    public var explanations: [Explanation] { core.explanations }
    /// Touch deliveries to views so far (`reportsDeliveries`), cleared with the events.
    public var deliveries: [TouchDelivery] { core.deliveries }
    /// The engine's time: the latest sample's, control call's or `advance`'s.
    public var clock: Microseconds { Microseconds(core.clock) }
    public var staleTouchTimeout: Microseconds? {
        get { core.staleTouchTimeout }
        set { unique.pointee.staleTouchTimeout = newValue }
    }

    /// The screen's size in points, for pans from the right and bottom screen
    /// edges; (0, 0), the default, is unknown: no touch is near those edges.
    public var screenSize: SIMD2<Double> {
        get { core.screenSize }
        set { unique.pointee.screenSize = newValue }
    }

    // The requirements' documentation is on `TouchEngine`.
    public mutating func feed(_ event: TouchEvent) { unique.pointee.feedUnique(event) }
    public mutating func advance(to time: Microseconds) { unique.pointee.advance(to: time) }
    public mutating func finish() { unique.pointee.finish() }
    /// Ends the host's frame (an Android `MotionEvent`, a UIKit touch event):
    /// the samples fed since the last frame are decided now, not when a later
    /// sample comes, so their events arrive with the input that caused them.
    /// The same events as without it; a later sample of the same time then
    /// starts a frame of its own.
    public mutating func endFrame() { unique.pointee.endFrame() }
    public mutating func reset() { unique.pointee.reset() }
    public mutating func removeAllEvents() { unique.pointee.removeAllEvents() }

    /// Feeds every event of `trace`, clearing the events as they come, then
    /// ends the stream; returns how many events there were. The loop the
    /// benchmarks time, natively (`gspec-bench engine`) and in WebAssembly
    /// (gspec-run.wasm's `gspec_bench_run`): one loop, so the two figures compare.
    package mutating func runClearingEvents(_ trace: [TouchEvent]) -> Int {
        var count = 0
        for e in trace {
            feed(e)
            if hasEvents {
                count &+= events.count
                removeAllEvents()
            }
        }
        finish()
        return count &+ events.count
    }

    /// Enables or disables gesture `g` at `time` (engine microseconds; an
    /// earlier time acts at the clock). Disabling cancels the gesture if it
    /// has begun and fails it if it is in an attempt, releasing what it held;
    /// while disabled it takes no touches. Enabling applies to touches that
    /// begin afterwards. An index outside the table changes nothing.
    /// A gesture whose `enabled:` is a condition on modes is not set here:
    /// its modes decide (`setMode`).
    public mutating func setEnabled(_ enabled: Bool, gesture g: GestureID, at time: Microseconds) {
        guard core.table.has(g) else { return }
        unique.pointee.setEnabled(enabled, gesture: g, at: time)
    }

    /// Turns mode `m` (an index of the table's modes, `GestureTable.mode(named:)`)
    /// on or off at `time`. All modes are off at start. Each gesture whose
    /// `enabled:` condition changes value is enabled or disabled then, as
    /// `setEnabled` does. An index outside the table's modes changes nothing.
    public mutating func setMode(_ m: ModeID, _ on: Bool, at time: Microseconds) {
        guard core.table.modeIDs.contains(m) else { return }
        unique.pointee.setMode(m, on, at: time)
    }

    /// Turns the mode named `name` on or off at `time`, as `setMode(_:_:at:)`
    /// does; false, changing nothing, when the table has no mode of that name.
    @discardableResult
    public mutating func setMode(named name: String, _ on: Bool, at time: Microseconds) -> Bool {
        guard let m = core.table.mode(named: name) else { return false }
        setMode(m, on, at: time)
        return true
    }

    /// Hands gesture `g` over at `time` (v3 `A hands over to B`): if `g` is
    /// active (began, not ended), it reports `cancelled` and the first gesture
    /// its rules name that is enabled, free of an attempt of its own and able
    /// to take `g`'s touches reports `began` with them, at the same time, its
    /// translation, scale and rotation measured from there. Otherwise nothing
    /// changes (`explains` records why); an index outside the table neither.
    public mutating func handOver(from g: GestureID, at time: Microseconds) {
        guard core.table.has(g) else { return }
        unique.pointee.handOver(from: g, at: time)
    }

    /// Says at `time` whether the platform's momentum runs for scroll `g` (v5:
    /// a scroll view decelerating after the lift, UIKit's `isDecelerating`, on
    /// the web scroll events after the touches lifted until `scrollend`), or
    /// ends a settle's momentum early (`false`: the app stopped its
    /// animation). While it runs, a touch coming down on the gesture's view
    /// stops it, and the set's taps and long presses fail with that touch
    /// unless they say `duringMomentum: true`. A settle's own momentum the
    /// engine times itself. An index outside the table, or a gesture that is
    /// neither a scroll nor has a settle, changes nothing.
    public mutating func setMomentum(_ running: Bool, gesture g: GestureID, at time: Microseconds) {
        guard core.table.has(g), core.table.kind(of: g) == .scroll || core.table.settle(of: g) != nil else { return }
        unique.pointee.setMomentum(running, gesture: g, at: time)
    }

    /// Says at `time` which edges of its content scroll `g` is at now (v4):
    /// the platform's scroll position (the web's `scrollTop` and friends,
    /// UIKit's content offset), as the directions pointing at them (`.up`:
    /// the top). While the scroll is at an edge its `A hands over to B at
    /// EDGE` rule names, a touch whose first movement past the slop would
    /// scroll it beyond that edge does not scroll it (it fails, explaining
    /// why) and goes to B. Every scroll starts at no edge. An index outside
    /// the table, or a gesture that is no scroll, changes nothing.
    public mutating func setScrollEdges(_ edges: DirectionSet, gesture g: GestureID, at time: Microseconds) {
        guard core.table.has(g), core.table.kind(of: g) == .scroll else { return }
        unique.pointee.setScrollEdges(edges, gesture: g, at: time)
    }

    /// Says at `time` that the platform began scrolling with scroll `g`'s
    /// touches (v4: on the web a `pointercancel` on a touch in the scroll's
    /// view, in UIKit the scroll view's pan recognizer beginning). The
    /// platform has decided, so a scroll still in its attempt claims its
    /// touches now, as past its slop: it reports `began`, and the touches'
    /// other gestures fail or are cancelled as the rules say. Returns whether
    /// the scroll is active afterwards: false when another gesture took the
    /// touches first (the app then lets the platform's cancel through) or the
    /// scroll has no touches. An index outside the table, or a gesture that is
    /// no scroll, changes nothing and returns false.
    @discardableResult
    public mutating func scrollBegan(gesture g: GestureID, at time: Microseconds) -> Bool {
        guard core.table.has(g), core.table.kind(of: g) == .scroll else { return false }
        return unique.pointee.scrollBegan(gesture: g, at: time)
    }

    /// Performs gesture `g`'s accessibility action at `time` (v4 `action:`),
    /// as VoiceOver's Actions rotor or a keyboard shortcut asks: `g` reports
    /// `recognized` once at (`x`, `y`) (the centre of its view, which the
    /// host knows) with neutral values and `isAction` set; nothing else is
    /// arbitrated or changed. Returns false, changing nothing, when `g` has no
    /// action (`GestureTable.action(of:)`), is disabled, or is out of range.
    @discardableResult
    public mutating func performAction(gesture g: GestureID, x: Double = 0, y: Double = 0, at time: Microseconds) -> Bool {
        guard core.table.has(g), x.isFinite, y.isFinite else { return false }
        return unique.pointee.performAction(gesture: g, x: x, y: y, at: time)
    }

    /// Whether mode `m` is on.
    public func isOn(mode m: ModeID) -> Bool { m >= 0 && m < 16 && core.modes & 1 << UInt16(m.rawValue) != 0 }

    /// Changes `parameter` of gesture `g` to `value` from the gesture's next
    /// attempt (an attempt in progress keeps the values it started with), at
    /// `time`. Throws, changing nothing, for a parameter the gesture's kind
    /// lacks, a value in the wrong unit or out of range. Allocates nothing and
    /// adds nothing to the cost of an event.
    public mutating func set(_ parameter: RuntimeParameter, to value: ParameterValue, gesture g: GestureID, at time: Microseconds) throws(ParameterError) {
        guard core.table.has(g) else { throw .noSuchGesture(g) }
        try unique.pointee.set(parameter, to: value, gesture: g, at: time)
    }

    /// The value gesture `g` uses for `parameter` from its next attempt; nil when its kind lacks it.
    public func value(of parameter: RuntimeParameter, gesture g: GestureID) -> ParameterValue? {
        guard core.table.has(g) else { return nil }
        return core.value(of: parameter, gesture: g)
    }

    /// Whether gesture `g` is enabled (false for an index outside the table).
    public func isEnabled(_ g: GestureID) -> Bool { core.table.has(g) && core.isEnabled(g) }

    /// Whether gesture `g` is back in `possible` with no touches.
    public func isIdle(_ g: GestureID) -> Bool { core.isIdle(g) }
    /// The automaton state gesture `g` is in.
    package func automatonState(of g: GestureID) -> StateID { core.automatonState(of: g) }
    /// When gesture `g`'s pending deadline fires, if it has one.
    public func deadline(of g: GestureID) -> Microseconds? { core.deadline(of: g) }
    /// Whether any touch is down.
    public var hasTouchesDown: Bool { core.hasTouchesDown }
    /// Whether any gesture has a deadline pending.
    public var hasPendingDeadline: Bool { core.hasPendingDeadline }
    /// The earliest time at which the engine has work without a new sample
    /// (the pending frame, a deadline, a stale touch), nil when none: schedule
    /// one timer for it and call `advance(to:)` when it fires. O(active gestures).
    public var nextDeadline: Microseconds? { core.nextDeadline.map { Microseconds($0) } }
    /// Whether the touch with host id `id` is down.
    public func isTouchDown(_ id: Int64) -> Bool { core.isTouchDown(id) }
    /// Whether samples wait in a frame not yet applied (until a later sample or `advance(to:)`).
    public var hasPendingFrame: Bool { core.hasPendingFrame }
    /// Whether a delivery to a view waits for gestures to decide.
    public var hasWithheldDeliveries: Bool { core.hasWithheldDeliveries }

    /// Owns the engine's state. A pointer rather than a stored property, so
    /// that writes through it need no dynamic exclusivity check.
    @usableFromInline final class Box {
        let core: UnsafeMutablePointer<GestureEngine<PackedTransitions>>
        /// The engine's event list, in place: reading it inlines into a host's
        /// per-sample loop (GestureHost), where a call per sample and per
        /// dispatch was measurable, without making the engine's types public.
        @usableFromInline let events: UnsafeMutablePointer<[GestureEvent]>

        init(_ engine: GestureEngine<PackedTransitions>) {
            core = .allocate(capacity: 1)
            core.initialize(to: engine)
            core.pointee.makeUnique()
            #if hasFeature(Embedded)
            // No key paths in Embedded Swift: the field's address through `pointee`,
            // an addressor, is the field's storage itself.
            events = withUnsafeMutablePointer(to: &core.pointee.events) { $0 }
            #else
            let offset = MemoryLayout<GestureEngine<PackedTransitions>>.offset(of: \.events)!
            events = (UnsafeMutableRawPointer(core) + offset).assumingMemoryBound(to: [GestureEvent].self)
            #endif
        }

        deinit {
            core.deinitialize(count: 1)
            core.deallocate()
        }
    }
}
