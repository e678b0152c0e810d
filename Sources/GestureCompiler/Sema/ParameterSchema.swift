import GestureRuntime

/// The dimension a number's unit gives it.
enum Dimension: Equatable {
    case plain, distance, duration, velocity, angle, fraction

    var description: String {
        switch self {
        case .plain: "a plain number"
        case .distance: "a distance (pt)"
        case .duration: "a duration (ms or s)"
        case .velocity: "a velocity (pt/s)"
        case .angle: "an angle (deg or rad)"
        case .fraction: "a percentage (%)"
        }
    }

    /// The short name used for what was found instead.
    var noun: String {
        switch self {
        case .plain: "a plain number"
        case .distance: "a distance"
        case .duration: "a duration"
        case .velocity: "a velocity"
        case .angle: "an angle"
        case .fraction: "a percentage"
        }
    }

    /// The unit a fix-it adds to a bare number.
    var exampleUnit: String {
        switch self {
        case .plain: ""
        case .distance: "pt"
        case .duration: "ms"
        case .velocity: "pt/s"
        case .angle: "deg"
        case .fraction: "%"
        }
    }
}

enum ParameterSchema {
    /// Units and their factor to the internal unit (pt, microseconds, radians, pt/s).
    static let units: [String: (Dimension, Double)] = [
        "pt": (.distance, 1),
        "ms": (.duration, 1_000),
        "s": (.duration, 1_000_000),
        "deg": (.angle, Double.pi / 180),
        "rad": (.angle, 1),
        "pt/s": (.velocity, 1),
        "%": (.fraction, 0.01),
    ]

    /// Every unit's spelling, for suggestions.
    static let unitNames = ["pt", "ms", "s", "deg", "rad", "pt/s", "%"]

    /// Every parameter name `kind` accepts (`GestureParameter.all`, and UIKit's
    /// `cancelsTouchesInView`), sorted for stable suggestions.
    static func names(for kind: GestureKind) -> [String] {
        (GestureParameter.all.filter { $0.applies(to: kind) }.map(\.name) + ["cancelsTouchesInView"]).sorted()
    }

    /// The kinds that do have a parameter `name`, in declaration order.
    static func kinds(having name: String) -> [GestureKind] {
        GestureKind.allCases.filter { GestureParameter.named(name, for: $0) != nil }
    }
}

extension GestureParameter.ValueType {
    /// The dimension a spec's number for a parameter of this type has.
    var dimension: Dimension {
        switch self {
        case .duration: .duration
        case .distance, .length, .offset: .distance
        case .velocity: .velocity
        case .angle: .angle
        case .fraction: .fraction
        default: .plain
        }
    }
}
