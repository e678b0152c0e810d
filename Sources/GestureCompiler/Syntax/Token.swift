import GestureRuntime

/// One lexical token. Tokens carry byte ranges, never copies of the text.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case identifier
        /// Digits with an optional fraction and sign; a unit, if any, is the next token.
        case number
        /// Letters, `/` and `%` written directly after a number, e.g. `pt`, `pt/s`, `ms`.
        case unit
        /// `"Delete"`: text in double quotes on one line (`\"` and `\\` escaped), an action's name (v4).
        case string
        /// `///` comment; its text attaches to the next gesture.
        case docComment
        /// `//` or `/* */`: never in the parser's stream; `Lexer.comments` keeps them for the formatter.
        case comment
        case leftBrace, rightBrace, leftParen, rightParen
        case colon, comma, pipe, equals, ellipsis
        case question, star, plus
        case endOfFile
    }

    var kind: Kind
    var range: SourceRange
    /// Whether a line break separates this token from the previous one;
    /// `match:` patterns end at a line break.
    var leadingNewline: Bool
}

/// Words the language reserves: they cannot name a gesture or a constant.
enum Keyword {
    static let declarations: Set<String> = ["gesture", "let", "requires", "to", "fail", "with"]
    static let literals: Set<String> = ["true", "false"]
    static let all: Set<String> =
        declarations.union(literals).union(GestureKindNames.reserved)
}

/// The kind keywords: `GestureKind.keyword` of every kind; reserved, those
/// that are not contextual.
enum GestureKindNames {
    static let all = Set(GestureKind.allCases.map(\.keyword))
    static let reserved = Set(GestureKind.allCases.filter { !$0.isContextual }.map(\.keyword))
}
