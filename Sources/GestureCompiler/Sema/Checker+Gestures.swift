import GestureRuntime

/// Gestures: the kind, each parameter against its description, and what the kind requires.
extension Checker {
    mutating func checkGesture(_ g: GestureDecl) -> GestureDefinition? {
        guard let kind = GestureKind(keyword: g.kind.name) else {
            let names = GestureKind.allCases.map(\.keyword)
            let s = closestMatch(to: g.kind.name, in: names)
            diagnostics.report(.unknownKind(g.kind.name, suggestion: s, kinds: names), at: g.kind.range,
                               fixIts: s.map { [.init(replace: g.kind.range, with: $0)] } ?? [])
            return nil
        }
        var definition = GestureDefinition(name: g.name.name, kind: kind, nameRange: g.name.range, profile: profile)
        definition.doc = g.doc
        definition.declarationRange = g.range
        var seen: [String: Parameter] = [:]
        var pattern: PatternNode?
        for p in g.parameters {
            guard let parameter = GestureParameter.named(p.name.name, for: kind) else {
                unknownParameter(p.name, kind: kind)
                continue
            }
            let name = parameter.name
            if let first = seen[name] {
                diagnostics.report(.duplicateParameter(name), at: p.name.range,
                                   notes: [.init("'\(name)' is first set here", at: first.name.range)])
                continue
            }
            seen[name] = p
            definition.parameterRanges[name] = p.range
            if p.value.isInvalid { continue }
            if parameter.type == .pattern {
                if case .pattern(let node) = p.value { pattern = node }
                continue
            }
            if apply(p, parameter, to: &definition) { definition.record.setExplicitly(parameter) }
        }
        // A series keeps every press's touches until it is decided, in the engine's fixed touch slots.
        let presses = kind == .longPress ? definition.taps + 1 : kind == .tap ? definition.taps : 1
        if presses * definition.minTouches > Engine.seriesTouchLimit {
            diagnostics.report(.seriesTooLong(g.name.name, presses: presses, fingers: definition.minTouches, limit: Engine.seriesTouchLimit),
                               at: (seen["taps"] ?? seen["touches"])?.value.range ?? g.name.range)
        }
        if kind == .stroke {
            if definition.recognize == .immediately {
                for name in ["minSegment", "hooks", "chord", "examples"] {
                    if let p = seen[name] {
                        diagnostics.report(.needsOnLift(name), at: p.name.range)
                    }
                }
            }
            if let p = seen["examples"], case .names(let names, let range) = p.value, names.count == 1 {
                definition.templates = templates(names[0].name, at: range, for: definition)
            }
            if let pattern {
                definition.pattern = checkPattern(pattern, axis: definition.axis, recognize: definition.recognize)
            } else if seen["examples"] != nil {
                // A template stroke without a pattern: any path of at least one
                // segment (so a tap, with no travel, is no shape), decided by its templates.
                definition.pattern = .repetition(.classes(.any), min: 1, max: nil)
            } else if seen["match"] == nil {
                diagnostics.report(.missingMatch(g.name.name), at: g.name.range)
            }
        }
        return definition
    }

    /// Checks one parameter's value against its description and stores it
    /// where the description says; false if it was an error.
    mutating func apply(_ p: Parameter, _ parameter: GestureParameter, to d: inout GestureDefinition) -> Bool {
        let name = parameter.name
        // A constant holding a range (`let cusp = 0deg...50deg`) stands for it where a range is taken.
        var p = p
        if parameter.type.takesRange, case .names(let names, _) = p.value, names.count == 1,
           let c = constants[names[0].name], case .range = c.value, let used = constant(names[0]) {
            p.value = used.value
        }
        func within(_ v: Double, _ range: ParameterRange, _ type: GestureParameter.ValueType) -> Bool {
            range.contains(v) || outOfRange(p, "'\(name)' must be \(range.text(type))")
        }
        switch parameter.type {
        case .count:
            guard let n = wholeNumber(p, name), within(Double(n), parameter.range, .count) else { return false }
            if parameter.storage == .compiler { d.maxTemplates = n } else { d.record.setNumber(parameter, Double(n)) }
        case .name:
            // The folder is read once every parameter is known (`maxTemplates`, `maxRotation`).
            guard case .names(let names, _) = p.value, names.count == 1 else {
                diagnostics.report(.wrongType("'\(name)' takes one name", got: source.text(p.value.range)), at: p.value.range)
                return false
            }
        case .touches:
            guard let n = wholeNumber(p, name) else { return false }
            if parameter.range.lower == parameter.range.upper && !parameter.range.contains(Double(n)) {
                diagnostics.report(.touchesFixed(d.kind, got: source.text(p.value.range)), at: p.value.range)
                return false
            }
            guard within(Double(n), parameter.range, .count) else { return false }
            d.record.setNumber(parameter, Double(n))
        case .touchRange:
            return applyTouchRange(p, parameter.range, to: &d)
        case .duration, .distance, .velocity, .angle, .ratio, .fraction:
            guard let (v, _) = number(p, name, parameter.type.dimension, acceptsPercent: parameter.type == .ratio),
                  within(v, parameter.range, parameter.type) else { return false }
            if parameter.storage == .compiler {
                (d.maxLatency, d.maxLatencyRange) = (Int64(v.rounded()), p.value.range)
            } else {
                d.record.setNumber(parameter, parameter.range.clamp(v))
            }
        case .length:
            let relative = unit(of: p) == "%"
            let range = parameter.allowed(relative: relative)
            guard let (v, _) = number(p, name, relative ? .fraction : .distance),
                  within(v, range, relative ? .fraction : .distance) else { return false }
            d.segmentIsRelative = relative
            d.record.setNumber(parameter, v)
        case .swipeDirections:
            guard let set = directions(p) else { return false }
            d.directions = set
        case .strokeDirections:
            if case .range(let lower, let upper, let range) = p.value {
                guard let upper else {
                    diagnostics.report(.openChord, at: range)
                    return false
                }
                guard let (lo, _) = convert(lower, name, .angle, at: lower.range, constant: nil),
                      let (hi, _) = convert(upper, name, .angle, at: upper.range, constant: nil) else { return false }
                guard -Double.pi - 1e-12 <= lo, lo <= hi, hi <= Double.pi + 1e-12 else {
                    return outOfRange(p, "a chord's angles run from -180deg to 180deg, the lower first")
                }
                d.chordAngles = Swift.max(lo, -Double.pi)...Swift.min(hi, Double.pi)
                return true
            }
            guard let set = directions(p, swipe: false) else { return false }
            d.chord = set
        case .axis:
            guard let word = choice(p, name, Axis.names(for: d.kind)) else { return false }
            d.axis = Axis(name: word, for: d.kind)!
        case .recognize:
            guard let word = choice(p, name, RecognizeMode.modes(for: d.kind).map(\.name)) else { return false }
            d.recognize = RecognizeMode(name: word)!
        case .series:
            guard let word = choice(p, name, SeriesMode.names) else { return false }
            d.series = SeriesMode(name: word)!
        case .edges:
            guard let set = edges(p) else { return false }
            d.edges = set
        case .offset:
            guard let range = offset(p, name), case .range(let field) = parameter.storage else { return false }
            d.record[field: field] = SIMD2(range.lower, range.upper)
        case .bounds(let type):
            guard let bounds = bounds(p, parameter, type), case .range(let field) = parameter.storage else { return false }
            d.record[field: field] = bounds
            d.record.strokeFlags |= GestureRecord.strokeFeatures
        case .span:
            // Written as bounds on a fraction; an open upper end runs to the path's end.
            guard let bounds = bounds(p, parameter, .fraction), case .range(let field) = parameter.storage else { return false }
            let span = SIMD2(bounds.x, Swift.min(bounds.y, 1))
            guard StrokeFeatures.counterPoints(span).count >= StrokeFeatures.counterWindow else {
                return outOfRange(p, "'\(name)' must hold an eighth of the path (the window a counter-turn is summed over)")
            }
            d.record[field: field] = span
        case .flag:
            guard let flag = boolean(p, name) else { return false }
            d.record.setNumber(parameter, flag ? 1 : 0)
        case .condition:
            // `true`, `false` and a lone name that is no mode's (a constant's) are a flag; anything else is on modes.
            var flag = false
            if case .boolean = p.value { flag = true }
            if case .names(let names, _) = p.value, names.count == 1, modeIndex[names[0].name] == nil {
                // Neither a mode nor a constant: either may have been meant.
                guard constants[names[0].name] != nil || modeNames.isEmpty else {
                    unknownName(names[0], what: "mode or constant", candidates: modeNames + constants.keys.sorted(), expected: nil)
                    return false
                }
                flag = true
            }
            if flag {
                guard let flag = boolean(p, name) else { return false }
                d.record.setNumber(parameter, flag ? 1 : 0)
                return true
            }
            guard let code = condition(p.value) else { return false }
            d.condition = code
            // All modes are off at start.
            d.record.setNumber(parameter, Condition.evaluate(code[...], modes: 0) ? 1 : 0)
        case .inputKinds:
            guard let mask = pointerKinds(p) else { return false }
            d.record.setNumber(parameter, Double(mask))
        case .pattern:
            break
        }
        return true
    }

    mutating func applyTouchRange(_ p: Parameter, _ allowed: ParameterRange, to d: inout GestureDefinition) -> Bool {
        guard case .range(let lower, let upper, let range) = p.value else {
            guard let n = wholeNumber(p, "touches") else { return false }
            guard allowed.contains(Double(n)) else { return outOfRange(p, "'touches' must be \(allowed.text(.count))") }
            (d.minTouches, d.maxTouches) = (n, n)
            return true
        }
        guard let low = wholeNumber(lower, "touches", at: lower.range) else { return false }
        var high: Int?
        if let upper {
            guard let h = wholeNumber(upper, "touches", at: upper.range) else { return false }
            high = h
        }
        guard allowed.contains(Double(low)), high.map({ allowed.contains(Double($0)) }) ?? true else {
            return outOfRange(p, "'touches' must be \(allowed.text(.count))")
        }
        if let high, high < low {
            diagnostics.report(.emptyRange(source.text(range)), at: range)
            return false
        }
        (d.minTouches, d.maxTouches) = (low, high)
        return true
    }
}
