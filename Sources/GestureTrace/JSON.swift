import GestureRuntime

/// A JSON value: what trace lines and JSON-RPC messages are made of, read by
/// the one JSON reader gspec has. Parsed strictly (RFC 8259) with a depth
/// limit, so no input can exhaust the stack; written compactly with object
/// keys in insertion order.
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Number)
    case string(String)
    case array([JSON])
    /// Keys in insertion order (a client's order is kept; ours is the order we wrote).
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x.value == y.value
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized)
    }

    /// The member `key` of an object (the last one, if repeated), or nil.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    /// A whole number that fits in `Int`, or nil.
    public var int: Int? {
        guard case .number(let n) = self, n.value.rounded() == n.value, abs(n.value) < 9.0e15 else { return nil }
        return Int(n.value)
    }

    /// A number as written (a trace's `t` converts to microseconds from its text, exactly).
    public struct Number: Hashable, Sendable {
        /// The literal, as read or as written out.
        public let text: String
        public let value: Double

        /// `d` as JSON writes it: a whole number without a fraction, a non-finite one as null.
        public init(_ d: Double) {
            value = d
            text = d.rounded() == d && abs(d) < 9.0e15 ? String(Int(d)) : d.isFinite ? "\(d)" : "null"
        }

        package init(text: String, value: Double) {
            (self.text, self.value) = (text, value)
        }
    }

    /// A whole number.
    public init(_ n: Int) { self = .number(Number(Double(n))) }

    // MARK: Writing

    /// Compact JSON text.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): out += Self.quoted(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += Self.quoted(key)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A plain decimal number (`-12`, `0.5`, `+3.`, `.5e-3`), correctly rounded;
    /// nil for anything else, hexadecimal, `inf` and `nan` included. Every number
    /// gspec reads from a trace or a flag goes through here, so the native and
    /// the WebAssembly builds (where the rounding is JavaScript's `Number`,
    /// correctly rounded too) accept the same texts and read the same values.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = 0, i = text.utf8.startIndex
        let end = text.utf8.endIndex
        func at(_ c: Unicode.Scalar) -> Bool { i < end && text.utf8[i] == UInt8(ascii: c) }
        func skipDigits() -> Int {
            var n = 0
            while i < end, (48...57).contains(text.utf8[i]) { i = text.utf8.index(after: i); n += 1 }
            return n
        }
        if at("-") || at("+") { i = text.utf8.index(after: i) }
        digits += skipDigits()
        if at(".") {
            i = text.utf8.index(after: i)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if at("e") || at("E") {
            i = text.utf8.index(after: i)
            if at("-") || at("+") { i = text.utf8.index(after: i) }
            guard skipDigits() > 0 else { return nil }
        }
        return i == end ? Double(String(text)) : nil
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var text = ByteText()
        text.writeQuoted(s.utf8)
        return text.string
    }

    // MARK: Reading

    /// Why a text is not JSON, with the byte offset where it stopped being JSON.
    public struct ParseError: Error, Equatable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// Deepest nesting accepted: deeper input is an error, not a stack overflow.
    public static let maxDepth = 256

    /// Parses one JSON value filling all of `bytes` (white space aside).
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON { try parse(bytes[...]) }

    /// Parses one JSON value filling all of `bytes` (white space aside); offsets in errors count from its start.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> JSON {
        var parser = Parser(bytes: bytes, pos: bytes.startIndex)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.pos == bytes.endIndex else { throw parser.fail("text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: ArraySlice<UInt8>
        var pos: Int

        mutating func skipSpace() {
            while pos < bytes.endIndex, bytes[pos] == 0x20 || bytes[pos] == 0x09 || bytes[pos] == 0x0A || bytes[pos] == 0x0D { pos += 1 }
        }

        func fail(_ message: String) -> ParseError { ParseError(message: message, offset: pos - bytes.startIndex) }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < JSON.maxDepth else { throw fail("nested deeper than \(JSON.maxDepth)") }
            skipSpace()
            guard pos < bytes.endIndex else { throw fail("unexpected end of input") }
            switch bytes[pos] {
            case UInt8(ascii: "{"):
                pos += 1
                var members: [(String, JSON)] = []
                skipSpace()
                if pos < bytes.endIndex && bytes[pos] == UInt8(ascii: "}") {
                    pos += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard pos < bytes.endIndex, bytes[pos] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                    let key = try string()
                    skipSpace()
                    guard pos < bytes.endIndex, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    pos += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard pos < bytes.endIndex else { throw fail("unexpected end of input") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    guard bytes[pos] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                    pos += 1
                    return .object(members)
                }
            case UInt8(ascii: "["):
                pos += 1
                var items: [JSON] = []
                skipSpace()
                if pos < bytes.endIndex && bytes[pos] == UInt8(ascii: "]") {
                    pos += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard pos < bytes.endIndex else { throw fail("unexpected end of input") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    guard bytes[pos] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                    pos += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func word(_ w: String) throws(ParseError) {
            let utf8 = Array(w.utf8)
            guard pos + utf8.count <= bytes.endIndex, Array(bytes[pos..<pos + utf8.count]) == utf8 else { throw fail("invalid literal") }
            pos += utf8.count
        }

        mutating func number() throws(ParseError) -> Number {
            let start = pos
            func digits() -> Int {
                let from = pos
                while pos < bytes.endIndex, bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1 }
                return pos - from
            }
            if pos < bytes.endIndex && bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            let whole = pos
            guard digits() > 0 else { throw fail("invalid value") }
            if bytes[whole] == UInt8(ascii: "0") && pos - whole > 1 { throw fail("leading zero in a number") }
            if pos < bytes.endIndex && bytes[pos] == UInt8(ascii: ".") {
                pos += 1
                guard digits() > 0 else { throw fail("expected digits after '.'") }
            }
            if pos < bytes.endIndex && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
                pos += 1
                if pos < bytes.endIndex && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
                guard digits() > 0 else { throw fail("expected an exponent") }
            }
            let text = String(decoding: bytes[start..<pos], as: UTF8.self)
            guard let d = decimal(text) else { throw fail("invalid number") }
            return Number(text: text, value: d)
        }

        mutating func string() throws(ParseError) -> String {
            pos += 1  // the opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = pos
            func flush(_ to: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<to], as: UTF8.self).unicodeScalars) }
            while pos < bytes.endIndex {
                let b = bytes[pos]
                if b == UInt8(ascii: "\"") {
                    flush(pos)
                    pos += 1
                    return String(scalars)
                }
                if b < 0x20 { throw fail("control character in a string") }
                guard b == UInt8(ascii: "\\") else { pos += 1; continue }
                flush(pos)
                pos += 1
                guard pos < bytes.endIndex else { break }
                let e = bytes[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if code >= 0xD800 && code < 0xDC00, pos + 1 < bytes.endIndex,
                       bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
                        pos += 2
                        let low = try hex4()
                        if low >= 0xDC00 && low < 0xE000 {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalars.append("\u{FFFD}")
                            code = low
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw fail("invalid escape")
                }
                runStart = pos
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard pos + 4 <= bytes.endIndex else { throw fail("short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[pos]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw fail("invalid \\u escape")
                }
                v = v * 16 + d
                pos += 1
            }
            return v
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}
