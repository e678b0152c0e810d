import GestureRuntime

/// A part of a file outside `Sources` that the runtime's lists decide: the
/// event record, the enums, the name lists and the control keys as C, Java,
/// JNI, JavaScript and TypeScript write them (as flatbuffers' `flatc` or
/// SQLite's generated headers do). The file is written by hand around it;
/// between its two marker lines it is exactly `text`. `GeneratedBindingsTests`
/// checks every block of `all` and, with `GSPEC_RECORD=1`, rewrites them, so
/// a new event field, enum case or control key reaches every binding in one
/// run, and a stale one is a failing test, not a silent miss.
public struct GeneratedBlock: Sendable {
    /// How the file's language writes a comment line.
    public enum Comment: Sendable {
        /// `/* ... */`: C.
        case block
        /// `// ...`: Java, JavaScript, TypeScript.
        case line

        func wrap(_ text: String) -> String {
            switch self {
            case .block: "/* \(text) */"
            case .line: "// \(text)"
            }
        }
    }

    /// The file, from the package's root.
    public var path: String
    /// Which block of the file, and what writes it ("CHeaderEmitter.runtimeDeclarations").
    public var name: String
    public var comment: Comment
    /// The lines between the markers, each ending in a newline.
    public var text: String
    /// How far the markers are indented (the block's own lines carry their indentation).
    public var indent = ""

    public var begin: String { indent + comment.wrap("BEGIN generated from the runtime's lists (\(name)): do not edit by hand") }
    public var end: String { indent + comment.wrap("END generated (\(name))") }

    /// `file` with the lines between this block's markers replaced by
    /// `text`; nil when the file lacks them.
    public func applied(to file: String) -> String? {
        bounds(in: file).map { String(file[..<$0.lowerBound]) + text + String(file[$0.upperBound...]) }
    }

    /// What `file` holds between the markers now; nil when it lacks them.
    public func current(in file: String) -> String? {
        bounds(in: file).map { String(file[$0]) }
    }

    /// The lines between the marker lines.
    private func bounds(in file: String) -> Range<String.Index>? {
        guard let b = file.range(of: begin + "\n"), let e = file.range(of: end + "\n", range: b.upperBound..<file.endIndex) else { return nil }
        return b.upperBound..<e.lowerBound
    }

    /// Every generated block of the repository, in one list.
    public static var all: [GeneratedBlock] {
        CHeaderEmitter.blocks + CClientEmitter.blocks + JavaBindingsEmitter.blocks + JavaScriptRuntimeEmitter.blocks
    }
}
