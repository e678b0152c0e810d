/// The packed table's transition arrays copied behind raw pointers, which the
/// production engine steps with.
///
/// `GestureTable` keeps Swift arrays, right for building and serializing; on
/// the hot path each array access would pay a bounds check and, through a
/// generic value, retain and release traffic. The engine only packs a table
/// that passed `TableFormat.validate`, so unchecked reads are in bounds.
struct PackedTransitions: TransitionFunction {
    private let storage: Storage
    private let records: PerGesture<GestureRecord>
    private let classMap: UnsafePointer<UInt8>
    private let outputs: UnsafePointer<StateOutput>
    private let timers: UnsafePointer<StateTimer>
    private let dense: UnsafePointer<UInt16>
    private let combBase: UnsafePointer<UInt32>
    private let combNext: UnsafePointer<UInt16>
    private let combCheck: UnsafePointer<UInt16>

    init(_ table: GestureTable) {
        storage = Storage(table)
        records = PerGesture(storage.records.base)
        classMap = UnsafePointer(storage.classMap.base)
        outputs = UnsafePointer(storage.outputs.base)
        timers = UnsafePointer(storage.timers.base)
        dense = UnsafePointer(storage.dense.base)
        combBase = UnsafePointer(storage.combBase.base)
        combNext = UnsafePointer(storage.combNext.base)
        combCheck = UnsafePointer(storage.combCheck.base)
    }

    @inline(__always)
    func startState(_ gesture: GestureID) -> StateID { StateID(Int(records[gesture].startState)) }

    @inline(__always)
    func next(_ gesture: GestureID, _ state: StateID, _ symbol: Symbol) -> StateID {
        let r = records + gesture, s = state.rawValue
        let c = Int(classMap[gesture.rawValue &* Symbol.count &+ Int(symbol.rawValue)])
        if r.pointee.packing == GestureRecord.packingDense {
            return StateID(Int(dense[Int(r.pointee.transitionBase) &+ s &* Int(r.pointee.classCount) &+ c]))
        }
        let p = Int(combBase[Int(r.pointee.stateBase) &+ s]) &+ c
        return Int(combCheck[p]) == s ? StateID(Int(combNext[p])) : state
    }

    @inline(__always)
    func output(_ gesture: GestureID, _ state: StateID) -> StateOutput {
        outputs[Int(records[gesture].stateBase) &+ state.rawValue]
    }

    @inline(__always)
    func timer(_ gesture: GestureID, _ state: StateID) -> StateTimer {
        timers[Int(records[gesture].stateBase) &+ state.rawValue]
    }

    /// Owns the copies; never mutated, so engines and their copies share it.
    private final class Storage {
        let records: RawArray<GestureRecord>
        let classMap: RawArray<UInt8>
        /// `stateInfo` decoded once.
        let outputs: RawArray<StateOutput>
        let timers: RawArray<StateTimer>
        let dense: RawArray<UInt16>
        let combBase: RawArray<UInt32>
        let combNext: RawArray<UInt16>
        let combCheck: RawArray<UInt16>

        init(_ table: GestureTable) {
            records = RawArray(table.gestures)
            classMap = RawArray(table.classMap)
            outputs = RawArray(count: table.stateInfo.count) { StateOutput(rawValue: table.stateInfo[$0] & 0xF) ?? .failed }
            timers = RawArray(count: table.stateInfo.count) { StateTimer(rawValue: table.stateInfo[$0] >> 4) ?? .none }
            dense = RawArray(table.dense)
            combBase = RawArray(table.combBase)
            combNext = RawArray(table.combNext)
            combCheck = RawArray(table.combCheck)
        }

        // Field by field, not a loop over an array of closures, which is code and an allocation per engine.
        deinit {
            records.free(); classMap.free(); outputs.free(); timers.free()
            dense.free(); combBase.free(); combNext.free(); combCheck.free()
        }
    }
}
