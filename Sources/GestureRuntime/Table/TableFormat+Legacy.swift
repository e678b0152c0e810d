/// Gesture records of format versions 1 to 4, a layout frozen by hand:
/// older tables still load, and `encode(_:version:)` still writes them for
/// older runtimes. Version 5 and later derive the record's parameter fields
/// from `GestureParameter.all` (see `TableFormat.recordSize(version:)`).
extension TableFormat {
    static func legacyRecordSize(version: UInt16) -> Int {
        4 * 3 + 6 + 8 * 3 + 8 * 7 + 4 + 2 + 2 + 1 + 1 + 4 + 1 + (version >= 2 ? 8 * 6 + 2 : 0) + (version >= 4 ? 1 + 8 * 9 + 1 : 0)
    }

    /// Writes `r` in the version's layout, dropping what it cannot hold
    /// (version 1: the segmentation beyond v1; before 4: edges, offsets, options; all: profile and its origin bits).
    static func encodeLegacyRecord(_ r: GestureRecord, version: UInt16, into w: inout Writer) {
        w.u32(r.name); w.u32(r.doc); w.u32(r.line)
        w.bytes += [r.kind.rawValue, r.flags, r.axis, r.directions, r.taps, r.minTouches]
        for us in [r.maxInterval, r.maxDuration, r.duration] { w.u64(UInt64(bitPattern: us)) }
        for d in [r.slop, r.tapDistance, r.minDistance, r.minVelocity, r.maxAngle, r.threshold, r.segment] { w.u64(d.bitPattern) }
        w.u32(r.stateBase); w.u16(r.stateCount); w.u16(r.startState)
        w.bytes += [r.classCount, r.packing]
        w.u32(r.transitionBase)
        w.bytes.append(r.maxTouches)
        if version >= 2 {
            for d in [r.hysteresis, r.minSegment, r.hooks, r.smoothing, r.chordMin, r.chordMax] { w.u64(d.bitPattern) }
            w.bytes += [r.chord, r.strokeFlags]
        }
        if version >= 4 {
            w.bytes.append(r.edges)
            for d in [r.edgeWidth, r.activeOffsetX.x, r.activeOffsetX.y, r.activeOffsetY.x, r.activeOffsetY.y,
                      r.failOffsetX.x, r.failOffsetX.y, r.failOffsetY.x, r.failOffsetY.y] { w.u64(d.bitPattern) }
            w.bytes.append(r.options)
        }
    }

    static func decodeLegacyRecord(_ g: inout Reader, version: UInt16) throws(TableError) -> GestureRecord {
        let name = try g.u32(), doc = try g.u32(), line = try g.u32()
        let head = Array(try g.take(6))
        guard let kind = GestureKind(rawValue: head[0]) else { throw .invalid("unknown gesture kind") }
        var r = GestureRecord(kind: kind)
        (r.name, r.doc, r.line) = (name, doc, line)
        (r.flags, r.axis, r.directions, r.taps, r.minTouches) = (head[1], head[2], head[3], head[4], head[5])
        r.maxInterval = Int64(bitPattern: try g.u64())
        r.maxDuration = Int64(bitPattern: try g.u64())
        r.duration = Int64(bitPattern: try g.u64())
        var d: [Double] = []
        for _ in 0..<7 { d.append(Double(bitPattern: try g.u64())) }
        (r.slop, r.tapDistance, r.minDistance, r.minVelocity, r.maxAngle, r.threshold, r.segment) = (d[0], d[1], d[2], d[3], d[4], d[5], d[6])
        r.stateBase = try g.u32(); r.stateCount = try g.u16(); r.startState = try g.u16()
        let packing = Array(try g.take(2))
        (r.classCount, r.packing) = (packing[0], packing[1])
        r.transitionBase = try g.u32()
        r.maxTouches = try g.take(1).first!
        if version >= 2 {
            d = []
            for _ in 0..<6 { d.append(Double(bitPattern: try g.u64())) }
            (r.hysteresis, r.minSegment, r.hooks, r.smoothing, r.chordMin, r.chordMax) = (d[0], d[1], d[2], d[3], d[4], d[5])
            let stroke = Array(try g.take(2))
            (r.chord, r.strokeFlags) = (stroke[0], stroke[1])
        }
        if version >= 4 {
            r.edges = try g.take(1).first!
            d = []
            for _ in 0..<9 { d.append(Double(bitPattern: try g.u64())) }
            r.edgeWidth = d[0]
            (r.activeOffsetX, r.activeOffsetY) = (SIMD2(d[1], d[2]), SIMD2(d[3], d[4]))
            (r.failOffsetX, r.failOffsetY) = (SIMD2(d[5], d[6]), SIMD2(d[7], d[8]))
            r.options = try g.take(1).first!
        }
        r.inputs = GestureRecord.defaultInputs
        return r
    }
}
