import GestureRuntime

/// The parts of the Java binding (jvm/src/dev/gspec) that follow the
/// runtime's lists: the constants of its four enums, `Engine`'s name-list
/// indices, array widths and reserved control words, and `GestureEvent`'s
/// plain fields and their reading from the buffer gspec_jni.c fills
/// (`CClientEmitter.eventCopy`). Fields that need a Java type of their own
/// (a name for an index, an enum, a boolean) are written by hand; which
/// slots those are is the exhaustive switch of `javaField`, so a new slot
/// is a compile error here until it is decided.
public enum JavaBindingsEmitter {
    static let directory = "jvm/src/dev/gspec/"

    static var blocks: [GeneratedBlock] {
        [
            enumeration("State", GestureState.allCases.map(\.name)),
            enumeration("Direction", Direction.allCases.map(\.name)),
            enumeration("Phase", TouchPhase.names),
            enumeration("Pointer", PointerKind.names),
            GeneratedBlock(path: directory + "Engine.java", name: "JavaBindingsEmitter.engineConstants", comment: .line,
                           text: engineConstants(), indent: "    "),
            GeneratedBlock(path: directory + "GestureEvent.java", name: "JavaBindingsEmitter.eventFields", comment: .line,
                           text: eventFields(), indent: "    "),
            GeneratedBlock(path: directory + "GestureEvent.java", name: "JavaBindingsEmitter.eventReads", comment: .line,
                           text: eventReads(), indent: "        "),
        ]
    }

    /// An enum's constants, in the runtime's order (their ordinals are its raw values).
    static func enumeration(_ type: String, _ names: [String]) -> GeneratedBlock {
        GeneratedBlock(path: directory + type + ".java", name: "JavaBindingsEmitter.enumeration", comment: .line,
                       text: "    " + names.map(CHeaderEmitter.constant).joined(separator: ", ") + ";\n", indent: "    ")
    }

    static func engineConstants() -> String {
        var out = "    // gspec.h's gspec_names, in order; Names.check holds the enums to the lists they mirror.\n"
        out += "    static final int " + NameList.allCases.map { "\($0.name.uppercased()) = \($0.rawValue)" }.joined(separator: ", ") + ";\n"
        let (doubles, ints) = (CClientEmitter.doubles, CClientEmitter.ints)
        out += "    /** Bytes per event in the buffer events cross in: \(doubles.map(\.name).joined(separator: " ")) as doubles, "
        out += "then \(ints.map(\.name).joined(separator: " ")) as ints. */\n"
        out += "    static final int RECORD = \(CClientEmitter.recordBytes);\n"
        out += "    /** The words of a control call or line that name no run-time parameter. */\n"
        out += "    static final List<String> RESERVED = Arrays.asList(" + ControlKey.reserved.map { "\"\($0)\"" }.joined(separator: ", ") + ");\n"
        return out
    }

    /// How `GestureEvent` holds a slot: a plain Java number of the same
    /// name, or a field written by hand (a name beside an index, an enum, a
    /// boolean, seconds).
    package enum JavaField: Equatable {
        /// Generated: a public field of this Java type.
        case plain(String)
        /// Written by hand: the public field that holds it.
        case byHand(String)
    }

    package static func javaField(_ slot: EventSlot) -> JavaField {
        switch slot {
        case .x, .y, .value0, .value1, .velocity0, .velocity1, .projected, .rest: .plain("double")
        case .taps, .touch, .fingers, .anchor: .plain("int")
        case .time: .byHand("time")
        case .gesture: .byHand("gestureIndex")
        case .view: .byHand("viewIndex")
        case .state: .byHand("state")
        case .direction: .byHand("direction")
        case .input: .byHand("isAction")
        }
    }

    static var plainSlots: [(EventSlot, String)] {
        EventSlot.allCases.compactMap { slot in
            if case .plain(let type) = javaField(slot) { (slot, type) } else { nil }
        }
    }

    static func eventFields() -> String {
        var out = ""
        for (slot, type) in plainSlots { out += "    /** \(slot.summary). */\n    public final \(type) \(slot.name);\n" }
        out += "\n    /** A plain field by the name the library's value lists use. */\n"
        out += "    private double field(String name) {\n        switch (name) {\n"
        for (slot, _) in plainSlots { out += "            case \"\(slot.name)\": return \(slot.name);\n" }
        out += "            default: throw new IllegalStateException(\"libgspec names an event field dev.gspec does not know: \" + name);\n"
        return out + "        }\n    }\n"
    }

    /// The constructor's reading of the plain fields: `b` the buffer, `r` this event's record in it.
    static func eventReads() -> String {
        var out = ""
        for (slot, _) in plainSlots { out += "        \(slot.name) = \(read(slot));\n" }
        for slot in EventSlot.allCases {
            guard case .byHand = javaField(slot) else { continue }
            out += "        \(slot.storage == .float64 ? "double" : "int") \(slot.name)Slot = \(read(slot));\n"
        }
        return out
    }

    /// Where a slot is in the buffer (`CClientEmitter.eventCopy`'s layout).
    private static func read(_ slot: EventSlot) -> String {
        "b.get\(slot.storage == .float64 ? "Double" : "Int")(r + \(CClientEmitter.offset(slot)))"
    }
}
