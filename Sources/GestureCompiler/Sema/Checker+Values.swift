import GestureRuntime

/// Values: numbers with their units, words, ranges and constants, each converted to
/// the runtime's units or reported where it was written.
extension Checker {
    /// A number of dimension `expected`, converted to internal units, with the
    /// literal it came from. A plain number that `acceptsPercent` (a ratio, such
    /// as a pinch's threshold) may be written as a percentage: `5%` is 0.05.
    mutating func number(_ p: Parameter, _ name: String, _ expected: Dimension, acceptsPercent: Bool = false) -> (Double, NumberLiteral)? {
        switch p.value {
        case .number(let literal):
            return convert(literal, name, expected, at: literal.range, constant: nil, acceptsPercent: acceptsPercent)
        case .names(let names, let range) where names.count == 1:
            guard let c = constant(names[0]), !c.value.isInvalid else { return nil }
            guard case .number(let literal) = c.value else {
                diagnostics.report(.wrongType("expected \(expected.description) for '\(name)'", constant: c.name.name, isNot: "a number"),
                                   at: range, notes: [.declared(c.name.name, at: c.range)])
                return nil
            }
            return convert(literal, name, expected, at: range, constant: c, acceptsPercent: acceptsPercent)
        case .range(_, _, let range):
            diagnostics.report(.unexpectedRange(name), at: range)
        default:
            diagnostics.report(.wrongType("expected \(expected.description) for '\(name)'", got: source.text(p.value.range)),
                               at: p.value.range)
        }
        return nil
    }

    mutating func convert(
        _ literal: NumberLiteral, _ name: String, _ expected: Dimension, at range: SourceRange, constant c: ConstantDecl?,
        acceptsPercent: Bool = false
    ) -> (Double, NumberLiteral)? {
        let notes = c.map { [Diagnostic.Note.declared($0.name.name, at: $0.range)] } ?? []
        guard literal.value.isFinite else {
            if c == nil { tooLarge(literal.text, at: range) }
            return nil
        }
        guard let unit = literal.unit else {
            if expected == .plain { return (literal.value, literal) }
            let example = Self.meant(literal, expected)
            let fixIts = c == nil ? [Diagnostic.FixIt(replace: range, with: example)] : []
            diagnostics.report(.missingUnit(name, expected: expected.description, example: example),
                               at: range, notes: notes, fixIts: fixIts)
            return nil
        }
        guard let (dimension, factor) = Unit(rawValue: unit.name).map({ ($0.dimension, $0.factor) }) else {
            if c == nil { unknownUnit(unit) }  // a constant's own check reported it already
            return nil
        }
        if expected == .plain && dimension == .fraction && acceptsPercent { return (literal.value * factor, literal) }
        guard dimension == expected else {
            if expected == .plain {
                let digits = String(literal.text.dropLast(unit.name.count))
                diagnostics.report(.unexpectedUnit(name, found: dimension.noun, literal.text),
                                   at: range, notes: notes,
                      fixIts: c == nil ? [.init(replace: range, with: digits)] : [])
            } else {
                diagnostics.report(.wrongUnit(name, expected: expected.description, found: dimension.noun, literal.text),
                                   at: range, notes: notes)
            }
            return nil
        }
        return (literal.value * factor, literal)
    }

    /// What a number written without its unit most likely means, as the
    /// fix-it writes it. UIKit and most frameworks give durations in seconds
    /// and angles in radians: `maxInterval: 0.3` means `300ms`, a rotation's
    /// `threshold: 0.1` means `0.1rad`; other numbers take the dimension's unit (`50pt`, `300ms`).
    static func meant(_ literal: NumberLiteral, _ expected: Dimension) -> String {
        let v = literal.value
        switch expected {
        case .duration where v > 0 && v < 10:
            return DurationText.literal(Int64((v * Unit.seconds.factor).rounded()))
        case .angle where v != v.rounded() && abs(v) <= 2 * .pi:
            return literal.text + Unit.radians.rawValue
        default:
            return literal.text + expected.exampleUnit
        }
    }

    mutating func wholeNumber(_ p: Parameter, _ name: String) -> Int? {
        guard let (v, literal) = number(p, name, .plain) else { return nil }
        return whole(v, literal.text, name, at: p.value.range)
    }

    mutating func wholeNumber(_ literal: NumberLiteral, _ name: String, at range: SourceRange) -> Int? {
        guard let (v, _) = convert(literal, name, .plain, at: range, constant: nil) else { return nil }
        return whole(v, literal.text, name, at: range)
    }

    mutating func whole(_ v: Double, _ text: String, _ name: String, at range: SourceRange) -> Int? {
        guard v == v.rounded(), abs(v) <= 1_000_000 else {
            diagnostics.report(.notWhole(name, text), at: range)
            return nil
        }
        return Int(v)
    }

    mutating func boolean(_ p: Parameter, _ name: String) -> Bool? {
        switch p.value {
        case .boolean(let b, _):
            return b
        case .names(let names, let range) where names.count == 1:
            guard let c = constant(names[0]), !c.value.isInvalid else { return nil }
            if case .boolean(let b, _) = c.value { return b }
            diagnostics.report(.wrongType("'\(name)' takes true or false", constant: c.name.name, isNot: "a boolean"),
                               at: range, notes: [.declared(c.name.name, at: c.range)])
        default:
            diagnostics.report(.wrongType("'\(name)' takes true or false", got: source.text(p.value.range)), at: p.value.range)
        }
        return nil
    }

    /// One word out of `options`.
    mutating func choice(_ p: Parameter, _ name: String, _ options: [String]) -> String? {
        guard case .names(let names, _) = p.value, names.count == 1 else {
            diagnostics.report(.wrongType("'\(name)' takes one of \(options.joined(separator: ", "))", got: source.text(p.value.range)),
                               at: p.value.range)
            return nil
        }
        let word = names[0]
        guard options.contains(word.name) else {
            unknownName(word, what: "'\(name)' value", candidates: options,
                        expected: "expected one of \(options.joined(separator: ", "))")
            return nil
        }
        return word.name
    }

    /// A swipe's `directions` (the four axes) or a stroke's `chord` (all eight classes).
    mutating func directions(_ p: Parameter, swipe: Bool = true) -> DirectionSet? {
        let allowed = swipe ? DirectionSet.swipeNames : DirectionSet.names
        let name = swipe ? "directions" : "chord"
        guard case .names(let names, _) = p.value else {
            diagnostics.report(.wrongType("'\(name)' takes directions such as 'left | right'", got: source.text(p.value.range)),
                               at: p.value.range)
            return nil
        }
        var set = DirectionSet()
        var ok = true
        for word in names {
            guard allowed.contains(word.name), let s = DirectionSet(name: word.name) else {
                unknownName(word, what: swipe ? "swipe direction" : "direction", candidates: allowed,
                            expected: swipe ? "a swipe goes left, right, up or down"
                                : "directions are \(DirectionSet.names.joined(separator: ", "))")
                ok = false
                continue
            }
            set.formUnion(swipe && s == .any ? [.horizontal, .vertical] : s)
        }
        return ok ? set : nil
    }

    /// A pan's `edges`: screen edges, stored as the directions that point at them.
    mutating func edges(_ p: Parameter) -> DirectionSet? {
        guard case .names(let names, _) = p.value else {
            diagnostics.report(.wrongType("'edges' takes screen edges such as 'left | right'", got: source.text(p.value.range)),
                               at: p.value.range)
            return nil
        }
        var set = DirectionSet()
        var ok = true
        for word in names {
            if word.name == ScreenEdge.all {
                set.formUnion(DirectionSet(ScreenEdge.allCases.map { DirectionSet($0.direction) }))
            } else if let edge = ScreenEdge(name: word.name) {
                set.formUnion(DirectionSet(edge.direction))
            } else {
                unknownName(word, what: "screen edge", candidates: ScreenEdge.words,
                            expected: "the edges are \(listed(ScreenEdge.names))")
                ok = false
            }
        }
        return ok ? set : nil
    }

    /// An offset parameter: `a...b` (distances, the lower first) or one distance.
    mutating func offset(_ p: Parameter, _ name: String) -> OffsetRange? {
        if case .range(let lower, let upper, let range) = p.value {
            guard let upper else {
                diagnostics.report(.openOffset(name), at: range)
                return nil
            }
            guard let (lo, _) = convert(lower, name, .distance, at: lower.range, constant: nil),
                  let (hi, _) = convert(upper, name, .distance, at: upper.range, constant: nil) else { return nil }
            guard lo <= hi else {
                _ = outOfRange(p, "'\(name)' is a range 'lower...upper' with the lower end first")
                return nil
            }
            return OffsetRange(lower: lo, upper: hi)
        }
        guard let (v, _) = number(p, name, .distance) else { return nil }
        return OffsetRange(single: v)
    }

    /// A feature's bounds: `a...b` or `a...` (values of `type` within
    /// `allowed`, the lower first); a count may be one whole number.
    mutating func bounds(_ p: Parameter, _ parameter: GestureParameter, _ type: GestureParameter.ValueType) -> SIMD2<Double>? {
        let (name, allowed) = (parameter.name, parameter.range)
        func value(_ literal: NumberLiteral) -> Double? {
            if type == .count { return wholeNumber(literal, name, at: literal.range).map(Double.init) }
            return convert(literal, name, type.dimension, at: literal.range, constant: nil, acceptsPercent: type == .ratio)?.0
        }
        guard case .range(let lower, let upper, let range) = p.value else {
            guard type == .count, let n = wholeNumber(p, name) else {
                if case .number = p.value {
                    diagnostics.report(.wrongType("'\(name)' takes bounds 'lower...upper' or 'lower...', such as '\(parameter.example ?? "")'"), at: p.value.range)
                } else {
                    _ = number(p, name, type.dimension)
                }
                return nil
            }
            guard allowed.contains(Double(n)) else {
                _ = outOfRange(p, "'\(name)' must be \(allowed.text(type))")
                return nil
            }
            return SIMD2(Double(n), Double(n))
        }
        guard let lo = value(lower) else { return nil }
        var hi = Double.infinity
        if let upper {
            guard let v = value(upper) else { return nil }
            hi = v
        }
        guard allowed.contains(lo), hi == .infinity || allowed.contains(hi) else {
            _ = outOfRange(p, "the bounds of '\(name)' must be \(allowed.text(type))")
            return nil
        }
        guard lo <= hi else {
            diagnostics.report(.emptyRange(source.text(range)), at: range)
            return nil
        }
        return SIMD2(lo, hi)
    }

    /// The unit a number parameter is written with (directly or through a constant).
    func unit(of p: Parameter) -> String? {
        switch p.value {
        case .number(let literal): literal.unit?.name
        case .names(let names, _) where names.count == 1:
            if case .number(let literal)? = constants[names[0].name]?.value { literal.unit?.name } else { nil }
        default: nil
        }
    }

    mutating func constant(_ name: Identifier) -> ConstantDecl? {
        guard let c = constants[name.name] else {
            unknownName(name, what: "constant", candidates: constants.keys.sorted(), expected: nil)
            return nil
        }
        usedConstants.insert(name.name)
        return c
    }
}
