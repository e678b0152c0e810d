import Foundation
import GestureCompiler
import GestureRuntime
import Testing
@testable import GSpecCLI

/// `gspec test`: the shipped specs pass, and a table whose threshold is off
/// by one unit from its spec fails with a report naming the parameter.
@Suite struct TestCommandTests {
    static let specs = CLIPaths.packageRoot.appendingPathComponent("specs")
    static let goldenTraces = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/traces").path

    /// A spec, a gesture in it, what to change in its compiled record, and the parameter that must fail.
    struct Tampering: CustomTestStringConvertible, Sendable {
        var spec: String
        var gesture: String
        var parameter: String
        var change: @Sendable (inout GestureRecord) -> Void
        var testDescription: String { "\(gesture).\(parameter) off by one unit" }
    }

    static let tamperings: [Tampering] = [
        .init(spec: "tap-or-double-tap", gesture: "singleTap", parameter: "slop") { $0.slop += 1 },
        .init(spec: "tap-or-double-tap", gesture: "singleTap", parameter: "slop") { $0.slop -= 1 },
        .init(spec: "tap-or-double-tap", gesture: "singleTap", parameter: "maxDuration") { $0.maxDuration += 1_000 },
        .init(spec: "tap-or-double-tap", gesture: "doubleTap", parameter: "maxInterval") { $0.maxInterval -= 1_000 },
        .init(spec: "tap-or-double-tap", gesture: "doubleTap", parameter: "tapDistance") { $0.tapDistance += 1 },
        .init(spec: "tap-or-double-tap", gesture: "singleTap", parameter: "touches") { $0.minTouches += 1; $0.maxTouches += 1 },
        .init(spec: "bench", gesture: "hold", parameter: "duration") { $0.duration += 1_000 },
        .init(spec: "bench", gesture: "hold", parameter: "slop") { $0.slop -= 1 },
        .init(spec: "bench", gesture: "swipeH", parameter: "minDistance") { $0.minDistance += 1 },
        .init(spec: "bench", gesture: "swipeH", parameter: "minVelocity") { $0.minVelocity += 1 },
        .init(spec: "bench", gesture: "swipeH", parameter: "maxAngle") { $0.maxAngle -= .pi / 180 },
        .init(spec: "bench", gesture: "drag", parameter: "threshold") { $0.threshold += 1 },
        .init(spec: "bench", gesture: "zoom", parameter: "threshold") { $0.threshold += 0.01 },
        .init(spec: "bench", gesture: "twist", parameter: "threshold") { $0.threshold -= .pi / 180 },
        .init(spec: "bench", gesture: "tickle", parameter: "segment") { $0.segment += 1 },
        .init(spec: "shapes-declarative", gesture: "caret", parameter: "segment") { $0.segment -= 1 },
    ]

    @Test(arguments: (try? FileManager.default.contentsOfDirectory(atPath: specs.path))?.filter { $0.hasSuffix(".gesture") }.sorted() ?? [])
    func shippedSpecsPass(_ name: String) {
        let (status, out, err) = run(["test", Self.specs.appendingPathComponent(name).path, "--traces", Self.goldenTraces])
        #expect(status == .success, "\(out)\(err)")
        #expect(out.contains(" tests passed ("))
    }

    /// `together` (v5) on each kind that takes it: a generated case with the
    /// last finger a microsecond inside the window and one at its close, and
    /// both hold on the engine; a window a millisecond longer in the table fails them.
    @Test func arrivalWindowsGetACaseAtTheirEdge() throws {
        let path = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/together-kinds.gesture").path
        let (status, out, err) = run(["test", path, "--verbose"])
        #expect(status == .success, "\(out)\(err)")
        for name in ["tap3", "hold3", "pan2", "zoom3", "turn3"] {
            #expect(out.contains("ok    \(name) together "), "no window case for \(name):\n\(out)")
        }
        var table = try #require(Compiler.compile(SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))).table)
        for g in table.gestures.indices { table.gestures[g].together += 1_000 }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-together-\(UUID()).gtab")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(table.encoded()).write(to: file)
        let (tampered, failures, _) = run(["test", path, "--table", file.path])
        #expect(tampered == .inputError)
        #expect(failures.components(separatedBy: " together ").count - 1 == 5, "\(failures)")
    }

    @Test(arguments: tamperings)
    func aThresholdOffByOneUnitFails(_ t: Tampering) throws {
        let path = Self.specs.appendingPathComponent("\(t.spec).gesture").path
        let source = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var table = try #require(Compiler.compile(source).table)
        let g = try #require(table.gestures.firstIndex { table.strings[Int($0.name)] == t.gesture })
        t.change(&table.gestures[g])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-tampered-\(UUID()).gtab")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(table.encoded()).write(to: file)
        let (status, out, _) = run(["test", path, "--table", file.path])
        #expect(status == .inputError, "the tampered table passed:\n\(out)")
        #expect(out.contains(": FAIL \(t.gesture) \(t.parameter) "), "no failure for \(t.parameter):\n\(out)")
        // Every stream of a gesture uses its finger count, so only other parameters stay
        // unaffected; example traces (beside the spec) may fail too, rightly.
        let failures = out.split(separator: "\n").filter { $0.contains(": FAIL ") && !$0.contains(".jsonl: FAIL ") }
        #expect(t.parameter == "touches" || failures.allSatisfy { $0.contains(" \(t.gesture) \(t.parameter) ") },
                "other tests failed too:\n\(out)")
    }

    /// A gesture of several fingers armed by a long press of fewer: the
    /// generated streams hold the press's fingers first and bring the others
    /// down after it began (all at once, the press would fail with too many).
    @Test func aMultiFingerGestureArmedByALongPressPassesItsTests() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-armed-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, press, fingers) in [("one", 1, "2"), ("three", 1, "3..."), ("two", 2, "2")] {
            let spec = dir.appendingPathComponent("\(name).gesture").path
            try """
                gesture hold: longPress { touches: \(press)  duration: 300ms }
                gesture drag: pan { touches: \(fingers)  threshold: 10pt }
                drag after hold
                """.write(toFile: spec, atomically: true, encoding: .utf8)
            let (status, out, _) = run(["test", spec])
            #expect(status == .success && out.contains("5 of 5 tests passed"), "\(name): \(out)")
        }
    }

    @Test func exampleTracesBesideTheSpecRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-examples-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("taps.tests"), withIntermediateDirectories: true)
        let spec = dir.appendingPathComponent("taps.gesture").path
        try "gesture singleTap: tap {}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("taps.tests/one.jsonl")
        try """
            {"t":0.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":0.1,"touch":1,"phase":"ended","x":5,"y":5}
            """.write(to: trace, atomically: true, encoding: .utf8)
        let expected = dir.appendingPathComponent("taps.tests/one.expected")
        try "{\"t\":0.100,\"gesture\":\"singleTap\",\"state\":\"recognized\",\"x\":5.0,\"y\":5.0,\"taps\":1}\n"
            .write(to: expected, atomically: true, encoding: .utf8)
        let pass = run(["test", spec])
        #expect(pass.0 == .success && pass.1.contains("4 of 4 tests passed (3 threshold, 1 example)"), "\(pass.1)")
        try "{\"t\":0.100,\"gesture\":\"singleTap\",\"state\":\"recognized\",\"x\":6.0,\"y\":5.0,\"taps\":1}\n"
            .write(to: expected, atomically: true, encoding: .utf8)
        let fail = run(["test", spec])
        #expect(fail.0 == .inputError)
        #expect(fail.1.contains("one.jsonl: FAIL event 1 differs from one.expected:\n    expected: {\"t\":0.100,\"gesture\":\"singleTap\",\"state\":\"recognized\",\"x\":6.0"))
    }

    /// An example compares the gestures it is about, so an unrelated gesture
    /// added to the spec breaks none; `--record` writes the expectations anew.
    @Test func examplesSurviveUnrelatedEditsAndRecord() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-examples-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("taps.tests"), withIntermediateDirectories: true)
        let spec = dir.appendingPathComponent("taps.gesture").path
        let touches = """
            {"t":0.0,"touch":1,"phase":"began","x":5,"y":5}
            {"t":0.1,"touch":1,"phase":"ended","x":5,"y":5}

            """
        try "gesture singleTap: tap {}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        // Three examples: one whose expectation names singleTap, one that names
        // gestures in a `# gestures:` line, one recorded with no line at all.
        let named = dir.appendingPathComponent("taps.tests/named.jsonl"), listed = dir.appendingPathComponent("taps.tests/listed.jsonl")
        try touches.write(to: named, atomically: true, encoding: .utf8)
        try ("# gestures: singleTap, press\n" + touches).write(to: listed, atomically: true, encoding: .utf8)
        let recorded = run(["test", spec, "--record", "--verbose"])
        #expect(recorded.0 == .success && recorded.1.contains("recorded named.jsonl") && recorded.1.contains("recorded listed.jsonl"), "\(recorded.1)")
        let tap = "{\"t\":0.100,\"gesture\":\"singleTap\",\"state\":\"recognized\",\"x\":5.0,\"y\":5.0,\"taps\":1}\n"
        #expect(try String(contentsOf: named.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8) == tap)
        #expect(run(["test", spec]).0 == .success)

        // A double tap added beside it changes the output (the tap now fails the double
        // tap at 0.4 s), but neither example is about it: both still pass.
        try "gesture singleTap: tap {}\ngesture twice: tap { taps: 2 }\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let unrelated = run(["test", spec])
        #expect(unrelated.0 == .success, "\(unrelated.1)")
        // A gesture the `# gestures:` line names is compared, even when it is new.
        try "gesture singleTap: tap {}\ngesture press: longPress { duration: 2s }\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let named2 = run(["test", spec])
        #expect(named2.0 == .inputError && named2.1.contains("listed.jsonl: FAIL") && !named2.1.contains("named.jsonl: FAIL"), "\(named2.1)")
    }

    /// Counts read as English, and a gesture on several views is told apart by its view.
    @Test func wordingCountsAndInstances() {
        let verbose = run(["test", Self.specs.appendingPathComponent("bench.gesture").path, "--verbose"]).1
        #expect(verbose.contains("held with 1 finger ") || verbose.contains("held with 1 finger,") || verbose.contains("held with 1 finger\n"),
                "\(verbose)")
        #expect(!verbose.contains(" 1 fingers") && !verbose.contains(" 1 presses"))
        let stats = run(["build", Self.specs.appendingPathComponent("simultaneous-transform.gesture").path,
                         "-o", FileManager.default.temporaryDirectory.appendingPathComponent("gspec-stats-\(UUID()).gtab").path, "--stats"]).1
        #expect(stats.contains("  chomp on snake ") && stats.contains("  chomp on dragon "), "\(stats)")
    }

    @Test func aTableOfAnotherSpecIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-other-\(UUID()).gtab")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(run(["build", Self.specs.appendingPathComponent("bench.gesture").path, "-o", file.path]).0 == .success)
        let (status, _, err) = run(["test", Self.specs.appendingPathComponent("tap-view.gesture").path, "--table", file.path])
        #expect(status == .inputError)
        #expect(err.contains("does not hold the gestures of"))
    }
}
