/// Settings tried without editing the spec (`gspec eval --search`).
extension SourceFile {
    /// A constant `settingConstants` was asked to set that the file does not declare.
    public struct UnknownConstant: Error, Sendable {
        public var name: String
        /// The constants the file declares, in order.
        public var declared: [String]
    }

    /// The same file with each named `let` constant's value replaced by the
    /// given text (`45deg`, `80%`): the checker then sees the new value
    /// everywhere the constant is used, with the spec's own checks.
    public func settingConstants(_ values: [(name: String, text: String)]) throws(UnknownConstant) -> SourceFile {
        guard !values.isEmpty else { return self }
        let (syntax, _) = Parser.parse(self)
        var ranges: [String: SourceRange] = [:]
        var declared: [String] = []
        for case .constant(let c) in syntax.declarations where ranges[c.name.name] == nil {
            ranges[c.name.name] = c.value.range
            declared.append(c.name.name)
        }
        var edits: [(range: SourceRange, text: String)] = []
        for (name, text) in values {
            guard let range = ranges[name] else { throw UnknownConstant(name: name, declared: declared) }
            edits.append((range, text))
        }
        var bytes = self.bytes
        // From the end, so that earlier offsets stay valid.
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.text.utf8))
        }
        return SourceFile(path: path, bytes: bytes)
    }
}
