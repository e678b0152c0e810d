/// One value per id of one kind in raw memory, indexed by that kind's id
/// only: a touch slot or a priority rank used as a gesture's index, or a
/// gesture as a slot's, does not compile. A plain pointer underneath
/// (`EngineStorage` owns the memory), so reading and writing cost what they
/// cost through the pointer.
struct PerID<Kind, Element> {
    let base: UnsafeMutablePointer<Element>

    @inline(__always)
    init(_ base: UnsafeMutablePointer<Element>) { self.base = base }

    @inline(__always)
    subscript(id: TypedInt<Kind>) -> Element {
        unsafeAddress { UnsafePointer(base + id.rawValue) }
        nonmutating unsafeMutableAddress { base + id.rawValue }
    }

    /// The address of `id`'s value, for reading a large value's fields in place.
    @inline(__always)
    static func + (p: Self, id: TypedInt<Kind>) -> UnsafeMutablePointer<Element> { p.base + id.rawValue }
}

/// One value per gesture of the set.
typealias PerGesture<Element> = PerID<SetGesture, Element>
/// One value per touch slot of the engine.
typealias PerSlot<Element> = PerID<EngineSlot, Element>

extension SlotID {
    /// The slot's bit in the engine's touch masks (`downMask`, a track's `tracked`).
    @inline(__always)
    var bit: UInt32 { 1 &<< UInt32(truncatingIfNeeded: rawValue) }

    /// The lowest slot in `mask` (which must not be empty: an empty one
    /// names no slot, and reading that slot reads past the storage; debug
    /// builds, the tests' and the fuzzers' replays, stop there).
    @inline(__always)
    init(lowestIn mask: UInt32) {
        assert(mask != 0, "the lowest slot of no slots")
        self.init(mask.trailingZeroBitCount)
    }
}
