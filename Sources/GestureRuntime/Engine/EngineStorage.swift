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

/// A fixed-size array of trivial values in raw memory, freed by its owner
/// (`EngineStorage`) with `free()`: the storage's buffers, made, copied and
/// freed one way.
struct RawArray<Element> {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(repeating value: Element, count: Int) {
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    init(_ elements: [Element]) {
        base = .allocate(capacity: Swift.max(elements.count, 1))
        base.initialize(from: elements, count: elements.count)
        count = elements.count
    }

    func copy() -> RawArray {
        RawArray(Array(UnsafeBufferPointer(start: base, count: count)))
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// A table's `requires` and `with` lists behind raw pointers: a plain value
/// the engine caches, so reading a rule costs no reference counting.
/// `EngineStorage` owns the memory and frees it with `deallocate()`.
struct Rules {
    let requiresStart: UnsafeMutableBufferPointer<UInt32>
    let requiresTarget: UnsafeMutableBufferPointer<UInt32>
    let withStart: UnsafeMutableBufferPointer<UInt32>
    let withTarget: UnsafeMutableBufferPointer<UInt32>

    init(_ table: GestureTable) {
        self.init(requiresStart: table.requiresStart, requiresTarget: table.requiresTarget,
                  withStart: table.withStart, withTarget: table.withTarget)
    }

    init(requiresStart: [UInt32], requiresTarget: [UInt32], withStart: [UInt32], withTarget: [UInt32]) {
        func copy(_ array: [UInt32]) -> UnsafeMutableBufferPointer<UInt32> {
            let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: array.count)
            _ = buffer.initialize(from: array)
            return buffer
        }
        self.requiresStart = copy(requiresStart)
        self.requiresTarget = copy(requiresTarget)
        self.withStart = copy(withStart)
        self.withTarget = copy(withTarget)
    }

    /// The gestures `g` requires to fail.
    @inline(__always)
    func required(by g: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(rebasing: requiresTarget[Int(requiresStart[g])..<Int(requiresStart[g &+ 1])])
    }

    /// Whether `g requires other to fail`.
    @inline(__always)
    func requires(_ g: Int, _ other: Int) -> Bool {
        required(by: g).contains(UInt32(truncatingIfNeeded: other))
    }

    /// Whether `g with other`.
    @inline(__always)
    func isSimultaneous(_ g: Int, _ other: Int) -> Bool {
        UnsafeMutableBufferPointer(rebasing: withTarget[Int(withStart[g])..<Int(withStart[g &+ 1])])
            .contains(UInt32(truncatingIfNeeded: other))
    }

    func copy() -> Rules {
        Rules(requiresStart: Array(requiresStart), requiresTarget: Array(requiresTarget),
              withStart: Array(withStart), withTarget: Array(withTarget))
    }

    func deallocate() {
        requiresStart.deallocate()
        requiresTarget.deallocate()
        withStart.deallocate()
        withTarget.deallocate()
    }
}
