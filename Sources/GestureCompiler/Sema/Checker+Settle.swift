import GestureRuntime

/// `settle { ... }` (v5): what a continuous gesture's value does at its release.
extension Checker {
    /// The items a settle takes, in the order docs/language.md lists them.
    static let settleItems = ["anchors", "pitch", "model", "flingVelocity", "positional", "sequential", "bounds", "rubberBand", "marks"]

    /// The settle `d` declares for gesture `g`, in the runtime's units (points, a scale, radians), or nil after an error.
    mutating func checkSettle(_ d: SettleDecl, of g: GestureDefinition) -> Settle? {
        let kind = g.kind
        guard kind == .pan || kind == .scroll || kind == .pinch || kind == .rotation else {
            diagnostics.report(.settleOnDiscrete(g.name, kind: kind.keyword), at: d.keyword)
            return nil
        }
        // The settled value: a translation along one axis, a scale, an angle; speeds of it per second.
        let dimension: Dimension = kind == .pinch ? .plain : kind == .rotation ? .angle : .distance
        let speed: Dimension = kind == .pan || kind == .scroll ? .velocity : .plain
        var settle = Settle()
        if kind == .pan || kind == .scroll {
            guard g.axis != .any else {
                diagnostics.report(.settleAxis(g.name, kind: kind.keyword), at: d.keyword)
                return nil
            }
            settle.component = g.axis == .vertical ? 1 : 0
        }
        var seen: [String: Parameter] = [:]
        var ok = true
        var ratioMarks: [Double] = []
        for p in d.items {
            let name = p.name.name
            guard Self.settleItems.contains(name) else {
                unknownName(p.name, what: "settle item", candidates: Self.settleItems, expected: "a settle takes \(Self.settleItems.joined(separator: ", "))")
                ok = false
                continue
            }
            if let first = seen[name] {
                diagnostics.report(.duplicateParameter(name), at: p.name.range, notes: [.init("'\(name)' is first set here", at: first.name.range)])
                continue
            }
            seen[name] = p
            if p.value.isInvalid { ok = false; continue }
            switch name {
            case "anchors":
                guard let values = numbers(p, name, dimension) else { ok = false; continue }
                guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    diagnostics.report(.anchorOrder(g.name), at: p.value.range)
                    ok = false
                    continue
                }
                settle.anchors = values
            case "pitch":
                guard let (v, _) = number(p, name, dimension) else { ok = false; continue }
                guard v > 0 else { ok = outOfRange(p, "'pitch' must be above 0") && ok; continue }
                settle.pitch = v
            case "model":
                guard let (model, rate) = settleModel(p) else { ok = false; continue }
                (settle.model, settle.rate) = (model, rate)
            case "flingVelocity":
                guard let (v, _) = number(p, name, speed) else { ok = false; continue }
                guard v >= 0 else { ok = outOfRange(p, "'flingVelocity' must be 0 or more") && ok; continue }
                settle.flingVelocity = v
            case "positional":
                guard let (v, _) = number(p, name, .plain, acceptsPercent: true) else { ok = false; continue }
                guard v >= 0 && v <= 1 else { ok = outOfRange(p, "'positional' must be from 0% to 100%") && ok; continue }
                settle.positional = v
            case "sequential":
                guard let b = boolean(p, name) else { ok = false; continue }
                settle.sequential = b
            case "bounds":
                guard case .range(let lower, let upper, let range) = p.value, let upper else {
                    diagnostics.report(.wrongType("'bounds' takes both ends of a range, such as '0pt...640pt'"), at: p.value.range)
                    ok = false
                    continue
                }
                guard let lo = convert(lower, name, dimension, at: lower.range, constant: nil)?.0,
                      let hi = convert(upper, name, dimension, at: upper.range, constant: nil)?.0 else { ok = false; continue }
                guard lo <= hi else {
                    diagnostics.report(.emptyRange(source.text(range)), at: range)
                    ok = false
                    continue
                }
                (settle.lower, settle.upper) = (lo, hi)
            case "rubberBand":
                guard let (v, _) = number(p, name, .plain) else { ok = false; continue }
                guard v >= 0 && v <= 10 else { ok = outOfRange(p, "'rubberBand' must be from 0 to 10 (iOS uses 0.55)") && ok; continue }
                settle.rubberBand = v
            case "marks":
                // Percentages are shares of the way from the first anchor to the last (or across the bounds); other numbers are positions.
                guard let literals = literals(p, name, dimension) else { ok = false; continue }
                if literals.allSatisfy({ $0.unit?.name == Unit.percent.rawValue }) {
                    ratioMarks = literals.map { $0.value / 100 }
                } else {
                    guard let values = numbers(p, name, dimension) else { ok = false; continue }
                    settle.marks = values
                }
            default:
                break
            }
        }
        guard ok else { return nil }
        if let p = seen["pitch"], seen["anchors"] != nil {
            diagnostics.report(.wrongType("a settle has 'anchors' or a 'pitch', not both"), at: p.name.range)
            return nil
        }
        // Marks written as shares, now that the anchors and bounds are known.
        if let p = seen["marks"], !ratioMarks.isEmpty {
            let (from, to) = settle.anchors.count >= 2 ? (settle.anchors[0], settle.anchors[settle.anchors.count - 1]) : (settle.lower, settle.upper)
            guard from.isFinite, to.isFinite, from < to else {
                diagnostics.report(.wrongType("marks written as percentages are shares of the way from the first anchor to the last, or across 'bounds'; give two anchors or bounds, or write the marks as positions"), at: p.value.range)
                return nil
            }
            settle.marks = ratioMarks.map { from + $0 * (to - from) }
        }
        if let p = seen["marks"] {
            let sorted = settle.marks.sorted()
            guard sorted == settle.marks, Set(sorted).count == sorted.count else {
                diagnostics.report(.wrongType("'marks' must increase"), at: p.value.range)
                return nil
            }
            if let outside = settle.marks.first(where: { $0 < settle.lower || $0 > settle.upper }) {
                diagnostics.report(.markOutsideBounds(g.name, mark: Self.text(outside, dimension), bounds: Self.boundsText(settle, dimension)), at: p.value.range)
                return nil
            }
        }
        if let p = seen["anchors"] ?? seen["pitch"] {
            if let outside = settle.anchors.first(where: { $0 < settle.lower || $0 > settle.upper }) {
                diagnostics.report(.unreachableAnchor(g.name, anchor: Self.text(outside, dimension), region: Self.boundsText(settle, dimension)), at: p.value.range)
                return nil
            }
            if settle.pitch > 0 && !settle.isValid(for: kind) {
                diagnostics.report(.unreachableAnchor(g.name, anchor: "every page", region: Self.boundsText(settle, dimension)), at: p.value.range)
                return nil
            }
        }
        if settle.anchors.count > Settle.maxPoints || settle.marks.count > Settle.maxPoints {
            diagnostics.report(.outOfRange("a settle has at most \(Settle.maxPoints) anchors and \(Settle.maxPoints) marks", got: "\(max(settle.anchors.count, settle.marks.count))"),
                               at: (seen["anchors"] ?? seen["marks"])!.value.range)
            return nil
        }
        // A fling not held to the next anchor may skip one closer than its projection.
        if !settle.sequential, let p = seen["anchors"] {
            let reach = abs(settle.distance(velocity: max(settle.flingVelocity, 1e-9)))
            if let k = settle.anchors.indices.dropFirst().first(where: { settle.anchors[$0] - settle.anchors[$0 - 1] < reach }) {
                diagnostics.report(.anchorsClose(g.name, Self.text(settle.anchors[k - 1], dimension), Self.text(settle.anchors[k], dimension),
                                                 reach: Self.text(reach, dimension)), at: p.value.range)
            }
        }
        return settle
    }

    /// `model: ios`, `iosFast`, `android`, `none` or `exponential(d)` with 0 < d < 1.
    private mutating func settleModel(_ p: Parameter) -> (SettleModel, Double)? {
        switch p.value {
        case .call(let word, let argument, _) where word.name == SettleModel.exponential.name:
            guard let (d, _) = convert(argument, "exponential", .plain, at: argument.range, constant: nil), d > 0, d < 1 else {
                diagnostics.report(.outOfRange("'exponential(d)' keeps d of the velocity per millisecond: d must be between 0 and 1", got: source.text(p.value.range)),
                                   at: p.value.range)
                return nil
            }
            return (.exponential, d)
        default:
            let words = SettleModel.allCases.filter { $0 != .exponential }.map(\.name) + ["exponential(0.995)"]
            guard let word = choice(p, "model", words), let model = SettleModel(name: word) else { return nil }
            return (model, model.fixedRate)
        }
    }

    /// The literals of a list (or one number); anything else reported as `number` reports it.
    private mutating func literals(_ p: Parameter, _ name: String, _ dimension: Dimension) -> [NumberLiteral]? {
        switch p.value {
        case .list(let items, _): return items
        case .number(let literal): return [literal]
        default:
            _ = number(p, name, dimension)
            return nil
        }
    }

    /// The numbers of a list (or one number), each of `dimension`.
    private mutating func numbers(_ p: Parameter, _ name: String, _ dimension: Dimension) -> [Double]? {
        guard let literals = literals(p, name, dimension) else { return nil }
        var values: [Double] = []
        for literal in literals {
            guard let (v, _) = convert(literal, name, dimension, at: literal.range, constant: nil) else { return nil }
            values.append(v)
        }
        return values
    }

    /// A value of the settle's dimension as a spec writes it (`320pt`, `1.5`, `90deg`).
    static func text(_ v: Double, _ dimension: Dimension) -> String {
        let shown = dimension == .angle ? v * 180 / .pi : v
        let rounded = (shown * 1000).rounded() / 1000
        let digits = rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        return digits + (dimension.unit?.rawValue ?? "")
    }

    private static func boundsText(_ s: Settle, _ dimension: Dimension) -> String {
        s.lower.isFinite || s.upper.isFinite ? text(s.lower, dimension) + "..." + text(s.upper, dimension) : "any value"
    }
}
