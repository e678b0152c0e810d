/// Splits a source file into tokens. Never fails: bad characters become
/// diagnostics and are skipped, so the parser always sees a token stream
/// ending in `.endOfFile`.
struct Lexer {
    private let bytes: [UInt8]
    private var pos = 0
    private(set) var diagnostics: [Diagnostic] = []
    /// The plain comments skipped, in order (`.comment` tokens): the parser
    /// never sees them; the formatter puts them back.
    private(set) var comments: [Token] = []

    init(_ source: SourceFile) {
        bytes = source.bytes
        // Editors on some platforms start UTF-8 files with a byte-order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
    }

    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        var sawNewline = true
        while true {
            sawNewline = skipTrivia() || sawNewline
            guard pos < bytes.count else {
                tokens.append(Token(kind: .endOfFile, range: SourceRange(start: pos, end: pos), leadingNewline: true))
                return tokens
            }
            let start = pos
            // A unit must hug its number: `10pt`, not `10 pt`.
            let afterNumber = tokens.last.map { $0.kind == .number && $0.range.end == start } ?? false
            if let kind = lexOne(afterNumber: afterNumber) {
                tokens.append(Token(kind: kind, range: SourceRange(start: start, end: pos), leadingNewline: sawNewline))
                sawNewline = false
            }
        }
    }

    /// Skips white space and plain comments; returns whether a line break was crossed.
    private mutating func skipTrivia() -> Bool {
        var newline = false
        while pos < bytes.count {
            let c = bytes[pos]
            if c == ascii("\n") {
                newline = true
                pos += 1
            } else if c == ascii(" ") || c == ascii("\t") || c == ascii("\r") {
                pos += 1
            } else if c == ascii("/") && peek(1) == ascii("/") && !(peek(2) == ascii("/") && peek(3) != ascii("/")) {
                let start = pos
                while pos < bytes.count && bytes[pos] != ascii("\n") { pos += 1 }
                comments.append(Token(kind: .comment, range: SourceRange(start: start, end: pos), leadingNewline: newline))
            } else if c == ascii("/") && peek(1) == ascii("*") {
                let start = pos
                pos += 2
                while pos < bytes.count && !(bytes[pos] == ascii("*") && peek(1) == ascii("/")) {
                    if bytes[pos] == ascii("\n") { newline = true }
                    pos += 1
                }
                if pos < bytes.count {
                    pos += 2
                    comments.append(Token(kind: .comment, range: SourceRange(start: start, end: pos), leadingNewline: newline))
                } else {
                    diagnostics.report(.unterminatedComment, at: SourceRange(start: start, end: start + 2))
                }
            } else {
                break
            }
        }
        return newline
    }

    private mutating func lexOne(afterNumber: Bool) -> Token.Kind? {
        let c = bytes[pos]
        if c == ascii("/") && peek(1) == ascii("/") {  // `///`: skipTrivia left it for us
            while pos < bytes.count && bytes[pos] != ascii("\n") { pos += 1 }
            return .docComment
        }
        if isDigit(c) || (c == ascii("-") && peek(1).map(isDigit) == true) {
            pos += 1
            while pos < bytes.count && isDigit(bytes[pos]) { pos += 1 }
            if peek(0) == ascii("."), let d = peek(1), isDigit(d) {
                pos += 1
                while pos < bytes.count && isDigit(bytes[pos]) { pos += 1 }
            }
            return .number
        }
        if afterNumber && (isLetter(c) || c == ascii("%")) {
            while pos < bytes.count && (isLetter(bytes[pos]) || bytes[pos] == ascii("/") || bytes[pos] == ascii("%")) {
                pos += 1
            }
            return .unit
        }
        if isLetter(c) || c == ascii("_") {
            lexIdentifier()
            return .identifier
        }
        if c == ascii("\"") {
            let start = pos
            pos += 1
            while pos < bytes.count && bytes[pos] != ascii("\"") && bytes[pos] != ascii("\n") {
                pos += bytes[pos] == ascii("\\") && peek(1) != nil && peek(1) != ascii("\n") ? 2 : 1
            }
            if pos < bytes.count && bytes[pos] == ascii("\"") {
                pos += 1
            } else {
                // Read to the line's end as the string it meant: one error, no cascade.
                diagnostics.report(.unterminatedString, at: SourceRange(start: start, end: pos))
            }
            return .string
        }
        pos += 1
        switch c {
        case ascii("{"): return .leftBrace
        case ascii("}"): return .rightBrace
        case ascii("("): return .leftParen
        case ascii(")"): return .rightParen
        case ascii(":"): return .colon
        case ascii(","): return .comma
        case ascii("|"): return .pipe
        case ascii("="): return .equals
        case ascii("?"): return .question
        case ascii("*"): return .star
        case ascii("+"): return .plus
        case ascii(".") where peek(0) == ascii(".") && peek(1) == ascii("."):
            pos += 2
            return .ellipsis
        case ascii(".") where peek(0) == ascii("."):
            // `1..2`: one error with its fix-it, and read as the range it means.
            let range = SourceRange(start: pos - 1, end: pos + 1)
            diagnostics.report(.twoDotRange, at: range, fixIts: [.init(replace: range, with: "...")])
            pos += 1
            return .ellipsis
        default:
            pos -= 1
            let start = pos
            pos += scalarLength(c)
            let text = String(decoding: bytes[start..<min(pos, bytes.count)], as: UTF8.self)
            diagnostics.report(.unexpectedCharacter(text), at: SourceRange(start: start, end: min(pos, bytes.count)))
            pos = min(pos, bytes.count)
            return nil
        }
    }

    /// Identifiers may join words with `-` (`down-right`, `up-left`). A stray
    /// character between two name characters (`single$Tap`) is reported and
    /// kept inside the name, so one typo gives one error, not a cascade.
    private mutating func lexIdentifier() {
        while pos < bytes.count {
            let b = bytes[pos]
            if isLetter(b) || isDigit(b) || b == ascii("_") {
                pos += 1
            } else if b == ascii("-"), let next = peek(1), isLetter(next) {
                pos += 1
            } else if isStray(b), case let length = scalarLength(b), let next = peek(length),
                      isLetter(next) || isDigit(next) || next == ascii("_") {
                let text = String(decoding: bytes[pos..<pos + length], as: UTF8.self)
                diagnostics.report(.unexpectedCharacter(text, inName: true), at: SourceRange(start: pos, end: pos + length))
                pos += length
            } else {
                break
            }
        }
    }

    /// Bytes that can start no token.
    private func isStray(_ b: UInt8) -> Bool {
        b >= 0x80 || "$@#~`^&!\\'\";<>[]".utf8.contains(b)
    }

    private func peek(_ ahead: Int) -> UInt8? {
        pos + ahead < bytes.count ? bytes[pos + ahead] : nil
    }

    private func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

@inline(__always) func ascii(_ c: Unicode.Scalar) -> UInt8 { UInt8(ascii: c) }
@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
@inline(__always) func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
