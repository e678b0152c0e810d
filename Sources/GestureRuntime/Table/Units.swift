/// What a number measures, as its unit says.
public enum Dimension: Hashable, Sendable {
    case plain, distance, duration, velocity, angle, fraction

    /// The unit values of this dimension are written in (`ms` for a duration; nil: a plain number).
    public var unit: Unit? {
        switch self {
        case .plain: nil
        case .distance: .points
        case .duration: .milliseconds
        case .velocity: .pointsPerSecond
        case .angle: .degrees
        case .fraction: .percent
        }
    }
}

/// A unit a spec (`300ms`), a trace's control line (`"800ms"`) or an
/// explanation writes a number in: the one list of spellings, each with the
/// dimension it gives and its factor to the runtime's unit (points, integer
/// microseconds, radians, points per second, fractions).
public enum Unit: String, CaseIterable, Hashable, Sendable {
    case points = "pt"
    case milliseconds = "ms"
    case seconds = "s"
    case degrees = "deg"
    case radians = "rad"
    case pointsPerSecond = "pt/s"
    case percent = "%"

    public var dimension: Dimension {
        switch self {
        case .points: .distance
        case .milliseconds, .seconds: .duration
        case .degrees, .radians: .angle
        case .pointsPerSecond: .velocity
        case .percent: .fraction
        }
    }

    /// A value in this unit times `factor` is in the runtime's unit.
    public var factor: Double {
        switch self {
        case .points, .radians, .pointsPerSecond: 1
        case .milliseconds: 1_000
        case .seconds: 1_000_000
        case .degrees: Double.pi / 180
        case .percent: 0.01
        }
    }

    /// A value in the runtime's unit, in this unit (the inverse of `factor`, in the arithmetic messages have always used).
    public func value(fromRuntime v: Double) -> Double {
        switch self {
        case .points, .radians, .pointsPerSecond: v
        case .milliseconds: v / 1_000
        case .seconds: v / 1_000_000
        case .degrees: v * 180 / .pi
        case .percent: v * 100
        }
    }

    /// Every spelling, in the order error messages list them.
    public static var spellings: [String] { allCases.map { $0.rawValue } }

    /// The unit `text` ends with (`300pt/s`: `pt/s`, not `s`), and the number before it.
    public static func split(_ text: String) -> (number: Substring, unit: Unit?) {
        // The longest spelling that ends the text, so that `pt/s` is not read
        // as `s`; bytes, not characters: a unit is ASCII.
        var found: Unit?
        for unit in allCases where unit.rawValue.utf8.count > (found?.rawValue.utf8.count ?? 0)
            && text.utf8.reversed().starts(with: unit.rawValue.utf8.reversed()) {
            found = unit
        }
        guard let found else { return (Substring(text), nil) }
        return (Substring(text.utf8.dropLast(found.rawValue.utf8.count)), found)
    }
}

/// Durations as gspec's messages, hover and reports write them: from integer
/// microseconds, exactly, in milliseconds with at most three decimals.
public enum DurationText {
    /// `300 ms`, `0.5 ms`: in prose (explanations, latency, diffs).
    public static func prose(_ microseconds: Int64) -> String { milliseconds(microseconds) + " ms" }

    /// `300ms`, or `2s` when a whole number of seconds from one up: as a spec writes it.
    public static func literal(_ microseconds: Int64) -> String {
        if microseconds >= 1_000_000 && microseconds % 1_000_000 == 0 { return "\(microseconds / 1_000_000)s" }
        return milliseconds(microseconds) + "ms"
    }

    /// The number of milliseconds, exact: `300`, `0.5`, `1234.567`.
    public static func milliseconds(_ microseconds: Int64) -> String {
        let magnitude = microseconds.magnitude
        var text = (microseconds < 0 ? "-" : "") + "\(magnitude / 1000)"
        var fraction = magnitude % 1000
        guard fraction != 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let decimals = String(fraction)
        text += "." + String(repeating: "0", count: digits - decimals.utf8.count) + decimals
        return text
    }
}
