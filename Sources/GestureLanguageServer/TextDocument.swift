import GestureCompiler

/// An open document: its text as UTF-8 bytes (what the compiler reads) and
/// the conversions between the protocol's positions (line, UTF-16 code unit
/// in the line) and byte offsets.
struct TextDocument: Sendable {
    let uri: String
    private(set) var version: Int
    private(set) var bytes: [UInt8]
    /// Byte offset of each line's start.
    private var lineStarts: [Int]

    init(uri: String, version: Int, text: String) {
        (self.uri, self.version, self.bytes, self.lineStarts) = (uri, version, Array(text.utf8), [])
        indexLines()
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The source the compiler reads, named by the document's path.
    var source: SourceFile { SourceFile(path: Self.path(of: uri), bytes: bytes) }

    /// `file:///a/b%20c.gesture` -> `/a/b c.gesture`; other URIs unchanged.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var bytes: [UInt8] = []
        let utf8 = Array(uri.utf8.dropFirst(7))
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let v = UInt8(String(decoding: utf8[i + 1...i + 2], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func indexLines() {
        lineStarts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
    }

    var lineCount: Int { lineStarts.count }

    /// The byte offset of a protocol position; nil when the line is past the
    /// end. A character past the line's end is the line's end, as the protocol says.
    func offset(line: Int, character: Int) -> Int? {
        guard line >= 0, character >= 0, line < lineStarts.count else { return nil }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        var offset = lineStarts[line], units = 0
        while offset < end && units < character {
            let (length, width) = Self.scalar(at: offset, in: bytes)
            // A position inside a surrogate pair is the pair's start.
            if units + width > character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The protocol position of a byte offset (clamped to the text).
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var i = lineStarts[lo], units = 0
        while i < offset {
            let (length, width) = Self.scalar(at: i, in: bytes)
            units += width
            i += length
        }
        return (lo, units)
    }

    /// The UTF-8 length of the scalar at `i` and its width in UTF-16 code units.
    private static func scalar(at i: Int, in bytes: [UInt8]) -> (Int, Int) {
        switch bytes[i] {
        case 0xF0...: (min(4, bytes.count - i), 2)
        case 0xE0...: (min(3, bytes.count - i), 1)
        case 0xC0...: (min(2, bytes.count - i), 1)
        default: (1, 1)
        }
    }

    /// Applies one `contentChanges` entry: a whole new text, or a range replaced.
    /// False when the range lies outside the text (the document is then unchanged).
    mutating func apply(range: (start: (Int, Int), end: (Int, Int))?, text: String, version: Int) -> Bool {
        if let range {
            // Clients address the end of a text that ends in a line break as the line after it.
            func edge(_ p: (Int, Int)) -> Int? { p.0 == lineStarts.count && p.1 == 0 ? bytes.count : offset(line: p.0, character: p.1) }
            guard let a = edge(range.start), let b = edge(range.end), a <= b else { return false }
            bytes.replaceSubrange(a..<b, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        self.version = version
        indexLines()
        return true
    }
}
