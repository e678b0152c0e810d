/// The packed table's transition arrays copied behind raw pointers, which the
/// production engine steps with.
///
/// `GestureTable` keeps Swift arrays, right for building and serializing; on
/// the hot path each array access would pay a bounds check and, through a
/// generic value, retain and release traffic. The engine only packs a table
/// that passed `TableFormat.validate`, so unchecked reads are in bounds.
struct PackedTransitions: TransitionFunction {
    private let storage: Storage
    private let records: UnsafePointer<GestureRecord>
    private let classMap: UnsafePointer<UInt8>
    private let outputs: UnsafePointer<StateOutput>
    private let timers: UnsafePointer<StateTimer>
    private let dense: UnsafePointer<UInt16>
    private let combBase: UnsafePointer<UInt32>
    private let combNext: UnsafePointer<UInt16>
    private let combCheck: UnsafePointer<UInt16>

    init(_ table: GestureTable) {
        storage = Storage(table)
        records = UnsafePointer(storage.records.baseAddress!)
        classMap = UnsafePointer(storage.classMap.baseAddress!)
        outputs = UnsafePointer(storage.outputs.baseAddress!)
        timers = UnsafePointer(storage.timers.baseAddress!)
        dense = UnsafePointer(storage.dense.baseAddress!)
        combBase = UnsafePointer(storage.combBase.baseAddress!)
        combNext = UnsafePointer(storage.combNext.baseAddress!)
        combCheck = UnsafePointer(storage.combCheck.baseAddress!)
    }

    @inline(__always)
    func startState(_ gesture: Int) -> Int { Int(records[gesture].startState) }

    @inline(__always)
    func next(_ gesture: Int, _ state: Int, _ symbol: Symbol) -> Int {
        let r = records + gesture
        let c = Int(classMap[gesture &* Symbol.count &+ Int(symbol.rawValue)])
        if r.pointee.packing == GestureRecord.packingDense {
            return Int(dense[Int(r.pointee.transitionBase) &+ state &* Int(r.pointee.classCount) &+ c])
        }
        let p = Int(combBase[Int(r.pointee.stateBase) &+ state]) &+ c
        return Int(combCheck[p]) == state ? Int(combNext[p]) : state
    }

    @inline(__always)
    func output(_ gesture: Int, _ state: Int) -> StateOutput {
        outputs[Int(records[gesture].stateBase) &+ state]
    }

    @inline(__always)
    func timer(_ gesture: Int, _ state: Int) -> StateTimer {
        timers[Int(records[gesture].stateBase) &+ state]
    }

    /// Owns the copies; never mutated, so engines and their copies share it.
    private final class Storage {
        let records: UnsafeMutableBufferPointer<GestureRecord>
        let classMap: UnsafeMutableBufferPointer<UInt8>
        /// `stateInfo` decoded once.
        let outputs: UnsafeMutableBufferPointer<StateOutput>
        let timers: UnsafeMutableBufferPointer<StateTimer>
        let dense: UnsafeMutableBufferPointer<UInt16>
        let combBase: UnsafeMutableBufferPointer<UInt32>
        let combNext: UnsafeMutableBufferPointer<UInt16>
        let combCheck: UnsafeMutableBufferPointer<UInt16>

        init(_ table: GestureTable) {
            records = Self.copy(table.gestures)
            classMap = Self.copy(table.classMap)
            outputs = Self.copy(table.stateInfo.map { StateOutput(rawValue: $0 & 0xF) ?? .failed })
            timers = Self.copy(table.stateInfo.map { StateTimer(rawValue: $0 >> 4) ?? .none })
            dense = Self.copy(table.dense)
            combBase = Self.copy(table.combBase)
            combNext = Self.copy(table.combNext)
            combCheck = Self.copy(table.combCheck)
        }

        /// At least one element, so that an empty array still has a base address.
        private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
            _ = buffer.initialize(from: array)
            return buffer
        }

        deinit {
            records.deallocate()
            classMap.deallocate()
            outputs.deallocate()
            timers.deallocate()
            dense.deallocate()
            combBase.deallocate()
            combNext.deallocate()
            combCheck.deallocate()
        }
    }
}
