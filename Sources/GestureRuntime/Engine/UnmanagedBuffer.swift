/// A list in memory owned by `EngineStorage`, filled and emptied every frame.
/// A plain value (a pointer and counts), so appending and iterating cost no
/// reference counting and no uniqueness check, as an `Array` field would.
struct UnmanagedBuffer<Element>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<Element>, capacity: Int, count: Int = 0) {
        self.base = base
        self.capacity = capacity
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var isFull: Bool { count == capacity }

    subscript(i: Int) -> Element { base[i] }

    /// Appends within the capacity the owner allocated; the owner grows it first when full.
    mutating func append(_ e: Element) {
        precondition(count < capacity, "buffer full")
        (base + count).initialize(to: e)
        count += 1
    }

    /// Elements are trivial values: forgetting them is enough.
    mutating func removeAll() { count = 0 }

    /// Moves to memory of `capacity` elements that holds the same elements.
    mutating func rebase(_ base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }
}
