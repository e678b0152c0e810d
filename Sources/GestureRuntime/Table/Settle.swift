/// How far momentum carries a released value (v5 `settle { model: ... }`).
public enum SettleModel: UInt8, SpecWord {
    /// No momentum: the value rests where it was released.
    case none = 0
    /// UIKit's normal deceleration, 0.998 of the velocity kept per millisecond.
    case ios = 1
    /// UIKit's fast deceleration, 0.99 per millisecond.
    case iosFast = 2
    /// Android's `OverScroller` fling (SplineOverScroller, friction 0.015, density 1).
    case android = 3
    /// `exponential(d)`: d of the velocity kept per millisecond, 0 < d < 1.
    case exponential = 4

    public var name: String {
        switch self {
        case .none: "none"
        case .ios: "ios"
        case .iosFast: "iosFast"
        case .android: "android"
        case .exponential: "exponential"
        }
    }

    /// The rate a model without an argument keeps per millisecond (0 for those that have none).
    public var fixedRate: Double {
        switch self {
        case .ios: 0.998
        case .iosFast: 0.99
        case .none, .android, .exponential: 0
        }
    }
}

/// What a continuous gesture does at its release (v5 `settle`): where its
/// value comes to rest, decided at the lift from its position and velocity
/// (docs/semantics.md, "Settle"). Values are in the gesture's own unit: points
/// along a pan's or scroll's axis, a pinch's scale, a rotation's radians.
/// Plain data, as a table stores it; `decide` is the rule every runtime runs.
public struct Settle: Hashable, Sendable {
    public var model: SettleModel
    /// Per millisecond, for `ios`, `iosFast` and `exponential`.
    public var rate: Double
    /// At least this speed (unit per second) along the value: a fling.
    public var flingVelocity: Double
    /// Below it, the share of the way to the next anchor past which the value goes on.
    public var positional: Double
    /// A fling goes to the next anchor (true), or to the one nearest its projection.
    public var sequential: Bool
    /// The value's bounds (infinite: none); past them the reported value is rubber-banded.
    public var lower: Double
    public var upper: Double
    /// iOS's rubber-band constant c (0.55): past a bound by x, the value shows x·D·c / (D + c·x).
    public var rubberBand: Double
    /// Anchors every `pitch` (pages; 0: the list `anchors`), within the bounds.
    public var pitch: Double
    /// Which of the event's two values is the settled one: 0 (`value0`: a
    /// horizontal translation, a scale, a rotation) or 1 (a vertical translation).
    public var component: Int
    /// Increasing positions.
    public var anchors: [Double]
    /// Positions whose crossing is reported (`marked`), increasing.
    public var marks: [Double]

    /// The numbers a table stores before the anchors and the marks.
    package static let headerCount = 11
    /// Most anchors or marks of one settle.
    public static let maxPoints = 64

    public init(model: SettleModel = .ios, rate: Double = SettleModel.ios.fixedRate, flingVelocity: Double = 125, positional: Double = 0.5,
                sequential: Bool = true, lower: Double = -.infinity, upper: Double = .infinity, rubberBand: Double = 0.55,
                pitch: Double = 0, component: Int = 0, anchors: [Double] = [], marks: [Double] = []) {
        (self.model, self.rate, self.flingVelocity, self.positional, self.sequential) = (model, rate, flingVelocity, positional, sequential)
        (self.lower, self.upper, self.rubberBand, self.pitch, self.component) = (lower, upper, rubberBand, pitch, component)
        (self.anchors, self.marks) = (anchors, marks)
    }

    /// Whether the value has anchors to rest at (a list or a pitch).
    public var hasAnchors: Bool { pitch > 0 || !anchors.isEmpty }

    /// Where the value starts before any release: 0 (a pinch's scale 1)
    /// held inside the bounds, then the nearest anchor.
    public func start(isScale: Bool) -> Double {
        let x = min(max(isScale ? 1 : 0, lower), upper)
        return hasAnchors ? anchor(nearest: x).value : x
    }

    /// Whether the engine can run this settle for a gesture of `kind`: every
    /// number finite where the decision computes with it, the lists in order,
    /// a pitch with a page inside the bounds. What a table's reader checks
    /// (the checker's diagnostics say the same to a spec's author).
    package func isValid(for kind: GestureKind) -> Bool {
        func increasing(_ xs: [Double]) -> Bool {
            var previous = -Double.infinity
            for x in xs {
                guard x.isFinite, x > previous else { return false }
                previous = x
            }
            return true
        }
        guard kind == .pan || kind == .scroll || kind == .pinch || kind == .rotation,
              component == 0 || (component == 1 && (kind == .pan || kind == .scroll)),
              model.fixedRate == 0 || rate == model.fixedRate,
              model != .exponential || (rate > 0 && rate < 1),
              flingVelocity.isFinite, flingVelocity >= 0, positional >= 0, positional <= 1,
              !lower.isNaN, !upper.isNaN, lower <= upper, lower < .infinity, upper > -.infinity,
              rubberBand.isFinite, rubberBand >= 0, pitch.isFinite, pitch >= 0,
              anchors.count <= Self.maxPoints, marks.count <= Self.maxPoints, increasing(anchors), increasing(marks)
        else { return false }
        guard pitch > 0 else { return true }
        // Pages: no list beside the pitch, and one page at least inside the bounds.
        return anchors.isEmpty && first <= last
    }

    // MARK: The model

    /// How far the model's momentum carries a release at `velocity` (unit per
    /// second), signed as the velocity: `ios`, `iosFast`, `exponential(d)`:
    /// v/1000 · d/(1 - d); `android`: SplineOverScroller's spline distance.
    public func distance(velocity v: Double) -> Double {
        guard v.isFinite, v != 0 else { return 0 }
        switch model {
        case .none:
            return 0
        case .ios, .iosFast, .exponential:
            return v / 1000 * rate / (1 - rate)
        case .android:
            // Android's OverScroller (SplineOverScroller.getSplineFlingDistance) at
            // density 1 (160 dpi), DECELERATION_RATE = ln 0.78 / ln 0.9.
            let frictionTimesCoefficient = Self.androidFriction
            let decelerationRate = Math.log(0.78) / Math.log(0.9)
            let l = Math.log(0.35 * abs(v) / frictionTimesCoefficient)
            let d = frictionTimesCoefficient * Math.exp(decelerationRate / (decelerationRate - 1) * l)
            return v < 0 ? -d : d
        }
    }

    /// How long the momentum of a release at `velocity` runs, in
    /// microseconds (v5: a touch coming down meanwhile stops it, and is no
    /// tap). `ios`, `iosFast`, `exponential(d)`: until what is left of the
    /// projected distance is within `tolerance` (d^t of it is left after t
    /// ms); `android`: SplineOverScroller's own fling duration; `none`: 0.
    /// `tolerance` is the value's resolution: half a point of a translation.
    public func momentumDuration(velocity v: Double, tolerance: Double) -> Int64 {
        guard v.isFinite, v != 0, tolerance > 0 else { return 0 }
        let ms: Double
        switch model {
        case .none:
            return 0
        case .ios, .iosFast, .exponential:
            let d = abs(distance(velocity: v))
            guard d > tolerance else { return 0 }
            ms = Math.log(tolerance / d) / Math.log(rate)
        case .android:
            // SplineOverScroller.getSplineFlingDuration: 1000 · e^(l / (DECELERATION_RATE - 1)) ms.
            let decelerationRate = Math.log(0.78) / Math.log(0.9)
            let l = Math.log(0.35 * abs(v) / Self.androidFriction)
            ms = 1000 * Math.exp(l / (decelerationRate - 1))
        }
        // At most a minute: a crafted rate near 1 gives any length.
        return ms.isFinite && ms > 0 ? Int64(min(ms, 60_000) * 1000) : 0
    }

    /// Android's friction 0.015 times its physical coefficient at density 1
    /// (gravity 9.80665 m/s², 39.37 in/m, 160 px/in, 0.84): SplineOverScroller's.
    private static let androidFriction = 0.015 * (9.80665 * 39.37 * 160 * 0.84)

    // MARK: Anchors

    /// The anchor count of a list; with a pitch, anchors are indexed by page (`value / pitch`).
    private var first: Int { pitch > 0 ? Int(clampedPage((lower / pitch).rounded(.up))) : 0 }
    private var last: Int { pitch > 0 ? Int(clampedPage((upper / pitch).rounded(.down))) : anchors.count - 1 }

    /// A page number the engine can hold (pages past ±2^31 are not anchors anyone reaches).
    private func clampedPage(_ k: Double) -> Double { k.isNaN ? 0 : min(max(k, -2_147_483_647), 2_147_483_647) }

    private func value(ofAnchor k: Int) -> Double { pitch > 0 ? Double(k) * pitch : anchors[k] }

    /// The anchor nearest `x` (the lower one of two as near).
    public func anchor(nearest x: Double) -> (index: Int, value: Double) {
        if pitch > 0 {
            let k = min(max(Int(clampedPage((x / pitch).rounded())), first), max(first, last))
            return (k, value(ofAnchor: k))
        }
        var best = 0
        for k in anchors.indices where abs(anchors[k] - x) < abs(anchors[best] - x) { best = k }
        return (best, anchors[best])
    }

    /// The nearest anchor above `x` (at or above with `inclusive`), or the last one when none is.
    private func anchor(above x: Double, inclusive: Bool) -> Int {
        if pitch > 0 {
            let q = x / pitch
            var k = clampedPage(q.rounded(.up))
            if !inclusive && k == q { k += 1 }
            return min(max(Int(clampedPage(k)), first), max(first, last))
        }
        return anchors.firstIndex { inclusive ? $0 >= x : $0 > x } ?? anchors.count - 1
    }

    /// The nearest anchor below `x` (at or below with `inclusive`), or the first one when none is.
    private func anchor(below x: Double, inclusive: Bool) -> Int {
        if pitch > 0 {
            let q = x / pitch
            var k = clampedPage(q.rounded(.down))
            if !inclusive && k == q { k -= 1 }
            return max(min(Int(clampedPage(k)), max(first, last)), first)
        }
        return anchors.lastIndex { inclusive ? $0 <= x : $0 < x } ?? 0
    }

    // MARK: The decision

    /// Where a release rests (v5; docs/semantics.md, "Settle").
    public struct Decision: Hashable, Sendable {
        /// The value the model's momentum alone would carry it to.
        public var projected: Double
        /// The anchor chosen (its page with a pitch), nil without anchors.
        public var anchor: Int?
        /// Where it rests: the anchor's value, or without anchors `projected` held inside the bounds.
        public var rest: Double
    }

    /// The anchor the value last passed through as it moved from `a` to `b`
    /// (reaching it counts; leaving it does not), nil when it passed none.
    public func anchor(passedFrom a: Double, to b: Double) -> Int? {
        guard hasAnchors, a != b else { return nil }
        let k = b > a ? anchor(below: b, inclusive: true) : anchor(above: b, inclusive: true)
        let v = value(ofAnchor: k)
        return b > a ? (v > a && v <= b ? k : nil) : (v < a && v >= b ? k : nil)
    }

    /// The value of anchor `k` (a page with a pitch).
    public func value(of k: Int) -> Double { value(ofAnchor: k) }

    /// The decision for a release at position `x` with velocity `v` (unit per
    /// second), `from` the anchor the value last passed through (where the
    /// drag began, if it passed none). With |v| at least `flingVelocity`: the
    /// next anchor beyond `x` in v's direction (not sequential: the anchor
    /// nearest the projection). Below it: the first anchor at or past `x` in
    /// the direction of travel from `from` if `x` is more than `positional`
    /// of the way to it, else `from` (Jetpack Compose's AnchoredDraggable rule).
    public func decide(position x: Double, from: Int, velocity v: Double) -> Decision {
        let projected = x + distance(velocity: v)
        guard hasAnchors else { return Decision(projected: projected, anchor: nil, rest: min(max(projected, lower), upper)) }
        let k: Int
        if isFling(v) {
            k = !sequential ? anchor(nearest: projected).index : v > 0 ? anchor(above: x, inclusive: false) : anchor(below: x, inclusive: false)
        } else if let to = anchor(toward: x, from: from) {
            k = share(of: x, from: from, to: to) > positional ? to : from
        } else {
            k = from
        }
        return Decision(projected: projected, anchor: k, rest: value(ofAnchor: k))
    }

    /// Whether a release at `v` is a fling: at least `flingVelocity`, and moving.
    public func isFling(_ v: Double) -> Bool { abs(v) >= flingVelocity && v != 0 }

    /// The anchor a slow release at `x` goes on to from anchor `from`: the
    /// first at or past `x` in the direction of travel; nil at `from` itself.
    public func anchor(toward x: Double, from: Int) -> Int? {
        let start = value(ofAnchor: from)
        guard x != start else { return nil }
        return x > start ? anchor(above: x, inclusive: true) : anchor(below: x, inclusive: true)
    }

    /// How much of the way from anchor `from` to anchor `to` the value `x` is (0 when they are one).
    public func share(of x: Double, from: Int, to: Int) -> Double {
        let start = value(ofAnchor: from), span = value(ofAnchor: to) - start
        return span != 0 ? (x - start) / span : 0
    }

    /// Where a platform scroll view with this settle should come to rest
    /// (UIKit's `scrollViewWillEndDragging` target offset, v5): a scroll's
    /// value is its translation, so the content offset is the value negated
    /// (a pager of `bounds: -1500pt...0pt` scrolls offsets 0 to 1500). The
    /// release is at `offset` moving `velocity` points per millisecond
    /// (UIKit's unit there, content-offset sign), from the anchor nearest
    /// `dragStart`, the offset where the drag began.
    public func targetOffset(offset: Double, velocityPerMillisecond velocity: Double, dragStart: Double) -> Double {
        let from = hasAnchors ? anchor(nearest: -dragStart).index : 0
        return -decide(position: -offset, from: from, velocity: -velocity * 1000).rest
    }

    // MARK: Bounds

    /// `x` as shown: past a bound by d, the bound plus d·D·c / (D + c·d),
    /// D the bounds' extent (UIKit's rubber band; with one bound, D is
    /// infinite and the band c·d); inside, `x` itself. With `rubberBand: 0`
    /// the value stops at its bounds.
    public func banded(_ x: Double) -> Double {
        guard rubberBand > 0 else { return min(max(x, lower), upper) }
        let extent = upper - lower
        if x > upper { return upper + band(x - upper, extent) }
        if x < lower { return lower - band(lower - x, extent) }
        return x
    }

    private func band(_ d: Double, _ extent: Double) -> Double {
        extent.isFinite ? d * extent * rubberBand / (extent + rubberBand * d) : d * rubberBand
    }
}
