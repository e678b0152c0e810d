// Text the engine writes for its callers (a table's error, `describe`'s
// JSON, the anomaly counts), appended as UTF-8 bytes: literals are
// `StaticString`s and numbers are written digit by digit, so the web module
// that writes them links none of the standard library's string building
// (growing, appending and validating `String`s, printing integers): 8 KB
// of what a page downloads (docs/web.md). Natively the same code runs, and
// a `String` is made from the bytes where one is wanted.

/// UTF-8 bytes being written.
public struct ByteText: Hashable, Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ s: String) { s.withBytes { bytes.append(contentsOf: $0) } }

    public mutating func write(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    /// An integer in decimal.
    public mutating func write(_ n: some BinaryInteger) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = UInt64(truncatingIfNeeded: n.magnitude)
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(m % 10))
            m /= 10
        } while m > 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// A string as a JSON string literal.
    public mutating func writeQuoted(_ s: String) { s.withBytes { writeQuoted($0) } }

    /// UTF-8 bytes as a JSON string literal.
    public mutating func writeQuoted(_ s: some Sequence<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "\""))
        for b in s {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), b]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                    hex.utf8Start[Int(b >> 4)], hex.utf8Start[Int(b & 15)]]
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// A message written with string interpolation whose literals and numbers
/// go straight into bytes (`ByteText`): `.invalid("rule of gesture \(g)")`.
public struct TableText: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    public var text = ByteText()

    public init(stringLiteral s: StaticString) { text.write(s) }

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ByteText()
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ s: StaticString) { text.write(s) }
        public mutating func appendInterpolation(_ n: some BinaryInteger) { text.write(n) }
        public mutating func appendInterpolation(_ s: String) { text.write(s) }
    }

    public var description: String { text.string }
}
