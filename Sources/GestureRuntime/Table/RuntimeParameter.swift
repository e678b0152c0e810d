/// A gesture parameter an app may change while the engine runs
/// (`Engine.set(_:to:gesture:at:)`): a distance, duration, velocity, angle
/// or threshold. Counts, directions, axes, edges, offsets, flags and stroke
/// patterns are part of the compiled automaton or its arbitration, and are
/// not among them (`RuntimeParameter(name:)` says so).
public enum RuntimeParameter: String, CaseIterable, Hashable, Sendable {
    case maxInterval, maxDuration, duration
    case slop, tapDistance, minDistance, edgeWidth, segment
    case minVelocity
    case maxAngle, hysteresis
    /// A template stroke's least score, and how far it may turn a stroke to match.
    case minScore, maxRotation
    /// A pan's distance, a pinch's `|scale - 1|`, a rotation's angle.
    case threshold

    /// Spec parameters that exist but cannot change at run time. A list, not
    /// a `Set`: a few dozen names are scanned in no time, and hashing strings
    /// was 6 KB of the web runtime's gzipped size.
    public static let structural: [String] = GestureParameter.all.filter { !$0.isRuntime }.map { $0.name }
        .filter { name in !allCases.contains { $0.rawValue.isSame(as: name) } } + ["cancelsTouchesInView"]

    /// The parameter named `name` as in a spec; a structural or unknown name is an error saying which.
    public init(name: String) throws(ParameterError) {
        if let p = Self.allCases.first(where: { $0.rawValue.isSame(as: name) }) {
            self = p
        } else if Self.structural.contains(where: { $0.isSame(as: name) }) {
            throw name.isSame(as: "enabled") ? .enabledIsNotAParameter : .structural(name)
        } else {
            throw .unknown(name)
        }
    }

    /// Whether gestures of `kind` have this parameter.
    public func applies(to kind: GestureKind) -> Bool { GestureParameter.named(rawValue, for: kind) != nil }

    /// Checks `value` for a gesture of `record`'s kind and stores it in the
    /// record; `table`'s range for gesture `g` (v4 `V in A...B`) bounds it too.
    func apply(_ value: ParameterValue, to record: inout GestureRecord, table: GestureTable, gesture g: GestureID) throws(ParameterError) {
        guard let p = GestureParameter.named(rawValue, for: record.kind) else { throw .notOfKind(rawValue, record.kind) }
        let relative = record.strokeFlags & GestureRecord.strokeRelativeSegment != 0
        guard let v = p.type.number(value, relative: relative) else {
            let isLength: Bool = switch value { case .points, .fraction: p.type == .length; default: false }
            throw .wrongUnit(rawValue, isLength ? relative ? .relativeSegment : .pointSegment : ExpectedValue(p.type))
        }
        // The spec's own range, where it gives one, is what the app may choose
        // within; the parameter's bounds hold whatever a table says.
        let own = p.allowed(relative: relative)
        let range = table.allowedRange(of: p, gesture: g) ?? own
        guard v.isFinite, own.contains(v), range.contains(v) else {
            throw .outOfRange(rawValue, range, relative && p.type == .length ? .fraction : p.type)
        }
        record.setNumber(p, range.clamp(v))
        record.setExplicitly(p)
        if self == .minVelocity { record.updatePanCriteria() }
    }

    /// The parameter's value in `record`, in its unit.
    func value(in record: GestureRecord) -> ParameterValue? {
        guard let p = GestureParameter.named(rawValue, for: record.kind), let v = record.number(p) else { return nil }
        switch p.type {
        case .duration: return .seconds(v / 1_000_000)
        case .velocity: return .pointsPerSecond(v)
        case .angle: return .radians(v)
        case .ratio: return .ratio(v)
        case .length where record.strokeFlags & GestureRecord.strokeRelativeSegment != 0: return .fraction(v)
        default: return .points(v)
        }
    }
}

extension GestureParameter.ValueType {
    /// `value` as a record stores a number of this type (a duration in
    /// microseconds), or nil when its unit is not this type's: the one rule
    /// of which units a run-time value may have (the emitted TypeScript's
    /// parameter types are derived from it). A stroke's `relative` segment
    /// takes a fraction, any other a distance.
    package func number(_ value: ParameterValue, relative: Bool) -> Double? {
        switch (self, value) {
        case (.duration, .seconds(let s)): s * 1_000_000
        case (.distance, .points(let x)), (.velocity, .pointsPerSecond(let x)), (.angle, .radians(let x)), (.ratio, .ratio(let x)): x
        case (.length, .points(let x)) where !relative: x
        case (.length, .fraction(let f)) where relative: f
        default: nil
        }
    }
}

/// A run-time parameter's value, with its unit.
public enum ParameterValue: Hashable, Sendable {
    case seconds(Double)
    case points(Double)
    case pointsPerSecond(Double)
    case radians(Double)
    /// A plain number: a pinch's `|scale - 1|` threshold.
    case ratio(Double)
    /// A fraction (0.05 for 5%): a stroke's relative segment.
    case fraction(Double)
}

extension ParameterValue {
    /// `v` written in `unit` (nil: a plain number), as an app passes it.
    public init(_ v: Double, _ unit: Unit?) {
        switch unit {
        case .pointsPerSecond: self = .pointsPerSecond(v)
        case .points: self = .points(v)
        case .milliseconds: self = .seconds(v / 1000)
        case .seconds: self = .seconds(v)
        case .degrees: self = .radians(v * .pi / 180)
        case .radians: self = .radians(v)
        case .percent: self = .fraction(v / 100)
        case nil: self = .ratio(v)
        }
    }
}

extension GestureTable {
    /// Throws what `Engine.set(_:to:gesture:at:)` would for this change to gesture `g`, changing nothing.
    public func check(_ parameter: RuntimeParameter, _ value: ParameterValue, gesture g: GestureID) throws(ParameterError) {
        guard has(g) else { throw .noSuchGesture(g) }
        var record = gestures[g.rawValue]
        try parameter.apply(value, to: &record, table: self, gesture: g)
    }
}
