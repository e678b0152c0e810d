/// The raw buffers behind one engine: per-gesture tracks, touch slots,
/// velocity rings and the current frame. Owned by a class so that they are freed with the last
/// engine that uses them, and copied whole when a shared engine mutates.
final class EngineStorage {
    let gestures: Int, slotCount: Int, ringSize: Int
    let tracks: UnsafeMutablePointer<Track>
    let slots: UnsafeMutablePointer<TouchSlot>
    let ringTime: UnsafeMutablePointer<Int64>
    let ring0: UnsafeMutablePointer<Double>
    let ring1: UnsafeMutablePointer<Double>
    let ringHead: UnsafeMutablePointer<Int>
    let ringCount: UnsafeMutablePointer<Int>
    /// The table's gesture records and rule lists (CSR, as in `GestureTable`),
    /// read in place on the hot path; never mutated, so copies share them.
    let records: UnsafeMutablePointer<GestureRecord>
    let rules: Rules
    /// The pending frame's samples (grown for a rare huge frame), and the
    /// slots that began and lifted in it (each at most once, so `slotCount`).
    private(set) var frame: UnsafeMutablePointer<TouchEvent>
    private(set) var frameCapacity = 64
    let began: UnsafeMutablePointer<Int>
    let lifts: UnsafeMutablePointer<Lift>
    /// One bit per gesture whose status listens to touches, so a frame visits
    /// the gestures in an attempt rather than the whole set.
    let listening: UnsafeMutablePointer<UInt64>
    var listeningWords: Int { (gestures + 63) / 64 }
    /// Per gesture, `strokeCapacity` segments (class and length) of a stroke decided at lift.
    /// Per gesture, the event a gesture held by `requires` will report when released
    /// (kept out of `Track`: it is large and rarely used, and tracks are walked every frame).
    let captured: UnsafeMutablePointer<GestureEvent>
    let strokeClasses: UnsafeMutablePointer<Int8>
    let strokeLengths: UnsafeMutablePointer<Double>
    static let strokeCapacity = 32

    convenience init(gestures: Int, slots: Int, ringSize: Int, table: GestureTable) {
        self.init(gestures: gestures, slots: slots, ringSize: ringSize, records: table.gestures, rules: Rules(table))
    }

    private init(gestures: Int, slots: Int, ringSize: Int, records: [GestureRecord], rules: Rules) {
        self.records = .allocate(capacity: gestures)
        self.records.initialize(from: records, count: gestures)
        self.rules = rules
        frame = .allocate(capacity: frameCapacity)
        frame.initialize(repeating: TouchEvent(time: 0, id: 0, phase: .began, x: 0, y: 0), count: frameCapacity)
        began = .allocate(capacity: slots)
        began.initialize(repeating: 0, count: slots)
        lifts = .allocate(capacity: slots)
        lifts.initialize(repeating: Lift(slot: 0, cancelled: false), count: slots)
        captured = .allocate(capacity: gestures)
        captured.initialize(repeating: GestureEvent(time: 0, gesture: 0, state: .recognized, x: 0, y: 0), count: gestures)
        strokeClasses = .allocate(capacity: gestures * Self.strokeCapacity)
        strokeClasses.initialize(repeating: 0, count: gestures * Self.strokeCapacity)
        strokeLengths = .allocate(capacity: gestures * Self.strokeCapacity)
        strokeLengths.initialize(repeating: 0, count: gestures * Self.strokeCapacity)
        listening = .allocate(capacity: (gestures + 63) / 64)
        listening.initialize(repeating: 0, count: (gestures + 63) / 64)
        self.gestures = gestures
        slotCount = slots
        self.ringSize = ringSize
        tracks = .allocate(capacity: gestures)
        tracks.initialize(repeating: Track(), count: gestures)
        self.slots = .allocate(capacity: slots)
        self.slots.initialize(repeating: TouchSlot(), count: slots)
        ringTime = .allocate(capacity: gestures * ringSize)
        ringTime.initialize(repeating: 0, count: gestures * ringSize)
        ring0 = .allocate(capacity: gestures * ringSize)
        ring0.initialize(repeating: 0, count: gestures * ringSize)
        ring1 = .allocate(capacity: gestures * ringSize)
        ring1.initialize(repeating: 0, count: gestures * ringSize)
        ringHead = .allocate(capacity: gestures)
        ringHead.initialize(repeating: 0, count: gestures)
        ringCount = .allocate(capacity: gestures)
        ringCount.initialize(repeating: 0, count: gestures)
    }

    var buffers: (UnsafeMutablePointer<Track>, UnsafeMutablePointer<TouchSlot>, UnsafeMutablePointer<Int64>,
                  UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int>,
                  UnsafeMutablePointer<Int>) {
        (tracks, slots, ringTime, ring0, ring1, ringHead, ringCount)
    }

    func copy() -> EngineStorage {
        let c = EngineStorage(gestures: gestures, slots: slotCount, ringSize: ringSize,
                              records: Array(UnsafeBufferPointer(start: records, count: gestures)),
                              rules: Rules(requiresStart: Array(rules.requiresStart), requiresTarget: Array(rules.requiresTarget),
                                           withStart: Array(rules.withStart), withTarget: Array(rules.withTarget)))
        c.tracks.update(from: tracks, count: gestures)
        c.slots.update(from: slots, count: slotCount)
        c.ringTime.update(from: ringTime, count: gestures * ringSize)
        c.ring0.update(from: ring0, count: gestures * ringSize)
        c.ring1.update(from: ring1, count: gestures * ringSize)
        c.ringHead.update(from: ringHead, count: gestures)
        c.ringCount.update(from: ringCount, count: gestures)
        while c.frameCapacity < frameCapacity { c.growFrame() }
        c.frame.update(from: frame, count: frameCapacity)
        c.began.update(from: began, count: slotCount)
        c.lifts.update(from: lifts, count: slotCount)
        c.listening.update(from: listening, count: listeningWords)
        c.captured.update(from: captured, count: gestures)
        c.strokeClasses.update(from: strokeClasses, count: gestures * Self.strokeCapacity)
        c.strokeLengths.update(from: strokeLengths, count: gestures * Self.strokeCapacity)
        return c
    }

    /// Doubles the frame's capacity, keeping its samples.
    func growFrame() {
        let grown = UnsafeMutablePointer<TouchEvent>.allocate(capacity: frameCapacity * 2)
        grown.moveInitialize(from: frame, count: frameCapacity)
        (grown + frameCapacity).initialize(repeating: grown[0], count: frameCapacity)
        frame.deallocate()
        frame = grown
        frameCapacity *= 2
    }

    deinit {
        rules.deallocate()
        frame.deallocate()
        began.deallocate()
        lifts.deallocate()
        listening.deallocate()
        captured.deallocate()
        strokeClasses.deallocate()
        strokeLengths.deallocate()
        records.deinitialize(count: gestures)
        records.deallocate()
        tracks.deinitialize(count: gestures)
        tracks.deallocate()
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        ringTime.deallocate()
        ring0.deallocate()
        ring1.deallocate()
        ringHead.deallocate()
        ringCount.deallocate()
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

    func deallocate() {
        requiresStart.deallocate()
        requiresTarget.deallocate()
        withStart.deallocate()
        withTarget.deallocate()
    }
}
