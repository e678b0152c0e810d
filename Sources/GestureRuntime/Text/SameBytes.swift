// Names, keys and spellings are compared as their UTF-8 bytes.

extension String {
    /// Whether the two are the same UTF-8 bytes: how a table's names, a
    /// control call's keys and a unit's spelling are compared, not as Unicode
    /// strings (`==`, canonical equivalence). A name is what the compiler
    /// wrote, byte for byte, as JavaScript's `===` compares it; and the web
    /// module then links none of the standard library's normalization code
    /// and Unicode tables, a third of what a page downloaded (docs/web.md).
    @inline(__always)
    package func isSame(as other: String) -> Bool { withBytes { a in other.withBytes { b in a.elementsEqual(b) } } }

    /// Calls `body` with the string's UTF-8 bytes, in place: a buffer, never
    /// the view's indices, whose general walk (for strings of other
    /// encodings) was 9 KB of the web module for no string it ever holds.
    @inline(__always)
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        #if hasFeature(Embedded)
        // Every string of Embedded Swift is stored as UTF-8, in one piece (none is bridged).
        preconditionFailure("a String without contiguous UTF-8")
        #else
        return Array(utf8).withUnsafeBufferPointer(body)
        #endif
    }
}
