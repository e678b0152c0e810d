import GestureRuntime

/// How messages name a dimension.
extension Dimension {
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
    var exampleUnit: String { unit?.rawValue ?? "" }
}

enum ParameterSchema {
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
