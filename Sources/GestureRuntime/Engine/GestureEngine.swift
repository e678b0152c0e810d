/// Runs a compiled gesture set against a touch stream and reports gesture
/// events, arbitrating between gestures as docs/semantics.md describes.
///
/// Feed touch samples in time order with `feed(_:)`; samples with equal times
/// form one frame, applied when a later sample, `advance(to:)` or `finish()`
/// arrives. Read `events` and clear them with `removeAllEvents()`.
///
/// An engine is a value used from one thread or actor at a time; the table it
/// runs is immutable and may be shared. State is fixed-size per gesture and
/// per touch, and buffers are preallocated, so a sample need not allocate
/// after warm-up; a frame costs time proportional to the gestures in the set.
package struct GestureEngine<Transitions: TransitionFunction> {
    /// The most touches down at once; a `began` beyond it is dropped and counted.
    package static var touchCapacity: Int { 20 }
    /// Touch slots: touches down plus lifted ones that gestures still remember.
    static var slotCount: Int { 32 }
    /// Samples kept per gesture for velocities: at most `velocitySamples` are
    /// live; a power of two, so ring indices wrap with a mask.
    static var ringSize: Int { 32 }
    /// The velocity fit uses the samples of the last 100 ms, at most 20 of them,
    /// and reports 0 once the value has not changed for 40 ms.
    static var velocityWindow: Int64 { 100_000 }
    static var velocitySamples: Int32 { 20 }
    static var velocityStop: Int64 { 40_000 }

    package let table: GestureTable
    let transitions: Transitions

    /// Gesture events so far, in the order the engine decided them.
    package internal(set) var events: [GestureEvent] = []
    /// Repaired stream anomalies so far.
    package internal(set) var anomalies = StreamAnomalies()
    /// Whether to work out what the views themselves receive (`deliveries`).
    /// Off by default: it costs time and allocations the gestures alone do not.
    package var reportsDeliveries = false
    /// Touch deliveries to views so far, when `reportsDeliveries` is on.
    package internal(set) var deliveries: [TouchDelivery] = []
    /// Whether to record why gestures fail or wait (`explanations`). Off by
    /// default; on, a failure costs one append and nothing else changes.
    package var explains = false
    /// Why gestures failed or wait, when `explains` is on; cleared with the events.
    package internal(set) var explanations: [Explanation] = []
    var withheld: [Withheld] = []
    /// The table declares views: touches see only the gestures on their hit view's path.
    let hasViews: Bool
    /// Some gesture has a `together` window (v5): completions check for gestures waiting on fingers.
    let hasWindows: Bool
    /// Some gesture has a settle (v5): its events go through `append(settling:_:)`.
    let hasSettles: Bool
    /// Per gesture, its settle (v5), if it has one (shared by copies of the engine).
    let settles: [Settle?]
    /// Some rotation measures every finger (v5): each frame keeps where the
    /// touches were before it (`TouchSlot.previous`), which its turn needs.
    let keepsPrevious: Bool
    /// The pointer kinds every gesture takes: a touch of another kind is seen
    /// only by the gestures whose `input` names it (`sees`).
    let takenByAll: UInt8
    /// A touch of a kind some gesture does not take has begun: from then on
    /// new touches are checked against each gesture's `input`. Stays false
    /// for a stream of touches every gesture takes, so such streams pay nothing.
    var filtersInput = false
    /// `hasViews || filtersInput`, kept as one flag: it is tested for every
    /// idle gesture at every new touch, where the second load showed.
    var filtersTouches = false
    /// The modes that are on (bit `m`: mode `m`); all off at start.
    package internal(set) var modes: UInt16 = 0
    /// The engine's clock: the last frame's time or the last fired deadline.
    package internal(set) var clock: Int64 = 0
    /// The screen's size in points, for screen-edge pans; (0, 0), the default:
    /// unknown, so no touch is near a right or bottom edge.
    package var screenSize = SIMD2<Double>(0, 0)
    /// How long after its last sample a touch that is still down
    /// is cancelled (a lost `ended` must not hold gestures forever); nil, the
    /// default, keeps touches down until the stream says otherwise.
    package var staleTouchTimeout: Microseconds?

    /// Per-gesture and per-touch state in raw buffers owned by `storage`:
    /// writes on the hot path then need no uniqueness check per field. The
    /// engine stays a value: a mutation of a shared copy copies the storage first.
    /// The pointers are cached here rather than read through `storage` on each
    /// access (one load fewer on the hot path); `makeUnique` refreshes them.
    var storage: EngineStorage
    var tracks: PerGesture<Track>
    var slots: PerSlot<TouchSlot>
    var ring: UnsafeMutablePointer<VelocitySample>
    var strokeClasses: UnsafeMutablePointer<Int8>
    var captured: PerGesture<GestureEvent>
    var strokeLengths: UnsafeMutablePointer<Double>
    var fits: PerGesture<VelocityFit>
    var series: PerGesture<TapSeries>
    var recognizedAt: PerGesture<Int64>
    var gates: PerGesture<UInt8>
    var paths: UnsafeMutablePointer<SIMD2<Double>>
    var matches: PerGesture<TemplateMatch>
    /// The table's templates, for matching at lift (shared by copies of the engine).
    let templateIndex: TemplateIndex
    var liftMeasure = LiftMeasure()
    /// The table's gesture records, copied once so the hot path reads them in place.
    var records: PerGesture<GestureRecord>
    var rules: Rules
    let gestureRange: Range<GestureID>
    /// Slots whose touch is down, and those that moved in the current frame.
    var downMask: UInt32 = 0
    var movedMask: UInt32 = 0
    /// No deadline is earlier than this (a lower bound, so most frames skip the search).
    var earliestDeadline = Int64.max
    var frame: UnmanagedBuffer<TouchEvent>
    var frameTime: Int64 = .min
    /// The phases in the pending frame, one bit each (`TouchPhase` raw
    /// values): most frames are moves only, and take `applyMoves`.
    var framePhases: UInt8 = 0
    var frameHasBegan: Bool { framePhases & TouchPhase.began.bit != 0 }
    var frameBegan: UnmanagedBuffer<SlotID>
    var frameEnded: UnmanagedBuffer<Lift>
    /// Gestures whose status listens, one bit each at their priority rank (see `setStatus`).
    var listeningSet: UnsafeMutablePointer<UInt64>
    /// Gestures by priority rank, and each gesture's rank (`EngineStorage.order`).
    var order: UnsafeMutablePointer<Int32>
    var rank: PerGesture<Int32>
    var releasePending = false
    /// The centroid of the touch set `centroidMask`, valid within one frame's evaluation.
    var centroidMask: UInt32 = 0
    var centroid = SIMD2<Double>(0, 0)
    /// No momentum runs at or after this time (v5; the latest of `EngineStorage.momentumUntil`,
    /// an upper bound): most touches test this alone.
    var momentumEnd = Int64.min
    /// Some gesture may have finished or lost its touches since the last settle.
    var needsSettle = false
    /// A gesture returned to `possible` in the current frame's decision (it
    /// may then see the frame's new touches: `seeFrameAfterRelease`).
    var returnedToIdle = false

    /// An engine over `table`, stepping automata with `transitions`.
    package init(table: GestureTable, transitions: Transitions) {
        self.table = table
        self.transitions = transitions
        hasViews = table.hasViews
        var (windows, previous) = (false, false)
        for r in table.gestures {
            windows = windows || r.together > 0
            previous = previous || (r.kind == .rotation && r.measuresEveryFinger)
        }
        (hasWindows, keepsPrevious) = (windows, previous)
        settles = table.gestureIDs.map { table.settle(of: $0) }
        hasSettles = settles.contains { $0 != nil }
        filtersTouches = table.hasViews
        takenByAll = table.gestures.reduce(PointerKind.allCases.reduce(0) { $0 | $1.bit }) { $0 & $1.inputs }
        let n = table.gestures.count
        gestureRange = Range(gestures: n)
        storage = EngineStorage(gestures: n, slots: Self.slotCount, ringSize: Self.ringSize, table: table)
        (records, rules, tracks, slots, ring) = (PerGesture(storage.records.base), storage.rules, PerGesture(storage.tracks.base),
                                                 PerSlot(storage.slots.base), storage.ring.base)
        frame = UnmanagedBuffer(base: storage.frame.base, capacity: storage.frame.count)
        frameBegan = UnmanagedBuffer(base: storage.began.base, capacity: Self.slotCount)
        frameEnded = UnmanagedBuffer(base: storage.lifts.base, capacity: Self.slotCount)
        (listeningSet, captured) = (storage.listening.base, PerGesture(storage.captured.base))
        (strokeClasses, strokeLengths) = (storage.strokeClasses.base, storage.strokeLengths.base)
        (fits, order, rank, series) = (PerGesture(storage.fits.base), storage.order.base, PerGesture(storage.rank.base), PerGesture(storage.series.base))
        (recognizedAt, gates) = (PerGesture(storage.recognizedAt.base), PerGesture(storage.gates.base))
        (paths, matches) = (storage.paths.base, PerGesture(storage.matches.base))
        templateIndex = TemplateIndex(table)
        for g in gestureRange { tracks[g].state = transitions.startState(g) }
        events.reserveCapacity(256)
    }

    /// Every status change goes through here, keeping `listeningSet` exact.
    @inline(__always)
    mutating func setStatus(_ g: GestureID, _ status: ArenaStatus) {
        tracks[g].status = status
        let r = Int(rank[g])
        let bit: UInt64 = 1 << UInt64(r & 63)
        if status.listens { listeningSet[r >> 6] |= bit } else { listeningSet[r >> 6] &= ~bit }
    }

    // MARK: Input

    /// Before mutating: if another copy of this engine shares the storage,
    /// take a copy. Built with `GSPEC_UNSHARED_ENGINE` (see `Engine`), nothing.
    @inline(__always)
    mutating func makeUnique() {
        #if !GSPEC_UNSHARED_ENGINE
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
            (records, rules, tracks, slots, ring) = (PerGesture(storage.records.base), storage.rules, PerGesture(storage.tracks.base),
                                                     PerSlot(storage.slots.base), storage.ring.base)
            frame.rebase(storage.frame.base, capacity: storage.frame.count)
            frameBegan.rebase(storage.began.base, capacity: Self.slotCount)
            frameEnded.rebase(storage.lifts.base, capacity: Self.slotCount)
            (listeningSet, captured) = (storage.listening.base, PerGesture(storage.captured.base))
            (strokeClasses, strokeLengths) = (storage.strokeClasses.base, storage.strokeLengths.base)
            (fits, order, rank, series) = (PerGesture(storage.fits.base), storage.order.base, PerGesture(storage.rank.base), PerGesture(storage.series.base))
            (recognizedAt, gates) = (PerGesture(storage.recognizedAt.base), PerGesture(storage.gates.base))
            (paths, matches) = (storage.paths.base, PerGesture(storage.matches.base))
        }
        #endif
    }

    /// Adds a sample to the pending frame, growing it first if it is full.
    @inline(__always)
    mutating func appendToFrame(_ event: TouchEvent) {
        framePhases |= event.phase.bit
        if frame.isFull { growFrame() }
        frame.append(event)
    }

    @inline(never)  // rare: the common path keeps no registers for it
    private mutating func growFrame() {
        storage.growFrame()
        frame.rebase(storage.frame.base, capacity: storage.frame.count)
    }

    /// Adds one touch sample. A sample later than the pending frame applies it first.
    package mutating func feed(_ event: TouchEvent) {
        makeUnique()
        feedUnique(event)
    }

    /// `feed` for an engine whose storage is known to be its own.
    mutating func feedUnique(_ event: TouchEvent) {
        let time = event.time.rawValue
        guard time >= clock && time >= frameTime else { return feedLate(event) }
        if time != frameTime && !frame.isEmpty { applyFrame() }
        frameTime = time
        appendToFrame(event)
    }

    /// A sample earlier than the pending frame or the clock: repaired to
    /// the later of the two (out of line: the common path stays short).
    @inline(never)
    private mutating func feedLate(_ event: TouchEvent) {
        anomalies.timeWentBackwards += 1
        var event = event
        event.time = Microseconds(max(clock, frameTime))
        feedUnique(event)
    }

    /// Applies the pending frame and fires every deadline due at or before `time`.
    package mutating func advance(to time: Microseconds) {
        makeUnique()
        if !frame.isEmpty { applyFrame() }
        fireDeadlines(upTo: time.rawValue)
        if time.rawValue > clock { clock = time.rawValue }
    }

    /// Applies the pending frame now, with the deadlines due by its time: what
    /// a later sample would do first (`HostTests` checks the two alike).
    package mutating func endFrame() {
        guard !frame.isEmpty else { return }
        advance(to: Microseconds(frameTime))
    }

    /// Ends the stream: applies the pending frame and fires every remaining
    /// deadline. Touches still down stay down.
    package mutating func finish() {
        makeUnique()
        if !frame.isEmpty { applyFrame() }
        fireDeadlines(upTo: .max - 1)
    }

    /// Cancels every touch that is down (as a `cancelled` frame at the current
    /// clock), so every gesture returns to `possible`.
    package mutating func reset() {
        makeUnique()
        if !frame.isEmpty { applyFrame() }
        var down = downMask
        while down != 0 {
            let s = SlotID(lowestIn: down)
            down &= down - 1
            appendToFrame(TouchEvent(time: Microseconds(clock), id: slots[s].id, phase: .cancelled, x: 0, y: 0))
        }
        frameTime = clock
        if !frame.isEmpty { applyFrame() }
        // Every gesture back in `possible`: no tap series goes on, no `within` window stays open.
        for g in gestureRange {
            series[g] = TapSeries()
            recognizedAt[g] = .min
        }
    }

    /// Forgets the events reported so far, keeping the buffer's storage.
    package mutating func removeAllEvents() {
        if !deliveries.isEmpty { deliveries.removeAll(keepingCapacity: true) }
        if !explanations.isEmpty { explanations.removeAll(keepingCapacity: true) }
        // Usually one or two events. Natively, popping them is cheaper than
        // `removeAll(keepingCapacity:)`, which goes through `replaceSubrange`
        // (3-5% of a sample, alternated); in WebAssembly each pop copies the
        // event out and `removeAll` is 10% of a sample cheaper (docs/web.md).
        #if GSPEC_WEB
        events.removeAll(keepingCapacity: true)
        #else
        if events.count > 8 {
            events.removeAll(keepingCapacity: true)
        } else {
            while events.popLast() != nil {}
        }
        #endif
    }

    /// Whether gesture `g` is back in `possible` with no touches.
    package func isIdle(_ g: GestureID) -> Bool { tracks[g].status == .idle }
    /// The automaton state gesture `g` is in (a local state of its table rows),
    /// for tools that reason about the automaton, such as the latency analysis.
    package func automatonState(of g: GestureID) -> StateID { tracks[g].state }
    /// When gesture `g`'s pending deadline fires, if it has one.
    package func deadline(of g: GestureID) -> Microseconds? { tracks[g].deadline == .max ? nil : Microseconds(tracks[g].deadline) }

    /// Whether any touch is down.
    package var hasTouchesDown: Bool { downMask != 0 }

    /// Whether a delivery to a view waits for gestures to decide.
    package var hasWithheldDeliveries: Bool { !withheld.isEmpty }

    /// Whether any gesture has a deadline pending.
    package var hasPendingDeadline: Bool { gestureRange.contains { tracks[$0].deadline != .max } }

    /// Whether samples wait in a frame not yet applied.
    package var hasPendingFrame: Bool {
        @inline(__always) get { !frame.isEmpty }  // a call would copy the whole engine to pass `self`
    }

    /// Whether the touch with host id `id` is down.
    @inline(__always)
    package func isTouchDown(_ id: Int64) -> Bool { slot(of: id) != nil }

    /// The earliest time at which the engine has work to do without a new
    /// sample: the pending frame's time, else a gesture's deadline or a stale
    /// touch's cancellation; nil when nothing is pending. A host that calls
    /// `advance(to:)` at this time (and again at each new value) gets the same
    /// events as one that feeds a later sample. Never earlier than `clock`.
    ///
    /// A pending frame answers at once (a host asks after every sample): any
    /// deadline before it fires, at its own time, when the frame applies.
    /// Otherwise only gestures in an attempt can hold a deadline (finishing
    /// clears it), so the search visits the listening set: O(active gestures).
    package var nextDeadline: Int64? {
        @inline(__always) get {
            if !frame.isEmpty { return max(frameTime, clock) }
            var when = Int64.max
            if earliestDeadline < when {
                for w in 0..<storage.listening.count {
                    var bits = listeningSet[w]
                    while bits != 0 {
                        let g = GestureID(order[w &* 64 &+ bits.trailingZeroBitCount])
                        bits &= bits &- 1
                        if tracks[g].deadline < when { when = tracks[g].deadline }
                    }
                }
            }
            if let timeout = staleTouchTimeout {
                var down = downMask
                while down != 0 {
                    let s = SlotID(lowestIn: down)
                    down &= down &- 1
                    when = min(when, slots[s].lastSeen &+ timeout.rawValue)
                }
            }
            return when == .max ? nil : max(when, clock)
        }
    }

    // MARK: Frames

    mutating func applyFrame() {
        if framePhases & ~(TouchPhase.moved.bit | TouchPhase.stationary.bit) == 0 {
            applyMoves()
            return
        }
        let t = frameTime
        fireDeadlines(upTo: t)
        clock = t
        cancelDuplicates()
        frameBegan.removeAll()
        frameEnded.removeAll()
        movedMask = 0
        if keepsPrevious { keepPositions() }
        // began lines, then moved / stationary, then ended / cancelled.
        for e in frame where e.phase == .began { begin(e) }
        for e in frame where e.phase == .moved || e.phase == .stationary || e.phase == .ended {
            move(e)
        }
        for e in frame where e.phase == .ended || e.phase == .cancelled {
            guard let s = slot(of: e.id), !frameEnded.contains(where: { $0.slot == s }) else {
                if e.phase == .cancelled { anomalies.unknownTouch += 1 }
                continue
            }
            frameEnded.append(Lift(slot: s, cancelled: e.phase == .cancelled))
        }
        frame.removeAll()
        framePhases = 0
        // Every idle gesture sees the frame's new touches before any gesture
        // decides, so a gesture declared later is already in the attempt when
        // an earlier one completes (and is held for it, or excluded by it).
        returnedToIdle = false
        var began: UInt32 = 0
        for s in frameBegan { began |= s.bit }
        if began != 0 {
            let saw = storage.sawBegan.base
            for w in 0..<storage.sawBegan.count { saw[w] = 0 }
            for g in gestureRange where tracks[g].status == .idle {
                saw[g.rawValue >> 6] |= 1 << UInt64(g.rawValue & 63)
                startAttempt(g, began)
            }
        }
        centroidMask = 0
        // In a frame of moves only (most frames), only gestures tracking a moved touch have work.
        let movesOnly = frameBegan.isEmpty && frameEnded.isEmpty
        for w in 0..<storage.listening.count {
            var bits = listeningSet[w]
            while bits != 0 {
                // In priority order: the deepest view's gesture decides first on a tie.
                let g = GestureID(order[w &* 64 &+ bits.trailingZeroBitCount])
                bits &= bits &- 1
                // Re-checked: an earlier gesture's decision may have failed this one.
                guard listening(g), !movesOnly || tracks[g].tracked & movedMask != 0 else { continue }
                evaluate(g)
            }
        }
        for lift in frameEnded { downMask &= ~lift.slot.bit }
        settle()
        if returnedToIdle && began != 0 { seeFrameAfterRelease(began) }
        if reportsDeliveries { deliverFrame(began: Array(frameBegan), moved: movedMask, lifts: Array(frameEnded)) }
    }

    /// `applyFrame` for a frame of moves only, most frames: no touch begins
    /// or lifts, so no gesture starts, takes or releases a touch, and only
    /// gestures tracking a moved touch have work. The same steps in the same
    /// order, without the passes and checks such a frame cannot need.
    private mutating func applyMoves() {
        let t = frameTime
        if earliestDeadline <= t || staleTouchTimeout != nil { fireDeadlines(upTo: t) }
        clock = t
        frameBegan.removeAll()
        frameEnded.removeAll()
        movedMask = 0
        if keepsPrevious { keepPositions() }
        for e in frame { move(e) }
        frame.removeAll()
        framePhases = 0
        centroidMask = 0
        if movedMask != 0 {
            for w in 0..<storage.listening.count {
                var bits = listeningSet[w]
                while bits != 0 {
                    let g = GestureID(order[w &* 64 &+ bits.trailingZeroBitCount])
                    bits &= bits &- 1
                    guard tracks[g].tracked & movedMask != 0, listening(g) else { continue }
                    measure(g, UnsafePointer(records + g))
                }
            }
        }
        if releasePending || needsSettle { settle() }
        if reportsDeliveries { deliverFrame(began: [], moved: movedMask, lifts: []) }
    }

    /// Starts an attempt of idle gesture `g` with the frame's new touches
    /// (`began`, a slot mask) that it can see.
    private mutating func startAttempt(_ g: GestureID, _ began: UInt32) {
        var visible = began
        if filtersTouches {
            for s in frameBegan where !sees(g, s) { visible &= ~s.bit }
        }
        guard visible != 0 else { return }
        if gates[g] != 0 {
            guard gates[g] & EngineStorage.gateDisabled == 0 else {
                if explains { explain(g, .off(modes: modes)) }
                return
            }
            applyChanges(g)
        }
        var armedBy: Int32 = -1
        let flags = records[g].flags
        if flags & GestureRecord.flagArmed != 0 {
            // Unarmed, a gesture of `after` rules takes no touches.
            guard let source = armingSource(g) else {
                if explains { explain(g, .unarmed(GestureID(rules.afterTarget[rules.afterEntries(of: g).lowerBound]))) }
                return
            }
            if records[source].kind.isContinuous { armedBy = Int32(truncatingIfNeeded: source.rawValue) }
        }
        tracks[g].reset(start: transitions.startState(g))
        tracks[g].armedBy = armedBy
        tracks[g].seen = visible
        if flags & GestureRecord.flagSeriesContinues != 0 && continuesSeries(g, visible) {
            // The press belongs to a series the gesture already fired in: it
            // follows the touches until they lift, and takes no part otherwise.
            tracks[g].continuing = true
            tracks[g].tracked = visible
            (tracks[g].seriesX, tracks[g].seriesY) = (series[g].x, series[g].y)
            setStatus(g, .done)
            return
        }
        setStatus(g, .tracking)
        resetRing(g)
    }

    /// Whether a press of the touches `visible` continues the last series of
    /// `series: continues` tap `g`: it begins within `maxInterval` of the
    /// series' last lift and within `tapDistance` of its first press.
    private func continuesSeries(_ g: GestureID, _ visible: UInt32) -> Bool {
        let last = series[g]
        // Exclusive, as while counting: a press exactly `maxInterval` after the lift is late.
        guard clock < last.until else { return false }
        let s = SlotID(lowestIn: visible)
        return !Length.exceeds(slots[s].x - last.x, slots[s].y - last.y, records[g].tapDistance)
    }

    /// Gesture `g` is done and its touches are up: a `series: continues` tap
    /// that fired, or continued its series, keeps the series open for
    /// `maxInterval` after the last lift; any other outcome closes it.
    private mutating func closeAttempt(_ g: GestureID) {
        guard records[g].flags & GestureRecord.flagSeriesContinues != 0 else { return }
        if tracks[g].succeeded || tracks[g].continuing {
            // A press the gesture still tracked lifted in this frame; otherwise at its recorded lift.
            let lift = tracks[g].tracked == 0 ? tracks[g].lastLift : clock
            series[g] = TapSeries(until: lift &+ records[g].maxInterval, x: tracks[g].seriesX, y: tracks[g].seriesY)
        } else {
            series[g] = TapSeries()
        }
    }

    /// A gesture that this frame's decision released, failed or ended, and
    /// that is back in `possible` by its end, sees the touches that began in
    /// the frame as if it had been idle: two quick taps far apart with
    /// `single requires double to fail` are two single taps. Each gesture
    /// gets the frame once; its own decisions may free others, so repeat.
    private mutating func seeFrameAfterRelease(_ began: UInt32) {
        let saw = storage.sawBegan.base
        var again = true
        while again {
            again = false
            for g in gestureRange where tracks[g].status == .idle && saw[g.rawValue >> 6] & (1 << UInt64(g.rawValue & 63)) == 0 {
                saw[g.rawValue >> 6] |= 1 << UInt64(g.rawValue & 63)
                startAttempt(g, began)
                switch tracks[g].status {
                case .tracking: evaluate(g)
                case .done: break  // continuing a tap series: settled below if its touches already lifted
                default: continue
                }
                again = true
            }
            if again { settle() }
        }
    }

    /// A `began` for an id that is already down cancels the old instance first,
    /// in a frame of its own at the same time.
    private mutating func cancelDuplicates() {
        guard frameHasBegan else { return }
        var duplicates = false
        for e in frame where e.phase == .began && slot(of: e.id) != nil { duplicates = true }
        guard duplicates else { return }
        let pending = Array(frame)
        frame.removeAll()
        for e in pending where e.phase == .began && slot(of: e.id) != nil {
            anomalies.duplicateBegan += 1
            appendToFrame(TouchEvent(time: Microseconds(frameTime), id: e.id, phase: .cancelled, x: 0, y: 0))
        }
        applyFrame()
        for e in pending { appendToFrame(e) }
    }

    private mutating func begin(_ e: TouchEvent) {
        guard e.x.isFinite && e.y.isFinite else {
            anomalies.nonFiniteCoordinate += 1
            return
        }
        if slot(of: e.id) != nil {  // a second `began` for one id within one frame
            anomalies.duplicateBegan += 1
            return
        }
        var taken = downMask
        for g in gestureRange { taken |= tracks[g].seen }
        let free = SlotID(lowestIn: ~taken)
        guard downMask.nonzeroBitCount < Self.touchCapacity, free.rawValue < Self.slotCount else {
            anomalies.overCapacity += 1
            return
        }
        var view: ViewID = 0
        if hasViews {
            if e.view >= 0 && e.view.rawValue < table.viewNames.count { view = e.view } else { anomalies.unknownView += 1 }
        }
        let at = SIMD2(e.x, e.y)
        slots[free] = TouchSlot(id: e.id, down: at, position: at, lastSeen: frameTime, view: view, pointer: e.pointer)
        if takenByAll & e.pointer.bit == 0 { (filtersInput, filtersTouches) = (true, true) }
        if frameTime < momentumEnd { stopMomentum(free) }
        downMask |= free.bit
        frameBegan.append(free)
    }

    /// Where every touch down is before the frame moves it (`keepsPrevious`).
    @inline(never)
    private mutating func keepPositions() {
        var down = downMask
        while down != 0 {
            let s = SlotID(lowestIn: down)
            down &= down &- 1
            slots[s].previous = slots[s].position
        }
    }

    @inline(__always)
    private mutating func move(_ e: TouchEvent) {
        guard let s = slot(of: e.id) else {
            anomalies.unknownTouch += 1
            return
        }
        slots[s].lastSeen = frameTime
        // `stationary` advances the clock only: its coordinates are not a move.
        guard e.phase != .stationary else { return }
        // Both coordinates tested at once: p - p is 0 for finite ones, NaN for infinities and NaN.
        let p = SIMD2(e.x, e.y)
        guard all(p - p .== 0) else {
            anomalies.nonFiniteCoordinate += 1
            return
        }
        if any(p .!= slots[s].position) {
            slots[s].position = p
            movedMask |= s.bit
        }
    }

    @inline(__always)  // a call would copy the whole engine to pass `self`
    func slot(of id: Int64) -> SlotID? {
        var down = downMask
        while down != 0 {
            let s = SlotID(lowestIn: down)
            if slots[s].id == id { return s }
            down &= down - 1
        }
        return nil
    }

    // MARK: Deadlines

    mutating func fireDeadlines(upTo time: Int64) {
        while true {
            var next: GestureID?
            var when = Int64.max
            if earliestDeadline <= time {
                // Deadlines at one time fire in priority order too.
                for r in 0..<gestureRange.count {
                    let g = GestureID(order[r])
                    if tracks[g].deadline < when {
                        when = tracks[g].deadline
                        next = g
                    }
                }
                earliestDeadline = when
            }
            if let timeout = staleTouchTimeout, cancelStaleTouches(upTo: min(time, when), timeout: timeout.rawValue) { continue }
            guard let next, when <= time else { return }
            clock = when
            tracks[next].deadline = .max
            needsSettle = true
            if tracks[next].windowOpen && when >= tracks[next].windowEnd { closeWindow(next) } else { feed(next, .timeout) }
            settle()
            if reportsDeliveries { releaseWithheld() }
        }
    }

    /// Cancels, in a frame of its own at its deadline, the touch that went
    /// stale first, if any did by `time`. Returns whether one was cancelled.
    private mutating func cancelStaleTouches(upTo time: Int64, timeout: Int64) -> Bool {
        var stale: SlotID = -1
        var when = Int64.max
        var down = downMask
        while down != 0 {
            let s = SlotID(lowestIn: down)
            down &= down - 1
            if slots[s].lastSeen &+ timeout < when {
                when = slots[s].lastSeen &+ timeout
                stale = s
            }
        }
        guard stale >= 0, when <= time else { return false }
        anomalies.staleTouch += 1
        slots[stale].lastSeen = .max / 2  // being cancelled: not stale again while its frame applies
        let pending = Array(frame), pendingTime = frameTime
        frame.removeAll()
        appendToFrame(TouchEvent(time: Microseconds(max(when, clock)), id: slots[stale].id, phase: .cancelled, x: 0, y: 0))
        frameTime = max(when, clock)
        applyFrame()
        for e in pending { appendToFrame(e) }
        frameTime = pendingTime
        return true
    }

    /// Releases held gestures whose competitors failed, then returns finished
    /// gestures to `possible`.
    mutating func settle() {
        processReleases()
        guard needsSettle || !frameEnded.isEmpty else { return }
        needsSettle = false
        let down = downMask
        for g in gestureRange {
            tracks[g].restarted = false
            switch tracks[g].status {
            case .done where tracks[g].seen & down == 0:
                closeAttempt(g)
                tracks[g].reset(start: transitions.startState(g))
                setStatus(g, .idle)
                returnedToIdle = true
            case .tracking where tracks[g].tracked == 0 && tracks[g].deadline == .max:
                // No touch and no timer left: nothing could ever decide it, so it fails now.
                fail(g, .undecidable)
                processReleases()
            default:
                break
            }
        }
    }
}

