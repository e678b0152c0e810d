/// One parameter of a gesture kind, as a spec writes it: the single
/// description that the checker (names, types, ranges, defaults, storage),
/// the table format (which record fields are written, and their validation),
/// the emitters, `gspec diff`, explanations and run-time changes all read.
///
/// `GestureParameter.all` is ordered and only ever appended to: a table
/// record stores which parameters took their profile's value as bits in
/// this order (`GestureRecord.fromProfile`), and format version `since` and later write the
/// parameter's record field in this order. A name appears once per group of
/// kinds that share its meaning and range (a pan's `threshold` is a distance,
/// a pinch's a plain number).
public struct GestureParameter: Hashable, Sendable {
    /// What a spec writes for the parameter.
    public enum ValueType: Hashable, Sendable {
        /// A whole number (`taps`).
        case count
        /// A whole number of fingers; a pan's may be a range `a...b` or `a...` (`touchRange`).
        case touches, touchRange
        case duration, distance, velocity, angle
        /// A plain number (a pinch's `threshold`).
        case ratio
        /// A percentage.
        case fraction
        /// A distance, or a percentage of the stroke's size (a stroke's `segment`).
        case length
        /// `left | right | up | down` and `horizontal`, `vertical`, `any`.
        case swipeDirections
        /// Any of the eight direction classes, their unions, or an angle range (a stroke's `chord`).
        case strokeDirections
        /// `left | right | top | bottom`, `all`.
        case edges
        /// A translation range `a...b`, or one distance (negative allowed).
        case offset
        /// `any`, `horizontal`, `vertical`.
        case axis
        /// `onLift`, and `immediately` (stroke) or `onPress` (tap).
        case recognize
        /// `restart` or `continues`.
        case series
        /// `continue`, `end` or `restart` (v5 `fingers`).
        case fingers
        /// A stroke pattern.
        case pattern
        /// `true` or `false`.
        case flag
        /// `true`, `false`, or a condition on modes (`zoomed and not editing`, v3): `enabled`.
        case condition
        /// Pointer kinds: `touch | pen`, `mouse` (v3): `input`.
        case inputKinds
        /// A name: a template stroke's folder of examples.
        case name
        /// Text in double quotes (v4 `action: "Delete"`).
        case text
        /// Another gesture of the set, by name (v4 `alternative:`).
        case gesture
        /// Bounds `a...b` or `a...` on a stroke feature, each end a value of
        /// the given type (a count may also be one whole number).
        indirect case bounds(ValueType)
        /// A part of a stroke's path by length, `a...b` in percentages (`counterSpan`).
        case span

        /// Whether a value of this type may be a range `a...b` (a constant holding one included).
        public var takesRange: Bool {
            switch self {
            case .bounds, .strokeDirections, .offset, .touchRange, .span: true
            default: false
            }
        }

        /// Whether a value of this type is one number in the runtime's units.
        public var isNumber: Bool {
            switch self {
            case .duration, .distance, .velocity, .angle, .ratio, .fraction, .length, .count: true
            default: false
            }
        }
    }

    /// Where a record keeps the parameter.
    package enum Storage: Hashable, Sendable {
        /// Integer microseconds.
        case microseconds(GestureRecord.DurationField)
        case real(GestureRecord.RealField)
        /// A (lower, upper) range of translations.
        case range(GestureRecord.RangeField)
        case byte(GestureRecord.ByteField)
        /// A flag: `mask` in the byte is set when the value is `whenSet`.
        case bit(GestureRecord.ByteField, mask: UInt8, whenSet: Bool)
        /// `minTouches` and `maxTouches` (0: no upper bound).
        case touches
        /// `chord` (a direction mask, 0xFF any) or `chordMin...chordMax` with `strokeChordRange`.
        case chord
        /// Compiled into the automaton's states (`match`, `recognize`): no field of its own.
        case automaton
        /// Not kept in the record: used by gspec (`maxLatency`, a template
        /// stroke's examples, `alternative`), or kept in a section of its own (`action`).
        case compiler(CompilerField)

        /// The record field a table writes for the parameter in the descriptor-driven part of a record.
        var isNumericField: Bool {
            switch self {
            case .microseconds, .real, .range: true
            default: false
            }
        }
    }

    /// Where gspec keeps a parameter the record does not hold: each its own
    /// place, so that the checker stores a value by where it goes, not by its type.
    package enum CompilerField: Hashable, Sendable {
        case maxLatency, examples, maxTemplates, action, alternative
        /// How a template stroke's examples are varied before its templates
        /// are chosen (`StrokeVariation`'s amounts, one each).
        case varyAspect, varyEnds, varyRounding, varyOvershoot
    }

    /// The name in a spec.
    public let name: String
    /// The kinds that have it with this meaning; empty: every kind.
    public var kinds: [GestureKind] { GestureKind.allCases.filter { kindBits & 1 << $0.rawValue != 0 } }
    /// `kinds` as bits (`1 << rawValue`; 0: every kind): a number rather
    /// than an array per entry, which in the WebAssembly build is code that
    /// builds it when `all` is first read.
    private let kindBits: UInt16
    public let type: ValueType
    /// Allowed values, in the runtime's units (microseconds, points, radians,
    /// points per second, fractions; for a `length`, in points).
    public let range: ParameterRange
    /// The default per profile, in `Profile.allCases` order (one value: the
    /// same for every profile), in the runtime's units; flags are 1 or 0, and
    /// a pan's open `touches` range has its lower bound here.
    public let defaults: [Double]
    /// Whether an app may change it while the engine runs (`RuntimeParameter`).
    public let isRuntime: Bool
    /// What it means, for hover and documentation.
    public let summary: String
    package let storage: Storage
    /// The first table format version that writes the field.
    package let since: UInt16
    /// A value to suggest in messages (`270deg...450deg`), for parameters whose type does not say one.
    public let example: String?
    /// What UIKit, Hammer.js or react-native-gesture-handler call it
    /// (`numberOfTapsRequired`): not accepted, but suggested for.
    public let aliases: [String]

    init(_ name: String, _ kinds: [GestureKind], _ type: ValueType, aliases: @autoclosure () -> [String] = [],
         example: @autoclosure () -> String? = nil, range: ParameterRange = .any, defaults: [Double] = [0], runtime: Bool = false,
         _ storage: Storage, since: UInt16 = 5, _ summary: @autoclosure () -> String) {
        (self.name, self.type, self.range, self.defaults) = (name, type, range, defaults)
        kindBits = kinds.reduce(0) { $0 | 1 << $1.rawValue }
        (self.isRuntime, self.storage, self.since) = (runtime, storage, since)
        #if hasFeature(Embedded)
        // Descriptions, examples and other frameworks' names are for tools
        // (hover, completion, suggestions): the web runtime reads none, and
        // leaving them out keeps 4 KB off what a page loads (autoclosures, so
        // that this build never even makes the arrays or keeps the text).
        (self.summary, self.example, self.aliases) = ("", nil, [])
        #else
        (self.summary, self.example, self.aliases) = (summary(), example(), aliases())
        #endif
    }

    /// Whether gestures of `kind` have this parameter.
    public func applies(to kind: GestureKind) -> Bool { kindBits == 0 || kindBits & 1 << kind.rawValue != 0 }

    /// The default under `profile` (nil: the iOS value).
    public func defaultValue(for profile: Profile?) -> Double {
        defaults.count == 1 ? defaults[0] : defaults[Profile.allCases.firstIndex(of: profile ?? .ios)!]
    }

    /// The parameter `name` of `kind` (a spelling UIKit uses, `cancelsTouchesInView`, included).
    public static func named(_ name: String, for kind: GestureKind) -> GestureParameter? {
        let name = name.isSame(as: "cancelsTouchesInView") ? "cancelsTouches" : name
        return all.first { $0.name.isSame(as: name) && $0.applies(to: kind) }
    }

    /// The values it accepts; a relative `segment` (a share of the stroke's size) takes a fraction.
    package func allowed(relative: Bool) -> ParameterRange {
        type == .length && relative ? ParameterRange(0, 1, open: true) : range
    }

    /// The parameter's index in `all`: a name and its kinds are one entry
    /// (comparing every field would cost the web runtime 3 KB).
    package var index: Int { Self.all.firstIndex { $0.name.isSame(as: name) && $0.kindBits == kindBits }! }

    /// The parameter's bit in `GestureRecord.fromProfile`: its index in
    /// `all`. The record has 64; a parameter past them has one default for
    /// every profile (`ParameterDescriptionTests`), so no profile sets it: 0.
    package var bit: UInt64 {
        let i = index
        return i < 64 ? 1 << UInt64(i) : 0
    }
}

/// The values a parameter accepts, in the runtime's units.
public struct ParameterRange: Hashable, Sendable {
    public var lower: Double
    public var upper: Double
    /// The lower bound itself is refused (`greater than`).
    public var lowerIsOpen: Bool

    public static let any = ParameterRange(-.infinity, .infinity)

    package init(_ lower: Double, _ upper: Double = .infinity, open: Bool = false) {
        (self.lower, self.upper, lowerIsOpen) = (lower, upper, open)
    }

    /// Whether `v` is in the range, allowing for rounding in unit conversions (90deg in radians).
    public func contains(_ v: Double) -> Bool {
        let slack = 1e-9 * Swift.max(1, abs(v))
        guard !v.isNaN, v <= upper + slack else { return false }
        return lowerIsOpen ? v > lower : v >= lower - slack
    }

    /// `v` moved onto the range when rounding put it just outside.
    public func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, lower), upper) }

    /// The range as errors say it ("greater than 0ms and at most 3600s"), values of `type` in a spec's units.
    public func text(_ type: GestureParameter.ValueType) -> String {
        let (low, high) = (type.format(lower), type.format(upper))
        if lower == upper { return "exactly \(low)" }
        if upper == .infinity { return (lowerIsOpen ? "greater than " : "at least ") + low }
        return lowerIsOpen ? "greater than \(low) and at most \(high)" : "from \(low) to \(high)"
    }
}

extension GestureParameter.ValueType {
    /// The dimension a spec's number for a parameter of this type has.
    public var dimension: Dimension {
        switch self {
        case .duration: .duration
        case .distance, .length, .offset: .distance
        case .velocity: .velocity
        case .angle: .angle
        case .fraction: .fraction
        default: .plain
        }
    }

    /// A value of this type (in the runtime's units) as a spec writes it: `300ms`, `2s`, `10pt`, `45deg`, `5%`.
    public func format(_ v: Double) -> String {
        // The value in its dimension's unit (`.length` and `.offset` in points, as `.distance`).
        dimension.unit?.literal(v) ?? shortest(v)
    }
}

extension GestureParameter {
    private static let tapAndPress: [GestureKind] = [.tap, .longPress]
    /// The longest duration, so durations fit integer microseconds with room to spare.
    package static let maxDuration = 3_600_000_000.0
    private static let deg = Double.pi / 180

    /// Every parameter, in their fixed order (see the type's documentation).
    public static let all: [GestureParameter] = [
        .init("taps", [.tap], .count, aliases: ["numberOfTapsRequired", "numberOfTaps"],
              range: .init(1, 100), defaults: [1], .byte(.taps), "taps required"),
        .init("taps", [.longPress], .count, aliases: ["numberOfTapsRequired", "numberOfTaps"],
              range: .init(0, 100), .byte(.taps), "taps before the press"),
        .init("touches", [.tap, .longPress, .swipe], .touches, aliases: ["numberOfTouchesRequired", "numberOfTouches", "pointers"],
              range: .init(1, 20), defaults: [1], .touches, "fingers"),
        .init("touches", [.pan, .scroll], .touchRange, aliases: ["minimumNumberOfTouches", "maximumNumberOfTouches", "minPointers", "maxPointers", "pointers"],
              range: .init(1, 20), defaults: [1], .touches,
              "fingers: a count, or a range `a...b` / `a...`"),
        .init("touches", [.pinch, .rotation], .touchRange, range: .init(2, 20), defaults: [2], .touches,
              "fingers: 2 (v1: the first two), or a count or range `a...b` / `a...` measured over every finger (v5)"),
        .init("touches", [.stroke], .touches, range: .init(1, 1), defaults: [1], .touches, "fingers (exactly 1 in v1)"),
        .init("maxInterval", tapAndPress, .duration, aliases: ["maxDelayMs", "interval"],
              range: .init(0, maxDuration, open: true), defaults: [300_000], runtime: true,
              .microseconds(.maxInterval), "longest time from a press's lift to the next press"),
        .init("maxDuration", tapAndPress, .duration, aliases: ["maxDurationMs"], range: .init(0, maxDuration, open: true),
              defaults: [500_000, 400_000, 500_000, 250_000], runtime: true, .microseconds(.maxDuration),
              "longest press of a tap (a long press: of the taps before it)"),
        .init("duration", [.longPress], .duration, aliases: ["minimumPressDuration", "minDurationMs", "time"],
              range: .init(0, maxDuration, open: true),
              defaults: [500_000, 400_000, 500_000, 251_000], runtime: true, .microseconds(.duration),
              "how long the fingers must be held"),
        .init("slop", tapAndPress, .distance, aliases: ["allowableMovement", "maxDist", "threshold"],
              range: .init(0), defaults: [10, 8, 18, 9], runtime: true, .real(.slop),
              "how far a finger may move from where it came down"),
        .init("tapDistance", tapAndPress, .distance, aliases: ["posThreshold", "maxDeltaX", "maxDeltaY"],
              range: .init(0), defaults: [40, 100, 100, 10], runtime: true, .real(.tapDistance),
              "how far a later press may begin from the first"),
        .init("directions", [.swipe], .swipeDirections, aliases: ["direction"],
              defaults: [85], .byte(.directions), "directions the swipe may go"),
        .init("minDistance", [.swipe], .distance, aliases: ["minDist", "threshold"],
              range: .init(0, open: true), defaults: [50, 8, 18, 10], runtime: true,
              .real(.minDistance), "how far the swipe must travel"),
        .init("minVelocity", [.swipe], .velocity, aliases: ["velocity"],
              range: .init(0), defaults: [300, 50, 50, 300], runtime: true, .real(.minVelocity),
              "average speed the swipe must reach"),
        .init("maxAngle", [.swipe], .angle, range: .init(0, 90 * deg, open: true), defaults: [30 * deg, 45 * deg, 45 * deg, 45 * deg], runtime: true,
              .real(.maxAngle), "how far the swipe may stray from an allowed direction"),
        .init("threshold", [.pan], .distance, aliases: ["minDist", "minimumDistance"],
              range: .init(0), defaults: [10, 8, 36, 10], runtime: true, .real(.threshold),
              "how far the fingers must move before the pan begins"),
        .init("axis", [.pan, .stroke], .axis, .byte(.axis), "the axis movement is measured on"),
        .init("minVelocity", [.pan], .velocity, range: .init(0), runtime: true, .real(.minVelocity),
              "speed the pan must reach to begin (0: none)"),
        .init("edges", [.pan], .edges, .byte(.edges), "screen edges the first touch must begin near"),
        .init("edgeWidth", [.pan], .distance, range: .init(0), defaults: [20, 12, 20, 20], runtime: true, .real(.edgeWidth),
              "how near an edge the first touch must begin"),
        .init("activeOffsetX", [.pan], .offset, .range(.activeOffsetX),
              "horizontal translation range the pan begins outside of"),
        .init("activeOffsetY", [.pan], .offset, .range(.activeOffsetY), "vertical translation range the pan begins outside of"),
        .init("failOffsetX", [.pan], .offset, .range(.failOffsetX), "horizontal translation range the pan fails outside of"),
        .init("failOffsetY", [.pan], .offset, .range(.failOffsetY), "vertical translation range the pan fails outside of"),
        .init("threshold", [.pinch], .ratio, range: .init(0), defaults: [0.05, 0.05, 0.05, 0], runtime: true, .real(.threshold),
              "how far the scale must move from 1 before the pinch begins"),
        .init("threshold", [.rotation], .angle, range: .init(0), defaults: [5 * deg, 5 * deg, 5 * deg, 0], runtime: true,
              .real(.threshold), "how far the fingers must turn before the rotation begins"),
        .init("match", [.stroke], .pattern, .automaton, "the stroke's pattern of segment directions"),
        .init("recognize", [.tap, .stroke], .recognize, .automaton, "when the gesture decides"),
        .init("series", [.tap], .series, .bit(.flags, mask: GestureRecord.flagSeriesContinues, whenSet: true),
              "whether the tap's series goes on after it fires"),
        .init("segment", [.stroke], .length, range: .init(0, open: true), defaults: [20], runtime: true, .real(.segment),
              "travel that makes one stroke step"),
        .init("resample", [.stroke], .flag, .bit(.strokeFlags, mask: GestureRecord.strokeResample, whenSet: true),
              "take steps every segment along the path"),
        .init("hysteresis", [.stroke], .angle, range: .init(0, 45 * deg), runtime: true, .real(.hysteresis),
              "how far a step may stray from its segment before starting another"),
        .init("minSegment", [.stroke], .fraction, range: .init(0, 0.5), .real(.minSegment),
              "interior segments shorter than this share of the path are dropped at lift"),
        .init("hooks", [.stroke], .fraction, range: .init(0, 0.5), .real(.hooks),
              "end segments shorter than this share of the path are dropped at lift; a template stroke's end pieces that turn back, too"),
        .init("smoothing", [.stroke], .fraction, range: .init(0, 0.9), .real(.smoothing),
              "share of the previous smoothed point kept for each sample"),
        .init("chord", [.stroke], .strokeDirections, .chord, "where the line from the stroke's start to its end may point"),
        .init("cancelsTouches", [], .flag, defaults: [1],
              .bit(.flags, mask: GestureRecord.flagCancelsTouches, whenSet: true),
              "the view gets `cancelled` for the touches once the gesture is recognized"),
        .init("delaysTouchesBegan", [], .flag,
              .bit(.flags, mask: GestureRecord.flagDelaysTouchesBegan, whenSet: true),
              "began and moved deliveries wait until the gesture is decided"),
        .init("delaysTouchesEnded", [], .flag, defaults: [1],
              .bit(.flags, mask: GestureRecord.flagDelaysTouchesEnded, whenSet: true),
              "ended deliveries wait until the gesture is decided"),
        .init("maxLatency", [], .duration, range: .init(0, maxDuration, open: true), .compiler(.maxLatency),
              "longest wait for other gestures the rules may impose (checked by the analysis)"),
        .init("enabled", [], .condition, aliases: ["isEnabled"],
              defaults: [1], .bit(.options, mask: GestureRecord.optionDisabled, whenSet: false),
              "whether the gesture is enabled: true, false, or a condition on modes (`zoomed and not editing`)"),
        .init("examples", [.stroke], .name, .compiler(.examples), since: 6,
              "a folder of example strokes beside the spec (`NAME.examples/FOLDER/`): a template stroke"),
        .init("maxTemplates", [.stroke], .count, range: .init(1, 1000), defaults: [32], .compiler(.maxTemplates), since: 6,
              "how many of the examples the table keeps as templates"),
        .init("minScore", [.stroke], .ratio, range: .init(0, 1), defaults: [0.8], runtime: true, .real(.minScore), since: 6,
              "least similarity to a template (cosine, 0 to 1) to be recognized"),
        .init("maxRotation", [.stroke], .angle, range: .init(0, .pi), defaults: [30 * deg], runtime: true,
              .real(.maxRotation), since: 6, "how far a stroke may be turned to match a template"),
        .init("turning", [.stroke], .bounds(.angle), example: "270deg...450deg", .range(.turning), since: 7,
              "bounds on the stroke's total signed turn, counter-clockwise positive, its ends' hooks left out"),
        .init("corners", [.stroke], .bounds(.count), example: "2...3", range: .init(0, Double(StrokeFeatures.maxCorners)), .range(.corners),
              since: 7, "bounds on how many corners sharper than cornerAngle the stroke has"),
        .init("cornerAngle", [.stroke], .angle, range: .init(0, .pi, open: true), defaults: [60 * deg], .real(.cornerAngle),
              since: 7, "how far the path must turn within a twentieth of its length to make a corner"),
        .init("firstLeg", [.stroke], .bounds(.fraction), example: "10%...50%", range: .init(0, 1), .range(.firstLeg), since: 7,
              "bounds on the share of the path before its sharpest corner"),
        .init("closure", [.stroke], .bounds(.fraction), example: "10%...50%", range: .init(0), .range(.closure), since: 7,
              "bounds on the distance from the stroke's start to its end, as a share of its larger side"),
        .init("straightness", [.stroke], .bounds(.fraction), example: "10%...50%", range: .init(0, 1), .range(.straightness), since: 7,
              "bounds on the distance from start to end as a share of the path's length"),
        .init("aspect", [.stroke], .bounds(.ratio), example: "0.5...2", range: .init(0), .range(.aspect), since: 7,
              "bounds on the stroke's width over its height"),
        .init("counterTurn", [.stroke], .bounds(.angle), example: "0deg...45deg", range: .init(0, 8 * .pi), .range(.counterTurn), since: 8,
              "bounds on the largest turn against the stroke's total turning within an eighth of its length"),
        .init("counterSpan", [.stroke], .span, example: "30%...70%", range: .init(0, 1), .range(.counterSpan), since: 11,
              "the part of the path, by length, counterTurn is measured in (12.5%...87.5%: the ends' hooks left out)"),
        .init("input", [], .inputKinds, aliases: ["allowedTouchTypes", "pointerType"], defaults: [Double(GestureRecord.defaultInputs)], .byte(.inputs), since: 9,
              "the pointer kinds it takes: touch, pen, mouse (`touch | pen` by default)"),
        .init("provisional", GestureRecord.provisionalKinds, .flag,
              .bit(.options, mask: GestureRecord.optionProvisional, whenSet: true), since: 10,
              "report `provisional` as soon as it completes while a `requires` rule holds it, then `recognized` or `retracted`"),
        .init("axis", [.scroll], .axis, defaults: [Double(Axis.vertical.rawValue)], .byte(.axis),
              "the axis the platform scrolls: vertical, horizontal or both"),
        // The platform's scroll slop, its sources in docs/language.md ("Profiles"): UIKit's pan hysteresis
        // (10pt), Android's TOUCH_SLOP (8dp), Flutter's kTouchSlop (18), Chromium's touch slop (15 DIP).
        .init("threshold", [.scroll], .distance, range: .init(0), defaults: [10, 8, 18, 15], .real(.threshold),
              "how far a touch moves along the axis before the platform scrolls: the profile's slop"),
        .init("action", [], .text, aliases: ["accessibilityLabel", "accessibilityAction"], example: "\"Delete\"", .compiler(.action),
              "the accessibility action that performs the gesture: VoiceOver's Actions rotor, a key on the web (`\"Delete\"`)"),
        .init("alternative", [], .gesture, .compiler(.alternative),
              "a one-finger tap or long press of the set that does the same, for people who cannot perform this one"),
        .init("startX", [.stroke], .bounds(.fraction), example: "40%...100%", range: .init(0, 1), .range(.startX), since: 15,
              "bounds on where the stroke starts in its bounding box, as a share of its width from the left"),
        .init("startY", [.stroke], .bounds(.fraction), example: "40%...100%", range: .init(0, 1), .range(.startY), since: 15,
              "bounds on where the stroke starts in its bounding box, as a share of its height from the top"),
        .init("endX", [.stroke], .bounds(.fraction), example: "40%...100%", range: .init(0, 1), .range(.endX), since: 15,
              "bounds on where the stroke ends in its bounding box, as a share of its width from the left"),
        .init("endY", [.stroke], .bounds(.fraction), example: "40%...100%", range: .init(0, 1), .range(.endY), since: 15,
              "bounds on where the stroke ends in its bounding box, as a share of its height from the top"),
        .init("fingers", [.pan, .pinch, .rotation], .fingers, .byte(.fingers), since: 16,
              "what a change of finger count does: continue (at least the minimum down), end, or restart from zero"),
        .init("together", [.tap, .longPress, .swipe, .pan, .pinch, .rotation], .duration, range: .init(0, maxDuration),
              .microseconds(.together), since: 16,
              "the window from its first finger in which the fingers it needs must land (0: none)"),
        .init("duringMomentum", [.tap, .longPress], .flag, .bit(.options, mask: GestureRecord.optionDuringMomentum, whenSet: true), since: 17,
              "a touch that stops momentum (a settle's or a platform scroll's) may begin it: by default it fails"),
        .init("hookLength", [.stroke], .distance, range: .init(0, 100), .real(.hookLength), since: 18,
              "a template stroke's end pieces that turn back, up to this long (at most an eighth of the path), are left out as hooks"),
        // A template stroke's examples varied as other people and devices draw
        // them, before `maxTemplates` chooses among them (issue 61): chosen
        // by the compiler, so the table and the engine's cost are unchanged.
        .init("varyAspect", [.stroke], .ratio, range: .init(1, 4), defaults: [1], .compiler(.varyAspect), since: 18,
              "each example also stretched to this ratio of width to height and to its inverse, before the templates are chosen (1: not)"),
        .init("varyEnds", [.stroke], .fraction, range: .init(0, 0.4), .compiler(.varyEnds), since: 18,
              "each example also with both ends shortened, and both lengthened, by this share of its length"),
        .init("varyRounding", [.stroke], .fraction, range: .init(0, 0.4), .compiler(.varyRounding), since: 18,
              "each example also smoothed over this share of its length: its corners rounded"),
        .init("varyOvershoot", [.stroke], .fraction, range: .init(0, 0.2), .compiler(.varyOvershoot), since: 18,
              "each example also with the pen carried past each corner by this share of its length and back"),
    ]

    /// The numeric record fields a table of format `version` writes after a
    /// record's fixed part, in order (each once, though several parameters share one).
    package static func recordFields(version: UInt16) -> [Storage] {
        var out: [Storage] = []
        for p in all where p.storage.isNumericField && p.since <= version && !out.contains(p.storage) { out.append(p.storage) }
        return out
    }
}

extension GestureRecord {
    /// Per parameter of `GestureParameter.all`: whether it is the first to use its
    /// record field (kinds share some). Computed once: comparing key paths is slow.
    private static let ownsStorage: [Bool] = GestureParameter.all.indices.map { i in
        GestureParameter.all.firstIndex { $0.storage == GestureParameter.all[i].storage } == i
    }

    /// A record of `kind` with every parameter at its default under
    /// `profile`. A field the kind has no parameter for holds the iOS default
    /// of the first kind that has one (as v1 tables did), so every field is
    /// meaningful and in range.
    package init(kind: GestureKind, profile: Profile?) {
        self.init(kind: kind)
        self.profile = profile?.code ?? 0
        for (i, p) in GestureParameter.all.enumerated() where p.type != .offset {
            if p.applies(to: kind) {
                setNumber(p, p.defaultValue(for: profile))
                if profile != nil { fromProfile |= p.bit }
            } else if Self.ownsStorage[i], p.storage.isNumericField {
                setNumber(p, p.defaultValue(for: nil))
            }
        }
        // A scroll measures as a pan with none of a pan's own criteria (the swipe's speed would be read as one).
        if kind == .scroll { minVelocity = 0 }
    }

    /// Parameter `p` as one number in the runtime's units: flags 1 or 0, a
    /// `touches` range its lower bound; nil for a range, the chord, or a
    /// parameter compiled into the automaton.
    package func number(_ p: GestureParameter) -> Double? {
        switch p.storage {
        case .microseconds(let k): Double(self[field: k])
        case .real(let k): self[field: k]
        case .byte(let k): Double(self[field: k])
        case .bit(let k, let mask, let whenSet): (self[field: k] & mask != 0) == whenSet ? 1 : 0
        case .touches: Double(minTouches)
        case .range, .chord, .automaton, .compiler: nil
        }
    }

    /// Stores `v` (in the runtime's units, within the parameter's range) as `number(_:)` reads it.
    package mutating func setNumber(_ p: GestureParameter, _ v: Double) {
        switch p.storage {
        case .microseconds(let k): self[field: k] = Int64(v.rounded())
        case .real(let k): self[field: k] = v
        case .byte(let k): self[field: k] = UInt8(clamping: Int(v))
        case .bit(let k, let mask, let whenSet):
            if (v != 0) == whenSet { self[field: k] |= mask } else { self[field: k] &= ~mask }
        case .touches:
            minTouches = UInt8(clamping: Int(v))
            // A pan's default is open (`1...`); a pinch's is its v1 pair.
            maxTouches = p.type == .touchRange && p.applies(to: .pan) ? 0 : minTouches
        case .range, .chord, .automaton, .compiler: break
        }
    }

    /// Parameter `p`'s value as a spec writes it (`300ms`, `1...`, `left | right`,
    /// `true`); nil for what the automaton holds (`match`, `recognize`) or the table does not (`maxLatency`).
    package func text(of p: GestureParameter) -> String? {
        func directions(_ mask: UInt8, edges: Bool = false) -> String {
            if mask == 0xFF { return "any" }
            let names = DirectionSet(rawValue: mask).directions.map { d in
                edges ? ScreenEdge(d)?.name ?? d.name : d.name
            }
            return names.isEmpty ? "none" : names.joined(separator: " | ")
        }
        switch p.type {
        case .touchRange: return maxTouches == 0 ? "\(minTouches)..." : minTouches == maxTouches ? "\(minTouches)" : "\(minTouches)...\(maxTouches)"
        case .touches, .count: return number(p).map { "\(Int($0))" }
        case .flag, .condition: return number(p) == 1 ? "true" : "false"
        case .inputKinds: return PointerKind.allCases.filter { inputs & $0.bit != 0 }.map { $0.name }.joined(separator: " | ")
        case .series: return (number(p) == 1 ? SeriesMode.continues : .restart).name
        case .fingers: return FingerPolicy(rawValue: fingers)?.name ?? "v1"
        case .axis: return (Axis(rawValue: axis) ?? .any).name(for: kind)
        case .swipeDirections: return directions(self.directions)
        case .edges: return directions(edges, edges: true)
        case .strokeDirections:
            guard strokeFlags & GestureRecord.strokeChordRange == 0 else {
                return GestureParameter.ValueType.angle.format(chordMin) + "..." + GestureParameter.ValueType.angle.format(chordMax)
            }
            return directions(chord)
        case .offset:
            guard case .range(let k) = p.storage, self[field: k] != GestureRecord.unsetOffset else { return "none" }
            let r = self[field: k]
            return (r.x.isFinite ? p.type.format(r.x) : "") + "..." + (r.y.isFinite ? p.type.format(r.y) : "")
        case .span:
            guard case .range(let k) = p.storage else { return nil }
            let r = self[field: k] != GestureRecord.unsetOffset ? self[field: k] : StrokeFeatures.defaultCounterSpan
            return GestureParameter.ValueType.fraction.format(r.x) + "..." + GestureParameter.ValueType.fraction.format(r.y)
        case .bounds(let type):
            guard case .range(let k) = p.storage, self[field: k] != GestureRecord.unsetOffset else { return "any" }
            let r = self[field: k]
            if type == .count && r.x == r.y { return type.format(r.x) }
            return type.format(r.x) + "..." + (r.y.isFinite ? type.format(r.y) : "")
        case .length where strokeFlags & GestureRecord.strokeRelativeSegment != 0:
            return GestureParameter.ValueType.fraction.format(segment)
        case .recognize, .pattern:
            return nil
        default:
            return number(p).map(p.type.format)
        }
    }

    /// Parameter `p` was given by the spec or the app, not the profile.
    package mutating func setExplicitly(_ p: GestureParameter) { fromProfile &= ~p.bit }

    /// The parameter of this record's kind stored as `storage`.
    package func parameter(storedAs storage: GestureParameter.Storage) -> GestureParameter? {
        GestureParameter.all.first { $0.applies(to: kind) && $0.storage == storage }
    }
    package func parameter(storedIn field: DurationField) -> GestureParameter? { parameter(storedAs: .microseconds(field)) }

    /// Where the value of the parameter stored as `storage` came from, for
    /// explanations: " (android profile)" when the spec's profile set it, "" otherwise.
    package func origin(of storage: GestureParameter.Storage) -> String {
        guard let profile = Profile(code: profile), let p = parameter(storedAs: storage), fromProfile & p.bit != 0 else { return "" }
        return " (\(profile.rawValue) profile)"
    }
    package func origin(of field: RealField) -> String { origin(of: .real(field)) }
    package func origin(of field: DurationField) -> String { origin(of: .microseconds(field)) }
}
