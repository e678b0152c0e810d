import Foundation
import Testing
@testable import GSpecCLI

/// End-to-end behaviour: every trace under `Golden/traces` runs through
/// `gspec run --all-states` (plus the arguments of an `# args:` line, such as
/// `--deliveries`) on the spec its first line names, and must print
/// exactly its `.expected` file (re-record with `GSPEC_RECORD=1 swift test`).
/// The same trace through the compiled `.gtab` and through the reference
/// interpreter must print the same bytes.
@Suite struct GoldenTraceTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let traces: [URL] = {
        let dir = golden.appendingPathComponent("traces")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { dir.appendingPathComponent($0) }
    }()

    static func specPath(of trace: URL) throws -> String {
        let text = try String(contentsOf: trace, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        #expect(first.hasPrefix("# spec: "))
        return CLIPaths.packageRoot.appendingPathComponent(String(first.dropFirst("# spec: ".count))).path
    }

    /// The extra `gspec run` arguments of a trace's `# args:` line.
    static func arguments(of trace: URL) throws -> [String] {
        let text = try String(contentsOf: trace, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# args: ") }) else { return [] }
        return line.dropFirst("# args: ".count).split(separator: " ").map(String.init)
    }

    @Test func everySpecHasTraces() throws {
        let specs = try Set(Self.traces.map(Self.specPath))
        let shipped = try FileManager.default.contentsOfDirectory(atPath: CLIPaths.packageRoot.appendingPathComponent("specs").path)
            .filter { $0.hasSuffix(".gesture") }
        for name in shipped {
            #expect(specs.contains(CLIPaths.packageRoot.appendingPathComponent("specs/\(name)").path), "no golden trace for \(name)")
        }
    }

    @Test(arguments: traces)
    func traceMatchesGolden(_ trace: URL) throws {
        let spec = try Self.specPath(of: trace)
        let extra = try Self.arguments(of: trace)
        let (status, out, err) = run(["run", spec, "--trace", trace.path, "--all-states"] + extra)
        #expect(status == .success, "\(err)")
        #expect(!out.isEmpty, "a golden trace must produce events")
        let expected = trace.deletingPathExtension().appendingPathExtension("expected")
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1" {
            try out.write(to: expected, atomically: true, encoding: .utf8)
        } else {
            #expect(out == (try String(contentsOf: expected, encoding: .utf8)), "\(trace.lastPathComponent):\n\(out)")
        }
        let (_, reference, _) = run(["run", spec, "--trace", trace.path, "--all-states", "--reference"] + extra)
        #expect(reference == out, "the reference interpreter disagrees on \(trace.lastPathComponent)")

        let table = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-\(UUID()).gtab")
        defer { try? FileManager.default.removeItem(at: table) }
        #expect(run(["build", spec, "-o", table.path]).0 == .success)
        let (_, fromTable, _) = run(["run", table.path, "--trace", trace.path, "--all-states"] + extra)
        #expect(fromTable == out, "the compiled table disagrees on \(trace.lastPathComponent)")
        // Byte-identical on a second run.
        #expect(run(["run", spec, "--trace", trace.path, "--all-states"] + extra).1 == out)
    }
}

/// `--explain` only adds: without its `explain` keys and its `held`,
/// `disabled` and `unchanged` (a hand-over that did nothing) lines, every
/// golden trace's output is the `--all-states` output.
@Suite struct ExplainTests {
    @Test(arguments: GoldenTraceTests.traces)
    func explainingChangesNoEvent(_ trace: URL) throws {
        let spec = try GoldenTraceTests.specPath(of: trace)
        let plain = run(["run", spec, "--trace", trace.path, "--all-states"]).1
        let explained = run(["run", spec, "--trace", trace.path, "--explain"]).1
        let stripped = explained.split(separator: "\n").filter { line in
            !["held", "disabled", "unchanged"].contains { line.contains("\"state\":\"\($0)\"") }
        }.map { line -> String in
            guard let r = line.range(of: ",\"explain\":\"") else { return String(line) }
            return String(line[..<r.lowerBound]) + "}"
        }
        #expect(stripped == plain.split(separator: "\n").map(String.init), "\(trace.lastPathComponent)")
        #expect(explained.split(separator: "\n").filter { $0.contains("\"state\":\"failed\"") || $0.contains("\"state\":\"retracted\"") }
            .allSatisfy { $0.contains("\"explain\":") })
    }
}
