import Testing
@testable import GestureCompiler

@Suite struct DiagnosticRendererTests {
    @Test func rendersLocationSnippetCaretNotesAndFixIts() {
        let source = SourceFile(path: "dir/x.gesture", text: "let a = 1pt\ngesture b: tap { slop: c }\n")
        let d = Diagnostic(DiagnosticMessage(.unknownName, "unknown constant 'c'"), at: SourceRange(start: 35, end: 36),
                           notes: [.init("declared here", at: SourceRange(start: 4, end: 5))],
                           fixIts: [.init(replace: SourceRange(start: 35, end: 36), with: "a")])
        #expect(DiagnosticRenderer().render([d], in: source) == """
            dir/x.gesture:2:24: error: unknown constant 'c'
            gesture b: tap { slop: c }
                                   ^
                                   a
            dir/x.gesture:1:5: note: declared here
            let a = 1pt
                ^

            """)
    }

    @Test func colorOnlyWhenAsked() {
        let source = SourceFile(path: "x", text: "abc\n")
        let d = Diagnostic(DiagnosticMessage(.unusedConstant, "careful"), at: SourceRange(start: 0, end: 3))
        #expect(!DiagnosticRenderer(colored: false).render(d, in: source).contains("\u{1B}["))
        #expect(DiagnosticRenderer(colored: true).render(d, in: source).contains("\u{1B}[1;35mwarning:"))
    }

    @Test func caretsLineUpAfterTabsAndMultibyteCharacters() {
        let source = SourceFile(path: "x", text: "\té x\n")
        // `x` is at byte offset 4 (tab, two bytes of é, space): column 5.
        let d = Diagnostic(DiagnosticMessage(.unknownName, "here"), at: SourceRange(start: 4, end: 5))
        #expect(DiagnosticRenderer().render(d, in: source) == "x:1:5: error: here\n\té x\n\t  ^\n")
    }

    @Test func sortedByLocationThenSeverity() {
        let source = SourceFile(path: "x", text: "abcdef\n")
        let late = Diagnostic(DiagnosticMessage(.unknownName, "late"), at: SourceRange(start: 4, end: 5))
        let warning = Diagnostic(DiagnosticMessage(.unusedConstant, "warn"), at: SourceRange(start: 1, end: 2))
        let error = Diagnostic(DiagnosticMessage(.unknownName, "err"), at: SourceRange(start: 1, end: 2))
        #expect([late, warning, error].sortedByLocation().map(\.message) == ["err", "warn", "late"])
        #expect(DiagnosticRenderer().render([late, error], in: source).hasPrefix("x:1:2: error: err"))
    }

    @Test func rangeAtEndOfFileRenders() {
        let source = SourceFile(path: "x", text: "gesture a: tap {")
        let result = Frontend.check(source)
        #expect(result.diagnostics.count == 1)
        #expect(DiagnosticRenderer().render(result.diagnostics, in: source).hasPrefix("x:1:17: error: expected '}'"))
    }
}
