// Names, keys and spellings are compared as their UTF-8 bytes.

extension String {
    /// Whether the two are the same UTF-8 bytes: how a table's names, a
    /// control call's keys and a unit's spelling are compared, not as Unicode
    /// strings (`==`, canonical equivalence). A name is what the compiler
    /// wrote, byte for byte, as JavaScript's `===` compares it; and the web
    /// module then links none of the standard library's normalization code
    /// and Unicode tables, a third of what a page downloaded (docs/web.md).
    @inline(__always)
    package func isSame(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
