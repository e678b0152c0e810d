#if !hasFeature(Embedded)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// Why a table file was refused.
public enum TableError: Error, Hashable, Sendable, CustomStringConvertible {
    case truncated(needed: Int, available: Int)
    case badMagic
    case newerVersion(found: UInt16, supported: UInt16)
    case badEndianness
    case checksumMismatch
    case malformed(TableText)
    /// Decoded fine but breaks an invariant the engine relies on.
    case invalid(TableText)
    case unreadable(path: String)

    /// The message, written as bytes (the web module builds no `String` for it).
    public func write(to out: inout ByteText) {
        switch self {
        case .truncated(let needed, let available):
            out.write("table is truncated: needs "); out.write(needed); out.write(" bytes, has "); out.write(available)
        case .badMagic: out.write("not a gesture table (bad magic number)")
        case .newerVersion(let found, let supported):
            out.write("table format version "); out.write(found); out.write(" is newer than this runtime supports (")
            out.write(supported); out.write("); rebuild it with a matching gspec")
        case .badEndianness: out.write("table has an unknown byte order")
        case .checksumMismatch: out.write("table is corrupt (checksum mismatch)")
        case .malformed(let what): out.write("table is malformed: "); out.write(what.text.bytes)
        case .invalid(let what): out.write("table is invalid: "); out.write(what.text.bytes)
        case .unreadable(let path): out.write("cannot read table '"); out.write(path); out.write("'")
        }
    }

    public var description: String {
        var out = ByteText()
        write(to: &out)
        return out.string
    }
}

/// The `.gtab` binary format (version `GestureTable.formatVersion`; every
/// earlier version still loads). All integers little-endian.
///
///     offset size  field
///     0      4     magic "GTAB"
///     4      2     format version (GestureTable.formatVersion)
///     6      2     byte-order sentinel 0xFEFF
///     8      4     section count
///     12     8     payload length in bytes
///     20     8     FNV-1a 64 checksum of the payload
///     28     ...   payload: sections, each a 4-byte tag, an 8-byte length, the data
///
/// The sections, in order, are `TableSection`'s cases that the version has.
/// See docs/table-format.md.
package enum TableFormat {
    package static let magic: [UInt8] = Array("GTAB".utf8)
    static let headerSize = 28
    /// Sections of each format version.
    package static func sectionCount(version: UInt16) -> Int { TableSection.present(in: version).count }
    /// Most gestures in one table.
    package static let maxGestures = 65_535
    /// Size of one encoded gesture record.
    package static func recordSize(version: UInt16) -> Int {
        guard version >= 5 else { return legacyRecordSize(version: version) }
        return fixedRecordSize(version: version) + GestureParameter.recordFields(version: version).reduce(0) { $0 + fieldSize($1) }
    }

    /// A version 5 record's fixed part: name, doc, line; 14 bytes; the
    /// automaton's place; the profile-origin bits; the chord's angles.
    /// Version 9 adds a byte: the pointer kinds the gesture takes (`inputs`);
    /// version 16 another: a transform's finger policy (`fingers`).
    static func fixedRecordSize(version: UInt16) -> Int { 12 + byteFields(version: version) + 12 + 8 + 16 }

    /// The one-byte fields after name, doc and line.
    static func byteFields(version: UInt16) -> Int { version >= 16 ? 16 : version >= 9 ? 15 : 14 }

    private static func fieldSize(_ f: GestureParameter.Storage) -> Int {
        if case .range = f { 16 } else { 8 }
    }

    /// Whether `bytes` start like a table file (the CLI tells tables from specs by this).
    package static func looksLikeTable(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= 4 && Array(bytes.prefix(4)) == magic
    }

    /// Encodes a table. Equal tables give equal bytes. `version` 1 writes the
    /// previous layout for older runtimes: it cannot hold views or the
    /// segmentation parameters beyond v1, which it drops.
    package static func encode(_ t: GestureTable, version: UInt16 = GestureTable.formatVersion) -> [UInt8] {
        var payload: [(tag: String, data: [UInt8])] = []
        for section in TableSection.present(in: version) {
            var w = Writer()
            switch section {
            case .strings:
                w.u32(UInt32(t.strings.count))
                for s in t.strings {
                    let utf8 = Array(s.utf8)
                    w.u32(UInt32(utf8.count))
                    w.bytes += utf8
                }
            case .gestures:
                w.u32(UInt32(t.gestures.count))
                for r in t.gestures {
                    if version >= 5 { encodeRecord(r, version: version, into: &w) } else { encodeLegacyRecord(r, version: version, into: &w) }
                }
            default:
                let width = section.width!
                for v in t.elements(of: section) {
                    for i in 0..<width { w.bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
                }
            }
            payload.append((section.tag, w.bytes))
        }
        return file(version: version, sections: payload)
    }

    /// A table file of `sections` (tag, data) in order: the header, with the
    /// payload's length and checksum, and each section framed by its tag and length.
    package static func file(version: UInt16, sections: [(tag: String, data: [UInt8])]) -> [UInt8] {
        var payload = Writer()
        for (tag, data) in sections {
            payload.bytes += Array(tag.utf8)
            payload.u64(UInt64(data.count))
            payload.bytes += data
        }
        var out = Writer()
        out.bytes += magic
        out.u16(version)
        out.u16(0xFEFF)
        out.u32(UInt32(sections.count))
        out.u64(UInt64(payload.bytes.count))
        out.u64(fnv1a(payload.bytes[...]))
        out.bytes += payload.bytes
        return out.bytes
    }

    /// The (tag, data) sections of a file `file(version:sections:)` wrote, nil
    /// when the framing does not hold: what a tool that crafts tables edits.
    package static func sections(of bytes: [UInt8]) -> (version: UInt16, sections: [(tag: String, data: [UInt8])])? {
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic else { return nil }
        var r = Reader(bytes: bytes[4...])
        guard let version = try? r.u16(), (try? r.u16()) == 0xFEFF, let count = try? r.u32(), (try? r.take(16)) != nil else { return nil }
        var sections: [(tag: String, data: [UInt8])] = []
        for _ in 0..<count {
            guard let tag = try? r.take(4), let size = try? r.u64(), size <= UInt64(r.remaining),
                  let data = try? r.take(Int(size)) else { return nil }
            sections.append((String(decoding: tag, as: UTF8.self), Array(data)))
        }
        return (version, sections)
    }

    /// `bytes` with the header's payload length and checksum made right for
    /// the payload that follows, as a crafted table has them: the fuzz
    /// targets reseal their mutations so that what they explore is the
    /// section readers, not the checksum. Shorter than a header: unchanged.
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= headerSize else { return bytes }
        var out = bytes
        let payload = bytes[headerSize...]
        var w = Writer()
        w.u64(UInt64(payload.count))
        w.u64(fnv1a(payload))
        out.replaceSubrange(12..<headerSize, with: w.bytes)
        return out
    }

    /// Decodes and validates a table; any damage is a `TableError`, never a crash.
    package static func decode(_ input: some Collection<UInt8>) throws(TableError) -> GestureTable {
        let bytes = Array(input)
        guard bytes.count >= 4 else { throw .truncated(needed: headerSize, available: bytes.count) }
        guard Array(bytes[0..<4]) == magic else { throw .badMagic }
        guard bytes.count >= headerSize else { throw .truncated(needed: headerSize, available: bytes.count) }
        var header = Reader(bytes: bytes[4..<headerSize])
        let version = try header.u16()
        guard version <= GestureTable.formatVersion else {
            throw .newerVersion(found: version, supported: GestureTable.formatVersion)
        }
        guard version >= 1 else { throw .malformed("unknown format version \(version)") }
        let sections = TableSection.present(in: version)
        guard try header.u16() == 0xFEFF else { throw .badEndianness }
        let sectionCount = try header.u32()
        let length = try header.u64()
        let checksum = try header.u64()
        guard sectionCount == UInt32(sections.count) else { throw .malformed("expected \(sections.count) sections, found \(sectionCount)") }
        guard length <= UInt64(bytes.count - headerSize) else {
            let needed = Int(clamping: length).addingReportingOverflow(headerSize)
            throw .truncated(needed: needed.overflow ? .max : needed.partialValue, available: bytes.count)
        }
        guard length == UInt64(bytes.count - headerSize) else { throw .malformed("trailing bytes after the payload") }
        let payload = bytes[headerSize...]
        guard fnv1a(payload) == checksum else { throw .checksumMismatch }

        var r = Reader(bytes: payload)
        var t = GestureTable()
        for section in sections {
            let found = try r.take(4)
            guard section.tag.withBytes({ found.elementsEqual($0) }) else {
                throw .malformed("expected section \(section.tag), found \(String(validating: found, as: UTF8.self) ?? "a tag that is not UTF-8")")
            }
            let size = try r.u64()
            guard size <= UInt64(r.remaining) else { throw .malformed("section \(section.tag) overruns the file") }
            let data = try r.take(Int(size))
            switch section {
            case .strings:
                var s = Reader(bytes: data)
                let stringCount = try s.u32()
                guard UInt64(stringCount) * 4 <= UInt64(s.remaining) else { throw .malformed("string count") }
                for _ in 0..<stringCount {
                    let n = try s.u32()
                    guard UInt64(n) <= UInt64(s.remaining) else { throw .malformed("string length") }
                    // Validated, not repaired: a name that is not UTF-8 is damage, and repairing
                    // would link the standard library's general string walk (see `String.withBytes`).
                    guard let string = String(validating: try s.take(Int(n)), as: UTF8.self) else { throw .malformed("a string that is not UTF-8") }
                    t.strings.append(string)
                }
            case .gestures:
                var g = Reader(bytes: data)
                let gestureCount = try g.u32()
                guard UInt64(gestureCount) * UInt64(recordSize(version: version)) == UInt64(g.remaining) else {
                    throw .malformed("gesture records")
                }
                for _ in 0..<gestureCount {
                    var r = version >= 5 ? try decodeRecord(&g, version: version) : try decodeLegacyRecord(&g, version: version)
                    // Parameters newer than the file take their defaults, as a compiled record's do.
                    for p in GestureParameter.all where p.since > max(version, 5) && p.storage.isNumericField && p.type.isNumber {
                        r.setNumber(p, p.defaultValue(for: nil))
                    }
                    t.gestures.append(r)
                }
            default:
                t.setElements(try integers(data, width: section.width!), of: section)
            }
        }
        for section in TableSection.allCases where section.since > version { t.setAbsent(section) }
        // Flag bits 16 and up meant nothing before version 4.
        if version < 4, t.gestures.contains(where: { $0.flags & 0xF0 != 0 }) { throw .invalid("flags unknown to format version \(version)") }
        try validate(t)
        return t
    }

    /// Little-endian unsigned integers of `width` bytes.
    private static func integers(_ bytes: ArraySlice<UInt8>, width: Int) throws(TableError) -> [UInt64] {
        guard bytes.count % width == 0 else { throw .malformed("array of \(width)-byte values has \(bytes.count) bytes") }
        // Written in place into an array of the known count (no growth path in the web module).
        let n = bytes.count / width
        return [UInt64](unsafeUninitializedCapacity: n) { buffer, count in
            var i = bytes.startIndex
            for k in 0..<n {
                var v: UInt64 = 0
                for b in stride(from: width - 1, through: 0, by: -1) { v = v << 8 | UInt64(bytes[i + b]) }
                buffer.initializeElement(at: k, to: v)
                i += width
            }
            count = n
        }
    }

    /// Whether `start` frames a CSR list of `count` entries over `n` gestures:
    /// `n + 1` starts from 0 to `count`, never decreasing, so that every
    /// gesture's slice `start[g] ..< start[g + 1]` lies inside the entries.
    /// Checked whole before any slice is taken; compared without converting
    /// to `Int` first, which traps past 2^31 where `Int` has 32 bits (wasm32).
    private static func isList(_ start: [UInt32], of count: Int, gestures n: Int) -> Bool {
        guard start.count == n + 1, start.first == 0, UInt64(start[n]) == UInt64(count) else { return false }
        return (0..<n).allSatisfy { start[$0] <= start[$0 + 1] }
    }

    /// Checks every index and value the engine will use without checks.
    package static func validate(_ t: GestureTable) throws(TableError) {
        let n = t.gestures.count
        guard n <= maxGestures else { throw .invalid("more than \(maxGestures) gestures") }
        guard t.classMap.count == n * Symbol.count else { throw .invalid("class map size") }
        guard t.combBase.count == t.stateInfo.count else { throw .invalid("one comb base per state") }
        guard t.combNext.count == t.combCheck.count else { throw .invalid("comb arrays differ in size") }
        guard t.requiresLines.isEmpty || t.requiresLines.count == t.requiresTarget.count else {
            throw .invalid("one line per requires rule")
        }
        for (start, target) in [(t.requiresStart, t.requiresTarget), (t.withStart, t.withTarget)] {
            guard isList(start, of: target.count, gestures: n) else { throw .invalid("rule lists") }
            for g in 0..<n {
                for other in target[Int(start[g])..<Int(start[g + 1])] where UInt64(other) >= UInt64(n) || Int(other) == g {
                    throw .invalid("rule of gesture \(g)")
                }
            }
        }
        guard isList(t.afterStart, of: t.afterTarget.count, gestures: n),
              t.afterWithin.count == t.afterTarget.count, t.afterLines.count == t.afterTarget.count,
              t.afterWithin.allSatisfy({ $0 >= 0 }) else { throw .invalid("after rules") }
        var arms = [Bool](repeating: false, count: n)
        for g in 0..<n {
            for source in t.afterTarget[Int(t.afterStart[g])..<Int(t.afterStart[g + 1])] {
                guard UInt64(source) < UInt64(n), Int(source) != g else { throw .invalid("after rule of gesture \(g)") }
                arms[Int(source)] = true
            }
        }
        // The engine trusts these flags instead of the lists on its hot path: they must agree.
        for (g, r) in t.gestures.enumerated() {
            let armed = t.afterStart[g] < t.afterStart[g + 1]
            guard (r.flags & GestureRecord.flagArmed != 0) == armed, (r.flags & GestureRecord.flagArms != 0) == arms[g] else {
                throw .invalid("after flags of gesture \(g)")
            }
        }
        guard isList(t.templateStart, of: t.templateNames.count, gestures: n),
              t.templatePoints.count == t.templateNames.count * StrokeTemplate.floats,
              t.templatePoints.allSatisfy({ $0.isFinite && abs($0) <= 1 }),
              t.templateNames.allSatisfy({ UInt64($0) < UInt64(t.strings.count) }) else { throw .invalid("templates") }
        for (g, r) in t.gestures.enumerated() {
            guard (r.strokeFlags & GestureRecord.strokeTemplates != 0) == (t.templateStart[g] < t.templateStart[g + 1]),
                  r.strokeFlags & (GestureRecord.strokeTemplates | GestureRecord.strokeFeatures) == 0 || r.kind == .stroke else {
                throw .invalid("templates of gesture \(g)")
            }
        }
        guard t.modeNames.count <= Condition.maxModes, t.modeNames.allSatisfy({ UInt64($0) < UInt64(t.strings.count) }),
              isList(t.enabledStart, of: t.enabledCode.count, gestures: n) else {
            throw .invalid("modes")
        }
        for g in 0..<n {
            let code = t.condition(of: GestureID(g))
            // All modes are off at start: a gesture with a condition starts as the condition says.
            guard Condition.validate(code, modeCount: t.modeNames.count),
                  code.isEmpty || (t.gestures[g].options & GestureRecord.optionDisabled == 0) == Condition.evaluate(code, modes: 0) else {
                throw .invalid("condition of gesture \(g)")
            }
        }
        guard isList(t.handOverStart, of: t.handOverTarget.count, gestures: n), t.handOverEdges.count == t.handOverTarget.count else {
            throw .invalid("hand-over rules")
        }
        // Both ends pans, scrolls, pinches or rotations; `at` edges screen edges, and only a scroll's.
        let edgeBits = DirectionSet.horizontal.union(.vertical).rawValue
        for g in 0..<n {
            for i in Int(t.handOverStart[g])..<Int(t.handOverStart[g + 1]) {
                let edges = t.handOverEdges[i]
                guard UInt64(t.handOverTarget[i]) < UInt64(n) else { throw .invalid("hand-over rule of gesture \(g)") }
                let b = Int(t.handOverTarget[i])
                guard b != g, t.gestures[g].kind.handsOver, t.gestures[b].kind.handsOver,
                      edges & ~edgeBits == 0, edges == 0 || t.gestures[g].kind == .scroll else {
                    throw .invalid("hand-over rule of gesture \(g)")
                }
            }
        }
        // `wins over`: lists in order and in range (a cycle, which the checker refuses, is only odd, not unsafe).
        guard isList(t.winsStart, of: t.winsTarget.count, gestures: n), t.winsTarget.allSatisfy({ UInt64($0) < UInt64(n) }) else {
            throw .invalid("wins-over rules")
        }
        guard t.actionNames.count == n, t.actionNames.allSatisfy({ $0 == GestureRecord.none || UInt64($0) < UInt64(t.strings.count) }) else {
            throw .invalid("action names")
        }
        // Ranges: lists in order, each naming a parameter, with finite bounds
        // lower first (`set` also holds a value to its parameter's own bounds).
        guard isList(t.rangeStart, of: t.rangeParameters.count, gestures: n),
              t.rangeLower.count == t.rangeParameters.count, t.rangeUpper.count == t.rangeParameters.count,
              t.rangeParameters.allSatisfy({ Int($0) < GestureParameter.all.count }),
              t.rangeLower.indices.allSatisfy({ t.rangeLower[$0].isFinite && t.rangeUpper[$0].isFinite && t.rangeLower[$0] <= t.rangeUpper[$0] })
        else { throw .invalid("ranges") }
        // Settles (v5): none or one whole settle per gesture, one the engine can run.
        guard isList(t.settleStart, of: t.settleValues.count, gestures: n) else { throw .invalid("settles") }
        for g in 0..<n where t.settleStart[g] < t.settleStart[g + 1] {
            guard let s = t.settle(of: GestureID(g)), s.isValid(for: t.gestures[g].kind) else { throw .invalid("settle of gesture \(g)") }
        }
        let views = t.viewNames.count
        guard t.viewDefers.count == views, t.viewDefers.allSatisfy({ $0 & ~edgeBits == 0 }) else { throw .invalid("view deferrals") }
        guard t.viewParents.count == views, t.viewForwards.count == views,
              t.gestureViews.count == (views == 0 ? 0 : n) else { throw .invalid("view arrays") }
        for v in 0..<views {
            guard UInt64(t.viewNames[v]) < UInt64(t.strings.count),
                  v == 0 ? t.viewParents[v] == GestureRecord.none : UInt64(t.viewParents[v]) < UInt64(v),
                  t.viewForwards[v] & ~0b1_1011 == 0, v != 0 || t.viewForwards[v] == 0 else {
                throw .invalid("view \(v)")
            }
        }
        for v in t.gestureViews where UInt64(v) >= UInt64(views) { throw .invalid("view of a gesture") }
        for info in t.stateInfo {
            guard StateOutput(rawValue: info & 0xF) != nil, StateTimer(rawValue: info >> 4) != nil else {
                throw .invalid("unknown state output or timer")
            }
        }
        for (g, r) in t.gestures.enumerated() {
            guard UInt64(r.name) < UInt64(t.strings.count), r.doc == GestureRecord.none || UInt64(r.doc) < UInt64(t.strings.count) else {
                throw .invalid("string index of gesture \(g)")
            }
            guard r.axis <= 2, r.packing <= 1, r.minTouches >= 1, r.minTouches <= 20,
                  r.maxTouches == 0 || (r.maxTouches >= r.minTouches && r.maxTouches <= 20) else {
                throw .invalid("parameters of gesture \(g)")
            }
            guard r.strokeFlags & ~GestureRecord.knownStrokeFlags == 0, r.chordMin.isFinite, r.chordMax.isFinite, -Double.pi <= r.chordMin,
                  r.chordMin <= r.chordMax, r.chordMax <= .pi,
                  r.flags & ~GestureRecord.knownFlags == 0, r.options & ~GestureRecord.knownOptions == 0,
                  r.options & GestureRecord.optionProvisional == 0 || r.kind.mayBeProvisional,
                  r.inputs != 0, r.inputs & ~PointerKind.allCases.reduce(0, { $0 | $1.bit }) == 0,
                  r.fingers == 0 || (FingerPolicy(rawValue: r.fingers) != nil && (r.kind == .pan || r.kind == .pinch || r.kind == .rotation)),
                  r.measuresEveryFinger || (r.kind != .pinch && r.kind != .rotation) || (r.minTouches == 2 && r.maxTouches == 2),
                  r.edges & ~DirectionSet.horizontal.union(.vertical).rawValue == 0,
                  r.profile == 0 || Profile(code: r.profile) != nil, GestureParameter.all.count >= 64 || r.fromProfile >> UInt64(GestureParameter.all.count) == 0 else {
                throw .invalid("flags of gesture \(g)")
            }
            try validateParameters(r, g)
            // In 64 bits: a base near 2^32 must not wrap or trap where `Int` has 32 (wasm32).
            let states = UInt64(r.stateCount), classes = UInt64(r.classCount), base = UInt64(r.stateBase)
            guard states >= 1, UInt64(r.startState) < states, base + states <= UInt64(t.stateInfo.count), classes >= 1 else {
                throw .invalid("states of gesture \(g)")
            }
            for a in 0..<Symbol.count where UInt64(t.classMap[g * Symbol.count + a]) >= classes {
                throw .invalid("symbol class of gesture \(g)")
            }
            if r.packing == GestureRecord.packingDense {
                let start = UInt64(r.transitionBase)
                guard start + states * classes <= UInt64(t.dense.count) else { throw .invalid("dense rows of gesture \(g)") }
                for v in t.dense[Int(start)..<Int(start + states * classes)] where UInt64(v) >= states {
                    throw .invalid("dense transition of gesture \(g)")
                }
            } else {
                for s in 0..<Int(states) {
                    let row = UInt64(t.combBase[Int(base) + s])
                    guard row + classes <= UInt64(t.combNext.count) else { throw .invalid("comb row of gesture \(g)") }
                    for p in Int(row)..<Int(row + classes) where Int(t.combCheck[p]) == s && UInt64(t.combNext[p]) >= states {
                        throw .invalid("comb transition of gesture \(g)")
                    }
                }
            }
        }
    }

    private static func encodeRecord(_ r: GestureRecord, version: UInt16, into w: inout Writer) {
        w.u32(r.name); w.u32(r.doc); w.u32(r.line)
        w.bytes += [r.kind.rawValue, r.flags, r.options, r.axis, r.directions, r.taps, r.minTouches, r.maxTouches,
                    r.chord, r.strokeFlags, r.edges, r.classCount, r.packing, r.profile]
        if version >= 9 { w.bytes.append(r.inputs) }
        if version >= 16 { w.bytes.append(r.fingers) }
        w.u32(r.stateBase); w.u16(r.stateCount); w.u16(r.startState); w.u32(r.transitionBase)
        w.u64(r.fromProfile)
        w.u64(r.chordMin.bitPattern); w.u64(r.chordMax.bitPattern)
        for f in GestureParameter.recordFields(version: version) {
            switch f {
            case .microseconds(let k): w.u64(UInt64(bitPattern: r[field: k]))
            case .real(let k): w.u64(r[field: k].bitPattern)
            case .range(let k): w.u64(r[field: k].x.bitPattern); w.u64(r[field: k].y.bitPattern)
            default: break
            }
        }
    }

    private static func decodeRecord(_ g: inout Reader, version: UInt16) throws(TableError) -> GestureRecord {
        let name = try g.u32(), doc = try g.u32(), line = try g.u32()
        let b = Array(try g.take(byteFields(version: version)))
        guard let kind = GestureKind(rawValue: b[0]) else { throw .invalid("unknown gesture kind") }
        // Version 12 added `scroll`: in an older file its number means nothing.
        guard kind != .scroll || version >= 12 else { throw .invalid("gesture kind \(kind.keyword) unknown to format version \(version)") }
        var r = GestureRecord(kind: kind)
        (r.name, r.doc, r.line) = (name, doc, line)
        (r.flags, r.options, r.axis, r.directions, r.taps, r.minTouches, r.maxTouches) = (b[1], b[2], b[3], b[4], b[5], b[6], b[7])
        (r.chord, r.strokeFlags, r.edges, r.classCount, r.packing, r.profile) = (b[8], b[9], b[10], b[11], b[12], b[13])
        // Tables from before `input` saw every pointer as a touch: they take every kind.
        r.inputs = version >= 9 ? b[14] : GestureRecord.defaultInputs
        // Before version 16 every transform had its v1 rule.
        r.fingers = version >= 16 ? b[15] : 0
        r.stateBase = try g.u32(); r.stateCount = try g.u16(); r.startState = try g.u16(); r.transitionBase = try g.u32()
        r.fromProfile = try g.u64()
        r.chordMin = Double(bitPattern: try g.u64()); r.chordMax = Double(bitPattern: try g.u64())
        for f in GestureParameter.recordFields(version: version) {
            switch f {
            case .microseconds(let k): r[field: k] = Int64(bitPattern: try g.u64())
            case .real(let k): r[field: k] = Double(bitPattern: try g.u64())
            case .range(let k): r[field: k] = SIMD2(Double(bitPattern: try g.u64()), Double(bitPattern: try g.u64()))
            default: break
            }
        }
        return r
    }

    /// Every numeric field well formed, and every parameter of the record's
    /// kind within its range (`GestureParameter.all`), so the engine's
    /// arithmetic sees only the values a spec could have given.
    private static func validateParameters(_ r: GestureRecord, _ g: Int) throws(TableError) {
        for f in GestureParameter.recordFields(version: GestureTable.formatVersion) {
            let ok = switch f {
            case .microseconds(let k): r[field: k] >= 0
            case .real(let k): r[field: k].isFinite && r[field: k] >= 0
            case .range(let k): !r[field: k].x.isNaN && !r[field: k].y.isNaN && r[field: k].x <= r[field: k].y
            default: true
            }
            guard ok else { throw .invalid("parameters of gesture \(g)") }
        }
        let relative = r.strokeFlags & GestureRecord.strokeRelativeSegment != 0
        for p in GestureParameter.all where p.type.isNumber && p.applies(to: r.kind) {
            guard let v = p.storage.isNumericField || p.type == .count ? r.number(p) : nil else { continue }
            guard p.allowed(relative: relative).contains(v) else {
                throw .invalid("\(p.name) of gesture \(g)")
            }
        }
    }

    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            var p = buffer.baseAddress
            let end = p.map { $0 + buffer.count }
            while p != end {
                h ^= UInt64(p!.pointee)
                h &*= 0x0000_0100_0000_01B3
                p! += 1
            }
            return h
        }
    }

    struct Writer {
        var bytes: [UInt8] = []
        mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) } }
        mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
        mutating func take() -> [UInt8] {
            defer { bytes = [] }
            return bytes
        }
    }

    struct Reader {
        var bytes: ArraySlice<UInt8>
        var remaining: Int { bytes.count }
        mutating func take(_ n: Int) throws(TableError) -> ArraySlice<UInt8> {
            guard n >= 0, n <= bytes.count else { throw .malformed("unexpected end of data") }
            defer { bytes = bytes.dropFirst(n) }
            return bytes.prefix(n)
        }
        mutating func u16() throws(TableError) -> UInt16 {
            let b = try take(2)
            return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
        }
        mutating func u32() throws(TableError) -> UInt32 {
            let b = try take(4)
            return b.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        mutating func u64() throws(TableError) -> UInt64 {
            let b = try take(8)
            return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}

extension GestureTable {
    /// Decodes and validates a table from its bytes (an array, `Data`, any collection).
    public init(decoding bytes: some Collection<UInt8>) throws(TableError) {
        self = try TableFormat.decode(bytes)
    }

    /// The table of `bytes` that `gspec build --emit swift` generated. The
    /// bytes of a valid table of this runtime's format always decode; bytes
    /// from a newer gspec, or edited by hand, trap with the reason, since a
    /// generated file that does not match its runtime is a build mistake.
    public init(generated bytes: [UInt8]) {
        do throws(TableError) {
            self = try TableFormat.decode(bytes)
        } catch {
            preconditionFailure("generated gesture table: \(error); regenerate it with the gspec of this package")
        }
    }

    #if !hasFeature(Embedded)
    /// Reads, decodes and validates a `.gtab` file (not in the WebAssembly
    /// build, which has no file system: JavaScript passes the bytes).
    public init(contentsOfFile path: String) throws(TableError) {
        guard let file = fopen(path, "rb") else { throw .unreadable(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if n < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw .unreadable(path: path) }
        self = try TableFormat.decode(bytes)
    }
    #endif

    /// The table's `.gtab` bytes.
    public func encoded() -> [UInt8] { TableFormat.encode(self) }
}
