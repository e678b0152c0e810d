/// The text of one `.gesture` file as UTF-8 bytes, with the line table that
/// turns byte offsets into line and column once per file.
public struct SourceFile: Sendable {
    /// The path as the user gave it; diagnostics print it unchanged.
    public let path: String
    /// The file's bytes. Offsets in ranges index this array.
    public let bytes: [UInt8]
    /// Offset of the first byte of each line.
    private let lineStarts: [Int]

    /// A file from its bytes, as read from disk.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            starts.append(i + 1)
        }
        lineStarts = starts
    }

    /// A file from text, for tests and generated input.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and UTF-8-byte column of an offset (clamped to the file).
    public func location(of offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // Last line start <= offset.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(offset: offset, line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> Substring {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return Substring(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The text a range covers.
    public func text(_ range: SourceRange) -> String {
        let lo = min(max(range.start, 0), bytes.count)
        let hi = min(max(range.end, lo), bytes.count)
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }
}

/// A resolved position: byte offset plus 1-based line and UTF-8 column.
public struct SourceLocation: Hashable, Sendable {
    public var offset: Int
    public var line: Int
    public var column: Int
}

/// A half-open byte range `start..<end` in one source file.
public struct SourceRange: Hashable, Sendable {
    public var start: Int
    public var end: Int

    /// The bytes `start..<end`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// Whether `other` lies within this range.
    public func contains(_ other: SourceRange) -> Bool {
        start <= other.start && other.end <= end
    }
}
