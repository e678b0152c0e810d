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
    /// The table's gesture records and rule lists (CSR, as in `GestureTable`),
    /// read in place on the hot path.
    let records: RawArray<GestureRecord>
    let rules: Rules
    /// The pending frame's samples (grown for a rare huge frame), and the
    /// slots that began and lifted in it (each at most once, so `slotCount`).
    private(set) var frame: RawArray<TouchEvent>
    let began: RawArray<Int>
    let lifts: RawArray<Lift>
    /// One bit per gesture whose status listens to touches, so a frame visits
    /// the gestures in an attempt rather than the whole set.
    let listening: RawArray<UInt64>
    /// Per gesture, the event a gesture held by `requires` will report when released
    /// (kept out of `Track`: it is large and rarely used, and tracks are walked every frame).
    let captured: RawArray<GestureEvent>
    /// Per gesture, `strokeCapacity` segments (class and length) of a stroke decided at lift.
    let strokeClasses: RawArray<Int8>
    let strokeLengths: RawArray<Double>
    static let strokeCapacity = 32

    init(gestures: Int, slots: Int, ringSize: Int, table: GestureTable) {
        self.gestures = gestures
        slotCount = slots
        self.ringSize = ringSize
        records = RawArray(table.gestures)
        rules = Rules(table)
        tracks = RawArray(repeating: Track(), count: gestures)
        self.slots = RawArray(repeating: TouchSlot(), count: slots)
        ring = RawArray(repeating: VelocitySample(), count: gestures * ringSize)
        frame = RawArray(repeating: TouchEvent(time: 0, id: 0, phase: .began, x: 0, y: 0), count: 64)
        began = RawArray(repeating: 0, count: slots)
        lifts = RawArray(repeating: Lift(slot: 0, cancelled: false), count: slots)
        listening = RawArray(repeating: 0, count: (gestures + 63) / 64)
        captured = RawArray(repeating: GestureEvent(time: 0, gesture: 0, state: .recognized, x: 0, y: 0), count: gestures)
        strokeClasses = RawArray(repeating: 0, count: gestures * Self.strokeCapacity)
        strokeLengths = RawArray(repeating: 0, count: gestures * Self.strokeCapacity)
    }

    /// A deep copy, for a shared engine that is about to change.
    private init(copying o: EngineStorage) {
        (gestures, slotCount, ringSize) = (o.gestures, o.slotCount, o.ringSize)
        (records, rules) = (o.records.copy(), o.rules.copy())
        (tracks, slots, ring, frame) = (o.tracks.copy(), o.slots.copy(), o.ring.copy(), o.frame.copy())
        (began, lifts, listening, captured) = (o.began.copy(), o.lifts.copy(), o.listening.copy(), o.captured.copy())
        (strokeClasses, strokeLengths) = (o.strokeClasses.copy(), o.strokeLengths.copy())
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
        for free in [tracks.free, slots.free, ring.free, records.free, frame.free, began.free, lifts.free,
                     listening.free, captured.free, strokeClasses.free, strokeLengths.free] {
            free()
        }
    }
}

/// One velocity sample: when, and the two values (pan translation, pinch
/// scale, rotation, a long press's location). One 32-byte record, so reading
/// a sample back touches one cache line, not three arrays.
struct VelocitySample {
    var time: Int64 = 0
    var values = SIMD2<Double>(0, 0)
}
