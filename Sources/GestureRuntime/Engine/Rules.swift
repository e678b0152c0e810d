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
