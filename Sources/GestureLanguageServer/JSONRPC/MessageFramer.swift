/// Splits a byte stream into JSON-RPC message bodies framed as the Language
/// Server Protocol frames them: header lines (`Content-Length: N` required,
/// others ignored), a blank line, then N bytes.
///
/// A malformed header, or a length over `maxLength` (refused without reading
/// or holding its body), is reported, and reading resumes at the next
/// `Content-Length` in the stream: one bad frame costs that frame, not the session.
public struct MessageFramer: Sendable {
    /// One framing outcome.
    public enum Frame: Equatable, Sendable {
        /// A complete body.
        case message([UInt8])
        /// A header that could not be used; its bytes were dropped.
        case malformed(String)
    }

    /// The largest body accepted.
    public static let maxLength = 64 << 20
    /// The longest header section accepted before its blank line.
    static let maxHeaderBytes = 8 << 10
    private static let marker = Array("Content-Length".utf8)

    private var buffer: [UInt8] = []
    private var start = 0
    /// Looking for the next `Content-Length` after a bad frame.
    private var resyncing = false

    public init() {}

    /// Adds bytes read from the stream and returns the frames they complete.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        // Keep the buffer from growing with consumed bytes.
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    private mutating func next() -> Frame? {
        if resyncing {
            guard let found = find(Self.marker, from: start) else {
                // Keep what could be the start of a marker cut by the read.
                start = max(start, buffer.count - Self.marker.count + 1)
                return nil
            }
            (start, resyncing) = (found, false)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maxHeaderBytes {
                return resync(from: start + 1, "a header section longer than \(Self.maxHeaderBytes) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end.header], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return resync(from: start + 1, "a header line without ':': '\(line.prefix(80))'") }
            if parts[0].lowercased() == "content-length" {
                guard let n = Int(parts[1].trimmingSpaces), n >= 0 else {
                    return resync(from: start + 1, "Content-Length is not a length: '\(parts[1].trimmingSpaces.prefix(40))'")
                }
                length = n
            }
        }
        guard let length else { return resync(from: start + 1, "a header without Content-Length") }
        guard length <= Self.maxLength else {
            return resync(from: end.body, "Content-Length \(length) is over the \(Self.maxLength >> 20) MiB limit")
        }
        guard buffer.count - end.body >= length else { return nil }
        start = end.body + length
        return .message(Array(buffer[end.body..<start]))
    }

    private mutating func resync(from offset: Int, _ why: String) -> Frame {
        (start, resyncing) = (min(offset, buffer.count), true)
        return .malformed(why)
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0] && buffer[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Where the header section's `\r\n\r\n` is: the header's end and the body's start.
    private func headerEnd() -> (header: Int, body: Int)? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 { return (i, i + 4) }
            i += 1
        }
        return nil
    }

    /// A framed message: the header and `body`.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
