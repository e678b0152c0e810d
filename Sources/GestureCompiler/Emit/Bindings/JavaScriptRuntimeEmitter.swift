import GestureRuntime
import GestureTrace

/// The parts of the web runtime's JavaScript that follow the runtime's
/// lists: web/src/gspec.d.mts's types of names, events, `gspec run`'s
/// flags and anomaly counts, and web/src/gspec.mjs's record slots and
/// reserved control words.
public enum JavaScriptRuntimeEmitter {
    static var blocks: [GeneratedBlock] {
        [GeneratedBlock(path: "web/src/gspec.d.mts", name: "JavaScriptRuntimeEmitter.runtimeDeclarations", comment: .line, text: runtimeDeclarations()),
         GeneratedBlock(path: "web/src/gspec.mjs", name: "JavaScriptRuntimeEmitter.moduleConstants", comment: .line, text: moduleConstants()),
         GeneratedBlock(path: "web/src/gspec-dom.mjs", name: "JavaScriptRuntimeEmitter.domConstants", comment: .line, text: domConstants())]
    }

    /// gspec-dom.mjs's keys an action may name (`ActionShortcut`, which the checker reads too).
    static func domConstants() -> String {
        func list(_ names: [String]) -> String { "[" + names.map { "'\($0)'" }.joined(separator: ", ") + "]" }
        return "const NAMED_KEYS = Object.freeze(\(list(ActionShortcut.namedKeys)));\n"
            + "const MODIFIERS = Object.freeze(\(list(ActionShortcut.modifiers)));\n"
    }

    /// gspec.mjs's constants: the event record's layout and the lists events
    /// are read with (so that `describe` gives only what the table decides),
    /// the stamp a gspec.wasm of the same lists gives, the words no
    /// run-time parameter is named, the parameters' and units' indices the
    /// engine takes, and the refusals' message catalogue gspec.mjs words
    /// the engine's codes from.
    static func moduleConstants() -> String {
        // Double quotes around a text with single quotes (the catalogue's quote names).
        func quoted(_ text: String) -> String {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            return text.contains("'") ? "\"" + escaped.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : "'" + escaped + "'"
        }
        func list(_ names: [String]) -> String { "[" + names.map(quoted).joined(separator: ", ") + "]" }
        var out = "/** The event record's layout (EventSlot): its size, and each slot's offset and storage. */\n"
        out += "const RECORD = Object.freeze({ bytes: \(EventSlot.recordBytes), slots: Object.freeze({ "
            + EventSlot.allCases.map { "\($0.name): [\($0.offset), '\($0.storage.name)']" }.joined(separator: ", ") + " }) });\n"
        out += "/** What `describe` of a gspec.wasm built from the same lists gives as its `stamp` (EventSlot.layoutStamp). */\n"
        out += "const STAMP = \(EventSlot.layoutStamp);\n"
        out += "/** Names by raw value: event states, directions, touch phases, pointer kinds (bit k: kind k), gesture kinds. */\n"
        out += "const STATES = Object.freeze(" + list(byRaw { GestureState(rawValue: $0)?.name }) + ");\n"
        out += "const DIRECTIONS = Object.freeze(" + list(byRaw { Direction(rawValue: $0)?.name }) + ");\n"
        out += "const PHASES = Object.freeze(" + list(byRaw { TouchPhase(rawValue: $0)?.name }) + ");\n"
        out += "const POINTERS = Object.freeze(" + list(byRaw { PointerKind(rawValue: $0)?.name }) + ");\n"
        out += "const KINDS = Object.freeze(" + list(byRaw { GestureKind(rawValue: $0)?.keyword }) + ");\n"
        out += "/** The states whose events carry no position or values. */\n"
        out += "const BARE_STATES = Object.freeze(" + list(GestureState.allCases.filter { !EventValue.carried(in: $0) }.map(\.name)) + ");\n"
        out += "/** A scroll's edges by the bit that stands for each (1 << a direction; '' for a direction that is no edge). */\n"
        out += "const EDGES = Object.freeze(" + list(byRaw { raw in Direction(rawValue: raw).map { ScreenEdge($0)?.name ?? "" } }) + ");\n"
        out += eventMakers()
        out += "/** The words of a control call or line that name no run-time parameter (ControlKey.reserved). */\n"
        out += "const RESERVED = Object.freeze(" + list(ControlKey.reserved) + ");\n"
        out += "/** Run-time parameters (RuntimeParameter), by the index gspec_engine_set_parameter takes; then the names that cannot change at run time. */\n"
        out += "const PARAMETERS = Object.freeze(" + list(RuntimeParameter.allCases.map(\.rawValue)) + ");\n"
        out += "const STRUCTURAL = Object.freeze(" + list(RuntimeParameter.structural.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }) + ");\n"
        out += "/** Unit spellings (Unit), by the index gspec_engine_set_parameter takes. */\n"
        out += "const UNITS = Object.freeze(" + list(Unit.spellings) + ");\n"
        out += "/** Why a control call is refused (RefusalCode): a refused call returns 1 + the index of its key. */\n"
        out += "const REFUSALS = Object.freeze({\n" + RefusalCode.allCases.map { "  \($0): \(quoted($0.template)),\n" }.joined() + "});\n"
        out += "/** What a value in the wrong unit should have been (ExpectedValue), by index. */\n"
        out += "const EXPECTED = Object.freeze(" + list(ExpectedValue.allCases.map(\.phrase)) + ");\n"
        return out
    }

    /// A list by raw value, as the record stores the raw values.
    private static func byRaw(_ name: (UInt8) -> String?) -> [String] {
        var names: [String] = []
        while names.count < 256, let n = name(UInt8(names.count)) { names.append(n) }
        return names
    }

    /// gspec.mjs's `EVENTS`: per kind (by raw value), a function making a
    /// carrying event of that kind from its record, as one object literal with
    /// the kind's values in their line's order. Code rather than a list read
    /// at run time: every event of a kind then has one hidden class, where
    /// keys added one by one from a list made reading events a quarter of a
    /// sample's cost through `feed` and `takeEvents` (docs/web.md).
    static func eventMakers() -> String {
        func read(_ slot: EventSlot) -> String {
            switch slot.storage {
            case .float64: "d.getFloat64(at + \(slot.offset), true)"
            case .int32: "d.getInt32(at + \(slot.offset), true)"
            case .uint8: "d.getUint8(at + \(slot.offset))"
            }
        }
        func value(_ v: EventValue) -> String {
            switch v.shape {
            case .count: read(v.slot)
            case .direction: "DIRECTIONS[\(read(v.slot))] ?? DIRECTIONS[0]"
            case .number: "number(\(read(v.slot)))"
            case .pair: "[" + v.slots.map { "number(\(read($0)))" }.joined(separator: ", ") + "]"
            }
        }
        var out = "/** Each kind's event with the values it carries (EventValue), by kind, read from the record at `at` (`number` rounds as `gspec run` prints). */\n"
        out += "const EVENTS = Object.freeze([\n"
        for maker in byRaw({ GestureKind(rawValue: $0).map { kind in kind.eventValues.map { ", \($0.key.name): \(value($0))" }.joined() } }) {
            out += "  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y\(maker) }),\n"
        }
        return out + "]);\n"
    }

    /// The lines of web/src/gspec.d.mts that follow from the runtime's own
    /// lists (`EventValue`, `GestureState`, `TouchPhase`, `PointerKind`,
    /// `Direction`, `ScreenEdge`, `RunOption`, `StreamAnomalies`).
    public static func runtimeDeclarations() -> String {
        func union(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: " | ") }
        var out = """
            /** A touch sample's phase. */
            export type TouchPhaseName = \(union(TouchPhase.names));
            /** A kind of pointer. */
            export type PointerKindName = \(union(PointerKind.names));
            /** A gesture event's state. */
            export type GestureStateName = \(union(GestureState.allCases.map(\.name)));
            /** A swipe's direction. */
            export type DirectionName = \(union(Direction.allCases.map(\.name)));
            /** An edge of a scroll's content (a scroll line's `at`). */
            export type EdgeName = \(union(ScreenEdge.names));

            /**
             * A gesture event: the keys and values of a `gspec run` output line. `G`
             * is the set's gesture names, `V` its view names (the `--emit js` module's
             * `GestureName` and `ViewName`). A `'marked'` event (v5) is a mark
             * crossed, with no position: narrow on `state` to read `x` and `y`.
             */
            export type GestureEvent<G extends string = string, V extends string = string> = GestureMotionEvent<G, V> | GestureMarkEvent<G, V>;

            /** A mark of a settle crossed (v5 `marks`): which, and which way the value went. */
            export interface GestureMarkEvent<G extends string = string, V extends string = string> {
              /** Seconds. */
              t: number;
              gesture: G;
              state: 'marked';
              /** The mark's index in the settle's `marks`. */
              mark: number;
              /** 'up' as the value rose past the mark, 'down' as it fell back below it. */
              crossed: 'up' | 'down';
              /** The view receiving it, when the spec declares views. */
              view?: V;
            }

            /** Every event but a mark crossed. */
            export interface GestureMotionEvent<G extends string = string, V extends string = string> {
              /** Seconds. */
              t: number;
              gesture: G;
              state: Exclude<GestureStateName, 'marked'>;
              /** The centroid of the gesture's touches, in points. */
              x: number;
              y: number;

            """
        for key in EventKey.allCases {
            let types = key.kinds.compactMap { $0.eventValue(key).map { typeScript($0.shape) } }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            out += "  /** \(key.summary); not on \(union(GestureState.allCases.filter { !EventValue.carried(in: $0) }.map(\.name))) events. */\n"
            out += "  \(key.name)?: \(types.joined(separator: " | "));\n"
        }
        out += """
              /** A settle's 'ended' (v5): where the model's momentum alone carries the value. */
              projected?: number;
              /** A settle's 'ended' with anchors (v5): the anchor chosen (its page with a pitch). */
              anchor?: number;
              /** A settle's 'ended' (v5): where the value rests. */
              rest?: number;
              /** 'action' when an accessibility action reported it (v4), not touches. */
              input?: 'action';
              /** The view receiving it, when the spec declares views. */
              view?: V;
            }

            /** The options of `gspec run` that `Runtime.run` takes as `flags`. */
            export interface RunFlags {

            """
        for option in RunOption.allCases {
            out += "  /** `\(option.flag)`: \(option.help) */\n"
            out += "  \(option.name)?: \(option.placeholder == nil ? "boolean" : "string");\n"
        }
        out += "}\n\n/** Counts of repaired stream anomalies (`engine.anomalies`; docs/semantics.md). */\nexport interface StreamAnomalies {\n"
        for (name, _) in StreamAnomalies().counts { out += "  \(name): number;\n" }
        return out + "}\n"
    }

    private static func typeScript(_ shape: EventValue.Shape) -> String {
        switch shape {
        case .count, .number: "number"
        case .direction: "DirectionName"
        case .pair: "[number, number]"
        }
    }
}
