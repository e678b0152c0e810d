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
    /// Empty when the spec declares no views (one root view, as docs/semantics.md
    /// says); otherwise `views[0]` is the implicit root, `window`, and the
    /// declared views follow in declaration order, parents before children.
    public var views: [ViewDefinition] = []
    /// The modes (v3), in declaration order; conditions refer to them by this index.
    public var modes: [String] = []

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
    public func label(_ g: GestureID) -> String {
        self[g].isInstance ? "\(self[g].name) on \(views[self[g].view].name)" : self[g].name
    }

    /// Gesture `g`: the table built from the set numbers its gestures the same way.
    public subscript(g: GestureID) -> GestureDefinition {
        get { gestures[g.rawValue] }
        set { gestures[g.rawValue] = newValue }
    }

    /// Every gesture, in declaration order.
    public var gestureIDs: Range<GestureID> { Range(gestures: gestures.count) }

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
    /// The screen edges whose system gestures it asks the platform to defer
    /// (v4 `defersSystemEdges`; the directions pointing at them).
    public var defersSystemEdges = DirectionSet()
    /// Where the view is declared (the root: nowhere, an empty range).
    public var nameRange: SourceRange

    public init(name: String, parent: Int?, forwards: UInt8, nameRange: SourceRange) {
        self.name = name
        self.parent = parent
        self.forwards = forwards
        self.nameRange = nameRange
    }
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

    init(_ pair: SIMD2<Double>) { self.init(lower: pair.x, upper: pair.y) }
    var pair: SIMD2<Double> { SIMD2(lower, upper) }
}

/// The range a value may take at run time (v4 `duration: 500ms in 400ms...1500ms`):
/// the analyses run at both ends, `set` refuses a value outside.
public struct ValueRange: Hashable, Sendable {
    public var parameter: GestureParameter
    /// The ends, in the runtime's units.
    public var lower: Double
    public var upper: Double
    /// Where the spec writes it; nil for a range the profile's platform setting gives.
    public var written: SourceRange?
    /// The platform setting that gives it (`Android's touch & hold delay`), for one the spec does not write.
    public var setting: String?

    /// `400ms...1500ms`.
    public var text: String { parameter.type.format(lower) + "..." + parameter.type.format(upper) }
}

/// One gesture with every parameter of its kind resolved.
///
/// The parameters live in `record`, the runtime's record for the gesture,
/// where `GestureParameter.all` says each one is kept: the checker stores
/// into it through that description, and the table builder starts from it.
/// The properties below read and write it in the compiler's types.
public struct GestureDefinition: Hashable, Sendable {
    /// The declared name, unique in its set.
    public var name: String
    public var kind: GestureKind
    /// The `///` comment before the declaration, kept for the table.
    public var doc: String?
    /// Where the gesture's name is declared.
    public var nameRange: SourceRange
    /// The whole declaration, `gesture NAME: KIND { ... }` (a fix-it adds a
    /// parameter before its closing brace).
    public var declarationRange: SourceRange?
    /// Where each parameter the spec wrote is written (`name: value`), by its
    /// canonical name (a fix-it replaces it).
    public var parameterRanges: [String: SourceRange] = [:]
    /// Every parameter the table keeps, with its profile and which ones the
    /// spec wrote; name, automaton and rule fields are the builder's.
    package var record: GestureRecord
    /// A stroke's pattern; nil for other kinds.
    public var pattern: StrokePattern?
    /// A template stroke's templates (`examples:`), chosen from its examples.
    public var templates: [StrokeTemplateData] = []
    /// The `enabled:` condition on modes (v3) as a postfix program (`Condition`); empty: none.
    public var condition: [UInt8] = []
    /// How many of its examples a template stroke keeps.
    public var maxTemplates = 32
    /// How a template stroke's examples are varied before its templates are
    /// chosen (`varyAspect`, `varyEnds`, `varyRounding`, `varyOvershoot`).
    public var variation = StrokeVariation()
    /// When a stroke or a tap decides.
    public var recognize = RecognizeMode.onLift

    /// The longest wait for other gestures (microseconds) the rules may impose
    /// between completing and being recognized; nil: any. Checked by the analysis.
    public var maxLatency: Int64?
    /// Where `maxLatency`'s value is written.
    public var maxLatencyRange: SourceRange?

    /// v5 `settle { ... }`: what happens at its release, in the runtime's units.
    public var settle: Settle?
    /// Where the word `settle` is written.
    public var settleRange: SourceRange?

    /// v4 `action:`: the name of the accessibility action that performs it.
    public var action: String?
    /// v4 `alternative:`: the one-pointer, path-free gesture of the set that does the same.
    public var alternative: String?
    /// v4 `V in A...B`, and the ranges the profile's platform settings give: what each value may be at run time.
    public var ranges: [ValueRange] = []

    /// Index of the view the gesture is attached to in `CheckedGestureSet.views` (0: the root).
    public var view = 0
    /// A gesture listed in several views' `gestures:` is one instance per
    /// view, each a definition of its own with the same name: whether this
    /// one shares its name so (events then name the view).
    public var isInstance = false
    /// The view does not handle the gesture's events: they go to its parent (`forwards: name`).
    public var forwarded = false

    /// Every parameter at its default (docs/language.md), or `profile`'s.
    public init(name: String, kind: GestureKind, nameRange: SourceRange, profile: Profile? = nil) {
        self.name = name
        self.kind = kind
        self.nameRange = nameRange
        record = GestureRecord(kind: kind, profile: profile)
    }

    /// Taps required (tap), or taps before the press (longPress).
    public var taps: Int {
        get { Int(record.taps) }
        set { record.taps = UInt8(clamping: newValue) }
    }
    /// Fewest fingers the gesture uses.
    public var minTouches: Int {
        get { Int(record.minTouches) }
        set { record.minTouches = UInt8(clamping: newValue) }
    }
    /// `nil`: no upper bound (a pan's default `1...`).
    public var maxTouches: Int? {
        get { record.maxTouches == 0 ? nil : Int(record.maxTouches) }
        set { record.maxTouches = UInt8(clamping: newValue ?? 0) }
    }
    /// Microseconds from a press's last lift to the next press's first down.
    public var maxInterval: Int64 { get { record.maxInterval } set { record.maxInterval = newValue } }
    /// Longest press, in microseconds.
    public var maxDuration: Int64 { get { record.maxDuration } set { record.maxDuration = newValue } }
    /// Microseconds a long press must be held.
    public var duration: Int64 { get { record.duration } set { record.duration = newValue } }
    /// Points a finger may move from its down point before a tap or long press fails.
    public var slop: Double { get { record.slop } set { record.slop = newValue } }
    /// Points between the first press of a series and each later one.
    public var tapDistance: Double { get { record.tapDistance } set { record.tapDistance = newValue } }
    /// Directions a swipe may go.
    public var directions: DirectionSet {
        get { DirectionSet(rawValue: record.directions) }
        set { record.directions = newValue.rawValue }
    }
    /// Points a swipe must travel.
    public var minDistance: Double { get { record.minDistance } set { record.minDistance = newValue } }
    /// Average points per second a swipe must reach; the velocity a pan must reach to begin (0: none).
    public var minVelocity: Double { get { record.minVelocity } set { record.minVelocity = newValue } }
    /// Radians a swipe may deviate from an allowed direction.
    public var maxAngle: Double { get { record.maxAngle } set { record.maxAngle = newValue } }
    /// pan: points; pinch: |scale - 1|; rotation: radians.
    public var threshold: Double { get { record.threshold } set { record.threshold = newValue } }
    /// The axis a pan or stroke measures on.
    public var axis: Axis {
        get { Axis(rawValue: record.axis) ?? .any }
        set { record.axis = newValue.rawValue }
    }
    /// Points of travel that make one stroke step (a fraction of the stroke's size when `segmentIsRelative`).
    public var segment: Double { get { record.segment } set { record.segment = newValue } }
    public var segmentIsRelative: Bool {
        get { self[bit: .strokeFlags, GestureRecord.strokeRelativeSegment] }
        set { self[bit: .strokeFlags, GestureRecord.strokeRelativeSegment] = newValue }
    }
    /// Take steps every `segment` along the path rather than from an anchor.
    public var resample: Bool {
        get { self[bit: .strokeFlags, GestureRecord.strokeResample] }
        set { self[bit: .strokeFlags, GestureRecord.strokeResample] = newValue }
    }
    /// A template stroke's least score, and how far it may turn a stroke to match a template (radians).
    public var minScore: Double { get { record.minScore } set { record.minScore = newValue } }
    public var maxRotation: Double { get { record.maxRotation } set { record.maxRotation = newValue } }
    /// Radians a step may stray from its segment's class before starting another.
    public var hysteresis: Double { get { record.hysteresis } set { record.hysteresis = newValue } }
    /// Fractions of the path: shorter interior segments (`minSegment`) and end segments (`hooks`) are dropped at lift.
    public var minSegment: Double { get { record.minSegment } set { record.minSegment = newValue } }
    public var hooks: Double { get { record.hooks } set { record.hooks = newValue } }
    /// Points: a template stroke's hooks up to this long are left out too, whatever its size.
    public var hookLength: Double { get { record.hookLength } set { record.hookLength = newValue } }
    /// Share of the previous smoothed point kept for each sample (0: the raw samples).
    public var smoothing: Double { get { record.smoothing } set { record.smoothing = newValue } }
    /// Directions the line from the stroke's start to its end may point at lift; nil: any.
    public var chord: DirectionSet? {
        get { record.chord == 0xFF ? nil : DirectionSet(rawValue: record.chord) }
        set { record.chord = newValue?.rawValue ?? 0xFF }
    }
    /// Or the range of angles it may have (radians, counter-clockwise from the x axis, y up).
    public var chordAngles: ClosedRange<Double>? {
        get { self[bit: .strokeFlags, GestureRecord.strokeChordRange] ? record.chordMin...record.chordMax : nil }
        set {
            self[bit: .strokeFlags, GestureRecord.strokeChordRange] = newValue != nil
            (record.chordMin, record.chordMax) = (newValue?.lowerBound ?? 0, newValue?.upperBound ?? 0)
        }
    }
    /// Whether a tap's series goes on after it fires.
    public var series: SeriesMode {
        get { self[bit: .flags, GestureRecord.flagSeriesContinues] ? .continues : .restart }
        set { self[bit: .flags, GestureRecord.flagSeriesContinues] = newValue == .continues }
    }
    /// Screen edges a pan's first touch must begin near (`left` `right` `up` `down` for
    /// left, right, top, bottom); empty: anywhere.
    public var edges: DirectionSet {
        get { DirectionSet(rawValue: record.edges) }
        set { record.edges = newValue.rawValue }
    }
    /// How near, in points.
    public var edgeWidth: Double { get { record.edgeWidth } set { record.edgeWidth = newValue } }
    /// Pan activation and failure ranges of the translation, per axis.
    public var activeOffsetX: OffsetRange { get { .init(record.activeOffsetX) } set { record.activeOffsetX = newValue.pair } }
    public var activeOffsetY: OffsetRange { get { .init(record.activeOffsetY) } set { record.activeOffsetY = newValue.pair } }
    public var failOffsetX: OffsetRange { get { .init(record.failOffsetX) } set { record.failOffsetX = newValue.pair } }
    public var failOffsetY: OffsetRange { get { .init(record.failOffsetY) } set { record.failOffsetY = newValue.pair } }
    /// UIKit's `cancelsTouchesInView`: the view gets `cancelled` for the touches once the gesture is recognized.
    public var cancelsTouches: Bool {
        get { self[bit: .flags, GestureRecord.flagCancelsTouches] }
        set { self[bit: .flags, GestureRecord.flagCancelsTouches] = newValue }
    }
    /// UIKit's `delaysTouchesBegan`: began/moved deliveries wait until the gesture is decided.
    public var delaysTouchesBegan: Bool {
        get { self[bit: .flags, GestureRecord.flagDelaysTouchesBegan] }
        set { self[bit: .flags, GestureRecord.flagDelaysTouchesBegan] = newValue }
    }
    /// UIKit's `delaysTouchesEnded`: ended deliveries wait until the gesture is decided.
    public var delaysTouchesEnded: Bool {
        get { self[bit: .flags, GestureRecord.flagDelaysTouchesEnded] }
        set { self[bit: .flags, GestureRecord.flagDelaysTouchesEnded] = newValue }
    }
    /// Whether the gesture is enabled when the engine starts (`enabled: false`: switched on at run time).
    public var enabled: Bool {
        get { !self[bit: .options, GestureRecord.optionDisabled] }
        set { self[bit: .options, GestureRecord.optionDisabled] = !newValue }
    }

    /// Bits `mask` of a record byte, as one flag.
    private subscript(bit field: GestureRecord.ByteField, mask: UInt8) -> Bool {
        get { record[field: field] & mask != 0 }
        set { if newValue { record[field: field] |= mask } else { record[field: field] &= ~mask } }
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
        /// `gesture hands over to other` (v3): the app may move `gesture`'s live touches to `other`.
        case handsOver
        /// `gesture wins over other` (v4): neither waits; `gesture`'s claim takes `other`'s touches.
        case winsOver
    }
    public var relation: Relation
    /// The gesture that waits (requires, after) or the first of the pair (with).
    public var gesture: GestureID
    /// The gesture it waits for or is armed by, or the second of the pair.
    public var other: GestureID
    /// Where the rule is written.
    public var range: SourceRange
    /// `after` a discrete gesture: microseconds from its recognition in which
    /// the armed gesture's touches may begin. Nil for other rules, and for
    /// `after` a continuous gesture (armed while it is active).
    public var within: Int64?
    /// A hand-over's `at` edges (v4; directions pointing at the edges, as a
    /// pan's `edges`): while the scroll is at one of them, a touch that would
    /// scroll it past that edge goes to `other`. Empty: the app hands over.
    public var edges = DirectionSet()

    public init(relation: Relation, gesture: GestureID, other: GestureID, range: SourceRange, within: Int64? = nil, edges: DirectionSet = DirectionSet()) {
        (self.relation, self.gesture, self.other, self.range, self.within, self.edges) = (relation, gesture, other, range, within, edges)
    }

    /// Whether the rule lets both gestures claim the same touches (`with`, or `after`, which implies it).
    public var isSimultaneous: Bool { relation == .simultaneous || relation == .after }
}
