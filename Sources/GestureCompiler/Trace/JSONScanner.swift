/// Just enough JSON for one trace line: a flat object whose values the
/// reader needs are numbers (kept as their text) and strings; nested values
/// of unknown keys are skipped with a depth limit.
package struct JSONScanner {
    package enum Value: Equatable {
        case number(String)
        case string(String)
        /// An array whose elements are all numbers.
        case numbers([String])
        case bool(Bool)
        case other
    }

    package struct Failure: Error {
        package var text: String
    }

    private let bytes: ArraySlice<UInt8>
    private var i: Int
    package static let maxDepth = 64

    package init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        i = bytes.startIndex
    }

    package mutating func object() throws(Failure) -> [String: Value] {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw Failure(text: "expected a JSON object") }
        i += 1
        var result: [String: Value] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw Failure(text: "expected ':' after key '\(key)'") }
                i += 1
                skipSpace()
                let value = try value(depth: 1)
                if result[key] != nil { throw Failure(text: "duplicate key '\(key)'") }
                result[key] = value
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                guard peek == UInt8(ascii: "}") else { throw Failure(text: "expected ',' or '}' in object") }
                i += 1
                break
            }
        }
        skipSpace()
        guard i == bytes.endIndex else { throw Failure(text: "unexpected text after the JSON object") }
        return result
    }

    private var peek: UInt8? { i < bytes.endIndex ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A { i += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard depth <= Self.maxDepth else { throw Failure(text: "JSON nested too deeply") }
        guard let first = peek else { throw Failure(text: "expected a value") }
        switch first {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            i += 1
            skipSpace()
            if peek == close { i += 1; return isObject ? .other : .numbers([]) }
            var numbers: [String]? = isObject ? nil : []
            while true {
                skipSpace()
                if isObject {
                    _ = try string()
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { throw Failure(text: "expected ':' in nested object") }
                    i += 1
                    skipSpace()
                }
                if case .number(let n) = try value(depth: depth + 1) { numbers?.append(n) } else { numbers = nil }
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                guard peek == close else { throw Failure(text: "unterminated nested value") }
                i += 1
                return numbers.map(Value.numbers) ?? .other
            }
        default:
            for word in ["true", "false", "null"] where bytes[i...].starts(with: word.utf8) {
                i += word.utf8.count
                return word == "null" ? .other : .bool(word == "true")
            }
            throw Failure(text: "invalid JSON value")
        }
    }

    private mutating func string() throws(Failure) -> String {
        guard peek == UInt8(ascii: "\"") else { throw Failure(text: "expected a string") }
        i += 1
        var out: [UInt8] = []
        while let b = peek {
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\") {
                guard let e = peek else { break }
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.endIndex, let code = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16)
                    else { throw Failure(text: "bad \\u escape") }
                    i += 4
                    out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            } else {
                out.append(b)
            }
        }
        throw Failure(text: "unterminated string")
    }

    private mutating func number() throws(Failure) -> String {
        let start = i
        if peek == UInt8(ascii: "-") { i += 1 }
        var sawDigit = false
        while let b = peek, (b >= 48 && b <= 57) || b == UInt8(ascii: ".") || b == UInt8(ascii: "e")
                || b == UInt8(ascii: "E") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") {
            if b >= 48 && b <= 57 { sawDigit = true }
            i += 1
        }
        guard sawDigit else { throw Failure(text: "invalid number") }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard Double(text) != nil || text.allSatisfy({ $0.isNumber || $0 == "-" }) else {
            throw Failure(text: "invalid number '\(text)'")
        }
        return text
    }
}
