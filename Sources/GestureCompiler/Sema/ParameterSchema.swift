import GestureRuntime

/// What a parameter accepts, per kind: the language's parameter table in one place.
enum ParameterType: Equatable {
    /// A whole number from `min` to 100 (`taps`).
    case count(min: Int)
    /// A whole number of fingers from 1 to 20; `fixed` when v1 allows only one value.
    case touches(fixed: Int?)
    /// A finger count or a range `a...b` / `a...` (a pan's `touches`).
    case touchRange
    /// A duration greater than 0.
    case duration
    /// A distance; `positive` demands > 0, otherwise >= 0.
    case distance(positive: Bool)
    /// A velocity >= 0.
    case velocity
    /// An angle: `maxAngle` in (0, 90deg], otherwise >= 0.
    case angle(isMaxAngle: Bool)
    /// A plain number >= 0 (a pinch's `threshold`).
    case ratio
    /// `left | right | up | down` and the unions `horizontal`, `vertical`, `any`.
    case swipeDirections
    /// Any of the eight direction classes and their unions (a stroke's `chord`).
    case strokeDirections
    /// A stroke's `segment`: a distance, or a percentage of the stroke's size.
    case segmentLength
    /// A percentage from 0% to `max` percent (`minSegment`, `hooks`).
    case fraction(max: Double)
    /// Screen edges: `left | right | top | bottom`, `all`.
    case edges
    /// A pan's translation range: a distance range `a...b` or one distance (negative allowed).
    case offset
    case axis
    /// `onLift` and, per kind, `immediately` (stroke) or `onPress` (tap).
    case recognize
    /// `restart` or `continues` (a tap's series).
    case series
    case pattern
    case flag
}

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

    /// UIKit's spelling of `cancelsTouches` is accepted too.
    static let aliases = ["cancelsTouchesInView": "cancelsTouches"]

    private static let delivery: [String: ParameterType] = [
        "cancelsTouches": .flag, "delaysTouchesBegan": .flag, "delaysTouchesEnded": .flag,
        // Not delivery, but like it every kind has it: the analysis checks it against the rules.
        "maxLatency": .duration,
        // v2: whether the gesture starts enabled (it can be switched at run time).
        "enabled": .flag,
    ]

    private static let byKind: [GestureKind: [String: ParameterType]] = [
        .tap: [
            "taps": .count(min: 1), "touches": .touches(fixed: nil), "maxInterval": .duration,
            "maxDuration": .duration, "slop": .distance(positive: false), "tapDistance": .distance(positive: false),
            "series": .series, "recognize": .recognize,
        ],
        .longPress: [
            "duration": .duration, "slop": .distance(positive: false), "touches": .touches(fixed: nil),
            "taps": .count(min: 0), "maxInterval": .duration,
        ],
        .swipe: [
            "directions": .swipeDirections, "touches": .touches(fixed: nil), "minDistance": .distance(positive: true),
            "minVelocity": .velocity, "maxAngle": .angle(isMaxAngle: true),
        ],
        .pan: [
            "touches": .touchRange, "threshold": .distance(positive: false), "axis": .axis,
            "edges": .edges, "edgeWidth": .distance(positive: false), "minVelocity": .velocity,
            "activeOffsetX": .offset, "activeOffsetY": .offset, "failOffsetX": .offset, "failOffsetY": .offset,
        ],
        .pinch: ["threshold": .ratio, "touches": .touches(fixed: 2)],
        .rotation: ["threshold": .angle(isMaxAngle: false), "touches": .touches(fixed: 2)],
        .stroke: [
            "segment": .segmentLength, "axis": .axis, "match": .pattern, "recognize": .recognize,
            "touches": .touches(fixed: 1), "resample": .flag, "hysteresis": .angle(isMaxAngle: false),
            "minSegment": .fraction(max: 50), "hooks": .fraction(max: 50), "chord": .strokeDirections,
            "smoothing": .fraction(max: 90),
        ],
    ]

    /// The type of `name` on `kind`, or nil when the kind has no such parameter.
    static func type(of name: String, for kind: GestureKind) -> ParameterType? {
        byKind[kind]?[name] ?? delivery[name]
    }

    /// Every parameter name `kind` accepts, sorted for stable suggestions.
    static func names(for kind: GestureKind) -> [String] {
        ((byKind[kind].map { Array($0.keys) } ?? []) + Array(delivery.keys) + Array(aliases.keys)).sorted()
    }

    /// The kinds that do have a parameter `name`, in declaration order.
    static func kinds(having name: String) -> [GestureKind] {
        GestureKind.allCases.filter { byKind[$0]?[name] != nil }
    }
}
