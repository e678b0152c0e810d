/// The front end in one call: parse, then check.
public enum Frontend {
    /// What the front end knows about one file.
    public struct Result: Sendable {
        public var source: SourceFile
        public var syntax: SpecSyntax
        /// Meaningful only when `diagnostics` has no error.
        public var gestureSet: CheckedGestureSet
        /// Sorted by location.
        public var diagnostics: [Diagnostic]
    }

    /// Parses and checks a file. Syntax errors do not stop checking, so names,
    /// units and rules are checked in the parts that did parse.
    public static func check(_ source: SourceFile, examples: StrokeExamples = .none) -> Result {
        let (syntax, syntaxDiagnostics) = Parser.parse(source)
        let (set, semanticDiagnostics) = Checker.check(syntax, in: source, examples: examples)
        var diagnostics = syntaxDiagnostics + semanticDiagnostics
        // A file with no gesture builds a table that recognizes nothing: legal, but never what was
        // meant. (Not said when an error is why: a gesture that did not parse is not missing.)
        if !diagnostics.hasErrors && !syntax.declarations.contains(where: { if case .gesture = $0 { true } else { false } }) {
            diagnostics.report(.noGestures, at: SourceRange(start: 0, end: 0))
        }
        return Result(source: source, syntax: syntax, gestureSet: set, diagnostics: diagnostics.sortedByLocation())
    }
}
