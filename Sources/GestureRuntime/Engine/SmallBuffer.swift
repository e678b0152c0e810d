/// A reusable buffer that keeps its elements' storage when emptied, so that
/// emptying and refilling it every frame costs no allocation and no
/// `replaceSubrange` (which `Array.removeAll(keepingCapacity:)` pays for).
struct SmallBuffer<Element>: RandomAccessCollection {
    private var storage: [Element] = []
    private(set) var count = 0

    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element { storage[i] }

    mutating func append(_ e: Element) {
        if count < storage.count {
            storage[count] = e
        } else {
            storage.append(e)
        }
        count += 1
    }

    mutating func removeAll() {
        count = 0
    }
}
