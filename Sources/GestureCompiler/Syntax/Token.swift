/// One lexical token. Tokens carry byte ranges, never copies of the text.
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case identifier
        /// Digits with an optional fraction and sign; a unit, if any, is the next token.
        case number
        /// Letters, `/` and `%` written directly after a number, e.g. `pt`, `pt/s`, `ms`.
        case unit
        /// `///` comment; its text attaches to the next gesture.
        case docComment
        case leftBrace, rightBrace, leftParen, rightParen
        case colon, comma, pipe, equals, ellipsis
        case question, star, plus
        case endOfFile
    }

    public var kind: Kind
    public var range: SourceRange
    /// Whether a line break separates this token from the previous one;
    /// `match:` patterns end at a line break.
    public var leadingNewline: Bool
}

/// Words the language reserves: they cannot name a gesture or a constant.
public enum Keyword {
    public static let declarations: Set<String> = ["gesture", "let", "requires", "to", "fail", "with"]
    public static let literals: Set<String> = ["true", "false"]
    public static let all: Set<String> =
        declarations.union(literals).union(GestureKindNames.all)
}

/// The kind keywords, spelled as `GestureKind.keyword`.
enum GestureKindNames {
    static let all: Set<String> = ["tap", "longPress", "swipe", "pan", "pinch", "rotation", "stroke"]
}
