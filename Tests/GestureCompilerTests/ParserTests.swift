import Testing
@testable import GestureCompiler

@Suite struct ParserTests {
    private func parse(_ text: String) -> (SpecSyntax, [Diagnostic], SourceFile) {
        let source = SourceFile(path: "t.gesture", text: text)
        let (syntax, diagnostics) = Parser.parse(source)
        return (syntax, diagnostics, source)
    }

    @Test func gestureNodesCarryExactRanges() throws {
        let text = "let s = 10pt\n\n/// Two taps.\ngesture doubleTap: tap { taps: 2  slop: s }\n"
        let (syntax, diagnostics, source) = parse(text)
        #expect(diagnostics.isEmpty)
        guard case .gesture(let g) = syntax.declarations[1] else { Issue.record("expected a gesture"); return }
        #expect(g.doc == "Two taps.")
        #expect(source.text(g.name.range) == "doubleTap")
        let loc = source.location(of: g.name.range.start)
        #expect((loc.line, loc.column, loc.offset) == (4, 9, 36))
        #expect(source.text(g.kind.range) == "tap")
        #expect(g.parameters.map(\.name.name) == ["taps", "slop"])
        #expect(source.text(g.parameters[0].range) == "taps: 2")
        #expect(source.text(g.range) == "gesture doubleTap: tap { taps: 2  slop: s }")
        guard case .names(let names, _) = g.parameters[1].value else { Issue.record("expected a name"); return }
        #expect(names.map(\.name) == ["s"])
    }

    @Test func numbersKeepTheirUnitsOnlyWhenAdjacent() {
        let (syntax, _, source) = parse("gesture f: swipe { minVelocity: 300pt/s  minDistance: 50pt }\n")
        guard case .gesture(let g) = syntax.declarations[0], case .number(let n) = g.parameters[0].value else {
            Issue.record("expected a number"); return
        }
        #expect(n.value == 300 && n.unit?.name == "pt/s" && source.text(n.range) == "300pt/s")
        // With a space, the word after a number is the next parameter, not a unit.
        let (spaced, diagnostics, _) = parse("gesture a: tap { taps: 2 slop: 3pt }\n")
        guard case .gesture(let h) = spaced.declarations[0] else { Issue.record("expected a gesture"); return }
        #expect(diagnostics.isEmpty && h.parameters.count == 2)
    }

    @Test func rangesAndAlternatives() {
        let (syntax, diagnostics, _) = parse("gesture p: pan { touches: 1...2 }\ngesture q: pan { touches: 2... }\ngesture w: swipe { directions: left | right }\n")
        #expect(diagnostics.isEmpty)
        let values = syntax.declarations.compactMap { d -> Value? in
            if case .gesture(let g) = d { return g.parameters[0].value } else { return nil }
        }
        guard case .range(let a, let b, _) = values[0], case .range(let c, nil, _) = values[1],
              case .names(let names, _) = values[2] else { Issue.record("unexpected values \(values)"); return }
        #expect(a.value == 1 && b?.value == 2 && c.value == 2)
        #expect(names.map(\.name) == ["left", "right"])
    }

    @Test func patternsParseWithPrecedence() {
        let (syntax, diagnostics, _) = parse("gesture s: stroke { match: down-right up-right | (left right){2,}? any*\n segment: 5pt }\n")
        #expect(diagnostics.isEmpty)
        guard case .gesture(let g) = syntax.declarations[0], case .pattern(let p) = g.parameters[0].value,
              case .alternation(let alts) = p.kind else { Issue.record("expected an alternation"); return }
        #expect(alts.count == 2)
        guard case .sequence(let first) = alts[0].kind, case .sequence(let second) = alts[1].kind else {
            Issue.record("expected sequences"); return
        }
        #expect(first.count == 2 && second.count == 2)
        guard case .repetition(let inner, 0, 1) = second[0].kind, case .repetition(_, 2, nil) = inner.kind else {
            Issue.record("expected {2,}? around the group"); return
        }
        #expect(g.parameters.map(\.name.name) == ["match", "segment"])
    }

    @Test func patternEndsAtNewlineBraceCommaOrNextParameter() {
        for text in [
            "gesture s: stroke { match: right left\n segment: 5pt }\n",
            "gesture s: stroke { match: right left }\n",
            "gesture s: stroke { match: right left, segment: 5pt }\n",
            "gesture s: stroke { match: right left segment: 5pt }\n",
        ] {
            let (syntax, diagnostics, _) = parse(text)
            #expect(diagnostics.isEmpty, "\(text)")
            guard case .gesture(let g) = syntax.declarations[0], case .pattern(let p) = g.parameters[0].value,
                  case .sequence(let items) = p.kind else { Issue.record("\(text)"); continue }
            #expect(items.count == 2)
        }
    }

    @Test func recoveryReportsEveryBrokenDeclaration() {
        let text = """
            gesture a tap { taps: 1 }
            gesture b: tap { taps: }
            gesture c: tap { taps: 2 }
            c wth b
            gesture d: tap { taps: 3 }
            """
        let (syntax, diagnostics, _) = parse(text)
        #expect(diagnostics.count == 3)
        let names = syntax.declarations.compactMap { d -> String? in
            if case .gesture(let g) = d { return g.name.name } else { return nil }
        }
        #expect(names == ["a", "b", "c", "d"])
    }

    @Test func rulesParse() {
        let (syntax, diagnostics, _) = parse("a requires b to fail\nb with c\n")
        #expect(diagnostics.isEmpty)
        #expect(syntax.declarations == [
            .rule(RuleDecl(relation: .requiresToFail, lhs: [.init(name: "a", range: .init(start: 0, end: 1))],
                           rhs: [.init(name: "b", range: .init(start: 11, end: 12))], range: .init(start: 0, end: 20))),
            .rule(RuleDecl(relation: .with, lhs: [.init(name: "b", range: .init(start: 21, end: 22))],
                           rhs: [.init(name: "c", range: .init(start: 28, end: 29))], range: .init(start: 21, end: 29))),
        ])
    }

    @Test func commentsAreSkippedAndDocCommentsKept() {
        let text = "// plain\n/* block\n over lines */ //// not doc\n/// first\n/// second\ngesture a: tap {}\n"
        let (syntax, diagnostics, _) = parse(text)
        #expect(diagnostics.isEmpty)
        guard case .gesture(let g) = syntax.declarations.first else { Issue.record("expected a gesture"); return }
        #expect(g.doc == "first\nsecond")
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() {
        let (syntax, diagnostics, source) = parse("\u{FEFF}gesture a: tap {\r\n  taps: 2\r\n}\r\n")
        #expect(diagnostics.isEmpty)
        guard case .gesture(let g) = syntax.declarations.first else { Issue.record("expected a gesture"); return }
        #expect(source.location(of: g.name.range.start).column == 12)  // bytes, the mark included
        #expect(g.parameters.map(\.name.name) == ["taps"])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 10_000
        let text = "gesture s: stroke { match: " + String(repeating: "(", count: depth) + "right"
            + String(repeating: ")", count: depth) + " }\n"
        let (_, diagnostics, _) = parse(text)
        #expect(diagnostics.map(\.id) == ["pattern-too-deep"])
    }
}
