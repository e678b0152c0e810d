import GestureRuntime

/// The part of native/include/gspec.h that follows the runtime's lists: the
/// event record (`EventSlot`, in order, each field of its storage, so the
/// struct's layout is the record's), the enums a caller passes and reads
/// (touch phases, pointer kinds, gesture states, swipe directions, the name
/// lists) by raw value, and the control keys (`ControlKey`).
public enum CHeaderEmitter {
    static let blocks = [GeneratedBlock(path: "native/include/gspec.h", name: "CHeaderEmitter.runtimeDeclarations", comment: .block,
                                        text: runtimeDeclarations())]

    public static func runtimeDeclarations() -> String {
        var out = "/** One gesture event, as `gspec_engine_take_events` writes them: the fields of EventSlot, in order. */\n"
        out += "typedef struct gspec_event {\n"
        for slot in EventSlot.allCases {
            out += "    \(type(slot.storage)) \(slot.name); /* \(summary(slot)) */\n"
        }
        out += "} gspec_event;\n"
        out += "_Static_assert(sizeof(gspec_event) == \(EventSlot.recordBytes), \"gspec_event is the engine's event record\");\n\n"
        out += enumeration("gspec_phase", "GSPEC_PHASE", TouchPhase.allCases.map { ($0.name, Int($0.rawValue)) }, "A touch sample's phase (`gspec_engine_feed`).")
        out += enumeration("gspec_pointer", "GSPEC_POINTER", PointerKind.allCases.map { ($0.name, Int($0.rawValue)) }, "A kind of pointer (`gspec_engine_feed`).")
        out += enumeration("gspec_state", "GSPEC_STATE", GestureState.allCases.map { ($0.name, Int($0.rawValue)) }, "An event's `state`.")
        out += enumeration("gspec_direction", "GSPEC_DIRECTION", Direction.allCases.map { ($0.name, Int($0.rawValue)) }, "A swipe's `direction`.")
        out += enumeration("gspec_names", "GSPEC_NAMES", NameList.allCases.map { ($0.name, Int($0.rawValue)) },
                           "The lists `gspec_engine_name` reads names from (docs/native.md says what each holds).")
        let carried = GestureState.allCases.filter(EventValue.carried(in:)).reduce(0) { $0 | 1 << Int($1.rawValue) }
        out += "/** The states whose events carry their gesture's values (`GSPEC_NAMES_VALUES`), one bit per gspec_state. */\n"
        out += "#define GSPEC_CARRIED_STATES 0x\(String(carried, radix: 16))u\n\n"
        out += "/** The keys `gspec_engine_control` takes besides a run-time parameter's name, and their values. */\n"
        for key in ControlKey.allCases {
            out += "#define GSPEC_CONTROL_\(constant(key.name)) \"\(key.name)\" /* \(key.value) */\n"
        }
        return out + "\n"
    }

    /// The C type of a record slot's storage.
    static func type(_ storage: EventSlot.Storage) -> String {
        switch storage {
        case .float64: "double"
        case .int32: "int32_t"
        case .uint8: "uint8_t"
        }
    }

    /// A name as a C constant's suffix: `up-right` is `UP_RIGHT`, `handOver` `HAND_OVER`.
    static func constant(_ name: String) -> String {
        var out = ""
        for c in name {
            if c == "-" { out += "_" } else if c.isUppercase { out += "_" + String(c) } else { out += c.uppercased() }
        }
        return out
    }

    private static func enumeration(_ type: String, _ prefix: String, _ cases: [(String, Int)], _ doc: String) -> String {
        var out = "/** \(doc) */\ntypedef enum \(type) {\n"
        for (name, value) in cases { out += "    \(prefix)_\(constant(name)) = \(value),\n" }
        return out + "} \(type);\n\n"
    }

    /// A slot's summary, with the C enum its raw value is of.
    static func summary(_ slot: EventSlot) -> String {
        switch slot {
        case .state: "a gspec_state"
        case .direction: slot.summary + " (a gspec_direction)"
        default: slot.summary
        }
    }
}
