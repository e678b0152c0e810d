import Foundation
import Testing
@testable import GSpecCLI

/// Modes, rule lists and input kinds (v3) through the command line: what
/// `gspec check`, `run`, `test`, `diff` and `run --html` make of them.
@Suite struct ModesCLITests {
    /// Two pans that would tie: with both always enabled the analysis warns;
    /// enabled by opposite conditions they are never together, and it does not.
    @Test func gesturesNeverEnabledTogetherNeverConflict() throws {
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let always = try write("gesture a: pan {}\ngesture b: pan {}\n", "always.gesture", in: dir)
        #expect(run(["check", always]).2.contains("warning: 'b' never fires"))
        let apart = try write("mode m\ngesture a: pan { enabled: m  action: \"A\" }\ngesture b: pan { enabled: not m  action: \"B\" }\n", "apart.gesture", in: dir)
        let (status, _, err) = run(["check", apart])
        #expect(status == .success && err.isEmpty, "\(err)")
        // Latency: a rule with a gesture never enabled beside it adds no wait.
        let waits = try write("""
            mode m
            gesture one: tap { enabled: m }
            gesture two: tap { taps: 2  enabled: not m }
            one requires two to fail
            """, "waits.gesture", in: dir)
        let latency = run(["check", waits, "--latency"]).1
        let row = latency.split(separator: "\n").first { $0.hasPrefix("  one ") }.map(String.init) ?? ""
        #expect(row.contains("0 ms") && !row.contains("300 ms"), "\(latency)")
    }

    /// A conflict that exists only with a mode on: the warning names the mode,
    /// the witness begins with the mode line, and `gspec run` replays it.
    @Test func aWitnessStartsWithTheModeLinesOfItsCombination() throws {
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("""
            mode editing
            gesture select: tap {}
            gesture mark: tap { enabled: editing }
            """, "edit.gesture", in: dir)
        let witnesses = dir.appendingPathComponent("w").path
        let (status, _, err) = run(["check", spec, "--witness", witnesses])
        #expect(status == .success)
        #expect(err.contains("with mode editing on"), "\(err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: witnesses)
        let file = try #require(files.first)
        let trace = try String(contentsOfFile: witnesses + "/" + file, encoding: .utf8)
        let lines = trace.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.first == "{\"t\":0.000,\"mode\":\"editing\",\"on\":true}", "\(trace)")
        let (ran, out, runErr) = run(["run", spec, "--trace", witnesses + "/" + file])
        #expect(ran == .success, "\(runErr)")
        #expect(out.contains("\"gesture\":\"select\",\"state\":\"recognized\"") && !out.contains("\"mark\""), "\(out)")
        // Without the mode line the other gesture is disabled: the trace would show nothing of the conflict.
        #expect(run(["run", spec, "--trace", try write(lines.dropFirst().joined(separator: "\n") + "\n", "plain.jsonl", in: dir)]).1
            .contains("select"))
    }

    /// A gesture that takes no fingers (`input: mouse`) is performed with what
    /// it takes: its generated tests pass, the analysis sees its conflicts, and
    /// the witness (with its `pointer`) replays.
    @Test func aMouseOnlyGestureIsPerformedWithAMouse() throws {
        let golden = GoldenTraceTests.golden.appendingPathComponent("specs/modes.gesture").path
        let (tested, out, _) = run(["test", golden])
        #expect(tested == .success && out.contains("15 of 15 tests passed"), "\(out)")
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("gesture a: pan { input: mouse }\ngesture b: pan { input: mouse }\n", "mouse.gesture", in: dir)
        let witnesses = dir.appendingPathComponent("w").path
        let err = run(["check", spec, "--witness", witnesses]).2
        #expect(err.contains("warning: 'b' never fires"), "\(err)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: witnesses).first)
        let trace = witnesses + "/" + file
        #expect(try String(contentsOfFile: trace, encoding: .utf8).contains("\"pointer\":\"mouse\""))
        #expect(run(["run", spec, "--trace", trace]).1.contains("\"gesture\":\"a\",\"state\":\"began\""))
    }

    @Test func badModeAndPointerLinesAreErrorsAtTheirLines() throws {
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("mode zoomed\ngesture move: pan { enabled: zoomed }\ngesture tapIt: tap {}\n", "s.gesture", in: dir)
        let trace = try write("""
            {"t":0.0,"mode":"zoomd","on":true}
            {"t":0.0,"mode":"zoomed"}
            {"t":0.0,"mode":"zoomed","on":true,"set":"move"}
            {"t":0.0,"mode":"zoomed","on":true,"extra":1}
            {"t":0.0,"set":"move","enabled":true}
            {"t":0.0,"touch":1,"phase":"began","x":1,"y":1,"pointer":"finger"}
            {"t":0.0,"set":"move","threshold":"20pt"}
            """, "bad.jsonl", in: dir)
        let (status, _, err) = run(["run", spec, "--trace", trace])
        #expect(status != .success)
        for (line, text) in [(1, "unknown mode 'zoomd'; did you mean 'zoomed'?"), (2, "missing key 'on'"),
                             (3, "a control line has one of 'set', 'mode', 'handOver', 'scroll' or 'action', not 'set' and 'mode'"), (4, "a mode line takes 't', 'mode' and 'on', not 'extra'"),
                             (5, "'move' is enabled by modes ('enabled: zoomed'): set the mode instead"),
                             (6, "'pointer' must be \"touch\", \"pen\" or \"mouse\"")] {
            #expect(err.contains("bad.jsonl:\(line): error: \(text)"), "line \(line): \(err)")
        }
        // A run-time parameter of a gesture enabled by modes may still change.
        #expect(!err.contains("bad.jsonl:7:"), "\(err)")
        // A spec without modes: a mode line is an unknown mode.
        let plain = try write("gesture tapIt: tap {}\n", "plain.gesture", in: dir)
        #expect(run(["run", plain, "--trace", trace]).2.contains("unknown mode 'zoomd'; the spec declares no modes"))
    }

    /// `gspec test` warns of each combination of modes no example touches in.
    @Test func testWarnsOfACombinationWithoutExamples() throws {
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("mode zoomed\ngesture move: pan { enabled: zoomed }\ngesture dismiss: pan { enabled: not zoomed }\n",
                             "viewer.gesture", in: dir)
        let tests = dir.appendingPathComponent("viewer.tests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        _ = try write("""
            {"t":0.0,"touch":1,"phase":"began","x":100,"y":100}
            {"t":0.1,"touch":1,"phase":"ended","x":100,"y":200}
            """, "viewer.tests/drag.jsonl", in: dir)
        #expect(run(["test", spec, "--record"]).0 == .success)
        let (status, out, _) = run(["test", spec, "--verbose"])
        #expect(status == .success)
        #expect(out.contains("every mode off (dismiss enabled; move disabled): 1 example"), "\(out)")
        #expect(out.contains("warning: no example touches mode zoomed on (move enabled; dismiss disabled)"), "\(out)")
        _ = try write("""
            {"t":0.0,"mode":"zoomed","on":true}
            {"t":0.0,"touch":1,"phase":"began","x":100,"y":100}
            {"t":0.1,"touch":1,"phase":"ended","x":100,"y":200}
            """, "viewer.tests/zoomed.jsonl", in: dir)
        #expect(run(["test", spec, "--record"]).0 == .success)
        #expect(!run(["test", spec]).1.contains("warning"))
        #expect(try String(contentsOf: tests.appendingPathComponent("zoomed.expected"), encoding: .utf8).contains("\"move\""))
    }

    @Test func diffReportsModesAndConditions() throws {
        let dir = try scratchDirectory("gspec-modes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try write("gesture move: pan { enabled: false }\n", "old.gesture", in: dir)
        let new = try write("mode zoomed\ngesture move: pan { enabled: zoomed  input: any }\n", "new.gesture", in: dir)
        let out = run(["diff", old, new]).1
        #expect(out.contains("mode 'zoomed' added"), "\(out)")
        #expect(out.contains("'move': enabled false -> zoomed"), "\(out)")
        #expect(out.contains("'move': input touch | pen -> touch | pen | mouse"), "\(out)")
    }

    /// The report's lanes show a mode's changes and the spans it disables.
    @Test func theReportShowsModeChanges() throws {
        let golden = GoldenTraceTests.golden
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-modes-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let trace = golden.appendingPathComponent("traces/modes-cancel-began.jsonl")
        #expect(run(["run", golden.appendingPathComponent("specs/modes.gesture").path, "--trace", trace.path, "--html", out.path]).0 == .success)
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(html.contains("0.500 s: mode editing off: disabled"), "the drag lane marks the mode change")
        #expect(html.contains("0.000 s: mode editing on: disabled"), "and the taps' lanes")
        #expect(html.contains("class=\"disabled\""))
        #expect(html.contains("2 control lines"))
    }
}
