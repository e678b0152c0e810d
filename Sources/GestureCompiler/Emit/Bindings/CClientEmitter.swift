import GestureRuntime

/// The parts of the C clients of gspec.h that follow the event record:
/// native/test/run.c's reading of a field by the name a value list gives,
/// and jvm/native/gspec_jni.c's copy of each record into the buffer the
/// Java engine reads (its doubles, then its other fields as 32-bit ints, in
/// slot order: `recordBytes` a record).
public enum CClientEmitter {
    static let blocks = [
        GeneratedBlock(path: "native/test/run.c", name: "CClientEmitter.slotReader", comment: .block, text: slotReader()),
        GeneratedBlock(path: "jvm/native/gspec_jni.c", name: "CClientEmitter.eventCopy", comment: .block, text: eventCopy()),
    ]

    /// The slots that cross to Java as doubles, and as ints, in record order.
    static var doubles: [EventSlot] { EventSlot.allCases.filter { $0.storage == .float64 } }
    static var ints: [EventSlot] { EventSlot.allCases.filter { $0.storage != .float64 } }
    /// Where a slot is in a Java record, in bytes: the doubles first, then the ints.
    static func offset(_ slot: EventSlot) -> Int {
        if let k = doubles.firstIndex(of: slot) { return 8 * k }
        return 8 * doubles.count + 4 * ints.firstIndex(of: slot)!
    }
    /// A Java record's size: a multiple of 8, so that every record's doubles are aligned.
    static var recordBytes: Int { (8 * doubles.count + 4 * ints.count + 7) / 8 * 8 }

    static func slotReader() -> String {
        var out = "/* A gspec_event field by its name (the slots GSPEC_NAMES_VALUES names). */\n"
        out += "static double slot(const gspec_event *e, const char *field) {\n"
        for slot in EventSlot.allCases { out += "    if (!strcmp(field, \"\(slot.name)\")) return e->\(slot.name);\n" }
        out += "    fprintf(stderr, \"run: no event field '%s'\\n\", field);\n    exit(3);\n}\n\n"
        out += "/* Swipe directions by raw value: a direction past them is read as the first. */\n"
        out += "#define DIRECTIONS \(Direction.allCases.count)\n"
        return out
    }

    static func eventCopy() -> String {
        var out = "/* One event in the buffer events cross in (Engine.java's RECORD bytes): \(doubles.map(\.name).joined(separator: " ")) as doubles, "
        out += "then \(ints.map(\.name).joined(separator: " ")) as 32-bit ints, in the machine's byte order. */\n"
        out += "#define EVENT_RECORD \(recordBytes)\n\n"
        out += "static void copy_event(const gspec_event *v, unsigned char *record) {\n"
        out += "    double *f = (double *)record;\n    int32_t *i = (int32_t *)(record + \(8 * doubles.count));\n"
        for (k, slot) in doubles.enumerated() { out += "    f[\(k)] = v->\(slot.name);\n" }
        for (k, slot) in ints.enumerated() { out += "    i[\(k)] = v->\(slot.name);\n" }
        return out + "}\n"
    }
}
