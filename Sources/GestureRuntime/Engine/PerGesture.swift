/// One value per gesture in raw memory, indexed by `GestureID` only: a
/// touch slot or a priority rank used as a gesture's index does not compile.
/// A plain pointer underneath (`EngineStorage` owns the memory), so reading
/// and writing cost what they cost through the pointer.
struct PerGesture<Element> {
    let base: UnsafeMutablePointer<Element>

    @inline(__always)
    init(_ base: UnsafeMutablePointer<Element>) { self.base = base }

    @inline(__always)
    subscript(g: GestureID) -> Element {
        unsafeAddress { UnsafePointer(base + g.rawValue) }
        nonmutating unsafeMutableAddress { base + g.rawValue }
    }

    /// The address of `g`'s value, for reading a large value's fields in place.
    @inline(__always)
    static func + (p: Self, g: GestureID) -> UnsafeMutablePointer<Element> { p.base + g.rawValue }
}
