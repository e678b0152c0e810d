import GSpecC
import GestureRuntime

/// The C interface itself (capi/, the functions of gspec.h that libgspec,
/// gspec.wasm and the JNI glue export), called as a C program would: table
/// bytes, then a sequence of calls with any arguments (phases and pointer
/// kinds past their enums, ids at the ends of 64 bits, times not finite or
/// out of range, indices past every list, buffers of any capacity). Under
/// ASan, a write past a buffer the call was given, a use of freed output or
/// a trap is a finding; each call's status and output must also be what
/// gspec.h says.
///
/// Bytes: a 24-bit table length, that many table bytes (resealed, as a
/// crafted table's are; a table that does not load leaves the calls to the
/// every-kind set's table, so that the sequence is always explored), then
/// 9 bytes per call: the call, then its arguments.
public enum CInterfaceFuzz {
    static let fallback = TableFormat.encode(FuzzTargets.allKinds, version: GestureTable.formatVersion)
    static let ids: [Int64] = [.max, .min, 1 << 53, (1 << 53) + 1, -1, 0, 1, 2]
    static let times: [Double] = [.nan, .infinity, -.infinity, 1e12, -1e12, 999_999_999_999.9, 1e300, 0.0160015]
    static let keys = ["enabled", "handOver", "scroll", "began", "", "slop", "duration", "threshold", "minScore", "bogus"]
    static let values = ["true", "false", "maybe", "15pt", "800ms", "-2s", "\u{1}", "", "1e999pt", "\u{0}x"]

    /// An input of this target: `table` behind its length, then `calls`.
    public static func input(table: [UInt8], calls: [UInt8]) -> [UInt8] {
        let n = min(table.count, 0xFF_FFFF)
        return [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16)] + table.prefix(n) + calls
    }

    public static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        let n = min(Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16, bytes.count - 3)
        let table = TableFormat.resealed(Array(bytes[3 ..< 3 + n]))
        var error = [UInt8](repeating: 0xAA, count: 64)
        var engine = table.withUnsafeBytes { gspecEngineNew($0.baseAddress, Int32(n), &error, Int32(error.count)) }
        var bytesLoaded = table
        if engine == nil {
            // The reason, NUL-terminated within the buffer.
            precondition(error.contains(0), "an error message not terminated")
            bytesLoaded = fallback
            engine = fallback.withUnsafeBytes { gspecEngineNew($0.baseAddress, Int32($0.count), nil, 0) }
        }
        guard let e = engine, let loaded = try? GestureTable(decoding: bytesLoaded) else { preconditionFailure("the every-kind table does not load") }
        defer { gspecEngineFree(e) }
        // The index-to-view map is the table's (0 without views), and -1 past its gestures.
        for g in -1 ... loaded.gestureCount {
            let expected = g < 0 || g == loaded.gestureCount ? -1 : loaded.hasViews ? Int32(loaded.view(of: GestureID(g)).rawValue) : 0
            precondition(gspecEngineGestureView(e, Int32(g)) == expected, "gesture \(g)'s view")
        }
        // Every call on no engine is nothing (or a refusal), never a crash.
        _ = gspecEngineFeed(nil, 0, 1, 0, 0, 0, 0, 0)
        _ = gspecEngineAdvance(nil, 0)
        gspecEngineEndFrame(nil)
        precondition(gspecEngineTakeEvents(nil) == 0 && gspecEngineGestureView(nil, 0) == -1)
        var t = 0.0
        var i = 3 + n
        while i + 9 <= bytes.count {
            let op = bytes[i], a = bytes[i + 1], b = bytes[i + 2], c = bytes[i + 3]
            let x = Double(bytes[i + 4]) * 2, y = Double(bytes[i + 5]) * 2
            let index = Int32(Int8(bitPattern: bytes[i + 6]))
            let flags = bytes[i + 7], step = bytes[i + 8]
            t += Double(step) * 0.004 - (flags & 1 != 0 ? 0.5 : 0)
            let time = flags & 0x30 == 0x30 ? times[Int(a) % times.count] : flags & 0x10 != 0 ? .nan : t
            i += 9
            switch op % 14 {
            case 0, 1, 2, 3:
                // A sample: ids from a few touches, or the extremes; phases and pointers past their enums now and then.
                let id = flags & 2 != 0 ? ids[Int(a) % ids.count] : Int64(a % 6)
                let phase = flags & 4 != 0 ? Int32(Int8(bitPattern: b)) : Int32(b % 5)
                let pointer = flags & 8 != 0 ? Int32(Int8(bitPattern: c)) : Int32(c % 3)
                let status = gspecEngineFeed(e, time, id, phase, flags & 0x40 != 0 ? .nan : x, y, index % 4, pointer)
                let valid = phase >= 0 && phase < 5 && pointer >= 0 && pointer < 3 && (!time.isFinite || abs(time) < 1e12)
                precondition(status == (valid ? 0 : 1), "feed's status \(status) for phase \(phase), pointer \(pointer), t \(time)")
            case 4: gspecEngineEndFrame(e)
            case 5:
                let status = gspecEngineAdvance(e, time)
                precondition(status == (time.isFinite && abs(time) < 1e12 ? 0 : 1), "advance's status for \(time)")
            case 6:
                let count = Int(gspecEngineTakeEvents(e))
                precondition(count >= 0 && Int(gspecEngineOutputLen(e)) == count * EventSlot.recordBytes)
                if count > 0, let p = gspecEngineOutputPtr(e) {
                    // Every record's byte readable (ASan), its gesture an index of the table.
                    let records = UnsafeRawBufferPointer(start: p, count: count * EventSlot.recordBytes)
                    for k in 0 ..< count {
                        let g = records.loadUnaligned(fromByteOffset: k * EventSlot.recordBytes + EventSlot.gesture.offset, as: Int32.self)
                        precondition(gspecEngineGestureView(e, g) >= 0, "an event of no gesture \(g)")
                    }
                }
            case 7:
                let key = keys[Int(a) % keys.count], value = values[Int(b) % values.count]
                let status = key.utf8.withContiguousStorageIfAvailable { k in
                    value.utf8.withContiguousStorageIfAvailable { v in
                        gspecEngineControl(e, time, index, k.baseAddress, Int32(k.count), v.baseAddress, Int32(v.count))
                    }
                }
                precondition(status != nil)
            case 8: _ = gspecEngineAction(e, time, index, flags & 0x40 != 0 ? .infinity : x, y)
            case 9:
                // A name into a buffer of any capacity (0: ask the length): never written past it.
                let capacity = Int(c % 12)
                var buffer = [UInt8](repeating: 0xAA, count: capacity + 8)
                let length = buffer.withUnsafeMutableBufferPointer {
                    gspecEngineName(e, Int32(Int8(bitPattern: a)), index, capacity == 0 ? nil : $0.baseAddress, Int32(capacity))
                }
                precondition(buffer[capacity...].allSatisfy { $0 == 0xAA }, "a name written past its buffer")
                if length >= 0 && capacity > 0 { precondition(buffer[min(Int(length), capacity - 1)] == 0) }
            case 10:
                gspecEngineDescribe(e)
                precondition(gspecEngineOutputLen(e) > 0)
            case 11:
                gspecEngineAnomalies(e)
                _ = gspecEngineIsEnabled(e, index)
                _ = gspecEngineGestureView(e, index)
            case 12:
                gspecEngineSetScreen(e, flags & 0x40 != 0 ? .nan : x, y)
                let d = gspecEngineNextDeadline(e)
                precondition(d == -1 || d >= gspecEngineClock(e), "a deadline before the clock")
            default: gspecEngineFinish(e)
            }
        }
        gspecEngineFinish(e)
        _ = gspecEngineTakeEvents(e)
    }
}
