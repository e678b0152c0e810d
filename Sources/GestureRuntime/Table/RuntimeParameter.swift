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
    /// A pan's distance, a pinch's `|scale - 1|`, a rotation's angle.
    case threshold

    /// Spec parameters that exist but cannot change at run time.
    public static let structural: Set<String> = [
        "taps", "touches", "directions", "axis", "match", "recognize", "series", "edges", "chord", "resample",
        "minSegment", "hooks", "smoothing", "activeOffsetX", "activeOffsetY", "failOffsetX", "failOffsetY",
        "cancelsTouches", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "maxLatency", "enabled",
    ]

    /// The parameter named `name` as in a spec; a structural or unknown name is an error saying which.
    public init(name: String) throws(ParameterError) {
        if let p = RuntimeParameter(rawValue: name) {
            self = p
        } else if Self.structural.contains(name) {
            throw name == "enabled" ? .enabledIsNotAParameter : .structural(name)
        } else {
            throw .unknown(name)
        }
    }

    /// Whether gestures of `kind` have this parameter.
    public func applies(to kind: GestureKind) -> Bool {
        switch self {
        case .maxInterval: kind == .tap || kind == .longPress
        case .maxDuration, .tapDistance: kind == .tap
        case .duration: kind == .longPress
        case .slop: kind == .tap || kind == .longPress
        case .minDistance, .maxAngle: kind == .swipe
        case .minVelocity: kind == .swipe || kind == .pan
        case .edgeWidth: kind == .pan
        case .segment, .hysteresis: kind == .stroke
        case .threshold: kind == .pan || kind == .pinch || kind == .rotation
        }
    }

    /// Checks `value` for a gesture of `record`'s kind and stores it in the record.
    func apply(_ value: ParameterValue, to record: inout GestureRecord) throws(ParameterError) {
        guard applies(to: record.kind) else { throw .notOfKind(rawValue, record.kind) }
        func check(_ ok: Bool, _ range: String) throws(ParameterError) {
            guard ok else { throw .outOfRange(rawValue, range) }
        }
        switch (self, value) {
        case (.maxInterval, .seconds(let s)), (.maxDuration, .seconds(let s)), (.duration, .seconds(let s)):
            try check(s.isFinite && s > 0 && s <= 3600, "greater than 0 s and at most 3600 s")
            let us = Int64((s * 1_000_000).rounded())
            switch self {
            case .maxInterval: record.maxInterval = us
            case .maxDuration: record.maxDuration = us
            default: record.duration = us
            }
        case (.slop, .points(let v)), (.tapDistance, .points(let v)), (.edgeWidth, .points(let v)):
            try check(v.isFinite && v >= 0, "at least 0 pt")
            switch self {
            case .slop: record.slop = v
            case .tapDistance: record.tapDistance = v
            default: record.edgeWidth = v
            }
        case (.minDistance, .points(let v)):
            try check(v.isFinite && v > 0, "greater than 0 pt")
            record.minDistance = v
        case (.segment, .points(let v)):
            guard record.strokeFlags & GestureRecord.strokeRelativeSegment == 0 else { throw .wrongUnit(rawValue, "a percentage: this stroke's segment is relative") }
            try check(v.isFinite && v > 0, "greater than 0 pt")
            record.segment = v
        case (.segment, .fraction(let f)):
            guard record.strokeFlags & GestureRecord.strokeRelativeSegment != 0 else { throw .wrongUnit(rawValue, "a distance: this stroke's segment is in points") }
            try check(f.isFinite && f > 0 && f <= 1, "greater than 0% and at most 100%")
            record.segment = f
        case (.minVelocity, .pointsPerSecond(let v)):
            try check(v.isFinite && v >= 0, "at least 0 pt/s")
            record.minVelocity = v
            record.updatePanCriteria()
        case (.maxAngle, .radians(let r)):
            try check(r.isFinite && r > 0 && r <= .pi / 2 + 1e-12, "greater than 0 deg and at most 90 deg")
            record.maxAngle = min(r, .pi / 2)
        case (.hysteresis, .radians(let r)):
            try check(r.isFinite && r >= 0 && r <= .pi / 4 + 1e-12, "from 0 deg to 45 deg")
            record.hysteresis = min(r, .pi / 4)
        case (.threshold, .points(let v)) where record.kind == .pan, (.threshold, .ratio(let v)) where record.kind == .pinch,
             (.threshold, .radians(let v)) where record.kind == .rotation:
            try check(v.isFinite && v >= 0, "at least 0")
            record.threshold = v
        default:
            throw .wrongUnit(rawValue, unit(for: record.kind))
        }
    }

    /// The parameter's value in `record`, in its unit.
    func value(in record: GestureRecord) -> ParameterValue? {
        guard applies(to: record.kind) else { return nil }
        switch self {
        case .maxInterval: return .seconds(Double(record.maxInterval) / 1_000_000)
        case .maxDuration: return .seconds(Double(record.maxDuration) / 1_000_000)
        case .duration: return .seconds(Double(record.duration) / 1_000_000)
        case .slop: return .points(record.slop)
        case .tapDistance: return .points(record.tapDistance)
        case .edgeWidth: return .points(record.edgeWidth)
        case .minDistance: return .points(record.minDistance)
        case .segment: return record.strokeFlags & GestureRecord.strokeRelativeSegment != 0 ? .fraction(record.segment) : .points(record.segment)
        case .minVelocity: return .pointsPerSecond(record.minVelocity)
        case .maxAngle: return .radians(record.maxAngle)
        case .hysteresis: return .radians(record.hysteresis)
        case .threshold:
            switch record.kind {
            case .pinch: return .ratio(record.threshold)
            case .rotation: return .radians(record.threshold)
            default: return .points(record.threshold)
            }
        }
    }

    /// What the parameter takes on a gesture of `kind`, for errors.
    func unit(for kind: GestureKind) -> String {
        switch self {
        case .maxInterval, .maxDuration, .duration: "a duration (seconds)"
        case .slop, .tapDistance, .minDistance, .edgeWidth: "a distance (points)"
        case .segment: "a distance (points) or, for a relative segment, a percentage"
        case .minVelocity: "a velocity (points per second)"
        case .maxAngle, .hysteresis: "an angle (radians)"
        case .threshold: kind == .pinch ? "a plain number (|scale - 1|)" : kind == .rotation ? "an angle (radians)" : "a distance (points)"
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

/// Why a run-time parameter change was refused; nothing changed.
public enum ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A count, direction, axis, edge, offset, flag or pattern: part of the compiled automaton.
    case structural(String)
    case unknown(String)
    /// `enabled` is switched with `setEnabled`, not set as a parameter.
    case enabledIsNotAParameter
    case notOfKind(String, GestureKind)
    case wrongUnit(String, String)
    case outOfRange(String, String)
    case noSuchGesture(Int)

    public var description: String {
        switch self {
        case .structural(let name): "'\(name)' is part of the compiled gesture and cannot change at run time"
        case .unknown(let name): "unknown parameter '\(name)'"
        case .enabledIsNotAParameter: "'enabled' is switched on and off, not set as a parameter"
        case .notOfKind(let name, let kind): "a \(kind.keyword) has no parameter '\(name)'"
        case .wrongUnit(let name, let expected): "'\(name)' takes \(expected)"
        case .outOfRange(let name, let range): "'\(name)' must be \(range)"
        case .noSuchGesture(let g): "no gesture \(g) in the table"
        }
    }
}

extension GestureTable {
    /// Throws what `Engine.set(_:to:gesture:at:)` would for this change to gesture `g`, changing nothing.
    public func check(_ parameter: RuntimeParameter, _ value: ParameterValue, gesture g: Int) throws(ParameterError) {
        guard g >= 0 && g < gestures.count else { throw .noSuchGesture(g) }
        var record = gestures[g]
        try parameter.apply(value, to: &record)
    }
}
