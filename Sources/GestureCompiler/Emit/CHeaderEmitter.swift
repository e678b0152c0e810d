import GestureRuntime

/// The part of native/include/gspec.h that follows the runtime's lists: the
/// event record (`EventSlot`, in order, each field of its storage, so the
/// struct's layout is the record's) and the enums a caller passes and reads
/// (touch phases, pointer kinds, gesture states, swipe directions, the name
/// lists), by raw value. Between `generatedBegin` and `generatedEnd`; a test keeps the
/// header in step, and `GSPEC_RECORD=1` rewrites it, as for gspec.d.mts.
public enum CHeaderEmitter {
    public static let generatedBegin = "/* BEGIN generated from the runtime's lists (CHeaderEmitter.runtimeDeclarations): do not edit by hand */"
    public static let generatedEnd = "/* END generated */"

    public static func runtimeDeclarations() -> String {
        var out = "/** One gesture event, as `gspec_engine_take_events` writes them: the fields of EventSlot, in order. */\n"
        out += "typedef struct gspec_event {\n"
        for slot in EventSlot.allCases {
            let type = switch slot.storage {
            case .float64: "double"
            case .int32: "int32_t"
            case .uint8: "uint8_t"
            }
            out += "    \(type) \(slot.name); /* \(summary(slot)) */\n"
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
        return out
    }

    private static func enumeration(_ type: String, _ prefix: String, _ cases: [(String, Int)], _ doc: String) -> String {
        var out = "/** \(doc) */\ntypedef enum \(type) {\n"
        for (name, value) in cases {
            var constant = ""
            for c in name {
                if c == "-" { constant += "_" } else if c.isUppercase { constant += "_" + String(c) } else { constant += c.uppercased() }
            }
            out += "    \(prefix)_\(constant) = \(value),\n"
        }
        return out + "} \(type);\n\n"
    }

    private static func summary(_ slot: EventSlot) -> String {
        switch slot {
        case .time: "microseconds"
        case .x, .y: "points: the centroid of the gesture's touches, or its view's centre for an action"
        case .value0: "pan: translation x; pinch: scale; rotation: radians"
        case .value1: "pan: translation y"
        case .velocity0, .velocity1: "per second, of value0 and value1 (longPress: of the location)"
        case .gesture: "the gesture's index in the table"
        case .taps: "tap: taps counted"
        case .view: "the view that receives the event"
        case .state: "a gspec_state"
        case .direction: "swipe: a gspec_direction"
        case .input: "1 for an accessibility action, 0 for touches"
        case .touch: "the id of the gesture's first touch, -1 for none"
        }
    }
}
