import GestureRuntime

extension FuzzTargets {
    /// Tables built from structured random sections: the every-kind set
    /// encoded in any format version, its sections edited value by value
    /// (an element set to a boundary value, inserted or removed, a byte of a
    /// string or record changed) and framed again with right lengths and
    /// checksum, then loaded and run as `table` does. Where the byte fuzzer
    /// mostly breaks the framing, every input here reaches a section reader
    /// and the validation with well-framed data.
    ///
    /// Bytes: the version, then 5 per edit: section, operation, a 16-bit
    /// index, and a value (small numbers, or one of the boundary values).
    public static func tableSections(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let version = UInt16(1 + Int(first) % Int(GestureTable.formatVersion))
        guard var (_, sections) = TableFormat.sections(of: TableFormat.encode(allKinds, version: version)) else {
            preconditionFailure("the encoder's framing does not read back")
        }
        let present = TableSection.present(in: version)
        let gestures = UInt64(allKinds.gestureCount)
        var i = 1
        while i + 5 <= bytes.count, !sections.isEmpty {
            let k = Int(bytes[i]) % sections.count, index = Int(bytes[i + 2]) | Int(bytes[i + 3]) << 8, v = bytes[i + 4]
            let width = k < present.count ? present[k].width ?? 1 : 1
            var data = sections[k].data
            let count = data.count / width
            // Values that sit on the edges of what the readers check: counts, ends of the other lists, sign bits.
            let specials: [UInt64] = [0, 1, 2, gestures - 1, gestures, gestures + 1, UInt64(count), UInt64(count) + 1,
                                      0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, .max]
            let value = v < 0xF0 ? UInt64(v % 16) : specials[Int(v - 0xF0) % specials.count]
            let element = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
            switch bytes[i + 1] % 4 {
            case 0 where count > 0: data.replaceSubrange((index % count) * width ..< (index % count + 1) * width, with: element)
            case 1: data.insert(contentsOf: element, at: (index % (count + 1)) * width)
            case 2 where count > 0: data.removeSubrange((index % count) * width ..< (index % count + 1) * width)
            case 3 where !data.isEmpty: data[index % data.count] = UInt8(truncatingIfNeeded: value)
            default: break
            }
            sections[k].data = data
            i += 5
        }
        table(TableFormat.file(version: version, sections: sections))
    }
}
