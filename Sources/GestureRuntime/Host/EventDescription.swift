// What a gesture event carries, written once for every language it crosses
// into: `gspec run`'s lines (GestureTrace's EventFormatter), the typed Swift
// event (TypedGestureEvent), the binary record the WebAssembly module hands
// JavaScript, C and Java (capi/Exports.swift, read by gspec.mjs from what
// `describe` says) and every binding's generated block (the compiler's
// Emit/Bindings: the C header, the JNI copy, the Java event, the TypeScript
// types). A new value is one case of `EventKey` and one entry of
// `EventValue.byKind`; a new record field one case of `EventSlot`.

/// A key of an event's `gspec run` line that only some kinds carry.
public enum EventKey: UInt8, SpecWord {
    case taps, direction, translation, scale, rotation, velocity, fingers

    /// The key as a `gspec run` line and a page's event object write it.
    public var name: String {
        switch self {
        case .taps: "taps"
        case .direction: "direction"
        case .translation: "translation"
        case .scale: "scale"
        case .rotation: "rotation"
        case .velocity: "velocity"
        case .fingers: "fingers"
        }
    }

    /// What it means, whichever kind carries it.
    public var meaning: String {
        switch self {
        case .taps: "how many taps were counted"
        case .direction: "the direction it went"
        case .translation: "how far the touches moved since it began, in points [x, y]"
        case .scale: "the distance between the fingers relative to when it began"
        case .rotation: "radians since it began, positive clockwise on screen"
        case .velocity: "per second, of the kind's other value ([x, y]: of a translation, or of a long press's location)"
        case .fingers: "how many fingers the values were measured from in that frame"
        }
    }

    /// The kinds whose events carry it, in `GestureKind` order.
    public var kinds: [GestureKind] { GestureKind.allCases.filter { $0.eventValue(self) != nil } }

    /// The kinds and what it means, for documentation (every binding's,
    /// from the one list): "pan, scroll: how far the touches moved ...".
    public var summary: String { kinds.map { $0.keyword }.joined(separator: ", ") + ": " + meaning }
}

/// One field of the fixed-size binary event record (little-endian, fields
/// in this order, each aligned to its size): what crosses to JavaScript,
/// and to C, per event. Offsets and the size are derived from the order.
public enum EventSlot: UInt8, SpecWord {
    case time, x, y, value0, value1, velocity0, velocity1, gesture, taps, view, state, direction, input, touch, fingers
    /// A release's decision (v5 `settle`) and a mark crossed: last, so the older slots keep their offsets.
    case projected, rest, anchor

    /// How a slot is stored.
    public enum Storage: UInt8, Sendable {
        case float64, int32, uint8

        /// Bytes.
        public var size: Int {
            switch self {
            case .float64: 8
            case .int32: 4
            case .uint8: 1
            }
        }

        /// The name JavaScript's `DataView` getters and the generated header use.
        public var name: String {
            switch self {
            case .float64: "f64"
            case .int32: "i32"
            case .uint8: "u8"
            }
        }
    }

    /// The name `describe` gives the slot.
    public var name: String {
        switch self {
        case .time: "time"
        case .x: "x"
        case .y: "y"
        case .value0: "value0"
        case .value1: "value1"
        case .velocity0: "velocity0"
        case .velocity1: "velocity1"
        case .gesture: "gesture"
        case .taps: "taps"
        case .view: "view"
        case .state: "state"
        case .direction: "direction"
        case .input: "input"
        case .touch: "touch"
        case .fingers: "fingers"
        case .projected: "projected"
        case .rest: "rest"
        case .anchor: "anchor"
        }
    }

    /// What it holds, for every binding's documentation; a value slot's
    /// kinds and keys come from `EventValue.byKind` ("pan, scroll:
    /// translation x; pinch: scale; rotation: rotation").
    public var summary: String {
        switch self {
        case .time: "microseconds"
        case .x, .y: "points: the centroid of the gesture's touches, or its view's centre for an action"
        case .gesture: "the gesture's index in the table"
        case .view: "the view that receives the event"
        case .state: "the state's raw value"
        case .input: "1 for an accessibility action, 0 for touches"
        case .touch: "the id of the gesture's first touch, -1 for none or an id outside 0 to 2^31-1"
        case .projected: "a settle's ended: where momentum alone carries the value; NaN on every other event"
        case .rest: "a settle's ended: where the value rests; NaN on every other event"
        case .anchor: "a settle's ended: the anchor chosen (its page with a pitch); marked: the mark crossed; -2^31 for none"
        case .value0, .value1, .velocity0, .velocity1, .taps, .direction, .fingers:
            EventKey.allCases.flatMap { key -> [String] in
                // Each kind writing `key` here, as "translation x" (a pair's part) or "scale", grouped by those words.
                var groups: [(what: String, kinds: [String])] = []
                for kind in key.kinds {
                    guard let v = kind.eventValue(key), let part = v.slots.firstIndex(of: self) else { continue }
                    let what = key.name + (v.shape == .pair ? (part == 0 ? " x" : " y") : "")
                    if let g = groups.firstIndex(where: { $0.what == what }) { groups[g].kinds.append(kind.keyword) } else { groups.append((what, [kind.keyword])) }
                }
                return groups.map { $0.kinds.joined(separator: ", ") + ": " + $0.what }
            }.joined(separator: "; ")
        }
    }

    /// Its storage: doubles for times and values, 32-bit integers for indices and counts, bytes for enums.
    public var storage: Storage {
        switch self {
        case .time, .x, .y, .value0, .value1, .velocity0, .velocity1, .projected, .rest: .float64
        // `fingers` is a count, as `taps` is: every binding reads a count's slot as a 32-bit integer.
        case .gesture, .taps, .view, .touch, .fingers, .anchor: .int32
        case .state, .direction, .input: .uint8
        }
    }

    /// The slot's byte offset in a record.
    public var offset: Int { Self.offsets[Int(rawValue)] }

    /// Bytes of one record: the fields, padded to 8.
    public static let recordBytes: Int = {
        let end = offsets[offsets.count - 1] + allCases[allCases.count - 1].storage.size
        return (end + 7) / 8 * 8
    }()

    /// A number standing for the record's layout and the lists a page reads
    /// events with (the slots' offsets and storage; how many states,
    /// directions, phases, pointer kinds and kinds there are; each kind's
    /// values): the web module's `describe` gives it, and gspec.mjs, which
    /// holds the same lists generated from these, refuses a gspec.wasm whose
    /// number differs (a page serving the two files of different builds).
    public static var layoutStamp: UInt32 {
        var h: UInt32 = 0x811C_9DC5
        func mix(_ v: Int) { h = (h ^ UInt32(truncatingIfNeeded: v)) &* 0x0100_0193 }
        mix(recordBytes)
        for slot in allCases { mix(slot.offset); mix(Int(slot.storage.rawValue)) }
        for count in [GestureState.allCases.count, Direction.allCases.count, TouchPhase.allCases.count, PointerKind.allCases.count,
                      GestureKind.allCases.count] { mix(count) }
        for kind in GestureKind.allCases {
            for v in kind.eventValues {
                mix(Int(v.key.rawValue)); mix(Int(v.shape.rawValue))
                for slot in v.slots { mix(Int(slot.rawValue)) }
            }
            mix(-1)
        }
        return h
    }

    private static let offsets: [Int] = {
        var result: [Int] = []
        var at = 0
        for slot in allCases {
            let size = slot.storage.size
            at = (at + size - 1) / size * size
            result.append(at)
            at += size
        }
        return result
    }()

    /// A `float64` slot's value in `e`.
    public func double(_ e: GestureEvent) -> Double {
        switch self {
        case .time: Double(e.time.rawValue)
        case .x: e.x
        case .y: e.y
        case .value0: e.value0
        case .value1: e.value1
        case .velocity0: e.velocity0
        case .velocity1: e.velocity1
        case .projected: e.projected
        case .rest: e.rest
        case .gesture, .taps, .view, .state, .direction, .input, .touch, .fingers, .anchor: 0
        }
    }

    /// An integer slot's value in `e` (0 for `view`, which the event does not
    /// hold: the table's receiver of its gesture is written there).
    public func int32(_ e: GestureEvent) -> Int32 {
        switch self {
        case .gesture: Int32(truncatingIfNeeded: e.gesture.rawValue)
        case .taps: Int32(clamping: e.taps)
        case .state: Int32(e.state.rawValue)
        case .direction: Int32(e.direction.rawValue)
        case .input: e.isAction ? 1 : 0
        case .touch: Int32(truncatingIfNeeded: e.touch)
        case .fingers: Int32(e.fingers)
        case .anchor: e.anchorSlot
        case .view, .time, .x, .y, .value0, .value1, .velocity0, .velocity1, .projected, .rest: 0
        }
    }
}

/// One event as the record `EventSlot` describes, as a struct: copied out
/// whole (the web module writes one per event a page takes).
/// Its fields are the slots in order; `EventRecordTests` checks each field's
/// offset and the size against `EventSlot`, so the two cannot drift.
public struct EventRecord: Sendable {
    /// The slots of the same names (`time` in microseconds).
    public var time, x, y, value0, value1, velocity0, velocity1: Double
    /// The gesture's index, the taps counted, the view that receives the event.
    public var gesture, taps, view: Int32
    /// The state's and the direction's raw values.
    public var state, direction: UInt8
    /// 1 for an event an accessibility action reported (`GestureEvent.isAction`), 0 for touches.
    public var input: UInt8
    /// The id of the gesture's first touch (`GestureEvent.touch`).
    public var touch: Int32
    /// pan, pinch, rotation: the fingers measured (`GestureEvent.fingers`).
    public var fingers: Int32
    /// A settle's `ended` (v5): `GestureEvent.projected` and `rest` (NaN on other events).
    public var projected, rest: Double
    /// A settle's chosen anchor, a `marked` event's mark (`GestureEvent.anchorSlot`).
    public var anchor: Int32

    /// `e` as a record; `view` is the view that receives it (`GestureTable.receiver(of:)`).
    @inline(__always)
    public init(_ e: GestureEvent, view: ViewID) {
        (time, x, y) = (Double(e.time.rawValue), e.x, e.y)
        (value0, value1, velocity0, velocity1) = (e.value0, e.value1, e.velocity0, e.velocity1)
        (gesture, taps, self.view) = (Int32(truncatingIfNeeded: e.gesture.rawValue), Int32(clamping: e.taps), Int32(truncatingIfNeeded: view.rawValue))
        (state, direction, input, touch) = (e.state.rawValue, e.direction.rawValue, e.isAction ? 1 : 0, Int32(truncatingIfNeeded: e.touch))
        fingers = Int32(e.fingers)
        (projected, rest, anchor) = (e.projected, e.rest, e.anchorSlot)
    }
}

/// One value a kind's events carry beyond `t`, `gesture`, `state`, `x`, `y`
/// (and `view` last, with declared views), in the order of its `gspec run` line.
public struct EventValue: Hashable, Sendable {
    /// How the value is written.
    public enum Shape: UInt8, SpecWord {
        /// A whole number.
        case count
        /// A `Direction`'s name.
        case direction
        /// One number.
        case number
        /// Two numbers `[a, b]`: the slot and the next one.
        case pair

        /// The shape's name in `describe`.
        public var name: String {
            switch self {
            case .count: "count"
            case .direction: "direction"
            case .number: "number"
            case .pair: "pair"
            }
        }
    }

    /// The key it is written under.
    public var key: EventKey
    /// How it is written.
    public var shape: Shape
    /// Where `GestureEvent` and the record keep it (a pair: this slot and the next).
    public var slot: EventSlot

    /// A pair's second number: the slot after `slot`.
    public var second: EventSlot { EventSlot(rawValue: slot.rawValue + 1) ?? slot }

    /// The record slots the value reads (for `describe`; per event, read `slot` and `second`).
    public var slots: [EventSlot] { shape == .pair ? [slot, second] : [slot] }

    /// Each kind's values, by `GestureKind.rawValue`.
    static let byKind: [[EventValue]] = GestureKind.allCases.map { kind in
        switch kind {
        case .tap: [EventValue(key: .taps, shape: .count, slot: .taps)]
        case .swipe: [EventValue(key: .direction, shape: .direction, slot: .direction)]
        case .scroll: [EventValue(key: .translation, shape: .pair, slot: .value0), EventValue(key: .velocity, shape: .pair, slot: .velocity0)]
        case .pan: [EventValue(key: .translation, shape: .pair, slot: .value0), EventValue(key: .velocity, shape: .pair, slot: .velocity0), fingers]
        case .pinch: [EventValue(key: .scale, shape: .number, slot: .value0), EventValue(key: .velocity, shape: .number, slot: .velocity0), fingers]
        case .rotation: [EventValue(key: .rotation, shape: .number, slot: .value0), EventValue(key: .velocity, shape: .number, slot: .velocity0), fingers]
        case .longPress: [EventValue(key: .velocity, shape: .pair, slot: .velocity0)]
        case .stroke: []
        }
    }

    /// A transform's finger count (v5), after its other values.
    private static let fingers = EventValue(key: .fingers, shape: .count, slot: .fingers)

    /// Whether an event in `state` carries its kind's values: a `failed` event has only its location, a `marked` one (v5) its mark.
    public static func carried(in state: GestureState) -> Bool { state != .failed && state != .marked }
}

extension GestureKind {
    /// The values this kind's events carry, in their line's order.
    public var eventValues: [EventValue] { EventValue.byKind[Int(rawValue)] }

    /// The value named `key`, if this kind's events carry it.
    public func eventValue(_ key: EventKey) -> EventValue? {
        eventValues.first { $0.key == key }
    }
}
