import GestureRuntime

/// A checked gesture set: every name resolved, every unit converted, every
/// default filled in. This is what the back end lowers; it holds no syntax.
///
/// Units: distances in points, times in integer microseconds (as the runtime
/// compares them), angles in radians, velocities in points per second.
public struct CheckedGestureSet: Hashable, Sendable {
    /// In declaration order; rules and tables refer to gestures by this index.
    public var gestures: [GestureDefinition]
    /// In declaration order.
    public var rules: [Rule]
    /// Empty when the spec declares no views (one root view, as SEMANTICS.md
    /// says); otherwise `views[0]` is the implicit root, `window`, and the
    /// declared views follow in declaration order, parents before children.
    public var views: [ViewDefinition] = []

    /// View `v` and every view inside it, parents first (just `v` without views).
    public func subtree(of v: Int) -> [Int] {
        guard !views.isEmpty else { return [v] }
        var inside: Set<Int> = [v]
        // Parents come before their children, so one pass finds every descendant.
        for w in views.indices where w > v { if let p = views[w].parent, inside.contains(p) { inside.insert(w) } }
        return inside.sorted()
    }

    /// Gesture `g` as messages name it: its name, and its view for one of the
    /// instances of a gesture on several views (`pinch on imageA`).
    public func label(_ g: Int) -> String {
        gestures[g].isInstance ? "\(gestures[g].name) on \(views[gestures[g].view].name)" : gestures[g].name
    }

    /// Whether a pan from the right or bottom screen edge needs the screen's size to run.
    public var needsScreenSize: Bool {
        gestures.contains { !$0.edges.intersection(.screenSizedEdges).isEmpty }
    }
}

/// A view of the spec's view tree.
public struct ViewDefinition: Hashable, Sendable {
    public var name: String
    /// Index of the parent in `CheckedGestureSet.views`; nil for the root.
    public var parent: Int?
    /// Touch phases whose deliveries the view passes to its parent (a `TouchPhase` raw-value bit set).
    public var forwards: UInt8
    /// Where the view is declared (the root: nowhere, an empty range).
    public var nameRange: SourceRange

    public init(name: String, parent: Int?, forwards: UInt8, nameRange: SourceRange) {
        self.name = name
        self.parent = parent
        self.forwards = forwards
        self.nameRange = nameRange
    }
}

/// When a stroke or a tap decides.
public enum RecognizeMode: String, Hashable, Sendable, CaseIterable {
    /// Decided when the finger lifts: a stroke's whole segment sequence must
    /// match; a tap is recognized at its last press's lift.
    case onLift
    /// A stroke: recognized at the first step after which the segments so far match.
    case immediately
    /// A tap: recognized when its last press's fingers are down.
    case onPress

    /// The modes `kind` accepts (the first is its default).
    static func modes(for kind: GestureKind) -> [RecognizeMode] {
        kind == .tap ? [.onLift, .onPress] : [.onLift, .immediately]
    }
}

/// What a tap does after the press it counts to: UIKit's `tapCount`.
public enum SeriesMode: String, Hashable, Sendable, CaseIterable {
    /// The series ends with the gesture's decision; the next press starts a new one (v1).
    case restart
    /// The series goes on: the gesture fires at the n-th tap, once per series,
    /// and later presses within `maxInterval` and `tapDistance` continue it.
    case continues
}

/// The translation range a pan's offset parameters compare with
/// (react-native-gesture-handler's `activeOffsetX` and the like): the pan
/// acts once the translation on that axis is strictly outside `lower...upper`.
public struct OffsetRange: Hashable, Sendable {
    public var lower: Double
    public var upper: Double

    /// Never left: the parameter is not set.
    public static let unset = OffsetRange(lower: -.infinity, upper: .infinity)

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The range of one value `p`: `(-inf, p)` when `p >= 0`, `(p, inf)` when negative.
    public init(single p: Double) {
        self = p >= 0 ? OffsetRange(lower: -.infinity, upper: p) : OffsetRange(lower: p, upper: .infinity)
    }

    public var isSet: Bool { self != .unset }
}

/// The axis a pan or stroke measures movement on.
public enum Axis: String, Hashable, Sendable, CaseIterable {
    case any, horizontal, vertical

    /// The direction classes a stroke on this axis can produce.
    public var directions: DirectionSet {
        switch self {
        case .any: .any
        case .horizontal: .horizontal
        case .vertical: .vertical
        }
    }
}

/// One gesture with every parameter of its kind resolved.
public struct GestureDefinition: Hashable, Sendable {
    /// The declared name, unique in its set.
    public var name: String
    public var kind: GestureKind
    /// The `///` comment before the declaration, kept for the table.
    public var doc: String?
    /// Where the gesture's name is declared.
    public var nameRange: SourceRange

    /// Taps required (tap), or taps before the press (longPress).
    public var taps: Int
    /// Fewest fingers the gesture uses.
    public var minTouches: Int
    /// `nil`: no upper bound (a pan's default `1...`).
    public var maxTouches: Int?
    /// Microseconds from a press's last lift to the next press's first down.
    public var maxInterval: Int64
    /// Longest press, in microseconds.
    public var maxDuration: Int64
    /// Points a finger may move from its down point before a tap or long press fails.
    public var slop: Double
    /// Points between the first press of a series and each later one.
    public var tapDistance: Double
    /// Microseconds a long press must be held.
    public var duration: Int64
    /// Directions a swipe may go.
    public var directions: DirectionSet
    /// Points a swipe must travel.
    public var minDistance: Double
    /// Average points per second a swipe must reach; the velocity a pan must reach to begin (0: none).
    public var minVelocity: Double
    /// Radians a swipe may deviate from an allowed direction.
    public var maxAngle: Double
    /// pan: points; pinch: |scale - 1|; rotation: radians.
    public var threshold: Double
    /// The axis a pan or stroke measures on.
    public var axis: Axis
    /// Points of travel that make one stroke step (a fraction of the stroke's size when `segmentIsRelative`).
    public var segment: Double
    public var segmentIsRelative = false
    /// Take steps every `segment` along the path rather than from an anchor.
    public var resample = false
    /// Radians a step may stray from its segment's class before starting another.
    public var hysteresis = 0.0
    /// Fractions of the path: shorter interior segments (`minSegment`) and end segments (`hooks`) are dropped at lift.
    public var minSegment = 0.0
    public var hooks = 0.0
    /// Share of the previous smoothed point kept for each sample (0: the raw samples).
    public var smoothing = 0.0
    /// Directions the line from the stroke's start to its end may point at lift; nil: any.
    public var chord: DirectionSet?
    /// Or the range of angles it may have (radians, counter-clockwise from the x axis, y up).
    public var chordAngles: ClosedRange<Double>?
    /// A stroke's pattern; nil for other kinds.
    public var pattern: StrokePattern?
    /// When a stroke or a tap decides.
    public var recognize: RecognizeMode
    /// Whether a tap's series goes on after it fires.
    public var series = SeriesMode.restart
    /// Screen edges a pan's first touch must begin near (`left` `right` `up` `down` for
    /// left, right, top, bottom); empty: anywhere.
    public var edges = DirectionSet()
    /// How near, in points.
    public var edgeWidth = 20.0
    /// Pan activation and failure ranges of the translation, per axis.
    public var activeOffsetX = OffsetRange.unset
    public var activeOffsetY = OffsetRange.unset
    public var failOffsetX = OffsetRange.unset
    public var failOffsetY = OffsetRange.unset

    /// The longest wait for other gestures (microseconds) the rules may impose
    /// between completing and being recognized; nil: any. Checked by the analysis.
    public var maxLatency: Int64?
    /// Where `maxLatency`'s value is written.
    public var maxLatencyRange: SourceRange?

    /// Index of the view the gesture is attached to in `CheckedGestureSet.views` (0: the root).
    public var view = 0
    /// A gesture listed in several views' `gestures:` is one instance per
    /// view, each a definition of its own with the same name: whether this
    /// one shares its name so (events then name the view).
    public var isInstance = false
    /// The view does not handle the gesture's events: they go to its parent (`forwards: name`).
    public var forwarded = false

    /// UIKit's `cancelsTouchesInView`: the view gets `cancelled` for the touches once the gesture is recognized.
    public var cancelsTouches: Bool
    /// UIKit's `delaysTouchesBegan`: began/moved deliveries wait until the gesture is decided.
    public var delaysTouchesBegan: Bool
    /// UIKit's `delaysTouchesEnded`: ended deliveries wait until the gesture is decided.
    public var delaysTouchesEnded: Bool
    /// Whether the gesture is enabled when the engine starts (`enabled: false`: switched on at run time).
    public var enabled = true

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
        minVelocity = kind == .pan ? 0 : 300
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

/// A rule between two gestures, by index into `CheckedGestureSet.gestures`.
public struct Rule: Hashable, Sendable {
    public enum Relation: Hashable, Sendable {
        /// `gesture requires other to fail`
        case requiresToFail
        /// `gesture with other`: both may be active at once.
        case simultaneous
        /// `gesture after other [within D]`: `other` arms `gesture` (and both may be active at once).
        case after
    }
    public var relation: Relation
    /// The gesture that waits (requires, after) or the first of the pair (with).
    public var gesture: Int
    /// The gesture it waits for or is armed by, or the second of the pair.
    public var other: Int
    /// Where the rule is written.
    public var range: SourceRange
    /// `after` a discrete gesture: microseconds from its recognition in which
    /// the armed gesture's touches may begin. Nil for other rules, and for
    /// `after` a continuous gesture (armed while it is active).
    public var within: Int64?

    public init(relation: Relation, gesture: Int, other: Int, range: SourceRange, within: Int64? = nil) {
        (self.relation, self.gesture, self.other, self.range, self.within) = (relation, gesture, other, range, within)
    }

    /// Whether the rule lets both gestures claim the same touches (`with`, or `after`, which implies it).
    public var isSimultaneous: Bool { relation == .simultaneous || relation == .after }
}
