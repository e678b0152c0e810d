import Foundation
import GSpecFuzz
import Testing
@testable import GestureCompiler
@testable import GestureRuntime

/// `SpecFormatter`: one layout, idempotent, nothing lost, the same table.
struct FormatterTests {
    private func format(_ text: String) throws -> String {
        switch SpecFormatter.format(SourceFile(path: "t.gesture", text: text)) {
        case .success(let out): return out
        case .failure(let error): throw FormatFailure(error: error)
        }
    }

    private struct FormatFailure: Error { var error: SpecFormatter.FormatError }

    /// Every spec file the repository holds: shipped, golden, grammar examples.
    private static var specFiles: [URL] {
        let root = Paths.packageRoot
        let dirs = ["specs", "grammar/examples", "Tests/GSpecCLITests/Golden/specs", "Tests/GestureCompilerTests/Golden"]
        return dirs.flatMap { dir in
            let base = root.appendingPathComponent(dir)
            let names = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            return names.filter { $0.hasSuffix(".gesture") }.sorted().map { base.appendingPathComponent($0) }
        }
    }

    /// The table with its source lines cleared: layout moves lines, nothing else may change.
    private func tableWithoutLines(_ source: SourceFile, examples: StrokeExamples) -> [UInt8]? {
        guard var table = Compiler.compile(source, examples: examples).table else { return nil }
        for g in table.gestures.indices { table.gestures[g].line = 0 }
        table.requiresLines = table.requiresLines.map { _ in 0 }
        table.afterLines = table.afterLines.map { _ in 0 }
        return table.encoded()
    }

    @Test func everySpecInTheRepositoryFormatsIdempotentlyToTheSameTable() throws {
        let files = Self.specFiles
        #expect(files.count > 40)
        var compiled = 0
        for url in files {
            let source = try Paths.source(url, path: url.path)
            let once: String
            switch SpecFormatter.format(source) {
            case .success(let text): once = text
            case .failure(.syntax): continue  // golden diagnostics files hold deliberate errors
            case .failure(let e): Issue.record("\(url.lastPathComponent): \(e)"); continue
            }
            #expect(try format(once) == once, "\(url.lastPathComponent) is not idempotent")
            let examples = StrokeExamples.beside(url.path)
            guard let before = tableWithoutLines(source, examples: examples) else { continue }
            compiled += 1
            let after = tableWithoutLines(SourceFile(path: url.path, text: once), examples: examples)
            #expect(after == before, "\(url.lastPathComponent) compiles to a different table once formatted")
        }
        #expect(compiled > 30)
    }

    @Test func shippedSpecsAreFormatted() throws {
        for url in Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture") {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(try format(text) == text, "\(url.lastPathComponent): run 'gspec fmt specs'")
        }
    }

    @Test func layout() throws {
        let input = """
            // header comment

            let   slop=10pt
            let gap = 300ms
            /// Doc of a.

            gesture a : tap{taps:2,slop:slop}   // trailing
            gesture b: stroke {segment: 12pt
              match: ( down-right|right ){2,3} up-right+   recognize : onLift
                 hooks: 2  axis: horizontal }
            gesture c: pan {
              // about touches
              touches: 2

              threshold: 12pt
            }
            a requires b to fail
            longName with c
            c after a within gap
            view list { gestures: a b forwards: began, moved
            view cell { gestures: c } }
            """
        let expected = """
            // header comment

            let slop = 10pt
            let gap = 300ms

            /// Doc of a.
            gesture a: tap { taps: 2  slop: slop } // trailing

            gesture b: stroke {
                segment: 12pt
                match: (down-right | right){2,3} up-right+
                recognize: onLift
                hooks: 2
                axis: horizontal
            }

            gesture c: pan {
                // about touches
                touches: 2

                threshold: 12pt
            }

            a        requires b to fail
            longName with c
            c        after a within gap

            view list {
                gestures: a, b
                forwards: began, moved
                view cell { gestures: c }
            }

            """
        #expect(try format(input) == expected)
        #expect(try format(expected) == expected)
    }

    @Test func blankLinesAndCommentsAtTheEdges() throws {
        #expect(try format("\n\n// only a comment\n\n\n") == "// only a comment\n")
        #expect(try format("") == "")
        #expect(try format("gesture a: tap {\n}\n\n\n// end\n") == "gesture a: tap {}\n\n// end\n")
        #expect(try format("gesture a: tap { taps: 2 } /* x */ // y\n") == "gesture a: tap { taps: 2 } /* x */ // y\n")
        // A doc comment stays against its gesture even when a blank line separated them.
        #expect(try format("/// a\n\ngesture a: tap {}\n") == "/// a\ngesture a: tap {}\n")
        // A comment before a closing brace stays inside the body.
        #expect(try format("gesture a: tap {\n taps: 2\n // last\n}\n") == "gesture a: tap {\n    taps: 2\n    // last\n}\n")
    }

    @Test func longOrManyParametersGoOnePerLine() throws {
        let four = try format("gesture a: tap { taps: 2 touches: 1 slop: 10pt maxInterval: 300ms }")
        #expect(four.split(separator: "\n").count == 6)
        let long = try format("gesture aVeryLongGestureNameIndeed: longPress { duration: 500ms  slop: 10pt  touches: 2 enabled: true }")
        #expect(long.split(separator: "\n").allSatisfy { $0.count <= SpecFormatter.maxLineLength })
        let three = try format("gesture a: tap {\n taps: 2\n touches: 1\n slop: 10pt\n}")
        #expect(three == "gesture a: tap { taps: 2  touches: 1  slop: 10pt }\n")
    }

    @Test func rulesAlignWithinABlockOnly() throws {
        let out = try format("a with b\nlongerName with c\n\nd with e\n")
        #expect(out == "a          with b\nlongerName with c\n\nd with e\n")
    }

    /// A hand-over rule and a provisional gesture (v3) format like any other rule and parameter.
    @Test func handOverRulesAndProvisionalGestures() throws {
        let out = try format("gesture  s: tap {provisional:true}\nlist   hands  over\nto sheet\nsheetDrag hands over to list ,other\n")
        #expect(out == "gesture s: tap { provisional: true }\n\nlist      hands over to sheet\nsheetDrag hands over to list, other\n")
    }

    @Test func aFileWithSyntaxErrorsIsNotFormatted() {
        let result = SpecFormatter.format(SourceFile(path: "t.gesture", text: "gesture a: tap { slop: 10 pt }\ngesture b tap {}\n"))
        guard case .failure(.syntax(let diagnostics)) = result else {
            Issue.record("formatted a file with errors: \(result)")
            return
        }
        #expect(diagnostics.map(\.id).contains("detached-unit"))
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    /// Generated sets, laid out at random (spaces, line breaks, commas, comments):
    /// each formats to the same text whatever its layout, and compiles alike.
    @Test func generatedSetsFormatTheSameWhateverTheirLayout() throws {
        var rng = SplitMix64(seed: 0x6573_7066)
        let kinds = [("tap", ["taps: 2", "touches: 1", "slop: 10pt", "maxInterval: 300ms"]),
                     ("pan", ["touches: 2", "threshold: 12pt", "edges: left | right"]),
                     ("swipe", ["directions: left | right", "minDistance: 40pt"]),
                     ("longPress", ["duration: 500ms", "slop: 10pt"]),
                     ("stroke", ["segment: 12pt", "match: (down-right | right){1,2} up-right+", "recognize: onLift"])]
        for _ in 0..<60 {
            let count = Int(rng.next() % 6) + 1
            var decls: [[String]] = []
            for g in 0..<count {
                let (kind, params) = kinds[Int(rng.next() % UInt64(kinds.count))]
                let chosen = params.filter { _ in rng.next() % 2 == 0 }
                decls.append(["gesture", "g\(g)", ":", kind, "{"] + chosen.flatMap { $0.split(separator: " ").map(String.init) + ["\n"] } + ["}"])
            }
            for r in 0..<Int(rng.next() % 3) where count > 1 {
                decls.append(["g\(r % count)", "with", "g\((r + 1) % count)"])
            }
            func render(_ layout: inout SplitMix64) -> String {
                decls.map { words in
                    words.map { w -> String in
                        let gap = [" ", "  ", "\t"][Int(layout.next() % 3)]
                        return w == "\n" ? ["\n", "  ", " , "][Int(layout.next() % 3)] : w + gap
                    }.joined() + (layout.next() % 3 == 0 ? "// note\n" : "\n") + String(repeating: "\n", count: Int(layout.next() % 3))
                }.joined()
            }
            var a = SplitMix64(seed: rng.next()), b = SplitMix64(seed: rng.next())
            let (textA, textB) = (render(&a), render(&b))
            let sourceA = SourceFile(path: "a.gesture", text: textA)
            guard Compiler.compile(sourceA).table != nil else { continue }  // e.g. a stroke with no pattern
            let (formattedA, formattedB) = (try format(textA), try format(textB))
            #expect(try format(formattedA) == formattedA)
            // Comments and blank lines may differ between the two layouts; the code lines may not.
            let code = { (s: String) in s.split(separator: "\n").map { $0.replacingOccurrences(of: " // note", with: "") }
                .filter { !$0.isEmpty && $0 != "// note" } }
            #expect(code(formattedA) == code(formattedB), "\(textA)\n---\n\(textB)")
            #expect(tableWithoutLines(SourceFile(path: "a.gesture", text: formattedA), examples: .none)
                    == tableWithoutLines(sourceA, examples: .none))
        }
    }
}

extension FormatterTests {
    /// The `gesture` code blocks of the docs and the README that compile are in the canonical layout.
    @Test func docsExamplesAreFormatted() throws {
        let root = Paths.packageRoot
        let pages = Paths.files(in: root.appendingPathComponent("docs"), ext: "md") + [root.appendingPathComponent("README.md")]
        var checked = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for block in text.components(separatedBy: "```gesture\n").dropFirst() {
                guard let body = block.components(separatedBy: "```").first,
                      case .success(let formatted) = SpecFormatter.format(SourceFile(path: "doc.gesture", text: body)) else { continue }
                checked += 1
                #expect(formatted == body, "\(page.lastPathComponent): a gesture block is not formatted:\n\(body)")
            }
        }
        #expect(checked >= 10)
    }

    @Test func trailingCommentsOfAdjacentLinesAlign() throws {
        let out = try format("gesture a: tap {\n  taps: 2 // two\n  slop: 10pt\n  maxInterval: 300ms // gap\n touches: 1\n}\n")
        #expect(out == """
            gesture a: tap {
                taps: 2            // two
                slop: 10pt
                maxInterval: 300ms // gap
                touches: 1
            }

            """)
    }
}
