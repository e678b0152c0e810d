/// A table's `requires`, `with` and `after` lists behind raw pointers: a plain value
/// the engine caches, so reading a rule costs no reference counting.
/// `EngineStorage` owns the memory and frees it with `deallocate()`.
struct Rules {
    let requiresStart: UnsafeMutableBufferPointer<UInt32>
    let requiresTarget: UnsafeMutableBufferPointer<UInt32>
    let withStart: UnsafeMutableBufferPointer<UInt32>
    let withTarget: UnsafeMutableBufferPointer<UInt32>
    /// `after` rules as the table has them (the sources that arm each gesture,
    /// and each entry's `within`), and reversed: the gestures each one arms.
    let afterStart: UnsafeMutableBufferPointer<UInt32>
    let afterTarget: UnsafeMutableBufferPointer<UInt32>
    let afterWithin: UnsafeMutableBufferPointer<Int64>
    let armsStart: UnsafeMutableBufferPointer<UInt32>
    let armsTarget: UnsafeMutableBufferPointer<UInt32>
    /// `wins over` rules (v4) as the table has them: the gestures each one wins over.
    let winsStart: UnsafeMutableBufferPointer<UInt32>
    let winsTarget: UnsafeMutableBufferPointer<UInt32>
    /// Whether there are any: a set without pays nothing for them.
    let hasWins: Bool

    init(_ table: GestureTable) {
        let n = table.gestures.count
        var arms = [[UInt32]](repeating: [], count: n)
        for b in 0..<n {
            for a in table.afterTarget[Int(table.afterStart[b])..<Int(table.afterStart[b + 1])] { arms[Int(a)].append(UInt32(b)) }
        }
        var armsStart: [UInt32] = [0]
        for list in arms { armsStart.append(armsStart.last! + UInt32(list.count)) }
        self.init(requiresStart: table.requiresStart, requiresTarget: table.requiresTarget,
                  withStart: table.withStart, withTarget: table.withTarget, afterStart: table.afterStart,
                  afterTarget: table.afterTarget, afterWithin: table.afterWithin, armsStart: armsStart,
                  armsTarget: arms.flatMap { $0 }, winsStart: table.winsStart, winsTarget: table.winsTarget)
    }

    init(requiresStart: [UInt32], requiresTarget: [UInt32], withStart: [UInt32], withTarget: [UInt32],
         afterStart: [UInt32], afterTarget: [UInt32], afterWithin: [Int64], armsStart: [UInt32], armsTarget: [UInt32],
         winsStart: [UInt32], winsTarget: [UInt32]) {
        func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
            _ = buffer.initialize(from: array)
            return buffer
        }
        self.requiresStart = copy(requiresStart)
        self.requiresTarget = copy(requiresTarget)
        self.withStart = copy(withStart)
        self.withTarget = copy(withTarget)
        self.afterStart = copy(afterStart)
        self.afterTarget = copy(afterTarget)
        self.afterWithin = copy(afterWithin)
        self.armsStart = copy(armsStart)
        self.armsTarget = copy(armsTarget)
        self.winsStart = copy(winsStart)
        self.winsTarget = copy(winsTarget)
        hasWins = !winsTarget.isEmpty
    }

    /// The entries of `g`'s `after` rules: indices into `afterTarget` and `afterWithin`.
    @inline(__always)
    func afterEntries(of g: GestureID) -> Range<Int> { Int(afterStart[g.rawValue])..<Int(afterStart[g.rawValue &+ 1]) }

    /// The gestures `g` arms.
    @inline(__always)
    func armed(by g: GestureID) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(rebasing: armsTarget[Int(armsStart[g.rawValue])..<Int(armsStart[g.rawValue &+ 1])])
    }

    /// The gestures `g` requires to fail.
    @inline(__always)
    func required(by g: GestureID) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(rebasing: requiresTarget[Int(requiresStart[g.rawValue])..<Int(requiresStart[g.rawValue &+ 1])])
    }

    /// Whether `g requires other to fail`.
    @inline(__always)
    func requires(_ g: GestureID, _ other: GestureID) -> Bool {
        required(by: g).contains(UInt32(truncatingIfNeeded: other.rawValue))
    }

    /// Whether `g with other`.
    @inline(__always)
    func isSimultaneous(_ g: GestureID, _ other: GestureID) -> Bool {
        UnsafeMutableBufferPointer(rebasing: withTarget[Int(withStart[g.rawValue])..<Int(withStart[g.rawValue &+ 1])])
            .contains(UInt32(truncatingIfNeeded: other.rawValue))
    }

    /// Whether `g wins over other` (v4). Only on a claim, in a set with such rules: kept out of line.
    @inline(never)
    func wins(_ g: GestureID, over other: GestureID) -> Bool {
        UnsafeMutableBufferPointer(rebasing: winsTarget[Int(winsStart[g.rawValue])..<Int(winsStart[g.rawValue &+ 1])])
            .contains(UInt32(truncatingIfNeeded: other.rawValue))
    }

    func copy() -> Rules {
        Rules(requiresStart: Array(requiresStart), requiresTarget: Array(requiresTarget),
              withStart: Array(withStart), withTarget: Array(withTarget), afterStart: Array(afterStart),
              afterTarget: Array(afterTarget), afterWithin: Array(afterWithin), armsStart: Array(armsStart),
              armsTarget: Array(armsTarget), winsStart: Array(winsStart), winsTarget: Array(winsTarget))
    }

    func deallocate() {
        requiresStart.deallocate()
        requiresTarget.deallocate()
        withStart.deallocate()
        withTarget.deallocate()
        afterStart.deallocate()
        afterTarget.deallocate()
        afterWithin.deallocate()
        armsStart.deallocate()
        armsTarget.deallocate()
        winsStart.deallocate()
        winsTarget.deallocate()
    }
}
