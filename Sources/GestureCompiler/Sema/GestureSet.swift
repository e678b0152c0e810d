import GestureRuntime

/// A checked gesture set: every name resolved, every unit converted, every
/// default filled in. This is what the back end lowers; it holds no syntax.
///
/// Units: distances in points, times in integer microseconds (as the runtime
/// compares them), angles in radians, velocities in points per second.
public struct GestureSet: Hashable, Sendable {
    public var gestures: [GestureDefinition]
    public var rules: [Rule]
}

/// How a stroke decides.
public enum RecognizeMode: String, Hashable, Sendable, CaseIterable {
    /// Decided when the finger lifts: the whole segment sequence must match.
    case onLift
    /// Recognized at the first step after which the segments so far match.
    case immediately
}

/// The axis a pan or stroke measures movement on.
public enum Axis: String, Hashable, Sendable, CaseIterable {
    case any, horizontal, vertical
}

/// One gesture with every parameter of its kind resolved.
public struct GestureDefinition: Hashable, Sendable {
    public var name: String
    public var kind: GestureKind
    /// The `///` comment before the declaration, kept for the table.
    public var doc: String?
    /// Where the gesture's name is declared.
    public var nameRange: SourceRange

    public var taps: Int
    public var minTouches: Int
    /// `nil`: no upper bound (a pan's default `1...`).
    public var maxTouches: Int?
    public var maxInterval: Int64
    public var maxDuration: Int64
    public var slop: Double
    public var tapDistance: Double
    public var duration: Int64
    public var directions: DirectionSet
    public var minDistance: Double
    public var minVelocity: Double
    public var maxAngle: Double
    /// pan: points; pinch: |scale - 1|; rotation: radians.
    public var threshold: Double
    public var axis: Axis
    public var segment: Double
    public var pattern: StrokePattern?
    public var recognize: RecognizeMode

    public var cancelsTouches: Bool
    public var delaysTouchesBegan: Bool
    public var delaysTouchesEnded: Bool

    /// The defaults of LANGUAGE.md for a kind.
    public init(name: String, kind: GestureKind, nameRange: SourceRange) {
        self.name = name
        self.kind = kind
        self.nameRange = nameRange
        taps = kind == .longPress ? 0 : 1
        switch kind {
        case .pan: (minTouches, maxTouches) = (1, nil)
        case .pinch, .rotation: (minTouches, maxTouches) = (2, 2)
        default: (minTouches, maxTouches) = (1, 1)
        }
        maxInterval = 300_000
        maxDuration = 500_000
        slop = 10
        tapDistance = 40
        duration = 500_000
        directions = [DirectionSet(.left), DirectionSet(.right), DirectionSet(.up), DirectionSet(.down)]
        minDistance = 50
        minVelocity = 300
        maxAngle = 30 * .pi / 180
        switch kind {
        case .pinch: threshold = 0.05
        case .rotation: threshold = 5 * .pi / 180
        default: threshold = 10
        }
        axis = .any
        segment = 20
        recognize = .onLift
        cancelsTouches = true
        delaysTouchesBegan = false
        delaysTouchesEnded = true
    }
}

/// A rule between two gestures, by index into `GestureSet.gestures`.
public struct Rule: Hashable, Sendable {
    public enum Relation: Hashable, Sendable {
        /// `gesture requires other to fail`
        case requiresToFail
        /// `gesture with other`: both may be active at once.
        case simultaneous
    }
    public var relation: Relation
    public var gesture: Int
    public var other: Int
    public var range: SourceRange
}
