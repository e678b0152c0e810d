import GestureRuntime

/// Semantic analysis: resolves names and units, checks every value against
/// its parameter's type and range, fills in defaults, and checks the rules.
/// Like the parser it never stops early: each problem is a diagnostic and
/// checking goes on with what is still meaningful.
public struct Checker {
    private let source: SourceFile
    private var diagnostics: [Diagnostic] = []
    private var constants: [String: ConstantDecl] = [:]
    private var usedConstants: Set<String> = []
    private var gestureIndex: [String: Int] = [:]
    /// Declared gestures whose kind was unknown: rules naming them are not errors of their own.
    private var unresolvedGestures: Set<String> = []

    /// Largest pattern, counted in positions after expanding `{n,m}`.
    public static let maxPatternSize = 2_048
    /// Longest duration accepted, so durations fit the runtime's integer microseconds with room to spare.
    public static let maxDurationMicroseconds = GestureParameter.maxDuration

    /// Checks a parsed file. The gesture set is meaningful only when no diagnostic is an error.
    /// `examples` are the strokes its template strokes may name.
    public static func check(_ syntax: SpecSyntax, in source: SourceFile, examples: StrokeExamples = .none) -> (CheckedGestureSet, [Diagnostic]) {
        var checker = Checker(source: source)
        checker.examples = examples
        let set = checker.run(syntax)
        return (set, checker.diagnostics)
    }

    private init(source: SourceFile) {
        self.source = source
    }

    /// The file's `profile`, if it names one.
    private var profile: Profile?
    private var examples = StrokeExamples.none

    private mutating func run(_ syntax: SpecSyntax) -> CheckedGestureSet {
        checkProfile(syntax)
        for case .constant(let c) in syntax.declarations {
            if let first = constants[c.name.name] {
                duplicate("constant", c.name, first: first.name)
            } else {
                constants[c.name.name] = c
                checkConstant(c)
            }
        }
        var gestures: [GestureDefinition] = []
        var firstDeclaration: [String: Identifier] = [:]
        for case .gesture(let g) in syntax.declarations {
            let isDuplicate = firstDeclaration[g.name.name] != nil
            if let first = firstDeclaration[g.name.name] {
                duplicate("gesture", g.name, first: first)
            } else {
                firstDeclaration[g.name.name] = g.name
            }
            // A duplicate is still checked, so its own mistakes are reported too.
            guard let definition = checkGesture(g), !isDuplicate else {
                if !isDuplicate { unresolvedGestures.insert(g.name.name) }
                continue
            }
            gestureIndex[g.name.name] = gestures.count
            gestures.append(definition)
        }
        let rules = checkRules(syntax.declarations.compactMap { if case .rule(let r) = $0 { r } else { nil } },
                               gestures: gestures, declared: firstDeclaration.keys.sorted())
        let views = checkViews(syntax.declarations.compactMap { if case .view(let v) = $0 { v } else { nil } },
                               gestures: &gestures, declared: firstDeclaration.keys.sorted())
        // A constant with an error of its own gets no second complaint for being unused.
        for case .constant(let c) in syntax.declarations
        where !usedConstants.contains(c.name.name) && constants[c.name.name] == c && c.isWellFormed {
            diagnostics.append(Diagnostic(.warning, "unused-constant", "constant '\(c.name.name)' is never used",
                                          at: c.name.range))
        }
        var set = CheckedGestureSet(gestures: gestures, rules: rules, views: views)
        if !attachments.isEmpty { set = Self.instantiate(set, attachments) }
        return set
    }

    /// The views each gesture is listed in, in listing order, and whether it forwards its events there.
    private var attachments: [Int: [(view: Int, forwarded: Bool)]] = [:]

    /// One instance per view for a gesture listed in several views'
    /// `gestures:` (consecutive, in listing order, sharing its name), and the
    /// rules between two gestures copied to every pair of their instances on
    /// one hit path (the same view, or one view inside the other).
    static func instantiate(_ set: CheckedGestureSet, _ attachments: [Int: [(view: Int, forwarded: Bool)]]) -> CheckedGestureSet {
        var out = set
        out.gestures = []
        var instances: [[Int]] = []
        for (g, d) in set.gestures.enumerated() {
            let places = attachments[g] ?? []
            var mine: [Int] = []
            for place in places.isEmpty ? [(view: d.view, forwarded: d.forwarded)] : places {
                var copy = d
                (copy.view, copy.forwarded, copy.isInstance) = (place.view, place.forwarded, places.count > 1)
                mine.append(out.gestures.count)
                out.gestures.append(copy)
            }
            instances.append(mine)
        }
        func onOnePath(_ a: Int, _ b: Int) -> Bool {
            func within(_ v: Int, _ ancestor: Int) -> Bool {
                var v: Int? = v
                while let x = v {
                    if x == ancestor { return true }
                    v = set.views[x].parent
                }
                return false
            }
            return set.views.isEmpty || within(a, b) || within(b, a)
        }
        out.rules = set.rules.flatMap { rule in
            let pairs = instances[rule.gesture].flatMap { a in instances[rule.other].map { (a, $0) } }
            let applying = pairs.filter { onOnePath(out.gestures[$0.0].view, out.gestures[$0.1].view) }
            // A rule with no pair on one hit path stays once, for the analysis to report.
            return (applying.isEmpty ? Array(pairs.prefix(1)) : applying).map { pair in
                var copy = rule
                (copy.gesture, copy.other) = pair
                return copy
            }
        }
        return out
    }

    // MARK: Profile

    /// At most one `profile`, before any gesture, naming a known platform.
    private mutating func checkProfile(_ syntax: SpecSyntax) {
        var first: Identifier?
        var gestureSeen = false
        for d in syntax.declarations {
            switch d {
            case .gesture:
                gestureSeen = true
            case .profile(let name, let range):
                if let first {
                    error("duplicate-profile", "'profile' is set twice; a file has one", at: range,
                          notes: [.init("the first 'profile' is here", at: first.range)])
                    continue
                }
                first = name
                if gestureSeen {
                    error("profile-after-gesture", "'profile' must come before any gesture, whose defaults it sets", at: range)
                }
                if let p = Profile(rawValue: name.name) {
                    if !gestureSeen { profile = p }
                } else {
                    unknownName(name, what: "profile", candidates: Profile.allCases.map(\.rawValue),
                                expected: "expected one of \(Profile.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            default:
                break
            }
        }
    }

    // MARK: Views

    /// The name of the implicit root view.
    public static let rootViewName = "window"

    /// Flattens the view tree (parents first), attaches gestures and resolves `forwards:`.
    private mutating func checkViews(_ decls: [ViewDecl], gestures: inout [GestureDefinition], declared: [String]) -> [ViewDefinition] {
        guard !decls.isEmpty else { return [] }
        var views = [ViewDefinition(name: Self.rootViewName, parent: nil, forwards: 0, nameRange: SourceRange(start: 0, end: 0))]
        var viewIndex: [String: Int] = [:]
        var attachedAt: [[Int]: Identifier] = [:]
        func visit(_ v: ViewDecl, parent: Int) {
            if v.name.name == Self.rootViewName {
                error("reserved-view-name", "'\(Self.rootViewName)' is the implicit root view; choose another name", at: v.name.range)
            } else if let first = viewIndex[v.name.name] {
                duplicate("view", v.name, first: Identifier(name: v.name.name, range: views[first].nameRange))
            }
            var parentIndex = parent
            if let named = v.parent, parent == 0 {
                if let p = viewIndex[named.name] {
                    parentIndex = p
                } else {
                    unknownName(named, what: "view", candidates: Array(viewIndex.keys).sorted(),
                                expected: "a parent must be declared before its children")
                }
            }
            let index = views.count
            views.append(ViewDefinition(name: v.name.name, parent: parentIndex, forwards: 0, nameRange: v.name.range))
            if viewIndex[v.name.name] == nil && v.name.name != Self.rootViewName { viewIndex[v.name.name] = index }
            for g in v.gestures {
                guard let gi = gestureIndex[g.name] else {
                    if !unresolvedGestures.contains(g.name) {
                        unknownName(g, what: "gesture", candidates: declared, expected: nil)
                    }
                    continue
                }
                if let first = attachedAt[[gi, index]] {
                    error("gesture-attached-twice", "gesture '\(g.name)' is already attached to view '\(v.name.name)'",
                          at: g.range, notes: [.init("first attached here", at: first.range)])
                    continue
                }
                attachedAt[[gi, index]] = g
                attachments[gi, default: []].append((view: index, forwarded: false))
                gestures[gi].view = attachments[gi]![0].view
            }
            for f in v.forwards {
                if let phase = TouchPhase(name: f.name), phase != .stationary {
                    views[index].forwards |= 1 << phase.rawValue
                } else if let gi = gestureIndex[f.name], let k = attachments[gi]?.firstIndex(where: { $0.view == index }) {
                    attachments[gi]![k].forwarded = true
                    if k == 0 { gestures[gi].forwarded = true }
                } else if gestureIndex[f.name] != nil {
                    error("forwards-foreign-gesture",
                          "view '\(v.name.name)' can only forward its own gestures; '\(f.name)' is not attached to it",
                          at: f.range)
                } else if !unresolvedGestures.contains(f.name) {
                    let own = gestures.indices.filter { attachments[$0]?.contains { $0.view == index } == true }.map { gestures[$0].name }
                    unknownName(f, what: "touch phase or gesture", candidates: ["began", "moved", "ended", "cancelled"] + own,
                                expected: "a view forwards touch phases (began, moved, ended, cancelled) or its own gestures")
                }
            }
            for sub in v.subviews { visit(sub, parent: index) }
        }
        for v in decls { visit(v, parent: 0) }
        return views
    }

    // MARK: Constants

    private mutating func checkConstant(_ c: ConstantDecl) {
        switch c.value {
        case .number(let literal):
            if let unit = literal.unit, ParameterSchema.units[unit.name] == nil { unknownUnit(unit) }
            if !literal.value.isFinite { tooLarge(literal.text, at: literal.range) }
        case .boolean, .invalid:
            break
        default:
            error("constant-not-literal",
                  "a constant must be a single literal: a number with its unit, or true or false",
                  at: c.value.range)
        }
    }

    // MARK: Gestures

    private mutating func checkGesture(_ g: GestureDecl) -> GestureDefinition? {
        guard let kind = GestureKind(keyword: g.kind.name) else {
            let names = GestureKind.allCases.map(\.keyword)
            var message = "unknown gesture kind '\(g.kind.name)'"
            var fixIts: [Diagnostic.FixIt] = []
            if let s = closestMatch(to: g.kind.name, in: names) {
                message += "; did you mean '\(s)'?"
                fixIts.append(.init(replace: g.kind.range, with: s))
            } else {
                message += "; expected one of \(names.joined(separator: ", "))"
            }
            error("unknown-kind", message, at: g.kind.range, fixIts: fixIts)
            return nil
        }
        var definition = GestureDefinition(name: g.name.name, kind: kind, nameRange: g.name.range, profile: profile)
        definition.doc = g.doc
        var seen: [String: Parameter] = [:]
        var pattern: PatternNode?
        for p in g.parameters {
            guard let parameter = GestureParameter.named(p.name.name, for: kind) else {
                unknownParameter(p.name, kind: kind)
                continue
            }
            let name = parameter.name
            if let first = seen[name] {
                error("duplicate-parameter", "parameter '\(name)' is set twice", at: p.name.range,
                      notes: [.init("'\(name)' is first set here", at: first.name.range)])
                continue
            }
            seen[name] = p
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
            error("series-too-long",
                  "'\(g.name.name)' needs \(presses) presses of \(definition.minTouches) finger\(definition.minTouches == 1 ? "" : "s"), \(presses * definition.minTouches) touches in one series; the runtime keeps at most \(Engine.seriesTouchLimit)",
                  at: (seen["taps"] ?? seen["touches"])?.value.range ?? g.name.range)
        }
        if kind == .stroke {
            if definition.recognize == .immediately {
                for name in ["minSegment", "hooks", "chord", "examples"] {
                    if let p = seen[name] {
                        error("needs-on-lift",
                              "'\(name)' is decided when the finger lifts; it cannot apply with 'recognize: immediately'",
                              at: p.name.range)
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
                error("missing-match",
                      "stroke '\(g.name.name)' needs a 'match:' pattern, such as 'match: down-right up-right', or 'examples:'",
                      at: g.name.range)
            }
        }
        return definition
    }

    /// Checks one parameter's value against its description and stores it
    /// where the description says; false if it was an error.
    private mutating func apply(_ p: Parameter, _ parameter: GestureParameter, to d: inout GestureDefinition) -> Bool {
        let name = parameter.name
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
                error("wrong-type", "'\(name)' takes one name, got '\(source.text(p.value.range))'", at: p.value.range)
                return false
            }
        case .touches:
            guard let n = wholeNumber(p, name) else { return false }
            if parameter.range.lower == parameter.range.upper && !parameter.range.contains(Double(n)) {
                return outOfRange(p, d.kind == .stroke
                    ? "a stroke is single-touch in v1: 'touches' must be 1"
                    : "a \(d.kind.keyword) uses exactly 2 touches in v1: 'touches' must be 2")
            }
            guard within(Double(n), parameter.range, .count) else { return false }
            d.record.setNumber(parameter, Double(n))
        case .touchRange:
            return applyTouchRange(p, parameter.range, to: &d)
        case .duration, .distance, .velocity, .angle, .ratio, .fraction:
            guard let (v, _) = number(p, name, parameter.type.dimension), within(v, parameter.range, parameter.type) else { return false }
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
                    error("open-chord", "a chord's angle range needs both ends, such as '20deg...70deg'", at: range)
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
            guard let word = choice(p, name, Axis.allCases.map(\.rawValue)) else { return false }
            d.axis = Axis(rawValue: word)!
        case .recognize:
            guard let word = choice(p, name, RecognizeMode.modes(for: d.kind).map(\.rawValue)) else { return false }
            d.recognize = RecognizeMode(rawValue: word)!
        case .series:
            guard let word = choice(p, name, SeriesMode.allCases.map(\.rawValue)) else { return false }
            d.series = SeriesMode(rawValue: word)!
        case .edges:
            guard let set = edges(p) else { return false }
            d.edges = set
        case .offset:
            guard let range = offset(p, name), case .range(let field) = parameter.storage else { return false }
            d.record[keyPath: field] = SIMD2(range.lower, range.upper)
        case .bounds(let type):
            guard let bounds = bounds(p, name, type, parameter.range), case .range(let field) = parameter.storage else { return false }
            d.record[keyPath: field] = bounds
            d.record.strokeFlags |= GestureRecord.strokeFeatures
        case .flag:
            guard let flag = boolean(p, name) else { return false }
            d.record.setNumber(parameter, flag ? 1 : 0)
        case .pattern:
            break
        }
        return true
    }

    /// The templates of the examples in folder `folder`, at most `d.maxTemplates`
    /// of them; each problem is an error at the folder's name.
    private mutating func templates(_ folder: String, at range: SourceRange, for d: GestureDefinition) -> [StrokeTemplateData] {
        let place = examples.location.isEmpty ? "a folder '\(folder)' of examples beside the spec" : "\(examples.location)/\(folder)/"
        guard let found = examples.folders[folder] else {
            error("no-examples", "no examples '\(folder)' for '\(d.name)': expected stroke traces (.jsonl) in \(place)", at: range)
            return []
        }
        var templates: [StrokeTemplateData] = []
        for example in found {
            if let problem = example.problem {
                error("bad-example", "example '\(example.name)' is not one stroke: \(problem)", at: range)
            } else if let t = StrokeTemplateData(example) {
                templates.append(t)
            } else {
                error("bad-example", "example '\(example.name)' has no length: a template needs a path", at: range)
            }
        }
        guard templates.count >= 2 || found.count != templates.count else {
            error("too-few-examples", "'\(d.name)' has \(templates.count) example\(templates.count == 1 ? "" : "s") in \(place); a template stroke needs at least 2",
                  at: range)
            return []
        }
        return StrokeTemplateData.select(templates.sorted { $0.name < $1.name }, count: d.maxTemplates, maxRotation: d.maxRotation)
    }

    private mutating func applyTouchRange(_ p: Parameter, _ allowed: ParameterRange, to d: inout GestureDefinition) -> Bool {
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
            error("empty-range", "the range \(source.text(range)) is empty: its upper bound is below its lower bound",
                  at: range)
            return false
        }
        (d.minTouches, d.maxTouches) = (low, high)
        return true
    }

    // MARK: Values

    /// A number of dimension `expected`, converted to internal units, with the literal it came from.
    private mutating func number(_ p: Parameter, _ name: String, _ expected: Dimension) -> (Double, NumberLiteral)? {
        switch p.value {
        case .number(let literal):
            return convert(literal, name, expected, at: literal.range, constant: nil)
        case .names(let names, let range) where names.count == 1:
            guard let c = constant(names[0]), !c.value.isInvalid else { return nil }
            guard case .number(let literal) = c.value else {
                error("wrong-type", "expected \(expected.description) for '\(name)', but constant '\(c.name.name)' is not a number",
                      at: range, notes: [.init("'\(c.name.name)' is declared here", at: c.range)])
                return nil
            }
            return convert(literal, name, expected, at: range, constant: c)
        case .range(_, _, let range):
            error("unexpected-range", "'\(name)' takes a single value, not a range", at: range)
        default:
            error("wrong-type", "expected \(expected.description) for '\(name)', got '\(source.text(p.value.range))'",
                  at: p.value.range)
        }
        return nil
    }

    private mutating func convert(
        _ literal: NumberLiteral, _ name: String, _ expected: Dimension, at range: SourceRange, constant c: ConstantDecl?
    ) -> (Double, NumberLiteral)? {
        let notes = c.map { [Diagnostic.Note("'\($0.name.name)' is declared here", at: $0.range)] } ?? []
        guard literal.value.isFinite else {
            if c == nil { tooLarge(literal.text, at: range) }
            return nil
        }
        guard let unit = literal.unit else {
            if expected == .plain { return (literal.value, literal) }
            let fixIts = c == nil ? [Diagnostic.FixIt(replace: range, with: literal.text + expected.exampleUnit)] : []
            error("missing-unit", "'\(name)' needs a unit: expected \(expected.description), such as '\(literal.text)\(expected.exampleUnit)'",
                  at: range, notes: notes, fixIts: fixIts)
            return nil
        }
        guard let (dimension, factor) = ParameterSchema.units[unit.name] else {
            if c == nil { unknownUnit(unit) }  // a constant's own check reported it already
            return nil
        }
        guard dimension == expected else {
            if expected == .plain {
                let digits = String(literal.text.dropLast(unit.name.count))
                error("unexpected-unit", "'\(name)' is a plain number, got \(dimension.noun) '\(literal.text)'",
                      at: range, notes: notes,
                      fixIts: c == nil ? [.init(replace: range, with: digits)] : [])
            } else {
                error("wrong-unit", "expected \(expected.description) for '\(name)', got \(dimension.noun) '\(literal.text)'",
                      at: range, notes: notes)
            }
            return nil
        }
        return (literal.value * factor, literal)
    }

    private mutating func wholeNumber(_ p: Parameter, _ name: String) -> Int? {
        guard let (v, literal) = number(p, name, .plain) else { return nil }
        return whole(v, literal.text, name, at: p.value.range)
    }

    private mutating func wholeNumber(_ literal: NumberLiteral, _ name: String, at range: SourceRange) -> Int? {
        guard let (v, _) = convert(literal, name, .plain, at: range, constant: nil) else { return nil }
        return whole(v, literal.text, name, at: range)
    }

    private mutating func whole(_ v: Double, _ text: String, _ name: String, at range: SourceRange) -> Int? {
        guard v == v.rounded(), abs(v) <= 1_000_000 else {
            error("not-whole", "'\(name)' must be a whole number, got '\(text)'", at: range)
            return nil
        }
        return Int(v)
    }

    private mutating func boolean(_ p: Parameter, _ name: String) -> Bool? {
        switch p.value {
        case .boolean(let b, _):
            return b
        case .names(let names, let range) where names.count == 1:
            guard let c = constant(names[0]), !c.value.isInvalid else { return nil }
            if case .boolean(let b, _) = c.value { return b }
            error("wrong-type", "'\(name)' takes true or false, but constant '\(c.name.name)' is not a boolean",
                  at: range, notes: [.init("'\(c.name.name)' is declared here", at: c.range)])
        default:
            error("wrong-type", "'\(name)' takes true or false, got '\(source.text(p.value.range))'", at: p.value.range)
        }
        return nil
    }

    /// One word out of `options`.
    private mutating func choice(_ p: Parameter, _ name: String, _ options: [String]) -> String? {
        guard case .names(let names, _) = p.value, names.count == 1 else {
            error("wrong-type", "'\(name)' takes one of \(options.joined(separator: ", ")), got '\(source.text(p.value.range))'",
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
    private mutating func directions(_ p: Parameter, swipe: Bool = true) -> DirectionSet? {
        let allowed = swipe ? ["left", "right", "up", "down", "horizontal", "vertical", "any"] : DirectionSet.names
        let name = swipe ? "directions" : "chord"
        guard case .names(let names, _) = p.value else {
            error("wrong-type", "'\(name)' takes directions such as 'left | right', got '\(source.text(p.value.range))'",
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
    private mutating func edges(_ p: Parameter) -> DirectionSet? {
        let words: [String: DirectionSet] = [
            "left": DirectionSet(.left), "right": DirectionSet(.right), "top": DirectionSet(.up), "bottom": DirectionSet(.down),
        ]
        guard case .names(let names, _) = p.value else {
            error("wrong-type", "'edges' takes screen edges such as 'left | right', got '\(source.text(p.value.range))'",
                  at: p.value.range)
            return nil
        }
        var set = DirectionSet()
        var ok = true
        for word in names {
            if word.name == "all" {
                set.formUnion(words.values.reduce(DirectionSet()) { $0.union($1) })
            } else if let edge = words[word.name] {
                set.formUnion(edge)
            } else {
                unknownName(word, what: "screen edge", candidates: ["left", "right", "top", "bottom", "all"],
                            expected: "the edges are left, right, top and bottom")
                ok = false
            }
        }
        return ok ? set : nil
    }

    /// An offset parameter: `a...b` (distances, the lower first) or one distance.
    private mutating func offset(_ p: Parameter, _ name: String) -> OffsetRange? {
        if case .range(let lower, let upper, let range) = p.value {
            guard let upper else {
                error("open-offset", "'\(name)' needs both ends of its range, such as '-20pt...20pt', or one distance",
                      at: range)
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
    private mutating func bounds(_ p: Parameter, _ name: String, _ type: GestureParameter.ValueType,
                                 _ allowed: ParameterRange) -> SIMD2<Double>? {
        func value(_ literal: NumberLiteral) -> Double? {
            if type == .count { return wholeNumber(literal, name, at: literal.range).map(Double.init) }
            return convert(literal, name, type.dimension, at: literal.range, constant: nil)?.0
        }
        let example = ["corners": "'2...3'", "turning": "'270deg...450deg'", "counterTurn": "'0deg...45deg'", "aspect": "'0.5...2'"][name] ?? "'10%...50%'"
        guard case .range(let lower, let upper, let range) = p.value else {
            guard type == .count, let n = wholeNumber(p, name) else {
                if case .number = p.value {
                    error("wrong-type", "'\(name)' takes bounds 'lower...upper' or 'lower...', such as \(example)", at: p.value.range)
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
            error("empty-range", "the range \(source.text(range)) is empty: its upper bound is below its lower bound", at: range)
            return nil
        }
        return SIMD2(lo, hi)
    }

    /// The unit a number parameter is written with (directly or through a constant).
    private func unit(of p: Parameter) -> String? {
        switch p.value {
        case .number(let literal): literal.unit?.name
        case .names(let names, _) where names.count == 1:
            if case .number(let literal)? = constants[names[0].name]?.value { literal.unit?.name } else { nil }
        default: nil
        }
    }

    private mutating func constant(_ name: Identifier) -> ConstantDecl? {
        guard let c = constants[name.name] else {
            unknownName(name, what: "constant", candidates: constants.keys.sorted(), expected: nil)
            return nil
        }
        usedConstants.insert(name.name)
        return c
    }

    // MARK: Patterns

    private mutating func checkPattern(_ node: PatternNode, axis: Axis, recognize: RecognizeMode) -> StrokePattern? {
        guard let pattern = resolve(node, alphabet: axis.directions, axis: axis) else { return nil }
        let size = pattern.expandedSize
        guard size <= Self.maxPatternSize else {
            error("pattern-too-large",
                  "pattern is too large: it expands to \(size == .max ? "more than 2^63" : String(size)) positions (limit \(Self.maxPatternSize))",
                  at: node.range)
            return nil
        }
        let nfa = DirectionNFA(pattern)
        guard nfa.acceptsSegmentSequence(over: axis.directions) else {
            error("pattern-never-matches",
                  "pattern '\(source.text(node.range))' can never match: adjacent segments always differ in direction, so a pattern needing two in a row of one class (like 'right right') has no stroke",
                  at: node.range)
            return nil
        }
        if recognize == .onLift && nfa.matchesEmpty {
            diagnostics.append(Diagnostic(.warning, "pattern-matches-empty",
                                          "pattern '\(source.text(node.range))' also matches a stroke with no segments, so a tap is recognized",
                                          at: node.range))
        }
        return pattern
    }

    private mutating func resolve(_ node: PatternNode, alphabet: DirectionSet, axis: Axis) -> StrokePattern? {
        switch node.kind {
        case .name(let word):
            guard let set = DirectionSet(name: word) else {
                unknownName(Identifier(name: word, range: node.range), what: "direction", candidates: DirectionSet.names,
                            expected: "expected a direction such as 'down-right', or 'horizontal', 'vertical', 'any'")
                return nil
            }
            guard !set.intersection(alphabet).isEmpty else {
                error("direction-off-axis", "'\(word)' never occurs in a stroke with 'axis: \(axis.rawValue)'", at: node.range)
                return nil
            }
            return .classes(set)
        case .sequence(let items):
            let resolved = items.map { resolve($0, alphabet: alphabet, axis: axis) }
            return resolved.contains(nil) ? nil : .sequence(resolved.map { $0! })
        case .alternation(let items):
            let resolved = items.map { resolve($0, alphabet: alphabet, axis: axis) }
            return resolved.contains(nil) ? nil : .alternation(resolved.map { $0! })
        case .repetition(let inner, let min, let max):
            return resolve(inner, alphabet: alphabet, axis: axis).map { .repetition($0, min: min, max: max) }
        }
    }

    // MARK: Rules

    private mutating func checkRules(_ rules: [RuleDecl], gestures: [GestureDefinition], declared: [String]) -> [Rule] {
        var result: [Rule] = []
        var byPair: [Pair: RuleDecl] = [:]
        for r in rules {
            let lhs = gestureIndex[r.lhs.name], rhs = gestureIndex[r.rhs.name]
            for (index, id) in [(lhs, r.lhs), (rhs, r.rhs)] where index == nil && !unresolvedGestures.contains(id.name) {
                unknownName(id, what: "gesture", candidates: declared, expected: nil)
            }
            guard let lhs, let rhs else { continue }
            if lhs == rhs {
                let message = switch r.relation {
                case .with: "'\(r.lhs.name) with \(r.rhs.name)' relates a gesture to itself"
                case .after: "'\(r.lhs.name)' cannot come after itself"
                case .requiresToFail: "'\(r.lhs.name)' cannot require itself to fail"
                }
                error("self-relation", message, at: r.range)
                continue
            }
            var within: Int64?
            if r.relation == .after {
                let checked = checkWithin(r, armedBy: gestures[rhs])
                guard checked.valid else { continue }
                within = checked.within
            }
            let pair = Pair(lhs, rhs)
            if let previous = byPair[pair] {
                if previous.relation != r.relation {
                    func word(_ relation: RuleDecl.Relation) -> String {
                        switch relation {
                        case .with: "with"
                        case .after: "after"
                        case .requiresToFail: "requires"
                        }
                    }
                    let withAfter = [previous.relation, r.relation].contains(.after)
                    let words = withAfter ? "'\(word(previous.relation))' and '\(word(r.relation))'" : "'with' and 'requires'"
                    error(withAfter ? "after-and-other-rule" : "with-and-requires",
                          "'\(r.lhs.name)' and '\(r.rhs.name)' are linked by both \(words); a pair may have only one",
                          at: r.range, notes: [.init("the other rule is here", at: previous.range)])
                    continue
                }
                if r.relation == .with || gestureIndex[previous.lhs.name] == lhs {
                    diagnostics.append(Diagnostic(.warning, "duplicate-rule", "duplicate rule", at: r.range,
                                                  notes: [.init("the same rule is first stated here", at: previous.range)]))
                    continue
                }
            } else {
                byPair[pair] = r
            }
            let relation: Rule.Relation = switch r.relation {
            case .with: .simultaneous
            case .after: .after
            case .requiresToFail: .requiresToFail
            }
            result.append(Rule(relation: relation, gesture: lhs, other: rhs, range: r.range, within: within))
        }
        reportCycles(result, gestures: gestures)
        reportCycles(result, gestures: gestures, of: .after)
        return result
    }

    /// The `within` of `rule` (`B after A`): 300ms by default after a discrete
    /// A, none after a continuous one (an error if written). `valid` is false on an error.
    private mutating func checkWithin(_ rule: RuleDecl, armedBy a: GestureDefinition) -> (valid: Bool, within: Int64?) {
        guard let value = rule.within else { return (true, a.kind.isContinuous ? nil : 300_000) }
        guard !a.kind.isContinuous else {
            error("within-after-continuous",
                  "'within' applies only after a discrete gesture; '\(a.name)' is a \(a.kind.keyword), which arms '\(rule.lhs.name)' from its began until it ends",
                  at: value.range)
            return (false, nil)
        }
        let p = Parameter(name: Identifier(name: "within", range: value.range), value: value, range: value.range)
        guard let (v, _) = number(p, "within", .duration) else { return (false, nil) }
        guard v > 0 else { return (outOfRange(p, "'within' must be greater than 0ms"), nil) }
        guard v <= Self.maxDurationMicroseconds else { return (outOfRange(p, "'within' must be at most 3600s"), nil) }
        return (true, Int64(v.rounded()))
    }

    /// Reports each cycle of `requires` rules once, at the rule that closes it (the
    /// last in the file among the cycle's rules), with notes at the others. Runs
    /// in linear time: strongly connected components, then one path per component.
    private mutating func reportCycles(_ rules: [Rule], gestures: [GestureDefinition], of relation: Rule.Relation = .requiresToFail) {
        let requires = rules.filter { $0.relation == relation }
        guard !requires.isEmpty else { return }
        var adjacency = [[Int]](repeating: [], count: gestures.count)
        var ruleOfEdge: [Pair: Rule] = [:]
        for r in requires {
            adjacency[r.gesture].append(r.other)
            ruleOfEdge[Pair(ordered: r.gesture, r.other)] = ruleOfEdge[Pair(ordered: r.gesture, r.other)] ?? r
        }
        let component = stronglyConnectedComponents(adjacency)
        var closing: [Int: Rule] = [:]
        for r in requires where component[r.gesture] == component[r.other] {
            if let c = closing[component[r.gesture]], c.range.start > r.range.start { continue }
            closing[component[r.gesture]] = r
        }
        for rule in closing.values.sorted(by: { $0.range.start < $1.range.start }) {
            // Shortest way back from the rule's target to its source, inside the component.
            var parent = [Int: Int]()
            var queue = [rule.other], head = 0
            parent[rule.other] = rule.other
            while head < queue.count, parent[rule.gesture] == nil {
                let v = queue[head]
                head += 1
                for w in adjacency[v] where component[w] == component[rule.gesture] && parent[w] == nil {
                    parent[w] = v
                    queue.append(w)
                }
            }
            var path = [rule.gesture]
            while let last = path.last, last != rule.other { path.append(parent[last]!) }
            path.reverse()  // other ... gesture
            let cycle = [rule.gesture] + path
            let notes = zip(path, path.dropFirst()).compactMap { edge -> Diagnostic.Note? in
                guard let r = ruleOfEdge[Pair(ordered: edge.0, edge.1)] else { return nil }
                let text = relation == .after ? "\(gestures[edge.0].name) after \(gestures[edge.1].name)"
                    : "\(gestures[edge.0].name) requires \(gestures[edge.1].name) to fail"
                return .init("'\(text)' is part of the cycle", at: r.range)
            }
            let names = cycle.map { gestures[$0].name }.joined(separator: " -> ")
            if relation == .after {
                error("after-cycle", "'after' rules form a cycle: \(names); each gesture would wait for the next to arm it",
                      at: rule.range, notes: notes)
            } else {
                error("requires-cycle", "'requires' rules form a cycle: \(names); each gesture would wait for the next to fail",
                      at: rule.range, notes: notes)
            }
        }
    }

    // MARK: Reporting

    private mutating func duplicate(_ what: String, _ name: Identifier, first: Identifier) {
        error("duplicate-\(what)", "duplicate \(what) '\(name.name)'", at: name.range,
              notes: [.init("'\(name.name)' is first declared here", at: first.range)])
    }

    private mutating func unknownParameter(_ name: Identifier, kind: GestureKind) {
        let owners = ParameterSchema.kinds(having: name.name)
        if !owners.isEmpty {
            error("parameter-wrong-kind",
                  "'\(name.name)' is not a parameter of \(kind.keyword); it belongs to \(owners.map(\.keyword).joined(separator: ", "))",
                  at: name.range)
            return
        }
        unknownName(name, what: "\(kind.keyword) parameter", candidates: ParameterSchema.names(for: kind),
                    expected: "\(kind.keyword) takes \(ParameterSchema.names(for: kind).joined(separator: ", "))")
    }

    private mutating func unknownName(_ name: Identifier, what: String, candidates: [String], expected: String?) {
        var message = "unknown \(what) '\(name.name)'"
        var fixIts: [Diagnostic.FixIt] = []
        if let s = closestMatch(to: name.name, in: candidates) {
            message += "; did you mean '\(s)'?"
            fixIts.append(.init(replace: name.range, with: s))
        } else if let expected {
            message += "; \(expected)"
        }
        error("unknown-name", message, at: name.range, fixIts: fixIts)
    }

    private mutating func unknownUnit(_ unit: Identifier) {
        unknownName(unit, what: "unit", candidates: ParameterSchema.unitNames,
                    expected: "units are \(ParameterSchema.unitNames.joined(separator: ", "))")
    }

    private mutating func tooLarge(_ text: String, at range: SourceRange) {
        error("number-too-large", "number '\(text)' is too large", at: range)
    }

    private mutating func outOfRange(_ p: Parameter, _ message: String) -> Bool {
        error("out-of-range", "\(message), got '\(source.text(p.value.range))'", at: p.value.range)
        return false
    }

    private mutating func error(
        _ id: String, _ message: String, at range: SourceRange,
        notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        diagnostics.append(Diagnostic(.error, id, message, at: range, notes: notes, fixIts: fixIts))
    }
}

/// Two gesture indices; unordered unless built with `ordered:`.
private struct Pair: Hashable {
    let a: Int, b: Int
    init(_ x: Int, _ y: Int) { (a, b) = (min(x, y), max(x, y)) }
    init(ordered x: Int, _ y: Int) { (a, b) = (x, y) }
}

/// Tarjan's algorithm without recursion (a long `requires` chain must not
/// overflow the stack); returns each vertex's component number.
private func stronglyConnectedComponents(_ adjacency: [[Int]]) -> [Int] {
    let n = adjacency.count
    var order = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n), component = [Int](repeating: -1, count: n)
    var stack: [Int] = [], counter = 0, components = 0
    for root in 0..<n where order[root] == -1 {
        var work: [(vertex: Int, next: Int)] = [(root, 0)]
        order[root] = counter; low[root] = counter; counter += 1
        stack.append(root); onStack[root] = true
        while let (v, next) = work.last {
            if next < adjacency[v].count {
                work[work.count - 1].next += 1
                let w = adjacency[v][next]
                if order[w] == -1 {
                    order[w] = counter; low[w] = counter; counter += 1
                    stack.append(w); onStack[w] = true
                    work.append((w, 0))
                } else if onStack[w] {
                    low[v] = min(low[v], order[w])
                }
                continue
            }
            work.removeLast()
            if let parent = work.last { low[parent.vertex] = min(low[parent.vertex], low[v]) }
            if low[v] == order[v] {
                while let w = stack.popLast() {
                    onStack[w] = false
                    component[w] = components
                    if w == v { break }
                }
                components += 1
            }
        }
    }
    return component
}

extension ConstantDecl {
    /// Whether the value is a literal a constant may hold.
    fileprivate var isWellFormed: Bool {
        switch value {
        case .number(let n): n.value.isFinite && (n.unit.map { ParameterSchema.units[$0.name] != nil } ?? true)
        case .boolean: true
        default: false
        }
    }
}
