import Foundation
import Testing
@testable import GSpecCLI
import GestureCompiler
import GestureRuntime
import GestureTrace

@Suite struct BuildAndRunTests {
    static let specs = CLIPaths.packageRoot.appendingPathComponent("specs")
    static let tapView = specs.appendingPathComponent("tap-view.gesture").path

    @Test func statsShowMinimizationOnStrokes() {
        let (status, out, _) = run(["build", Self.specs.path, "-o", FileManager.default.temporaryDirectory.appendingPathComponent("gspec-stats-\(UUID())").path, "--stats"])
        #expect(status == .success)
        // Every set says how it runs; tap-view's product would be 5 x 9 x 12 states.
        #expect(out.contains("execution: per-gesture automata; a product of the 3 would have 540 states"), "\(out)")
        // Rows: gesture NFA unreach dead DFA min symbols classes bytes packed packing.
        for name in ["check", "tickle"] {
            let row = out.split(separator: "\n").first { $0.split(separator: " ").first == Substring(name) }
            let cells = row.map { $0.split(separator: " ").map(String.init) } ?? []
            #expect(cells.count == 11, "\(out)")
            if cells.count == 11, let nfa = Int(cells[1]), let minimal = Int(cells[5]), let classes = Int(cells[7]) {
                #expect(minimal < nfa, "\(name): minimization must remove states")
                #expect(classes < 22, "\(name): symbols must merge into classes")
            }
        }
    }

    @Test func buildWritesEachFormBesideOrIntoOut() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let single = dir.appendingPathComponent("one.gtab").path
        #expect(run(["build", Self.tapView, "-o", single]).0 == .success)
        #expect(FileManager.default.contents(atPath: single)?.prefix(4) == Data("GTAB".utf8))
        // One spec and a folder that exists: the output goes into the folder, named after the spec (a module and its declarations).
        let folder = dir.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(run(["build", Self.tapView, "-o", folder.path, "--emit", "js"]).0 == .success)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["tap-view.gestures.d.mts", "tap-view.gestures.mjs"])
        for form in ["json", "swift", "dot"] {
            #expect(run(["build", Self.specs.path, "-o", dir.path, "--emit", form]).0 == .success)
            let text = try String(contentsOfFile: dir.appendingPathComponent("tap-view.\(form)").path, encoding: .utf8)
            #expect(text.contains("singleTap"))
        }
        let json = try String(contentsOfFile: dir.appendingPathComponent("tap-view.json").path, encoding: .utf8)
        #expect(json.contains("\"formatVersion\": \(GestureTable.formatVersion)") && json.contains("\"combCheck\""))
        let swift = try String(contentsOfFile: dir.appendingPathComponent("tap-view.swift").path, encoding: .utf8)
        #expect(swift.contains("public enum TapViewGestures"))
        let dot = try String(contentsOfFile: dir.appendingPathComponent("tap-view.dot").path, encoding: .utf8)
        #expect(dot.hasPrefix("digraph gestures") && dot.contains("recognized"))
    }

    @Test func graphDrawsOneGestureOrAll() throws {
        let check = CLIPaths.packageRoot.appendingPathComponent("specs/checkmark.gesture").path
        let (status, out, _) = run(["graph", check])
        #expect(status == .success && out.hasPrefix("digraph gestures") && out.contains("segment:down-right"))
        let (one, single, _) = run(["graph", Self.tapView, "--gesture", "doubleTap"])
        #expect(one == .success && single.contains("doubleTap: tap") && !single.contains("tripleTap"))
        let (bad, _, err) = run(["graph", Self.tapView, "--gesture", "dubleTap"])
        #expect(bad == .inputError && err.contains("did you mean 'doubleTap'?"))
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("g.dot").path
        #expect(run(["graph", check, "-o", file]).0 == .success)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == out)
    }

    /// `--folds subject` compiles the templates without the held-out subject:
    /// here subject s1 drew circles and s2 straight lines, all labelled
    /// circle, so each subject meets only the other's strokes as templates and
    /// nothing is recognized; the spec's own examples (both) recognize every one.
    @Test func evalFoldsLeaveTheHeldOutSubjectOut() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-folds-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        func trace(_ points: [(Double, Double)]) -> String {
            points.enumerated().map { i, p in
                let phase = i == 0 ? "began" : i == points.count - 1 ? "ended" : "moved"
                return "{\"t\":\(Double(i) * 0.01),\"touch\":1,\"phase\":\"\(phase)\",\"x\":\(p.0),\"y\":\(p.1)}"
            }.joined(separator: "\n") + "\n"
        }
        let circle: [(Double, Double)] = (0..<40).map { i in
            let a = Double(i) * 0.16
            return (100 + 40 * cos(a), 100 - 40 * sin(a))
        }
        let line: [(Double, Double)] = (0..<40).map { i in (100 + Double(i) * 3, 100) }
        for folder in ["data/circle", "spec.examples/circle", "none"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for k in 1...3 {
            for (subject, points) in [("s1", circle), ("s2", line)] {
                let shift = Double(k), stretch = 1 + 0.02 * Double(k)
                let text = trace(points.map { p in (p.0 + shift, p.1 * stretch) })
                for folder in ["data/circle", "spec.examples/circle"] {
                    try text.write(to: dir.appendingPathComponent("\(folder)/\(subject)-slow-0\(k).jsonl"), atomically: true, encoding: .utf8)
                }
            }
        }
        try trace([(10, 10), (10, 10)]).write(to: dir.appendingPathComponent("none/tap.jsonl"), atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.gesture")
        try "gesture circle: stroke { examples: circle }\n".write(to: spec, atomically: true, encoding: .utf8)
        let data = dir.appendingPathComponent("data").path, none = dir.appendingPathComponent("none").path
        let (folded, out, err) = run(["eval", spec.path, "--dataset", data, "--folds", "subject", "--negatives", none])
        #expect(folded == .success, "\(err)")
        #expect(out.contains("circle: 0.0% (0/6)"), "\(out)")
        #expect(out.contains("false fires on non-shape input (1 traces, once per fold)\n  any gesture: 0.0% (0/2)"), "\(out)")
        #expect(out.contains("right: 0.0% (0/6): its own gesture fired and no other"), "\(out)")
        // Each subject's traces on its own fold, with that fold's non-shape fires.
        #expect(out.contains("per subject (its traces on the spec compiled without its strokes)\n"
                             + "  s1: 0.0% (0/3), lowest circle 0.0% (0/3), non-shape fires 0.0% (0/1)\n"
                             + "  s2: 0.0% (0/3), lowest circle 0.0% (0/3), non-shape fires 0.0% (0/1)\n  worst subject: s1, 0.0%\n"), "\(out)")
        let (plain, all, _) = run(["eval", spec.path, "--dataset", data])
        #expect(plain == .success && all.contains("circle: 100.0% (6/6)"), "\(all)")
        #expect(all.contains("per subject\n  s1: 100.0% (3/3), lowest circle 100.0% (3/3)\n"), "\(all)")
        #expect(run(["eval", spec.path, "--dataset", data, "--folds", "speed"]).0 == .usageError)
        // Each stroke redrawn: s1's circles, stretched both ways, against a spec bounding the aspect
        // (its examples stay as recorded): both copies of each pass at 1.2, none at 4.
        let circles = dir.appendingPathComponent("circles/circle")
        try FileManager.default.createDirectory(at: circles, withIntermediateDirectories: true)
        for k in 1...3 {
            try FileManager.default.copyItem(at: dir.appendingPathComponent("data/circle/s1-slow-0\(k).jsonl"),
                                             to: circles.appendingPathComponent("s1-slow-0\(k).jsonl"))
        }
        // Written over the first spec, to use its examples.
        let round = try write("gesture circle: stroke { examples: circle  aspect: 0.5...2 }\n", "spec.gesture", in: dir)
        let json = dir.appendingPathComponent("eval.json").path
        let (mild, close, _) = run(["eval", round, "--dataset", circles.deletingLastPathComponent().path, "--vary-traces", "aspect=1.2"])
        #expect(mild == .success && close.hasPrefix("6 traces") && close.contains("circle: 100.0% (6/6)"), "\(close)")
        let (far, stretched, _) = run(["eval", round, "--dataset", circles.deletingLastPathComponent().path, "--vary-traces", "aspect=4", "--json", json])
        #expect(far == .success && stretched.contains("circle: 0.0% (0/6)"), "\(stretched)")
        let wrong = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])?["wrong"] as? [[String: Any]])
        #expect(wrong.compactMap { ($0["trace"] as? String)?.split(separator: "/").last.map(String.init) }
                == ["s1-slow-01.jsonl~1", "s1-slow-01.jsonl~2", "s1-slow-02.jsonl~1", "s1-slow-02.jsonl~2", "s1-slow-03.jsonl~1", "s1-slow-03.jsonl~2"])
        // A stroke the variation makes no copy of (a dot) runs as recorded.
        let dots = dir.appendingPathComponent("dots/circle")
        try FileManager.default.createDirectory(at: dots, withIntermediateDirectories: true)
        try trace([(10, 10), (10, 10)]).write(to: dots.appendingPathComponent("s1-slow-01.jsonl"), atomically: true, encoding: .utf8)
        #expect(run(["eval", spec.path, "--dataset", dots.deletingLastPathComponent().path, "--vary-traces", "overshoot=0.1"]).1
            .hasPrefix("1 traces"))
        for bad in ["aspect=0.5", "spin=1", "overshoot", ""] {
            #expect(run(["eval", spec.path, "--dataset", data, "--vary-traces", bad]).0 == .usageError, "\(bad)")
        }
    }

    /// `--folds nested` chooses each fold's setting on the other subjects
    /// only. s1 and s2 draw lines to the right, s3 lines down: holding out s1
    /// (or s2), the inner folds pair a rightward subject with s3, so only
    /// `turn=180deg` recognizes them; holding out s3, both settings do as
    /// well on s1 and s2, the first is kept, and s3's lines, unlike any
    /// template, are missed, as a person drawing unlike everyone else would be.
    @Test func evalNestedChoosesEachFoldsSettingWithoutTheHeldOutSubject() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-nested-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 1...3 {
            for (subject, step) in [("s1", (3.0, 0.2)), ("s2", (3.0, -0.2)), ("s3", (0.2, 3.0))] {
                let points = (0..<30).map { i in (100 + Double(i) * step.0 * (1 + 0.03 * Double(k)), 100 + Double(i) * step.1) }
                let lines = points.enumerated().map { i, p in
                    let phase = i == 0 ? "began" : i == points.count - 1 ? "ended" : "moved"
                    return "{\"t\":\(Double(i) * 0.01),\"touch\":1,\"phase\":\"\(phase)\",\"x\":\(p.0),\"y\":\(p.1)}"
                }
                let file = dir.appendingPathComponent("line/\(subject)-fast-0\(k).jsonl")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            }
        }
        let spec = dir.appendingPathComponent("spec.gesture")
        try "let turn = 0deg\nlet unused = 1pt\ngesture line: stroke { examples: line  maxRotation: turn }\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        let json = dir.appendingPathComponent("eval.json").path
        let (status, out, err) = run(["eval", spec.path, "--dataset", dir.path, "--folds", "nested",
                                      "--search", "turn=0deg,180deg", "--json", json])
        #expect(status == .success, "\(err)")
        // 2 settings x 6 compilations, each with the same warning: said once.
        #expect(err.components(separatedBy: "constant 'unused'").count == 2, "\(err)")
        #expect(out.contains("line: 66.7% (6/9)"), "\(out)")
        #expect(out.contains("chosen per fold (nested: on the other subjects only)\n  s1: turn=180deg\n  s2: turn=180deg\n  s3: turn=0deg\n"
                             + "chosen on every subject (the values to write in the spec): turn=180deg\n"), "\(out)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(figures["chosen"] as? [String: [String: String]] == ["s1": ["turn": "180deg"], "s2": ["turn": "180deg"], "s3": ["turn": "0deg"]])
        #expect(figures["chosenOnAll"] as? [String: String] == ["turn": "180deg"])
        // Per subject, on its own fold: s1's and s2's outer folds recognize their lines at either turn, so no
        // line on the first setting; s3's lines are missed.
        #expect(out.contains("per subject (its traces on the spec compiled without its strokes)\n  s1: 100.0% (3/3), lowest line 100.0% (3/3)\n"
                             + "  s2: 100.0% (3/3), lowest line 100.0% (3/3)\n  s3: 0.0% (0/3), lowest line 0.0% (0/3)\n  worst subject: s3, 0.0%\n"), "\(out)")
        let subjects = try #require(figures["subjects"] as? [String: [String: Any]])
        #expect(subjects["s3"]?["right"] as? Int == 0 && (subjects["s1"]?["firstSetting"] as? [String: Any])?["right"] as? Int == 3)
        #expect(figures["right"] as? Int == 6)
        // On a tie the first setting written is kept: written the other way round, s3 keeps 180deg.
        #expect(run(["eval", spec.path, "--dataset", dir.path, "--folds", "nested", "--search", "turn=180deg,0deg"]).1
            .contains("line: 100.0% (9/9)"))
        #expect(run(["eval", spec.path, "--dataset", dir.path, "--folds", "nested"]).0 == .usageError)
        #expect(run(["eval", spec.path, "--dataset", dir.path, "--search", "turn=1deg"]).0 == .usageError)
        #expect(run(["eval", spec.path, "--dataset", dir.path, "--folds", "nested", "--search", "turn="]).0 == .usageError)
        // The examples varied inside each fold (`varyAspect`, through a constant): chosen like any value, and reported.
        let stretched = dir.appendingPathComponent("stretched.gesture")
        try "let turn = 0deg\nlet stretch = 1\ngesture line: stroke { examples: line  maxRotation: turn  varyAspect: stretch }\n"
            .write(to: stretched, atomically: true, encoding: .utf8)
        let (varied, variedOut, variedErr) = run(["eval", stretched.path, "--dataset", dir.path, "--folds", "nested", "--search",
                                                  "stretch=1,1.3 turn=0deg,180deg", "--json", json])
        #expect(varied == .success && variedOut.contains("chosen per fold (nested: on the other subjects only)\n  s1: stretch="), "\(variedOut)\(variedErr)")
        let chosen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((chosen["chosenOnAll"] as? [String: String])?.keys.sorted() == ["stretch", "turn"])
        let (unknown, _, message) = run(["eval", spec.path, "--dataset", dir.path, "--folds", "nested", "--search", "spin=1deg"])
        #expect(unknown == .inputError && message.contains("has no constant 'spin' to set (it declares turn, unused)"), "\(message)")
    }

    /// Each fold's line says what its chosen setting changed from the first
    /// one written: s1 draws lines right, s2 up, s3 down, so every fold's
    /// inner folds need the turn, and each subject's own lines are missed
    /// without it.
    @Test func evalNestedReportsWhatEachFoldsChoiceChanged() throws {
        let dir = try scratchDirectory("gspec-nested-changes")
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 1...3 {
            for (subject, step) in [("s1", (3.0, 0.0)), ("s2", (0.0, -3.0)), ("s3", (0.0, 3.0))] {
                let lines = (0..<30).map { i in
                    let phase = i == 0 ? "began" : i == 29 ? "ended" : "moved"
                    let (x, y) = (100 + Double(i) * step.0 + Double(k), 200 + Double(i) * step.1 + Double(i % 2) * 0.1)
                    return "{\"t\":\(Double(i) * 0.01),\"touch\":1,\"phase\":\"\(phase)\",\"x\":\(x),\"y\":\(y)}"
                }
                let file = dir.appendingPathComponent("line/\(subject)-fast-0\(k).jsonl")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            }
        }
        let spec = try write("let turn = 0deg\ngesture line: stroke { examples: line  maxRotation: turn }\n", "spec.gesture", in: dir)
        let (status, out, err) = run(["eval", spec, "--dataset", dir.path, "--folds", "nested", "--search", "turn=0deg,180deg"])
        #expect(status == .success, "\(err)")
        for subject in ["s1", "s2", "s3"] {
            #expect(out.contains("  \(subject): 100.0% (3/3), lowest line 100.0% (3/3)\n"
                                 + "    with the first setting written: 0.0% (0/3), lowest line 0.0% (0/3)\n"
                                 + "    chosen setting's changes: line 0.0% -> 100.0%\n"), "\(out)")
        }
    }

    @Test func evalReportsConfusionRecallAndFalseFires() throws {
        let dataset = CLIPaths.fixtures.appendingPathComponent("dataset").path
        let check = CLIPaths.packageRoot.appendingPathComponent("specs/checkmark.gesture").path
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("eval.json").path
        let (status, out, _) = run(["eval", check, "--dataset", dataset, "--json", json])
        #expect(status == .success)
        #expect(out.hasPrefix("4 traces, 2 shapes, 1 gestures"))
        // Two of the three checks are drawn as checks; the caret fires nothing.
        #expect(out.contains("check: 66.7% (2/3)  slow 50.0%  fast 100.0%  false fires on other shapes 0.0% (0/1)"))
        let rows = out.split(separator: "\n").filter { $0.hasPrefix("caret ") || $0.hasPrefix("check ") }
        #expect(rows.map { $0.split(separator: " ").map(String.init) } == [["caret", "0", "1"], ["check", "2", "1"]])
        let figures = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(figures?["traces"] as? Int == 4)
        // The traces to look at: the check that fired nothing (the caret has no gesture to fire, and fired none).
        let wrong = try #require(figures?["wrong"] as? [[String: Any]])
        #expect(wrong.map { ($0["shape"] as? String ?? "") + ":" + ($0["fired"] as? [String] ?? ["?"]).joined() } == ["check:"], "\(wrong)")
        #expect(wrong.allSatisfy { ($0["trace"] as? String)?.hasPrefix(dataset) == true })
        // Named by subject and speed, to study confusions per person and per speed.
        #expect(wrong.map { "\($0["subject"] ?? "?") \($0["speed"] ?? "?")" } == ["s01 slow"], "\(wrong)")
    }

    @Test func buildReportsErrorsAndWritesNothing() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("gesture a: tapp {}\n", "bad.gesture", in: dir)
        let (status, _, err) = run(["build", spec])
        #expect(status == .inputError && err.contains("unknown gesture kind 'tapp'"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.gtab").path))
    }

    /// `gspec build` prints the analysis warnings `gspec check` prints (the
    /// build plugin relies on it), still writes the table, and skips them with `--no-analysis`.
    @Test func buildPrintsAnalysisWarningsUnlessAskedNotTo() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = CLIPaths.fixtures.appendingPathComponent("no-rule.gesture").path
        let out = dir.appendingPathComponent("no-rule.gtab").path
        let (status, _, err) = run(["build", spec, "-o", out])
        #expect(status == .success)
        #expect(err.contains("warning: 'doubleTap' never fires") && err.contains("note: 'singleTap' is declared here"))
        #expect(err == run(["check", spec]).2)
        #expect(FileManager.default.fileExists(atPath: out))
        let (quiet, _, none) = run(["build", spec, "-o", out, "--no-analysis"])
        #expect(quiet == .success && none.isEmpty)
    }

    /// An empty spec builds with a warning; `10 pt` is one error with its fix-it.
    @Test func emptySpecWarnsAndADetachedUnitIsOneError() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = try write("// nothing yet\n", "empty.gesture", in: dir)
        let (status, _, err) = run(["build", empty])
        #expect(status == .success && err.contains("warning: the spec declares no gesture"))
        let spaced = try write("gesture a: tap { slop: 10 pt }\n", "spaced.gesture", in: dir)
        let (bad, _, errors) = run(["build", spaced])
        #expect(bad == .inputError)
        #expect(errors.components(separatedBy: "error:").count == 2, "\(errors)")
        #expect(errors.contains("'10pt', not '10 pt'") && errors.contains("\n                       10pt\n"))
    }

    /// `gspec fmt` rewrites in place; `--check` writes nothing and exits 1 when a file would change.
    @Test func fmtRewritesOrChecks() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let messy = try write("gesture   a:tap{taps:2}\na with b\ngesture b: tap {}\n", "messy.gesture", in: dir)
        let (checked, out, _) = run(["fmt", "--check", dir.path])
        #expect(checked == .inputError && out.contains("messy.gesture: not formatted"))
        // It shows what would change, as a unified diff.
        #expect(out.contains("--- \(messy)\n+++ \(messy) (formatted)\n@@ -1,3 +1,5 @@\n-gesture   a:tap{taps:2}\n+gesture a: tap { taps: 2 }\n+\n a with b\n+\n gesture b: tap {}\n"), "\(out)")
        #expect(try String(contentsOfFile: messy, encoding: .utf8).hasPrefix("gesture   a"))
        #expect(run(["fmt", messy]).0 == .success)
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == "gesture a: tap { taps: 2 }\n\na with b\n\ngesture b: tap {}\n")
        #expect(run(["fmt", "--check", messy]).0 == .success)
        let broken = try write("gesture a tap {}\n", "broken.gesture", in: dir)
        let (status, _, err) = run(["fmt", broken])
        #expect(status == .inputError && err.contains("broken.gesture:1:"))
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == "gesture a tap {}\n")
    }

    @Test func runTellsTablesBySignatureNotName() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let disguised = dir.appendingPathComponent("table.gesture").path
        #expect(run(["build", Self.tapView, "-o", disguised]).0 == .success)
        let trace = try write("""
            {"t":1.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":1.05,"touch":1,"phase":"ended","x":5,"y":5}
            """, "t.jsonl", in: dir)
        let fromTable = run(["run", disguised, "--trace", trace])
        let fromSpec = run(["run", Self.tapView, "--trace", trace])
        #expect(fromTable.0 == .success && fromSpec.0 == .success)
        #expect(fromTable.1 == fromSpec.1)
        #expect(fromSpec.1 == "{\"t\":1.050,\"gesture\":\"singleTap\",\"state\":\"recognized\",\"x\":5.0,\"y\":5.0,\"taps\":1}\n")
    }

    @Test func malformedLinesAreReportedSkippedAndExitOne() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try write("""
            # a comment, then a blank line

            {"t":1.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":1.01,"touch":1,"phase":"hovered","x":5,"y":5}
            not json
            {"t":1.02,"touch":1,"phase":"moved","x":5}
            {"t":"1.03","touch":1,"phase":"moved","x":5,"y":5}
            {"t":1.05,"touch":1,"phase":"ended","x":5,"y":5,"force":0.5,"view":"canvas","extra":[1,{"a":null}]}
            {"t":1.06,"touch":2,"phase":"began","x":1,"y":1,"x":2}
            {"t":1.07,"touch":2,
            """, "bad.jsonl", in: dir)
        let (status, out, err) = run(["run", Self.tapView, "--trace", trace])
        #expect(status == .inputError)
        #expect(err.contains("bad.jsonl:4: error: unknown phase 'hovered'"))
        #expect(err.contains("bad.jsonl:5: error: expected a JSON object"))
        #expect(err.contains("bad.jsonl:6: error: missing key 'y'"))
        #expect(err.contains("bad.jsonl:7: error: 't' must be a number"))
        #expect(err.contains("bad.jsonl:9: error: duplicate key 'x'"))
        #expect(err.contains("bad.jsonl:10: error: expected a member name at byte 21"))
        // The good lines still make a tap.
        #expect(out.contains("\"singleTap\",\"state\":\"recognized\""))
    }

    @Test func byteOrderMarkAndCRLFTracesRead() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try write("\u{FEFF}{\"t\":1.0,\"touch\":1,\"phase\":\"began\",\"x\":5,\"y\":5}\r\n{\"t\":1.05,\"touch\":1,\"phase\":\"ended\",\"x\":5,\"y\":5}\r\n",
                              "crlf.jsonl", in: dir)
        let (status, out, err) = run(["run", Self.tapView, "--trace", trace])
        #expect(status == .success && err.isEmpty)
        #expect(out.contains("singleTap"))
    }

    @Test func anomaliesAreCountedOnStderrWithoutChangingTheStatus() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try write("""
            {"t":1.0,"touch":7,"phase":"moved","x":5,"y":5}
            {"t":1.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":0.5,"touch":1,"phase":"ended","x":5,"y":5}
            """, "odd.jsonl", in: dir)
        let (status, _, err) = run(["run", Self.tapView, "--trace", trace])
        #expect(status == .success)
        #expect(err.contains("repaired stream anomalies: 1 sample going back in time (clamped), 1 event for an unknown touch (dropped)"))
    }

    @Test func overlongLinesAndHugeSpecsFailNamingTheLimit() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = "{\"t\":0.1,\"touch\":1,\"phase\":\"began\",\"x\":1,\"y\":1,\"pad\":\"" + String(repeating: "x", count: 10_000_000) + "\"}\n"
            + "{\"t\":0.2,\"touch\":2,\"phase\":\"began\",\"x\":1,\"y\":1}\n"
        let trace = try write(long, "long.jsonl", in: dir)
        let (status, _, err) = run(["run", Self.tapView, "--trace", trace])
        #expect(status == .inputError)
        #expect(err.contains("long.jsonl:1: error: line is longer than 1048576 bytes"))
        #expect(!err.contains("long.jsonl:2:"))
        let spec = try write(String(repeating: "// padding\n", count: 1_700_000), "huge.gesture", in: dir)
        let (specStatus, _, specErr) = run(["check", spec])
        #expect(specStatus == .inputError && specErr.contains("over the 16 MiB limit for spec files"))
    }

    @Test func timesAndNumbersFormatExactly() {
        #expect(EventFormatter.time(612_000) == "0.612")
        #expect(EventFormatter.time(1_033_333) == "1.033333")
        #expect(EventFormatter.time(2_000_000) == "2.000")
        #expect(EventFormatter.time(-1_500) == "-0.0015")
        #expect(EventFormatter.number(120) == "120.0")
        #expect(EventFormatter.number(0.612) == "0.612")
        #expect(EventFormatter.number(1e-7) == "0.0")
        #expect(EventFormatter.number(-0.0000004) == "0.0")
        #expect(EventFormatter.number(0.0000005) == "0.000001" || EventFormatter.number(0.0000005) == "0.0")
        #expect(EventFormatter.number(123456789.25) == "123456789.25")
    }

    @Test func traceTimesParseToExactMicroseconds() {
        #expect(TraceReader.microseconds("0.612") == 612_000)
        #expect(TraceReader.microseconds("1.0333335") == 1_033_334)
        #expect(TraceReader.microseconds("3") == 3_000_000)
        #expect(TraceReader.microseconds("1e-3") == 1_000)
        #expect(TraceReader.microseconds("-0.5") == -500_000)
        #expect(TraceReader.microseconds("0.1234564") == 123_456)
        #expect(TraceReader.microseconds("1e30") == nil)
    }

    /// The C, Java and web interfaces take seconds as a `Double`: a time read
    /// from the same text gives the same microsecond both ways, ties and all
    /// (the double nearest 0.0160015 is just under the half).
    @Test func secondsAsDoublesRoundAsTraceTimesDo() {
        #expect(Microseconds(seconds: 0.0160015) == 16_002)
        #expect(Microseconds(seconds: -0.0160015) == -16_002)
        #expect(Microseconds(seconds: 0.01600149) == 16_001)
        var rng = SplitMix64(seed: 0x7153)
        var differing: [String] = []
        for k in 0..<20_000 {
            // Up to 15 significant digits: whole microseconds, half microseconds, and finer.
            let places = [6, 7, 7, 8, 9][k % 5], whole = Int64(rng.next() % [1_000, 100_000, 10_000_000][k % 3])
            var fraction = String(rng.next() % 10_000_000_000)
            fraction = String(repeating: "0", count: max(0, 10 - fraction.count)) + fraction
            if k % 4 == 0 { fraction = String(fraction.prefix(6)) + "5" }
            let text = (k % 7 == 0 ? "-" : "") + "\(whole)." + fraction.prefix(places)
            guard text.filter(\.isNumber).drop(while: { $0 == "0" }).count <= 15 else { continue }
            if Microseconds(seconds: Double(text)!) != TraceReader.microseconds(text) { differing.append(text) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}

/// Screen-edge pans: the screen size comes from the trace's header line or
/// `--screen`; a set with a right or bottom edge pan and neither is an input error.
extension BuildAndRunTests {
    static let edgeSpec = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/pan-edges.gesture").path
    static let drag = """
        {"t":1.0,"touch":1,"phase":"began","x":385,"y":400}
        {"t":1.05,"touch":1,"phase":"moved","x":340,"y":400}
        {"t":1.1,"touch":1,"phase":"ended","x":300,"y":400}
        """

    func drawerBegins(_ output: String) -> Bool { output.contains("\"gesture\":\"drawer\",\"state\":\"began\"") }

    @Test func headerLineOrFlagGivesTheSize() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bare = try write(Self.drag, "bare.jsonl", in: dir)
        let (missing, _, err) = run(["run", Self.edgeSpec, "--trace", bare])
        #expect(missing == .inputError && err.contains("needs the screen size") && err.contains("--screen WxH"))
        let flagged = run(["run", Self.edgeSpec, "--trace", bare, "--screen", "390x844"])
        #expect(flagged.0 == .success && drawerBegins(flagged.1))
        // A screen 500pt wide puts x=385 far from its right edge.
        let headed = try write("{\"screen\":[500,844]}\n" + Self.drag, "headed.jsonl", in: dir)
        let fromHeader = run(["run", Self.edgeSpec, "--trace", headed, "--screen", "390x844"])
        #expect(fromHeader.0 == .success && !drawerBegins(fromHeader.1), "the trace's header wins over --screen")
    }

    @Test func badSizesAreErrors() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bare = try write(Self.drag, "bare.jsonl", in: dir)
        #expect(run(["run", Self.edgeSpec, "--trace", bare, "--screen", "390by844"]).0 == .usageError)
        #expect(run(["run", Self.edgeSpec, "--trace", bare, "--screen", "0x844"]).0 == .usageError)
        let late = try write(Self.drag + "\n{\"screen\":[390,844]}\n", "late.jsonl", in: dir)
        let (status, _, err) = run(["run", Self.edgeSpec, "--trace", late, "--screen", "390x844"])
        #expect(status == .inputError && err.contains("late.jsonl:4: error: the screen line must come before any touch line"))
        let bad = try write("{\"screen\":[390]}\n" + Self.drag, "bad.jsonl", in: dir)
        let (badStatus, _, badErr) = run(["run", Self.edgeSpec, "--trace", bad, "--screen", "390x844"])
        #expect(badStatus == .inputError && badErr.contains("bad.jsonl:1: error: 'screen' must be [width, height]"))
    }
}

/// Control lines: a `set` naming an unknown gesture, a structural or unknown
/// parameter, or a value in the wrong unit is a malformed line, skipped, exit 1.
extension BuildAndRunTests {
    @Test func badControlLinesAreErrorsAtTheirLines() throws {
        let dir = try scratchDirectory("gspec-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/control.gesture").path
        let trace = try write("""
            {"t":1.0,"set":"nothing","enabled":false}
            {"t":1.0,"set":"double","taps":"3"}
            {"t":1.0,"set":"hold","duration":"10pt"}
            {"t":1.0,"set":"drag","speed":"10pt"}
            {"t":1.0,"set":"drag","enabled":"yes"}
            {"t":1.0,"set":"drag"}
            {"t":1.0,"set":"hold","duration":"800ms"}
            {"t":1.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":1.6,"touch":1,"phase":"ended","x":5,"y":5}
            {"t":1.7,"set":"hld","enabled":false}
            """, "bad.jsonl", in: dir)
        let (status, out, err) = run(["run", spec, "--trace", trace])
        #expect(status == .inputError)
        for (line, text) in [(1, "unknown gesture 'nothing' in 'set'\n"), (2, "'taps' is part of the compiled gesture"),
                             (10, "unknown gesture 'hld' in 'set'; did you mean 'hold'?"),
                             (3, "'duration' takes a duration"), (4, "unknown parameter 'speed'"),
                             (5, "'enabled' must be true or false"), (6, "'set' changes nothing")] {
            #expect(err.contains("bad.jsonl:\(line): error: \(text)"), "line \(line): \(err)")
        }
        // Line 7 applies: held 600ms is no long press of 800ms.
        #expect(!out.contains("\"gesture\":\"hold\",\"state\":\"began\""))
    }
}
