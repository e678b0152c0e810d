import GestureRuntime

/// Semantic analysis: resolves names and units, checks every value against
/// its parameter's type and range, fills in defaults, and checks the rules.
/// Like the parser it never stops early: each problem is a diagnostic and
/// checking goes on with what is still meaningful.
public struct Checker {
    let source: SourceFile
    var diagnostics: [Diagnostic] = []
    var constants: [String: ConstantDecl] = [:]
    var usedConstants: Set<String> = []
    var gestureIndex: [String: Int] = [:]
    /// Declared gestures whose kind was unknown: rules naming them are not errors of their own.
    var unresolvedGestures: Set<String> = []

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

    /// The modes the file declares, by name and in order.
    var modeIndex: [String: Int] = [:]
    var modeNames: [String] = []

    /// The file's `profile`, if it names one.
    var profile: Profile?
    var examples = StrokeExamples.none

    mutating func run(_ syntax: SpecSyntax) -> CheckedGestureSet {
        checkProfile(syntax)
        checkModes(syntax)
        for case .constant(let c) in syntax.declarations {
            if let first = constants[c.name.name] {
                duplicate(.duplicateConstant, c.name, first: first.name)
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
                duplicate(.duplicateGesture, g.name, first: first)
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
        checkAlternatives(syntax, gestures)
        let rules = checkRules(syntax.declarations.compactMap { if case .rule(let r) = $0 { r } else { nil } },
                               gestures: gestures, declared: firstDeclaration.keys.sorted())
        let views = checkViews(syntax.declarations.compactMap { if case .view(let v) = $0 { v } else { nil } },
                               gestures: &gestures, declared: firstDeclaration.keys.sorted())
        // A constant with an error of its own gets no second complaint for being unused.
        for case .constant(let c) in syntax.declarations
        where !usedConstants.contains(c.name.name) && constants[c.name.name] == c && c.isWellFormed {
            diagnostics.report(.unusedConstant(c.name.name), at: c.name.range)
        }
        reportNeverEnabled(syntax, gestures)
        var set = CheckedGestureSet(gestures: gestures, rules: rules, views: views)
        set.modes = modeNames
        if !attachments.isEmpty { set = set.instantiated(attachments) }
        checkHandOverViews(set)
        return set
    }

    /// The views each gesture is listed in, in listing order, and whether it forwards its events there.
    var attachments: ViewAttachments = [:]

    // MARK: Profile

    /// At most one `profile`, before any gesture, naming a known platform.
    mutating func checkProfile(_ syntax: SpecSyntax) {
        var first: Identifier?
        var gestureSeen = false
        for d in syntax.declarations {
            switch d {
            case .gesture:
                gestureSeen = true
            case .profile(let name, let range):
                if let first {
                    diagnostics.report(.duplicateProfile, at: range, notes: [.init("the first 'profile' is here", at: first.range)])
                    continue
                }
                first = name
                if gestureSeen {
                    diagnostics.report(.profileAfterGesture, at: range)
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

    // MARK: Constants

    mutating func checkConstant(_ c: ConstantDecl) {
        switch c.value {
        case .number(let literal):
            checkLiteral(literal)
        case .range(let lower, let upper, _):
            // Where it is used, the parameter checks the ends' units and order.
            checkLiteral(lower)
            if let upper { checkLiteral(upper) }
        case .boolean, .invalid:
            break
        default:
            diagnostics.report(.constantNotLiteral, at: c.value.range)
        }
    }

    private mutating func checkLiteral(_ literal: NumberLiteral) {
        if let unit = literal.unit, Unit(rawValue: unit.name) == nil { unknownUnit(unit) }
        if !literal.value.isFinite { tooLarge(literal.text, at: literal.range) }
    }

    // MARK: Reporting

    mutating func duplicate(_ id: DiagnosticID, _ name: Identifier, first: Identifier) {
        diagnostics.report(.duplicate(id, name.name), at: name.range, notes: [.firstDeclared(name.name, at: first.range)])
    }

    mutating func unknownParameter(_ name: Identifier, kind: GestureKind) {
        // Another framework's name for one of ours (UIKit's `numberOfTapsRequired`): suggest ours.
        if let ours = GestureParameter.all.first(where: { $0.applies(to: kind) && $0.aliases.contains(name.name) }) {
            diagnostics.report(.unknownName("\(kind.keyword) parameter", name.name, suggestion: ours.name, expected: nil),
                               at: name.range, fixIts: [.init(replace: name.range, with: ours.name)])
            return
        }
        let owners = ParameterSchema.kinds(having: name.name)
        if !owners.isEmpty {
            diagnostics.report(.parameterWrongKind(name.name, kind: kind.keyword, owners: owners.map(\.keyword)), at: name.range)
            return
        }
        unknownName(name, what: "\(kind.keyword) parameter", candidates: ParameterSchema.names(for: kind),
                    expected: "\(kind.keyword) takes \(ParameterSchema.names(for: kind).joined(separator: ", "))")
    }

    mutating func unknownName(_ name: Identifier, what: String, candidates: [String], expected: String?) {
        let s = closestMatch(to: name.name, in: candidates)
        diagnostics.report(.unknownName(what, name.name, suggestion: s, expected: expected), at: name.range,
                           fixIts: s.map { [.init(replace: name.range, with: $0)] } ?? [])
    }

    mutating func unknownUnit(_ unit: Identifier) {
        unknownName(unit, what: "unit", candidates: Unit.spellings, expected: "units are \(Unit.spellings.joined(separator: ", "))")
    }

    mutating func tooLarge(_ text: String, at range: SourceRange) {
        diagnostics.report(.numberTooLarge(text), at: range)
    }

    mutating func outOfRange(_ p: Parameter, _ message: String) -> Bool {
        diagnostics.report(.outOfRange(message, got: source.text(p.value.range)), at: p.value.range)
        return false
    }
}

extension ConstantDecl {
    /// Whether the value is a literal a constant may hold.
    fileprivate var isWellFormed: Bool {
        switch value {
        case .number(let n): n.value.isFinite && (n.unit.map { Unit(rawValue: $0.name) != nil } ?? true)
        case .boolean: true
        default: false
        }
    }
}
