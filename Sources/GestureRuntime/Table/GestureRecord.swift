/// One gesture of a table: its kind, its thresholds and where its automaton lives.
///
/// Units are the runtime's: points, integer microseconds, radians, points per
/// second. `GestureParameter.all` says which field holds which spec parameter.
package struct GestureRecord: Hashable, Sendable {
    package var kind: GestureKind
    /// Index of the name in `GestureTable.strings`.
    package var name: UInt32
    /// Index of the doc comment in `GestureTable.strings`, or `GestureRecord.none`.
    package var doc: UInt32
    /// 1-based line of the declaration in the spec, for explanations; 0 if unknown.
    package var line: UInt32
    /// Delivery and behaviour flags, see the `flag…` constants.
    package var flags: UInt8
    /// `0` any, `1` horizontal, `2` vertical.
    package var axis: UInt8
    /// Allowed swipe directions, a `DirectionSet` mask.
    package var directions: UInt8
    package var taps: UInt8
    package var minTouches: UInt8
    /// `0`: no upper bound.
    package var maxTouches: UInt8
    package var maxInterval: Int64
    package var maxDuration: Int64
    package var duration: Int64
    /// The window from its first finger in which the fingers it needs must
    /// land (v5 `together`, format 16); 0: none.
    package var together: Int64
    package var slop: Double
    package var tapDistance: Double
    package var minDistance: Double
    package var minVelocity: Double
    package var maxAngle: Double
    /// pan: points; pinch: |scale - 1|; rotation: radians.
    package var threshold: Double
    package var segment: Double
    /// Stroke segmentation beyond v1 (all zero: v1's algorithm). Radians a
    /// step may stray from its segment's class before it starts another.
    package var hysteresis: Double
    /// Fractions of the stroke's path: interior segments shorter than
    /// `minSegment` and end segments shorter than `hooks` are dropped at lift
    /// (with `strokeTemplateHooks`, a template stroke's ends' hooks too: `PathHooks`).
    package var minSegment: Double
    package var hooks: Double
    /// Points (v5, format version 18): with `strokeTemplateHooks`, a template
    /// stroke's end pieces that turn back and are at most this long (never
    /// more than `PathHooks.reach` of the path) are left out too, whatever
    /// the stroke's size: a flick is the pen's, not a share of the stroke.
    package var hookLength: Double
    /// Share of the previous smoothed point kept for each new sample (0: raw samples).
    package var smoothing: Double
    /// Directions (a `DirectionSet` mask) the line from the stroke's start to
    /// its end may point at lift; `0xFF`: any.
    package var chord: UInt8
    /// With `strokeChordRange`: the angles (radians, counter-clockwise from
    /// the x axis, y up, in -π...π) that line may have instead.
    package var chordMin: Double
    package var chordMax: Double
    /// `strokeResample`, `strokeRelativeSegment`.
    package var strokeFlags: UInt8
    /// A pan's screen edges (a `DirectionSet` mask: right, up for top, left,
    /// down for bottom); 0: none. Its first touch must begin within `edgeWidth` of one.
    package var edges: UInt8
    package var edgeWidth: Double
    /// A pan's translation ranges (lower, upper) per axis: it begins only once
    /// an `active` range it has is left, and fails, undecided, once a `fail`
    /// range is. (-inf, inf): not set. See `flagPanCriteria`.
    package var activeOffsetX: SIMD2<Double>
    package var activeOffsetY: SIMD2<Double>
    package var failOffsetX: SIMD2<Double>
    package var failOffsetY: SIMD2<Double>
    /// A template stroke's least score to be recognized, and the most it may
    /// rotate a stroke to match a template (radians).
    package var minScore: Double
    package var maxRotation: Double
    /// A stroke's feature bounds, checked at lift (`StrokeFeatures`; each
    /// (lower, upper), `unsetOffset` when not set, `strokeFeatures` when any
    /// is): total turning and the largest turn against it (radians), corners
    /// sharper than `cornerAngle` (radians), the share of the path before its
    /// sharpest corner, closure, straightness and aspect ratio.
    package var turning: SIMD2<Double>
    package var counterTurn: SIMD2<Double>
    /// The part of the path `counterTurn` is measured in (fractions of its
    /// length; `unsetOffset`: `StrokeFeatures.defaultCounterSpan`).
    package var counterSpan: SIMD2<Double>
    package var corners: SIMD2<Double>
    package var cornerAngle: Double
    package var firstLeg: SIMD2<Double>
    package var closure: SIMD2<Double>
    package var straightness: SIMD2<Double>
    package var aspect: SIMD2<Double>
    /// Bounds on where the path starts and ends in its bounding box (shares of its width and height).
    package var startX: SIMD2<Double>
    package var startY: SIMD2<Double>
    package var endX: SIMD2<Double>
    package var endY: SIMD2<Double>
    /// `optionDisabled`: the gesture starts disabled; `optionProvisional`: it
    /// reports `provisional` when it completes while held (v3).
    package var options: UInt8
    /// The pointer kinds it takes (`PointerKind.bit`s; v3 `input`): touch and pen by default.
    package var inputs: UInt8
    /// A transform's `FingerPolicy` raw value; 0: the kind's v1 rule (v5 `fingers`, format 16).
    package var fingers: UInt8
    /// `input`'s default, `touch | pen`: a mouse only where a spec names it.
    /// Tables older than version 9 load with it, as their specs compile now.
    package static let defaultInputs = PointerKind.touch.bit | PointerKind.pen.bit
    /// The spec's `profile` (`Profile.code`; 0: none), and which parameters
    /// took the profile's value (bit `i`: `GestureParameter.all[i]`; 0 without
    /// a profile): explanations say when a value came from the profile.
    package var profile: UInt8
    package var fromProfile: UInt64

    /// The automaton: states `stateBase ..< stateBase + stateCount` of the table's state arrays.
    package var stateBase: UInt32
    package var stateCount: UInt16
    /// Local index of the start state.
    package var startState: UInt16
    /// Number of symbol classes; `GestureTable.classMap` maps symbols to them.
    package var classCount: UInt8
    /// `packingDense` or `packingComb`.
    package var packing: UInt8
    /// Dense: offset of row 0 in `GestureTable.dense`. Comb: unused (rows use `combBase`).
    package var transitionBase: UInt32

    package static let none: UInt32 = .max
    package static let flagCancelsTouches: UInt8 = 1
    package static let flagDelaysTouchesBegan: UInt8 = 2
    package static let flagDelaysTouchesEnded: UInt8 = 4
    /// The gesture's view passes its events to the view's parent.
    package static let flagForwarded: UInt8 = 8
    /// A tap whose series goes on after it fires (`series: continues`).
    package static let flagSeriesContinues: UInt8 = 16
    /// A pan with offsets or a `minVelocity`: its begin checks more than the threshold.
    package static let flagPanCriteria: UInt8 = 32
    /// An `after` rule arms the gesture; and the gesture arms another (kept in
    /// the record so the hot path tests a byte it reads anyway, not the rule lists).
    package static let flagArmed: UInt8 = 64
    package static let flagArms: UInt8 = 128
    /// Every flag a table may set.
    package static let knownFlags: UInt8 = 255
    /// The gesture is disabled when an engine starts (`enabled: false`).
    package static let optionDisabled: UInt8 = 1
    /// A discrete gesture held by a `requires` rule reports `provisional` at
    /// once, then `recognized` or `retracted` (v3 `provisional: true`).
    package static let optionProvisional: UInt8 = 2
    /// A tap or long press that a touch stopping momentum may begin (v5
    /// `duringMomentum: true`): by default such a touch fails them.
    package static let optionDuringMomentum: UInt8 = 4
    /// The kinds that may be provisional (`GestureKind.mayBeProvisional`).
    package static let provisionalKinds = GestureKind.allCases.filter { $0.mayBeProvisional }
    /// The kinds `hands over to` links (`GestureKind.handsOver`).
    package static let handOverKinds = GestureKind.allCases.filter { $0.handsOver }
    /// Every option a table may set.
    package static let knownOptions: UInt8 = optionDisabled | optionProvisional | optionDuringMomentum
    /// A range that no translation leaves.
    package static let unsetOffset = SIMD2<Double>(-.infinity, .infinity)
    /// The bits of `strokeFlags`, bit `rawValue` each.
    package enum StrokeFlag: UInt8, CaseIterable {
        /// Steps are taken every `segment` along the path (resampled), not when
        /// the finger is `segment` away from the last step's point.
        case resample
        /// `segment` is a fraction of the stroke's size so far, not points.
        case relativeSegment
        /// The chord is checked against `chordMin...chordMax`, not the `chord` mask.
        case chordRange
        /// A template stroke: decided at lift by its templates (`GestureTable.templates(of:)`).
        case templates
        /// A stroke with feature bounds (`turning`, `corners`, ...), checked at lift.
        case features
        /// A template stroke whose `hooks` and `hookLength` also leave its ends' hooks out of
        /// what it matches and measures (`PathHooks`), as its templates were
        /// built. A table from before it has templates made whole: its
        /// strokes are matched whole, as they were.
        case templateHooks

        @inline(__always)
        package var mask: UInt8 { 1 << rawValue }
    }
    package static var strokeResample: UInt8 { StrokeFlag.resample.mask }
    package static var strokeRelativeSegment: UInt8 { StrokeFlag.relativeSegment.mask }
    package static var strokeChordRange: UInt8 { StrokeFlag.chordRange.mask }
    package static var strokeTemplates: UInt8 { StrokeFlag.templates.mask }
    package static var strokeFeatures: UInt8 { StrokeFlag.features.mask }
    package static var strokeTemplateHooks: UInt8 { StrokeFlag.templateHooks.mask }
    /// Every stroke flag a table may set.
    package static var knownStrokeFlags: UInt8 { StrokeFlag.allCases.reduce(0) { $0 | $1.mask } }
    package static let packingDense: UInt8 = 0
    package static let packingComb: UInt8 = 1

    /// A record with every field zero; the builder fills it in.
    package init(kind: GestureKind) {
        self.kind = kind
        name = 0; doc = Self.none; line = 0; flags = 0; axis = 0; directions = 0
        taps = 0; minTouches = 0; maxTouches = 0
        maxInterval = 0; maxDuration = 0; duration = 0; together = 0
        slop = 0; tapDistance = 0; minDistance = 0; minVelocity = 0; maxAngle = 0; threshold = 0; segment = 0
        hysteresis = 0; minSegment = 0; hooks = 0; hookLength = 0; smoothing = 0; chord = 0xFF; chordMin = 0; chordMax = 0
        strokeFlags = 0
        edges = 0; edgeWidth = 0; options = 0; inputs = 0; fingers = 0; profile = 0; fromProfile = 0; minScore = 0; maxRotation = 0
        (turning, counterTurn, corners, firstLeg) = (Self.unsetOffset, Self.unsetOffset, Self.unsetOffset, Self.unsetOffset)
        (closure, straightness, aspect, counterSpan) = (Self.unsetOffset, Self.unsetOffset, Self.unsetOffset, Self.unsetOffset)
        (startX, startY, endX, endY) = (Self.unsetOffset, Self.unsetOffset, Self.unsetOffset, Self.unsetOffset)
        cornerAngle = 0
        (activeOffsetX, activeOffsetY, failOffsetX, failOffsetY) = (Self.unsetOffset, Self.unsetOffset, Self.unsetOffset, Self.unsetOffset)
        stateBase = 0; stateCount = 0; startState = 0; classCount = 0; packing = 0; transitionBase = 0
    }
}

extension GestureRecord {
    /// Sets `flagPanCriteria` from the pan's offsets and minimum velocity.
    package mutating func updatePanCriteria() {
        let offsets = [activeOffsetX, activeOffsetY, failOffsetX, failOffsetY]
        if kind == .pan && (minVelocity > 0 || offsets.contains { $0 != Self.unsetOffset }) {
            flags |= Self.flagPanCriteria
        } else {
            flags &= ~Self.flagPanCriteria
        }
    }

    /// Whether the gesture measures every finger down, frame to frame (v5
    /// `touches` ranges and `fingers`), rather than by its kind's v1 rule.
    @inline(__always)
    package var measuresEveryFinger: Bool { fingers != 0 }

    /// A stroke whose segments are collected and cleaned up at lift
    /// (`minSegment`, `hooks`, `chord`) rather than read as they come.
    @inline(__always)
    package var decidesAtLift: Bool {
        minSegment > 0 || hooks > 0 || chord != 0xFF || strokeFlags & (GestureRecord.strokeChordRange | GestureRecord.strokeTemplates | GestureRecord.strokeFeatures) != 0
    }
}
