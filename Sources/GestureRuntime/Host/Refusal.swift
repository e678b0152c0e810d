// Why a control call (an app's `setEnabled`, `set`, `handOver`, ...) or a
// trace's control line is refused: one catalogue of messages, each a
// template whose `{...}` placeholders a refusal fills. The native library
// and `gspec run` fill them here; the web runtime's engine returns only a
// code and the numbers below, and gspec.mjs fills the same templates
// (generated into it: JavaScriptRuntimeEmitter.moduleConstants), so that
// gspec.wasm carries no message text and no number printing.

/// A refusal's message, by code: the order is the code gspec.wasm returns.
public enum RefusalCode: UInt8, CaseIterable, Sendable {
    case handsOverToNone, notOnView, noAction, disabledAction, noMomentum, notAScroll, enabledByModes, noValidValue
    case structural, unknownParameter, enabledIsNotAParameter, notOfKind, wrongUnit, outOfRange, noSuchGesture

    /// The message; `{gesture}` (a name, or `name on view` where the name is
    /// on several views), `{kind}`, `{condition}`, `{view}`, `{parameter}`,
    /// `{value}`, `{expected}`, `{range}` and `{index}` are what `fill` puts in.
    public var template: String {
        switch self {
        case .handsOverToNone: "'{gesture}' hands over to no gesture: it needs a rule such as '{gesture} hands over to other'"
        case .notOnView: "'{gesture}' is not on view '{view}'"
        case .noAction: "'{gesture}' has no action: the spec gives it one with 'action: \"...\"'"
        case .disabledAction: "'{gesture}' is disabled: its action is not offered"
        case .noMomentum: "'{gesture}' is a {kind} without 'settle': momentum is a scroll's or a settle's"
        case .notAScroll: "'{gesture}' is a {kind}: a 'scroll' line speaks of a scroll"
        case .enabledByModes: "'{gesture}' is enabled by modes ('enabled: {condition}'): set the mode instead"
        case .noValidValue: "'{parameter}' has no valid value: '{value}'"
        case .structural: "'{parameter}' is part of the compiled gesture and cannot change at run time"
        case .unknownParameter: "unknown parameter '{parameter}'"
        case .enabledIsNotAParameter: "'enabled' is switched on and off, not set as a parameter"
        case .notOfKind: "a {kind} has no parameter '{parameter}'"
        case .wrongUnit: "'{parameter}' takes {expected}"
        case .outOfRange: "'{parameter}' must be {range}"
        case .noSuchGesture: "no gesture {index} in the table"
        }
    }

    /// The template with each placeholder replaced by `value(name)`.
    public func fill(_ value: (String) -> String) -> String {
        var out: [UInt8] = [], name: [UInt8]? = nil
        for c in template.utf8 {
            if c == UInt8(ascii: "{") {
                name = []
            } else if c == UInt8(ascii: "}"), let n = name {
                out += value(String(decoding: n, as: UTF8.self)).utf8
                name = nil
            } else if name != nil {
                name!.append(c)
            } else {
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Why a control call or line was refused; nothing changed.
public enum ControlRefusal: Error, Hashable, Sendable {
    /// A hand-over for a gesture with no `hands over to` rule.
    case handsOverToNone(GestureID)
    /// An action line's `view` has no instance of the gesture.
    case notOnView(GestureID, view: String)
    /// An action for a gesture the spec gives no `action:`.
    case noAction(GestureID)
    /// An action for a disabled gesture: its action is not offered.
    case disabledAction(GestureID)
    /// Momentum for a gesture that is neither a scroll nor has a `settle`.
    case noMomentum(GestureID)
    /// A scroll line (edges, began) for a gesture that is not a scroll.
    case notAScroll(GestureID)
    /// Enabling a gesture the spec enables by modes.
    case enabledByModes(GestureID)
    /// A parameter's value text that is no number with a unit.
    case noValidValue(parameter: String, text: String)
    case parameter(ParameterError)

    public var code: RefusalCode {
        switch self {
        case .handsOverToNone: .handsOverToNone
        case .notOnView: .notOnView
        case .noAction: .noAction
        case .disabledAction: .disabledAction
        case .noMomentum: .noMomentum
        case .notAScroll: .notAScroll
        case .enabledByModes: .enabledByModes
        case .noValidValue: .noValidValue
        case .parameter(let error): error.code
        }
    }

    /// The message, with `table`'s names.
    public func message(in table: GestureTable) -> String {
        switch self {
        case .parameter(let error): return error.description
        case .noValidValue(let parameter, let text): return code.fill { $0 == "parameter" ? parameter : text }
        case .handsOverToNone(let g), .noAction(let g), .disabledAction(let g), .noMomentum(let g), .notAScroll(let g),
             .enabledByModes(let g), .notOnView(let g, _):
            return code.fill { slot in
                switch slot {
                case "kind": table.kind(of: g).keyword
                case "condition": table.conditionText(of: g) ?? "true"
                case "view": if case .notOnView(_, let view) = self { view } else { "" }
                default: code == .disabledAction ? table.label(of: g) : table.name(of: g)
                }
            }
        }
    }
}

/// Why a run-time parameter change was refused; nothing changed.
public enum ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A count, direction, axis, edge, offset, flag or pattern: part of the compiled automaton.
    case structural(String)
    case unknown(String)
    /// `enabled` is switched with `setEnabled`, not set as a parameter.
    case enabledIsNotAParameter
    case notOfKind(String, GestureKind)
    case wrongUnit(String, ExpectedValue)
    /// The range the value must be in, and the type its ends are written as.
    case outOfRange(String, ParameterRange, GestureParameter.ValueType)
    case noSuchGesture(GestureID)

    public var code: RefusalCode {
        switch self {
        case .structural: .structural
        case .unknown: .unknownParameter
        case .enabledIsNotAParameter: .enabledIsNotAParameter
        case .notOfKind: .notOfKind
        case .wrongUnit: .wrongUnit
        case .outOfRange: .outOfRange
        case .noSuchGesture: .noSuchGesture
        }
    }

    /// What the message needs beyond the names the caller passed, as the web
    /// engine returns it: a wrong unit's `ExpectedValue`; a range's ends (in
    /// the runtime's units), 1 when the lower end is open, and the `Unit`
    /// its ends are written in (its index in `Unit.allCases`, -1 for none).
    public var numbers: [Double] {
        switch self {
        case .wrongUnit(_, let expected): [Double(expected.rawValue)]
        case .outOfRange(_, let range, let type):
            [range.lower, range.upper, range.lowerIsOpen ? 1 : 0, Double(type.dimension.unit.flatMap { Unit.allCases.firstIndex(of: $0) } ?? -1)]
        default: []
        }
    }

    public var description: String {
        code.fill { slot in
            switch self {
            case .structural(let name), .unknown(let name): name
            case .enabledIsNotAParameter: ""
            case .notOfKind(let name, let kind): slot == "kind" ? kind.keyword : name
            case .wrongUnit(let name, let expected): slot == "expected" ? expected.phrase : name
            case .outOfRange(let name, let range, let type): slot == "range" ? range.text(type) : name
            case .noSuchGesture(let g): "\(g)"
            }
        }
    }
}

/// What a run-time parameter's value must be written as, for a refusal of
/// a value in the wrong unit: with the unit written, as a trace line or the
/// web API passes it (a bare `0.2` is a plain number).
public enum ExpectedValue: UInt8, CaseIterable, Hashable, Sendable {
    case duration, distance, length, velocity, angle, ratio, fraction, number
    /// A stroke's segment relative to its size takes a percentage, one in points a distance.
    case relativeSegment, pointSegment

    /// What a value of parameter type `type` is written as.
    public init(_ type: GestureParameter.ValueType) {
        switch type {
        case .duration: self = .duration
        case .distance: self = .distance
        case .length: self = .length
        case .velocity: self = .velocity
        case .angle: self = .angle
        case .ratio: self = .ratio
        case .fraction: self = .fraction
        default: self = .number
        }
    }

    public var phrase: String {
        switch self {
        case .duration: "a duration with its unit, such as '300ms' or '0.3s'"
        case .distance: "a distance with its unit, such as '10pt'"
        case .length: "a distance ('10pt') or, for a relative segment, a percentage ('5%')"
        case .velocity: "a speed with its unit, such as '300pt/s'"
        case .angle: "an angle with its unit, such as '30deg'"
        case .ratio: "a plain number (|scale - 1|), such as '0.1'"
        case .fraction: "a percentage, such as '5%'"
        case .number: "a number"
        case .relativeSegment: "a percentage: this stroke's segment is relative"
        case .pointSegment: "a distance: this stroke's segment is in points"
        }
    }
}

extension GestureTable {
    /// Why handing over `gestures` (one gesture's instances) would be refused:
    /// not being active is no error (nothing changes then), having no rule to act on is.
    public func refusalToHandOver(_ gestures: [GestureID]) -> ControlRefusal? {
        gestures.contains { !handOverTargets(of: $0).isEmpty } ? nil : .handsOverToNone(gestures[0])
    }

    /// Why performing gesture `g`'s action would be refused before the engine
    /// is asked (which refuses a disabled gesture's).
    public func refusalToAct(_ g: GestureID) -> ControlRefusal? { action(of: g) == nil ? .noAction(g) : nil }

    /// Why saying whether gesture `g`'s momentum runs would be refused: momentum is a scroll's or a settle's.
    public func refusalOfMomentum(_ g: GestureID) -> ControlRefusal? {
        kind(of: g) == .scroll || settle(of: g) != nil ? nil : .noMomentum(g)
    }

    /// Why a scroll line (its edges, its `began`) for gesture `g` would be refused.
    public func refusalOfScroll(_ g: GestureID) -> ControlRefusal? { kind(of: g) == .scroll ? nil : .notAScroll(g) }

    /// Why enabling or disabling gesture `g` would be refused: the modes enable a gesture with `enabled:`.
    public func refusalToEnable(_ g: GestureID) -> ControlRefusal? { condition(of: g).isEmpty ? nil : .enabledByModes(g) }
}
