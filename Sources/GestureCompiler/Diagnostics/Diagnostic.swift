/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in a spec, as data: rendered once, by `DiagnosticRenderer`.
public struct Diagnostic: Hashable, Sendable {
    /// Error, warning or note.
    public var severity: Severity
    /// A stable identifier, e.g. `unknown-gesture`, for tests and suppression.
    public var id: String
    /// One sentence, no trailing period.
    public var message: String
    /// What the diagnostic points at.
    public var range: SourceRange
    /// Related locations, e.g. the first declaration of a duplicate.
    public var notes: [Note]
    /// Suggested edits, e.g. the spelling a "did you mean" proposes.
    public var fixIts: [FixIt]
    /// Lines shown verbatim after the notes, e.g. a conflict's witness trace.
    public var attachment: [String] = []

    /// A diagnostic of `severity` with a stable `id`, at `range`.
    public init(
        _ severity: Severity, _ id: String, _ message: String, at range: SourceRange,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.id = id
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// A related location shown under a diagnostic.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange
        public init(_ message: String, at range: SourceRange) {
            self.message = message
            self.range = range
        }
    }

    /// Replace `range` with `replacement` to fix the problem.
    public struct FixIt: Hashable, Sendable {
        public var range: SourceRange
        public var replacement: String
        public init(replace range: SourceRange, with replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }
}

extension [Diagnostic] {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by location, then severity, then message, so output is stable.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            if a.element.range.start != b.element.range.start { return a.element.range.start < b.element.range.start }
            if a.element.severity != b.element.severity { return a.element.severity < b.element.severity }
            return a.offset < b.offset
        }.map(\.element)
    }
}
