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
    /// What it is about (`DiagnosticCatalogue.swift` lists every one).
    public var kind: DiagnosticID
    /// One sentence, no trailing period.
    public var message: String
    /// What the diagnostic points at.
    public var range: SourceRange
    /// Related locations, e.g. the first declaration of a duplicate.
    public var notes: [Note]
    /// Suggested edits, e.g. the spelling a "did you mean" proposes: each one
    /// an alternative, the first the preferred (the one the CLI shows, and an
    /// editor's preferred quick fix).
    public var fixIts: [FixIt]
    /// Lines shown verbatim after the notes, e.g. a conflict's witness trace.
    public var attachment: [String] = []

    /// A diagnostic of the catalogue, at `range`.
    public init(_ message: DiagnosticMessage, at range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []) {
        kind = message.id
        self.message = message.text
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// Error, warning or note: the kind's.
    public var severity: Severity { kind.severity }
    /// The stable identifier, e.g. `unknown-gesture`, for tests, editors and suppression.
    public var id: String { kind.name }

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
    /// Adds a diagnostic of the catalogue: the one way every stage reports a problem.
    mutating func report(_ message: DiagnosticMessage, at range: SourceRange,
                         notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        append(Diagnostic(message, at: range, notes: notes, fixIts: fixIts))
    }

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
