/// The raw buffers behind one engine: per-gesture tracks, touch slots,
/// velocity rings and the current frame. Owned by a class so that they are
/// freed with the last engine that uses them, and copied whole when a shared
/// engine mutates.
final class EngineStorage {
    let gestures: Int, slotCount: Int, ringSize: Int
    let tracks: RawArray<Track>
    let slots: RawArray<TouchSlot>
    /// `ringSize` velocity samples per gesture; `Track.ringHead` / `ringCount` say which are live.
    let ring: RawArray<VelocitySample>
    /// Per gesture, the least-squares sums over its live velocity samples.
    let fits: RawArray<VelocityFit>
    /// The table's gesture records and rule lists (CSR, as in `GestureTable`),
    /// read in place on the hot path.
    let records: RawArray<GestureRecord>
    let rules: Rules
    /// The pending frame's samples (grown for a rare huge frame), and the
    /// slots that began and lifted in it (each at most once, so `slotCount`).
    private(set) var frame: RawArray<TouchEvent>
    let began: RawArray<SlotID>
    let lifts: RawArray<Lift>
    /// One bit per gesture whose status listens to touches, so a frame visits
    /// the gestures in an attempt rather than the whole set. Bit `rank[g]`:
    /// iterating the bits visits gestures in priority order.
    let listening: RawArray<UInt64>
    /// `A wins over B` (v4) overrides depth and declaration for the pair: A
    /// comes before B, so a claim in one frame goes to A. Each winner found
    /// after what it beats moves to just before it; the checker refuses
    /// cycles, and a corrupt table's stop after n² moves.
    @inline(never)
    static func putWinnersFirst(_ order: inout [Int], _ table: GestureTable) {
        var rank = [Int](repeating: 0, count: order.count)
        for _ in 0...order.count * order.count {
            for (r, g) in order.enumerated() { rank[g] = r }
            var moved = false
            for a in order.indices {
                for b in table.winsTarget[Int(table.winsStart[a])..<Int(table.winsStart[a + 1])] where rank[a] > rank[Int(b)] {
                    order.remove(at: rank[a])
                    order.insert(a, at: rank[Int(b)])
                    moved = true
                    break
                }
                if moved { break }
            }
            if !moved { return }
        }
    }

    /// Gestures in priority order (`order[rank[g]] == g`): a gesture on a
    /// deeper view first, then declaration order, but a gesture before those
    /// it wins over (v4). Ties on one input go to the gesture visited first,
    /// so a child's tap beats its parent's identical one.
    let order: RawArray<Int32>
    let rank: RawArray<Int32>
    /// One bit per gesture that was idle when the current frame's touches
    /// began (so it saw them), for the gestures a decision frees later in the frame.
    let sawBegan: RawArray<UInt64>
    /// Per gesture, the event a gesture held by `requires` will report when released
    /// (kept out of `Track`: it is large and rarely used, and tracks are walked every frame).
    let captured: RawArray<GestureEvent>
    /// Per gesture, `strokeCapacity` segments (class and length) of a stroke decided at lift.
    let strokeClasses: RawArray<Int8>
    let strokeLengths: RawArray<Double>
    static let strokeCapacity = 32
    /// Per gesture, the finished series a `series: continues` tap's next press
    /// may continue (kept across attempts, so not in `Track`).
    let series: RawArray<TapSeries>
    /// Per gesture, when it was last recognized (`.min`: never), for the `after` rules it arms.
    let recognizedAt: RawArray<Int64>
    /// Per gesture, `gateDisabled` (it takes no touches) and `gateChanged`
    /// (`nextRecords` holds run-time parameters for its next attempt): one
    /// byte, so starting an attempt tests both with one load.
    let gates: RawArray<UInt8>
    /// Per gesture, its record as run-time changes left it, copied into
    /// `records` when its next attempt starts.
    let nextRecords: RawArray<GestureRecord>
    /// Per template stroke, its path: `pathCapacity` points, thinned as it
    /// grows (`Track.pathCount`, `pathSpacing`), and a slot for the lift
    /// point; empty when the table has no template stroke.
    let paths: RawArray<SIMD2<Double>>
    static let pathCapacity = 64
    /// Per gesture, its templates' verdict on the stroke that lifted last.
    let matches: RawArray<TemplateMatch>
    /// The lifted path `LiftMeasure` describes (a copy, so that it stays
    /// exact whatever happens to the gesture that kept it).
    let liftPath: RawArray<SIMD2<Double>>
    /// The turns of that path resampled (`StrokeFeatures.measure`), for a
    /// gesture whose `counterSpan` is not the default.
    let liftTurns: RawArray<Double>
    /// That path's normalized points, matching vector and its perpendicular:
    /// too large for a stack buffer (over 1 KiB goes to the heap).
    let templateScratch: RawArray<Float>
    /// Per gesture, a scroll's `at` edges (v4; `DirectionSet` raw values):
    /// those its hand-over rules name, fixed, and those the platform says it
    /// is at now (`setScrollEdges`). Read only when a scroll passes its slop.
    let handOverEdges: RawArray<UInt8>
    let scrollEdges: RawArray<UInt8>
    /// Per gesture with a settle (v5), where it rests and its marks' sides
    /// (kept across attempts); empty when the table has no settle.
    let settleStates: RawArray<SettleState>
    /// Per gesture, until when its momentum runs (v5: a settle's, or a
    /// platform scroll's the host reported; `Int64.max` until told it ended).
    let momentumUntil: RawArray<Int64>
    static let gateDisabled: UInt8 = 1
    static let gateChanged: UInt8 = 2

    init(gestures: Int, slots: Int, ringSize: Int, table: GestureTable) {
        self.gestures = gestures
        slotCount = slots
        self.ringSize = ringSize
        records = RawArray(table.gestures)
        rules = Rules(table)
        tracks = RawArray(repeating: Track(), count: gestures)
        self.slots = RawArray(repeating: TouchSlot(), count: slots)
        ring = RawArray(repeating: VelocitySample(), count: gestures * ringSize)
        fits = RawArray(repeating: VelocityFit(), count: gestures)
        frame = RawArray(repeating: TouchEvent(time: 0, id: 0, phase: .began, x: 0, y: 0), count: 64)
        began = RawArray(repeating: 0, count: slots)
        lifts = RawArray(repeating: Lift(slot: 0, cancelled: false), count: slots)
        listening = RawArray(repeating: 0, count: (gestures + 63) / 64)
        sawBegan = RawArray(repeating: 0, count: (gestures + 63) / 64)
        let depth = (0..<gestures).map { g -> Int in
            var (v, d) = (table.view(of: GestureID(g)), 0)
            while v != 0 && d < table.viewParents.count {  // bounded: a valid tree has no cycle
                v = table.parentView(of: v)
                d += 1
            }
            return d
        }
        var sorted = (0..<gestures).sorted { (depth[$0], $1) > (depth[$1], $0) }
        if !table.winsTarget.isEmpty { Self.putWinnersFirst(&sorted, table) }
        order = RawArray(count: gestures) { Int32(sorted[$0]) }
        var ranks = [Int32](repeating: 0, count: gestures)
        for (r, g) in sorted.enumerated() { ranks[g] = Int32(r) }
        rank = RawArray(ranks)
        captured = RawArray(repeating: GestureEvent(time: 0, gesture: 0, state: .recognized, x: 0, y: 0), count: gestures)
        strokeClasses = RawArray(repeating: 0, count: gestures * Self.strokeCapacity)
        strokeLengths = RawArray(repeating: 0, count: gestures * Self.strokeCapacity)
        series = RawArray(repeating: TapSeries(), count: gestures)
        recognizedAt = RawArray(repeating: .min, count: gestures)
        gates = RawArray(count: gestures) { table.gestures[$0].options & GestureRecord.optionDisabled != 0 ? Self.gateDisabled : 0 }
        nextRecords = RawArray(table.gestures)
        let keepsPaths = table.gestures.contains { $0.strokeFlags & (GestureRecord.strokeTemplates | GestureRecord.strokeFeatures) != 0 }
        paths = RawArray(repeating: .zero, count: keepsPaths ? gestures * (Self.pathCapacity + 1) : 0)
        matches = RawArray(repeating: TemplateMatch(), count: gestures)
        handOverEdges = RawArray(count: gestures) { g in
            table.handOverEdges[Int(table.handOverStart[g])..<Int(table.handOverStart[g + 1])].reduce(0) { $0 | $1 }
        }
        scrollEdges = RawArray(repeating: 0, count: gestures)
        settleStates = RawArray(count: table.settleStart.last ?? 0 > 0 ? gestures : 0) { i in
            let g = GestureID(i)
            return SettleState(origin: table.settle(of: g)?.start(isScale: table.kind(of: g) == .pinch) ?? 0)
        }
        momentumUntil = RawArray(repeating: .min, count: gestures)
        let templates = table.templateNames.count
        liftPath = RawArray(repeating: .zero, count: keepsPaths ? Self.pathCapacity + 1 : 0)
        liftTurns = RawArray(repeating: 0, count: keepsPaths ? StrokeFeatures.points : 0)
        templateScratch = RawArray(repeating: 0, count: templates > 0 ? StrokeTemplate.floats + 2 * StrokeTemplate.vectorFloats : 0)
    }

    /// A deep copy, for a shared engine that is about to change.
    private init(copying o: EngineStorage) {
        (gestures, slotCount, ringSize) = (o.gestures, o.slotCount, o.ringSize)
        (records, rules) = (o.records.copy(), o.rules.copy())
        (tracks, slots, ring, frame) = (o.tracks.copy(), o.slots.copy(), o.ring.copy(), o.frame.copy())
        (began, lifts, listening, captured) = (o.began.copy(), o.lifts.copy(), o.listening.copy(), o.captured.copy())
        (order, rank, sawBegan) = (o.order.copy(), o.rank.copy(), o.sawBegan.copy())
        (strokeClasses, strokeLengths, fits, series) = (o.strokeClasses.copy(), o.strokeLengths.copy(), o.fits.copy(), o.series.copy())
        (recognizedAt, gates, nextRecords) = (o.recognizedAt.copy(), o.gates.copy(), o.nextRecords.copy())
        (paths, matches) = (o.paths.copy(), o.matches.copy())
        (handOverEdges, scrollEdges, settleStates) = (o.handOverEdges.copy(), o.scrollEdges.copy(), o.settleStates.copy())
        momentumUntil = o.momentumUntil.copy()
        (liftPath, liftTurns, templateScratch) = (o.liftPath.copy(), o.liftTurns.copy(), o.templateScratch.copy())
    }

    func copy() -> EngineStorage { EngineStorage(copying: self) }

    /// Doubles the frame's capacity, keeping its samples.
    func growFrame() {
        let grown = RawArray(repeating: frame.base[0], count: frame.count * 2)
        grown.base.update(from: frame.base, count: frame.count)
        frame.free()
        frame = grown
    }

    deinit {
        rules.deallocate()
        // Calls one by one, not a loop over an array of them: the array's closures were 3 KB of the web module.
        tracks.free(); slots.free(); ring.free(); records.free(); frame.free(); began.free(); lifts.free()
        listening.free(); captured.free(); strokeClasses.free(); strokeLengths.free(); fits.free(); order.free(); rank.free()
        sawBegan.free(); series.free(); recognizedAt.free(); gates.free(); nextRecords.free(); paths.free(); matches.free()
        handOverEdges.free(); scrollEdges.free(); settleStates.free(); momentumUntil.free(); liftPath.free(); liftTurns.free()
        templateScratch.free()
    }
}

/// A stroke's verdict at one lift: its features against its bounds, and a
/// template stroke's best template; kept so that competing template strokes
/// are each measured once per lift.
struct TemplateMatch {
    /// The lift it is for: its time and the touches the gesture saw.
    var time = Int64.min
    var seen: UInt32 = 0
    /// Whether the templates were scored: only once the stroke passed its
    /// chord and feature bounds, as a stroke failing them cannot win.
    var scored = false
    /// The floor the templates were scored against (`templateMatch`): a
    /// `score` below it says only that the best is below it too.
    var floor = -Double.infinity
    /// The best cosine score and its template (a `GestureTable` template index; -1: the stroke has no length).
    var score = -1.0
    var best: Int32 = -1
    /// The first feature outside its bounds (nil: none is), and the features measured (nil: no length).
    var missed: StrokeFeatures.Feature?
    var features: StrokeFeatures?
}

/// What was measured on the last lifted path (`EngineStorage.liftPath`):
/// every template stroke on one touch keeps the same path (unless their
/// smoothing differs), so the features and matching vector are computed once
/// per lift rather than once per gesture.
struct LiftMeasure {
    /// The lift's time and the path's point count (0: nothing measured).
    var time = Int64.min
    var count = 0
    /// The points measured: the path without the hooks of `hooks` and
    /// `hookLength` (a template stroke's share and points, `PathHooks`; 0
    /// for every other gesture).
    var hooks = 0.0
    var hookLength = 0.0
    var kept = 0..<0
    /// The features, measured with `cornerAngle` (NaN: not measured yet).
    var cornerAngle = Double.nan
    var features: StrokeFeatures?
    /// Whether `EngineStorage.templateScratch` holds the path's vector (nil:
    /// not computed yet; false: the path has no length).
    var vector: Bool?
}

/// One velocity sample: when, and the two values (pan translation, pinch
/// scale, rotation, a long press's location). One 32-byte record, so reading
/// a sample back touches one cache line, not three arrays.
struct VelocitySample {
    var time: Int64 = 0
    var values = SIMD2<Double>(0, 0)
}

/// Running sums for a least-squares polynomial fitted to a gesture's live
/// velocity samples (`docs/semantics.md`, "velocity"): sums of powers of
/// each sample's time and of the values times them, with times in seconds
/// from `origin`. Kept only from a gesture's first velocity on
/// (`Track.fitValid`): most gestures in an attempt never report one. Adding or dropping a sample is O(1), so a velocity costs
/// a 3x3 solve, not a pass over the window. The origin moves to the newest
/// sample (sums recomputed from the ring) once it is 0.5 s old, which keeps
/// the times small and the rounding of the running sums bounded.
struct VelocityFit {
    var origin: Int64 = 0
    /// Sums of t^0 ... t^4.
    var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
    /// Sums of v, v t, v t^2 for both values.
    var v0 = SIMD2<Double>(0, 0), v1 = SIMD2<Double>(0, 0), v2 = SIMD2<Double>(0, 0)

    /// Adds (`sign` 1) or removes (`sign` -1) one sample.
    @inline(__always)
    mutating func add(_ sample: VelocitySample, _ sign: Double) {
        let t = Double(sample.time &- origin) * 1e-6
        let t2 = t * t
        s0 += sign
        s1 += sign * t
        s2 += sign * t2
        s3 += sign * t2 * t
        s4 += sign * t2 * t2
        let v = sample.values * sign
        v0 += v
        v1 += v * t
        v2 += v * t2
    }

    /// The derivative at `time` of the fitted polynomial: degree 2, or 1
    /// when the sums cannot tell a curve (two samples, or samples at two times).
    @inline(__always)
    func derivative(at time: Int64) -> SIMD2<Double> {
        let t = Double(time &- origin) * 1e-6
        // The normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4] c = [v0 v1 v2] by
        // the adjugate: c1 + 2 c2 t as one weighted sum of v0, v1, v2.
        let m0 = s2 * s4 - s3 * s3, m1 = s1 * s4 - s2 * s3, m2 = s1 * s3 - s2 * s2
        let det = s0 * m0 - s1 * m1 + s2 * m2
        if s0 > 2.5, abs(det) > 1e-9 * abs(s0 * s2 * s4) {
            let b = s0 * s4 - s2 * s2, c = s1 * s2 - s0 * s3, d = s0 * s2 - s1 * s1
            let twoT = 2 * t
            let w0 = twoT * m2 - m1, w1 = b + twoT * c, w2 = c + twoT * d
            return (v0 * w0 + v1 * w1 + v2 * w2) * (1 / det)
        }
        let d = s0 * s2 - s1 * s1
        guard abs(d) > 1e-12 * max(s0 * s2, 1e-300) else { return SIMD2(0, 0) }
        return (v1 * s0 - v0 * s1) * (1 / d)
    }
}
