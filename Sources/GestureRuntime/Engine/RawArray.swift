/// A fixed-size array of trivial values in raw memory, freed by its owner
/// (`EngineStorage`, `PackedTransitions`) with `free()`: the engine's
/// buffers, made, copied and freed one way.
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

    /// `count` elements, element `i` made by `element(i)`, straight into the
    /// storage: no array between (each array built by `map` brings the
    /// standard library's growth path for its element type into the module
    /// a page loads).
    init(count: Int, _ element: (Int) -> Element) {
        base = .allocate(capacity: Swift.max(count, 1))
        for i in 0..<count { (base + i).initialize(to: element(i)) }
        self.count = count
    }

    /// A per-gesture array's element for `g` (`EngineStorage` holds several).
    @inline(__always)
    subscript(g: GestureID) -> Element {
        get { base[g.rawValue] }
        nonmutating set { base[g.rawValue] = newValue }
    }

    private init(base: UnsafeMutablePointer<Element>, count: Int) { (self.base, self.count) = (base, count) }

    /// A copy of the elements in storage of their own (straight from pointer to pointer: no array between).
    func copy() -> RawArray {
        let copied = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        copied.initialize(from: base, count: count)
        return RawArray(base: copied, count: count)
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
