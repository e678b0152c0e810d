/// The syntax tree of one `.gesture` file: value types, every node with its
/// byte range. Names are unresolved here; `Checker` resolves them.
public struct SpecSyntax: Hashable, Sendable {
    public var declarations: [Declaration]
}

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
}

/// A top-level declaration.
public enum Declaration: Hashable, Sendable {
    case constant(ConstantDecl)
    case gesture(GestureDecl)
    case rule(RuleDecl)
    case view(ViewDecl)
    /// `profile NAME` (v2): the platform whose defaults the file's gestures take.
    case profile(Identifier, SourceRange)
    /// `mode NAME` (v3): a switch the app sets at run time, off at start.
    case mode(Identifier, SourceRange)
}

/// `let NAME = LITERAL`
public struct ConstantDecl: Hashable, Sendable {
    public var name: Identifier
    public var value: Value
    public var range: SourceRange
}

/// `gesture NAME: KIND { PARAM* }`, with the doc comment before it.
public struct GestureDecl: Hashable, Sendable {
    public var doc: String?
    public var name: Identifier
    public var kind: Identifier
    public var parameters: [Parameter]
    public var range: SourceRange
    /// `settle { ... }` (v5), if written.
    public var settle: SettleDecl? = nil
}

/// `settle { NAME: VALUE ... }` inside a continuous gesture (v5): what happens at its release.
public struct SettleDecl: Hashable, Sendable {
    /// The word `settle`.
    public var keyword: SourceRange
    public var items: [Parameter]
    public var range: SourceRange
}

/// `NAME: VALUE` inside a gesture's braces, or `NAME: VALUE in A...B` (v4):
/// the range the value may take at run time.
public struct Parameter: Hashable, Sendable {
    public var name: Identifier
    public var value: Value
    public var range: SourceRange
    /// The range after `in`, if written.
    public var allowed: Value? = nil
}

/// `view NAME [in PARENT] { gestures: ...  forwards: ...  view ... }`: a view,
/// the gestures attached to it, what it passes to its parent, its subviews.
public struct ViewDecl: Hashable, Sendable {
    public var name: Identifier
    /// The parent named with `in`; a nested view's parent is the enclosing one.
    public var parent: Identifier?
    public var gestures: [Identifier]
    /// Touch phases (`began`, `moved`, `ended`, `cancelled`) and gestures of
    /// this view that it does not handle and passes to its parent.
    public var forwards: [Identifier]
    /// v4: the screen edges whose system gestures the view asks the platform to defer.
    public var defersSystemEdges: [Identifier] = []
    public var subviews: [ViewDecl]
    public var range: SourceRange
}

/// `A requires B to fail`, `A with B`, `A after B [within D]`, `A hands
/// over to B` (v3) or `A wins over B` (v4); either side may list several
/// gestures (v3: `a, b requires c, d to fail`), one rule per pair.
public struct RuleDecl: Hashable, Sendable {
    public enum Relation: Hashable, Sendable, CaseIterable {
        case requiresToFail
        case with
        case after
        case handsOver
        case winsOver

        /// The words between the two sides (`hands over to`), and after the
        /// second (`to fail`): the parser, messages and the formatter read them here.
        public var words: (between: [String], after: [String]) {
            switch self {
            case .requiresToFail: (["requires"], ["to", "fail"])
            case .with: (["with"], [])
            case .after: (["after"], [])
            case .handsOver: (["hands", "over", "to"], [])
            case .winsOver: (["wins", "over"], [])
            }
        }

        /// The word that starts the relation after the first side: what tells a rule from other declarations.
        public var leadWord: String { words.between[0] }
        public static let leadWords = allCases.map(\.leadWord)
        /// The relation as messages and completions spell it: `requires`, `hands over to`.
        public var word: String { words.between.joined(separator: " ") }
    }
    public var relation: Relation
    public var lhs: [Identifier]
    public var rhs: [Identifier]
    public var range: SourceRange
    /// The `within` duration of an `after` rule, if written (a number or a constant's name).
    public var within: Value?
    /// The edges of a hand-over's `at` (v4: `listScroll hands over to sheetDrag at top`); empty without.
    public var edges: [Identifier] = []

    public init(relation: Relation, lhs: [Identifier], rhs: [Identifier], range: SourceRange, within: Value? = nil,
                edges: [Identifier] = []) {
        (self.relation, self.lhs, self.rhs, self.range, self.within, self.edges) = (relation, lhs, rhs, range, within, edges)
    }

    /// Every (left, right) pair the rule states, left to right, in the order written.
    public var pairs: [(lhs: Identifier, rhs: Identifier)] {
        lhs.flatMap { l in rhs.map { (l, $0) } }
    }
}

/// An `enabled:` condition on modes (v3): `zoomed`, `not zoomed`,
/// `zoomed and not editing`, `(a or b) and c`.
public indirect enum ModeExpression: Hashable, Sendable {
    case name(Identifier)
    case literal(Bool, SourceRange)
    case not(ModeExpression, SourceRange)
    case and(ModeExpression, ModeExpression)
    case or(ModeExpression, ModeExpression)
    /// `( ... )`: kept so that the range covers the parentheses.
    case group(ModeExpression, SourceRange)

    public var range: SourceRange {
        switch self {
        case .name(let id): id.range
        case .literal(_, let r), .not(_, let r), .group(_, let r): r
        case .and(let a, let b), .or(let a, let b): a.range.union(b.range)
        }
    }
}

/// A number as written: `300`, `10pt`, `300pt/s`, `0.05`.
public struct NumberLiteral: Hashable, Sendable {
    public var value: Double
    public var text: String
    public var unit: Identifier?
    public var range: SourceRange
}

/// A parameter or constant value.
public enum Value: Hashable, Sendable {
    case number(NumberLiteral)
    /// `a...b` or `a...`
    case range(lower: NumberLiteral, upper: NumberLiteral?, SourceRange)
    /// One name (`horizontal`, a constant) or an alternation of names (`left | right`).
    case names([Identifier], SourceRange)
    case boolean(Bool, SourceRange)
    /// Numbers separated by commas (v5 `anchors: 0pt, 320pt`, `marks: 40%, 80%`).
    case list([NumberLiteral], SourceRange)
    /// A word applied to a number (v5 `model: exponential(0.995)`).
    case call(Identifier, NumberLiteral, SourceRange)
    /// `"Delete"` (v4 `action:`): the text between the quotes, escapes resolved.
    case string(String, SourceRange)
    /// The pattern of `match:`.
    case pattern(PatternNode)
    /// An `enabled:` condition on modes with an operator (a lone name or
    /// `true`/`false` stays `.names` or `.boolean`: the checker tells a mode from a constant).
    case expression(ModeExpression)
    /// A value that did not parse; its error is reported already, so checks skip it.
    case invalid(SourceRange)

    /// Whether the value failed to parse.
    public var isInvalid: Bool {
        if case .invalid = self { true } else { false }
    }

    public var range: SourceRange {
        switch self {
        case .number(let n): n.range
        case .range(_, _, let r), .names(_, let r), .boolean(_, let r), .string(_, let r), .invalid(let r), .list(_, let r), .call(_, _, let r): r
        case .pattern(let p): p.range
        case .expression(let e): e.range
        }
    }
}

/// A stroke pattern: a regular expression over direction classes.
public struct PatternNode: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        /// A direction class or union, by name (`down-right`, `horizontal`).
        case name(String)
        case sequence([PatternNode])
        case alternation([PatternNode])
        /// `x?`, `x*`, `x+`, `x{n}`, `x{n,}`, `x{n,m}`; `max == nil` is unbounded.
        case repetition(PatternNode, min: Int, max: Int?)
    }
    public var kind: Kind
    public var range: SourceRange
}
