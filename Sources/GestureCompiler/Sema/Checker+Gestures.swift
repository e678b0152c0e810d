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
            if apply(p, parameter, to: &definition) {
                definition.record.setExplicitly(parameter)
                if let allowed = p.allowed { applyAllowed(allowed, of: p, parameter, to: &definition) }
            }
        }
        // A value the spec leaves to the profile follows the platform's user setting, where it has one (v4).
        for r in profile?.settingRanges ?? [] where r.kind == kind && seen[r.parameter] == nil {
            guard let parameter = GestureParameter.named(r.parameter, for: kind) else { continue }
            definition.ranges.append(ValueRange(parameter: parameter, lower: r.lower, upper: r.upper, written: nil, setting: r.setting))
        }
        // A pinch or rotation of other than its v1 pair measures every finger, and by default goes on while its minimum is down (v5).
        if (kind == .pinch || kind == .rotation) && definition.record.fingers == 0 && (definition.minTouches != 2 || definition.maxTouches != 2) {
            definition.record.fingers = FingerPolicy.continue.rawValue
        }
        if let settle = g.settle { (definition.settle, definition.settleRange) = (checkSettle(settle, of: definition), settle.keyword) }
        if let p = seen["together"], definition.minTouches < 2 { diagnostics.report(.togetherOneFinger(g.name.name), at: p.name.range) }
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
            // What only chooses among examples or varies them is a warning on a pattern stroke: the spec may have lost its `examples:`.
            if seen["examples"] == nil {
                for (name, p) in seen.sorted(by: { $0.key < $1.key }) {
                    guard let parameter = GestureParameter.named(name, for: .stroke), case .compiler(let field) = parameter.storage,
                          field == .maxTemplates || StrokeVariation.amounts[field] != nil else { continue }
                    diagnostics.report(.needsExamples(name), at: p.name.range)
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
            if parameter.storage == .compiler(.maxTemplates) { d.maxTemplates = n } else { d.record.setNumber(parameter, Double(n)) }
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
            if parameter.storage == .compiler(.maxLatency) {
                (d.maxLatency, d.maxLatencyRange) = (Int64(v.rounded()), p.value.range)
            } else if case .compiler(let field) = parameter.storage, let amount = StrokeVariation.amounts[field] {
                d.variation[keyPath: amount] = v
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
        case .fingers:
            guard let word = choice(p, name, FingerPolicy.names) else { return false }
            d.record.fingers = FingerPolicy(name: word)!.rawValue
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
        case .text:
            guard case .string(let text, _) = p.value, !text.allSatisfy(\.isWhitespace), text.utf8.count <= 200 else {
                diagnostics.report(.wrongType("'\(name)' takes a name in double quotes, such as \"Delete\"", got: source.text(p.value.range)),
                                   at: p.value.range)
                return false
            }
            if let meant = ActionShortcut.misspelling(of: text) {
                let suggestion = meant.isEmpty ? nil : meant
                diagnostics.report(.unknownActionKey(text, suggestion: suggestion), at: p.value.range,
                                   fixIts: suggestion.map { [.init(replace: p.value.range, with: "\"\($0)\"")] } ?? [])
                return false
            }
            d.action = text
        case .gesture:
            // Resolved once every gesture is known (`checkAlternatives`).
            guard case .names(let names, _) = p.value, names.count == 1 else {
                diagnostics.report(.wrongType("'\(name)' takes one gesture's name", got: source.text(p.value.range)), at: p.value.range)
                return false
            }
            d.alternative = names[0].name
        case .pattern:
            break
        }
        return true
    }

    /// `V in A...B` (v4): the range the value may take at run time, in the
    /// parameter's units, inside what the parameter accepts, with `V` in it.
    mutating func applyAllowed(_ allowed: Value, of p: Parameter, _ parameter: GestureParameter, to d: inout GestureDefinition) {
        let name = parameter.name
        guard !allowed.isInvalid else { return }
        guard parameter.isRuntime, [.duration, .distance, .velocity, .angle, .ratio].contains(parameter.type) else {
            diagnostics.report(.rangeOnFixedParameter(name), at: allowed.range)
            return
        }
        guard case .range(let lowerLiteral, let upperLiteral?, let range) = allowed else {
            diagnostics.report(.wrongType("'in' takes a range 'A...B' of values of '\(name)'", got: source.text(allowed.range)), at: allowed.range)
            return
        }
        let dimension = parameter.type.dimension
        guard let (lower, _) = convert(lowerLiteral, name, dimension, at: lowerLiteral.range, constant: nil, acceptsPercent: parameter.type == .ratio),
              let (upper, _) = convert(upperLiteral, name, dimension, at: upperLiteral.range, constant: nil, acceptsPercent: parameter.type == .ratio)
        else { return }
        guard parameter.range.contains(lower), parameter.range.contains(upper) else {
            _ = outOfRange(Parameter(name: p.name, value: allowed, range: allowed.range), "'\(name)' must be \(parameter.range.text(parameter.type))")
            return
        }
        guard lower <= upper else {
            diagnostics.report(.emptyRange(source.text(range)), at: range)
            return
        }
        let value = d.record.number(parameter) ?? lower
        let ends = ValueRange(parameter: parameter, lower: parameter.range.clamp(lower), upper: parameter.range.clamp(upper), written: range)
        guard ParameterRange(lower, upper).contains(value) else {
            diagnostics.report(.outsideOwnRange(name, value: parameter.type.format(value), range: ends.text), at: p.value.range,
                               notes: [.init("its range", at: range)])
            return
        }
        d.ranges.append(ends)
    }

    /// Each `alternative:` names another gesture of the set that one pointer
    /// performs without a path: a one-finger tap or long press (v4).
    mutating func checkAlternatives(_ syntax: SpecSyntax, _ gestures: [GestureDefinition]) {
        for case .gesture(let g) in syntax.declarations {
            guard let p = g.parameters.first(where: { $0.name.name == "alternative" }), case .names(let names, _) = p.value,
                  names.count == 1, gestureIndex[g.name.name] != nil else { continue }
            let alternative = names[0]
            guard alternative.name != g.name.name else {
                diagnostics.report(.badAlternative(g.name.name, alternative.name, why: "it is the gesture itself"), at: alternative.range)
                continue
            }
            guard let a = gestureIndex[alternative.name] else {
                if !unresolvedGestures.contains(alternative.name) {
                    unknownName(alternative, what: "gesture", candidates: gestureIndex.keys.sorted(), expected: nil)
                }
                continue
            }
            let d = gestures[a]
            if let why = Self.notOnePointer(d) {
                diagnostics.report(.badAlternative(g.name.name, alternative.name, why: why), at: alternative.range,
                                   notes: [.declared(alternative.name, at: d.nameRange)])
            }
        }
    }

    /// Why gesture `d` is no one-pointer, path-free gesture (nil: it is one).
    static func notOnePointer(_ d: GestureDefinition) -> String? {
        guard d.kind == .tap || d.kind == .longPress else { return "'\(d.name)' is a \(d.kind.keyword), which needs a path or two fingers" }
        guard d.minTouches == 1 else { return "'\(d.name)' takes \(d.minTouches) fingers" }
        return nil
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
