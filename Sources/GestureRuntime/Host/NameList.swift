/// The lists of names a caller of the C library reads by index
/// (`gspec_engine_name` in native/include/gspec.h, and the Java binding
/// through it): events cross as records of indices and raw values, and
/// these turn them into the names `gspec run` prints. The header's
/// `gspec_names` enum is generated from this list.
public enum NameList: UInt8, SpecWord {
    /// Gestures by table index (an event's `gesture`).
    case gesture
    /// Each gesture's kind keyword (`tap`, `pan`, ...), by gesture index.
    case kind
    /// Each gesture's accessibility action, "" for none, by gesture index.
    case action
    /// What each gesture's events carry beyond t, gesture, state, x and y, in
    /// their line's order, by gesture index: `key:shape:slot[:slot]` entries
    /// joined by commas (`translation:pair:value0:value1,velocity:pair:velocity0:velocity1`);
    /// the shape is `count`, `direction`, `number` or `pair`, the slots are
    /// `gspec_event` fields; "" for none.
    case values
    /// Views by index (an event's `view`); none when the set declares no views.
    case view
    /// Modes by index.
    case mode
    /// Event states by raw value (`gspec_state`).
    case state
    /// Swipe directions by raw value (`gspec_direction`).
    case direction
    /// Touch phases by raw value (`gspec_phase`).
    case phase
    /// Pointer kinds by raw value (`gspec_pointer`).
    case pointer
    /// Each gesture's condition on modes (`enabled: editing and not locked`),
    /// "" for none, by gesture index: a refusal to enable it names it.
    case condition

    public var name: String {
        switch self {
        case .gesture: "gesture"
        case .kind: "kind"
        case .action: "action"
        case .values: "values"
        case .view: "view"
        case .mode: "mode"
        case .state: "state"
        case .direction: "direction"
        case .phase: "phase"
        case .pointer: "pointer"
        case .condition: "condition"
        }
    }

    /// The name at `index` in this list for `table`, nil past its end.
    public func name(_ index: Int, in table: GestureTable) -> String? {
        var out = ByteText()
        return write(index, in: table, to: &out) ? out.string : nil
    }

    /// Writes the name at `index` in this list for `table`; false past its end.
    public func write(_ index: Int, in table: GestureTable, to out: inout ByteText) -> Bool {
        guard index >= 0 else { return false }
        let gesture = index < table.gestureCount ? GestureID(index) : nil
        let raw = index < 256 ? UInt8(index) : nil
        func write(_ name: String?) -> Bool {
            guard let name else { return false }
            out.write(name)
            return true
        }
        switch self {
        case .gesture: return write(gesture.map(table.name(of:)))
        case .kind: return write(gesture.map { table.kind(of: $0).keyword })
        case .action: return write(gesture.map { table.action(of: $0) ?? "" })
        case .values:
            guard let gesture else { return false }
            for (k, v) in table.kind(of: gesture).eventValues.enumerated() {
                if k > 0 { out.write(",") }
                out.write(v.key.name); out.write(":"); out.write(v.shape.name)
                for slot in v.slots { out.write(":"); out.write(slot.name) }
            }
            return true
        case .view: return write(table.hasViews && index < table.viewCount ? table.name(ofView: ViewID(index)) : nil)
        case .mode: return write(index < table.modeCount ? table.name(ofMode: ModeID(index)) : nil)
        case .state: return write(raw.flatMap(GestureState.init(rawValue:))?.name)
        case .direction: return write(raw.flatMap(Direction.init(rawValue:))?.name)
        case .phase: return write(raw.flatMap(TouchPhase.init(rawValue:))?.name)
        case .pointer: return write(raw.flatMap(PointerKind.init(rawValue:))?.name)
        case .condition:
            guard let gesture else { return false }
            table.writeCondition(of: gesture, to: &out)
            return true
        }
    }
}
