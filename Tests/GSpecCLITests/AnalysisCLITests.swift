import Foundation
import Testing
@testable import GSpecCLI

/// `gspec check`'s analysis end to end: every `requires` rule of the shipped
/// specs is needed (without it the analysis warns, and its witness replayed
/// through `gspec run` shows the other gesture winning; with it the shipped
/// spec checks silently, `CLITests`), witnesses as files, the latency table.
@Suite struct AnalysisCLITests {
    static let specs = CLIPaths.packageRoot.appendingPathComponent("specs")

    /// Every `requires` rule of a shipped spec: (spec, line).
    static let withSettles: Set<String> = ["tap-view.gesture", "move-me.gesture"]
    static let requiresRules: [RuleCase] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        return names.filter { $0.hasSuffix(".gesture") }.sorted().flatMap { name in
            let text = (try? String(contentsOf: specs.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                // And the `with` rules without which a series tap or touch-down tap claims the touches of the other.
                .filter { ($0.contains(" requires ") || (withSettles.contains(name) && $0.contains(" with "))) && !$0.hasPrefix("//") }
                .map { RuleCase(spec: name, rule: String($0)) }
        }
    }()

    struct RuleCase: CustomTestStringConvertible, Sendable {
        var spec: String
        var rule: String
        var testDescription: String { "\(spec): \(rule)" }
    }

    /// The gestures that claim (began or recognized) in `gspec run` output.
    func claimers(_ output: String) -> Set<String> {
        Set(output.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("\"state\":\"began\"") || line.contains("\"state\":\"recognized\"") else { return nil }
            return line.split(separator: "\"")[safe: 5].map(String.init)
        })
    }

    @Test func shippedSpecsHaveRequiresRules() {
        #expect(Self.requiresRules.count >= 8)
    }

    @Test(arguments: requiresRules)
    func removingARuleGivesAWarningWithAWitness(_ c: RuleCase) throws {
        let dir = try scratchDirectory("gspec-analysis")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try String(contentsOf: Self.specs.appendingPathComponent(c.spec), encoding: .utf8)
        let spec = dir.appendingPathComponent(c.spec).path
        try original.replacingOccurrences(of: c.rule + "\n", with: "").write(toFile: spec, atomically: true, encoding: .utf8)
        let witnesses = dir.appendingPathComponent("witnesses").path
        let (status, _, err) = run(["check", spec, "--witness", witnesses])
        #expect(status == .success)
        // Either side may be a list (`a, b requires c to fail`): some pair of it must conflict.
        let sides = c.rule.components(separatedBy: c.rule.contains(" requires ") ? " requires " : " with ")
        let names = { (side: String) in
            Set(side.replacingOccurrences(of: " to fail", with: "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let (waiters, awaited) = (names(sides[0]), names(sides[1]))
        #expect(err.contains("warning: "), "no warning without '\(c.rule)'")
        let files = try FileManager.default.contentsOfDirectory(atPath: witnesses).sorted()
        // The pair the rule settled is among the conflicts, in one order or the other.
        // Instances of a gesture on several views are named `gesture@view`.
        func unviewed(_ s: Substring) -> String { String(s.split(separator: "@").first ?? s) }
        let name = files.first { file in
            let parts = file.dropFirst(c.spec.count - ".gesture".count + 1).dropLast(".jsonl".count).split(separator: "-vs-").map(unviewed)
            return parts.count == 2 && (waiters.contains(parts[0]) && awaited.contains(parts[1])
                                        || waiters.contains(parts[1]) && awaited.contains(parts[0]))
        }
        let file = try #require(name, "no witness for \(waiters) and \(awaited) in \(files)")
        let trace = URL(fileURLWithPath: witnesses).appendingPathComponent(file).path
        let parts = file.dropLast(".jsonl".count).split(separator: "-vs-")
        let victim = unviewed(parts[0].dropFirst(c.spec.count - ".gesture".count + 1)), winner = unviewed(parts[1])

        let without = run(["run", spec, "--trace", trace])
        #expect(without.0 == .success)
        #expect(claimers(without.1).contains(winner) && !claimers(without.1).contains(victim),
                "without the rule the witness should show \(winner) winning:\n\(without.1)")
    }

    /// A parent view's double tap is performed on the child view too, where the
    /// child's threshold-0 pan takes its touches: the witness replays so.
    /// A `web` set has no system gesture zone (v4) unless its pages also run
    /// in iOS Safari: `--safari-edge-swipes` adds Safari's back and forward
    /// edge swipes, which no page can turn off.
    /// `check --search` on every shipped spec: the engine contradicts no
    /// verdict (one line per spec); a set whose analysis is right but that
    /// has conflicts still passes, and the line counts what was checked.
    @Test func theEngineSearchFindsNoContradictionInTheShippedSpecs() throws {
        let (status, out, _) = run(["check", Self.specs.path, "--search", "6"])
        let lines = out.split(separator: "\n").filter { $0.contains(": engine search: ") }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.specs.path).filter { $0.hasSuffix(".gesture") }
        #expect(status == .success && lines.count == names.count, "\(out)")
        #expect(lines.allSatisfy { $0.hasSuffix("; 0 contradictions") }, "\(out)")
        #expect(out.contains("sheet-with-list.gesture: engine search: 4 situations"), "\(out)")
        let dir = try scratchDirectory("gspec-search")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pair = try write("gesture flick: swipe { action: \"F\" }\ngesture drag: pan { action: \"D\" }\n", "pair.gesture", in: dir)
        let (ok, text, err) = run(["check", pair, "--search", "2"])
        #expect(ok == .success && err.contains("warning: 'drag' takes the touches of 'flick'"), "\(err)")
        #expect(text.contains("0 pairs called settled, 1 conflict reported") && text.hasSuffix("; 0 contradictions\n"), "\(text)")
    }

    /// `--releases` prints each settle's regions; a spec's own settle golden names every anchor.
    @Test func releasesPrintEachSettlesRegions() throws {
        let spec = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/settle.gesture").path
        let (status, text, _) = run(["check", "--releases", spec])
        #expect(status == .success)
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("'sheetDrag' releases: anchors 0pt, 320pt, 640pt; model ios; flingVelocity 400pt/s; positional 50%; sequential") }, "\(text)")
        #expect(lines.contains { $0.contains("under 400pt/s, having last passed 320pt: 0pt...160pt rests at 0pt; 160pt...480pt rests at 320pt; 480pt...640pt rests at 640pt") }, "\(text)")
        #expect(!text.contains("never rests at"))
        // Without the flag, nothing is printed.
        #expect(run(["check", spec]).1.isEmpty)
    }

    @Test func safariEdgeSwipesAreZonesWhenAsked() throws {
        let dir = try scratchDirectory("gspec-analysis")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("web.gesture")
        try "profile web\ngesture back: pan { edges: left  action: \"Back\" }\ngesture more: pan { edges: bottom  action: \"More\" }\n".write(to: spec, atomically: true, encoding: .utf8)
        let (plain, _, quiet) = run(["check", spec.path])
        #expect(plain == .success && !quiet.contains("warning"), "\(quiet)")
        let (status, _, err) = run(["check", "--safari-edge-swipes", spec.path])
        #expect(status == .success)
        #expect(err.contains("'back' begins at the left edge, where iOS Safari's own gesture takes a swipe within 20pt of it first: back (a swipe right)"), "\(err)")
        #expect(err.contains("iOS Safari lets no app take it") && !err.contains("'more'"), "\(err)")
    }

    @Test func aParentGestureIsPerformedOnItsChildViews() throws {
        let dir = try scratchDirectory("gspec-analysis")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = CLIPaths.packageRoot.appendingPathComponent("Tests/GestureCompilerTests/Golden/analysis/parent-double-tap-child-pan.gesture").path
        let witnesses = dir.appendingPathComponent("w").path
        let (status, _, err) = run(["check", spec, "--witness", witnesses])
        #expect(status == .success && err.contains("'draw' takes the touches of 'zoomToFit'"))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: witnesses).first)
        let trace = URL(fileURLWithPath: witnesses).appendingPathComponent(file).path
        #expect(try String(contentsOfFile: trace, encoding: .utf8).contains("\"view\":\"ink\""))
        let (replayed, out, _) = run(["run", spec, "--trace", trace])
        #expect(replayed == .success && claimers(out) == ["draw"])
    }

    @Test func witnessFilesSayWhatTheyShow() throws {
        let dir = try scratchDirectory("gspec-analysis")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("taps.gesture").path
        try "gesture singleTap: tap {}\ngesture doubleTap: tap { taps: 2 }\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let (status, _, err) = run(["check", spec, "--witness", dir.path])
        #expect(status == .success)
        #expect(err.contains("taps.gesture:2:9: warning: 'doubleTap' never fires"))
        #expect(err.contains("    {\"t\":0.000,\"touch\":1,\"phase\":\"began\""), "the witness follows the warning")
        let text = try String(contentsOfFile: dir.appendingPathComponent("taps-doubleTap-vs-singleTap.jsonl").path, encoding: .utf8)
        #expect(text.hasPrefix("# spec: \(spec)\n# conflict: 'singleTap' takes a 'doubleTap'"))
        #expect(text.contains("# fix: singleTap requires doubleTap to fail"))
        let replay = run(["run", spec, "--trace", dir.appendingPathComponent("taps-doubleTap-vs-singleTap.jsonl").path])
        #expect(replay.1 == """
            {"t":0.050,"gesture":"singleTap","state":"recognized","x":300.0,"y":300.0,"taps":1}
            {"t":0.200,"gesture":"singleTap","state":"recognized","x":300.0,"y":300.0,"taps":1}

            """)
    }

    @Test func latencyTableOfTheShippedTapSpecs() {
        let (seriesStatus, series, _) = run(["check", Self.specs.appendingPathComponent("tap-view.gesture").path, "--latency"])
        #expect(seriesStatus == .success)
        #expect(series.hasSuffix("""
              gesture    waits for  worst  typical  typical on
              singleTap  -          0 ms   0 ms
              doubleTap  -          0 ms   0 ms
              tripleTap  -          0 ms   0 ms

            """), "\(series)")
        let exclusive = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture")
        let (status, out, _) = run(["check", exclusive.path, "--latency"])
        #expect(status == .success)
        #expect(out.hasSuffix("""
              gesture    waits for  worst   typical  typical on
              singleTap  doubleTap  800 ms  300 ms   a tap, 50 ms presses
              doubleTap  tripleTap  800 ms  300 ms   2 taps, 50 ms presses
              tripleTap  -          0 ms    0 ms

            """))
    }

    @Test func witnessDirectoryThatCannotBeWrittenIsAnError() throws {
        let dir = try scratchDirectory("gspec-analysis")
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("taps.gesture").path
        try "gesture singleTap: tap {}\ngesture doubleTap: tap { taps: 2 }\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let (status, _, err) = run(["check", spec, "--witness", blocker.appendingPathComponent("sub").path])
        #expect(status == .inputError)
        #expect(err.contains("error: cannot write witnesses to"))
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
