/// Renders diagnostics the way swiftc and clang do, so editors can jump to them:
///
///     specs/taps.gesture:3:28: error: expected a duration, got a distance (10pt)
///     gesture doubleTap: tap { maxInterval: 10pt }
///                                           ^~~~
///
/// Notes follow their diagnostic in the same form. Color is a decoration
/// applied only when asked (the CLI asks when stderr is a terminal).
public struct DiagnosticRenderer: Sendable {
    /// Whether severities and carets get ANSI colors.
    public var colored: Bool

    /// A renderer; plain text unless `colored`.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// Renders every diagnostic of one file, sorted by location.
    public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        var out = ""
        for d in diagnostics.sortedByLocation() {
            out += render(d, in: source)
        }
        return out
    }

    /// Renders one diagnostic with its snippet, notes and fix-its.
    public func render(_ d: Diagnostic, in source: SourceFile) -> String {
        var out = block(d.severity, d.message, d.range, in: source)
        // As clang does: the replacement text stands under the caret line.
        let line = source.location(of: d.range.start).line
        for fix in d.fixIts.prefix(1) where source.location(of: fix.range.start).line == line {
            out += padding(to: source.location(of: fix.range.start).column, of: source.lineText(line))
                + paint(fix.replacement, .note) + "\n"
        }
        for note in d.notes {
            out += block(.note, note.message, note.range, in: source)
        }
        for line in d.attachment {
            out += "    " + line + "\n"
        }
        return out
    }

    private func block(_ severity: Severity, _ message: String, _ range: SourceRange, in source: SourceFile) -> String {
        let loc = source.location(of: range.start)
        let line = source.lineText(loc.line)
        var marker = padding(to: loc.column, of: line)
        let end = source.location(of: range.end)
        let lastColumn = end.line == loc.line ? end.column : line.utf8.count + 1
        // Columns count bytes, but the caret line counts characters so it sits under them.
        let covered = line.utf8.dropFirst(loc.column - 1).prefix(max(0, lastColumn - loc.column))
        let width = max(1, Substring(covered).count)
        marker += "^" + String(repeating: "~", count: width - 1)
        let header = "\(source.path):\(loc.line):\(loc.column): \(paint(severity.rawValue + ":", severity)) \(message)"
        return header + "\n" + line + "\n" + paint(marker, .note) + "\n"
    }

    /// White space reaching `column`; tabs stay tabs so carets line up under them.
    private func padding(to column: Int, of line: Substring) -> String {
        String(Substring(line.utf8.prefix(column - 1)).map { $0 == "\t" ? "\t" : " " })
    }

    private func paint(_ text: String, _ severity: Severity) -> String {
        guard colored else { return text }
        let code = switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;35m"
        case .note: "\u{1B}[1;32m"
        }
        return code + text + "\u{1B}[0m"
    }
}
