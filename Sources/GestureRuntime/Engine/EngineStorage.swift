/// The raw buffers behind one engine: per-gesture tracks, touch slots and
/// velocity rings. Owned by a class so that they are freed with the last
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
    /// The table's gesture records, read in place on the hot path.
    let records: UnsafeMutablePointer<GestureRecord>

    init(gestures: Int, slots: Int, ringSize: Int, records: [GestureRecord]) {
        self.records = .allocate(capacity: gestures)
        self.records.initialize(from: records, count: gestures)
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
                              records: Array(UnsafeBufferPointer(start: records, count: gestures)))
        c.tracks.update(from: tracks, count: gestures)
        c.slots.update(from: slots, count: slotCount)
        c.ringTime.update(from: ringTime, count: gestures * ringSize)
        c.ring0.update(from: ring0, count: gestures * ringSize)
        c.ring1.update(from: ring1, count: gestures * ringSize)
        c.ringHead.update(from: ringHead, count: gestures)
        c.ringCount.update(from: ringCount, count: gestures)
        return c
    }

    deinit {
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
