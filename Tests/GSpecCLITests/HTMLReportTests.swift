import Foundation
import Testing
@testable import GSpecCLI

/// `gspec run --html`: golden pages, the same bytes every time, a long
/// recording kept small, and stdout unchanged by asking for a report.
@Suite struct HTMLReportTests {
    static let golden = GoldenTraceTests.golden
    static let cases = ["tap-or-double-tap-double", "horizontal-list-dismiss-a", "transform-pinch-rotate", "explain-bench-flick"]

    func report(_ trace: URL, _ extra: [String] = []) throws -> (String, String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-report-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, stdout, err) = run(["run", try GoldenTraceTests.specPath(of: trace), "--trace", trace.path, "--html", out.path] + extra)
        #expect(status == .success, "\(err)")
        return (try String(contentsOf: out, encoding: .utf8), stdout)
    }

    @Test(arguments: cases)
    func reportMatchesGolden(_ name: String) throws {
        let trace = Self.golden.appendingPathComponent("traces/\(name).jsonl")
        let (html, _) = try report(trace)
        let expected = Self.golden.appendingPathComponent("reports/\(name).html")
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
            try html.write(to: expected, atomically: true, encoding: .utf8)
        } else {
            #expect(html == (try String(contentsOf: expected, encoding: .utf8)), "\(name): re-record with GSPEC_RECORD=1 if intended")
        }
        #expect(try report(trace).0 == html, "the same run must give the same bytes")
        // Self-contained: nothing is fetched.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("@import"))
    }

    @Test func theReportShowsLanesReasonsAndViews() throws {
        let (flick, stdout) = try report(Self.golden.appendingPathComponent("traces/explain-bench-flick.jsonl"))
        #expect(flick.contains("data-name=\"tap2\"") && flick.contains("data-name=\"swipeH\""))
        #expect(flick.contains("failed: &#39;") || flick.contains("failed: 'tap2' failed: a finger moved more than its slop"))
        #expect(flick.contains("held: &#39;") || flick.contains("held: 'drag' completed and waits for 'swipeH' to fail"))
        // Asking for a report does not change what is printed.
        let trace = Self.golden.appendingPathComponent("traces/explain-bench-flick.jsonl")
        #expect(stdout == run(["run", try GoldenTraceTests.specPath(of: trace), "--trace", trace.path]).1)
        let (views, _) = try report(Self.golden.appendingPathComponent("traces/horizontal-list-dismiss-a.jsonl"))
        #expect(views.contains("data-name=\"view list\"") && views.contains("touchesBegan"))
    }

    /// A recording of ten minutes at 60 Hz: 1.5 s drags (90 samples) each followed by a tap, 36,000 lines.
    static func tenMinutes() -> String {
        var lines: [String] = []
        var t = 0.0
        while lines.count < 36_000 {
            for i in 0..<90 {
                let phase = i == 0 ? "began" : i == 89 ? "ended" : "moved"
                lines.append(#"{"t":\#(String(format: "%.4f", t)),"touch":1,"phase":"\#(phase)","x":\#(100 + i * 2).0,"y":\#(200 + (i % 7)).0}"#)
                t += 1.0 / 60
            }
            lines.append(#"{"t":\#(String(format: "%.4f", t + 0.2)),"touch":2,"phase":"began","x":300.0,"y":300.0}"#)
            lines.append(#"{"t":\#(String(format: "%.4f", t + 0.25)),"touch":2,"phase":"ended","x":300.0,"y":300.0}"#)
            t += 1.0
        }
        return lines.joined(separator: "\n")
    }

    /// Ten minutes at 60 Hz (36,000 lines) of drags and taps renders under 5 MB, every event listed.
    /// Control lines are in the report: a mark where each applied, and the
    /// spans a gesture was disabled (from the start, for `enabled: false`).
    @Test func theReportShowsControlLinesAndDisabledSpans() throws {
        let (html, _) = try report(Self.golden.appendingPathComponent("traces/control-enable.jsonl"), ["--explain"])
        #expect(html.contains("6 touches, 12 samples") && html.contains("1 control line."), "\(html.prefix(1500))")
        #expect(html.contains("class=\"control\"") && html.contains("2.000 s: set enabled: true"))
        #expect(html.contains("class=\"disabled\"") && html.contains("1.000-2.000 s: disabled"))
        #expect(html.contains("class=\"untaken\"") && html.contains("takes no touches: it is disabled"))
    }

    @Test func aTenMinuteTraceStaysUnderFiveMegabytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-long-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("long.jsonl")
        try Self.tenMinutes().write(to: trace, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("long.html")
        let spec = CLIPaths.packageRoot.appendingPathComponent("specs/bench.gesture").path
        let (status, stdout, _) = run(["run", spec, "--trace", trace.path, "--html", out.path])
        #expect(status == .success)
        let size = try FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int ?? .max
        #expect(size < 5 << 20, "\(size) bytes")
        let html = try String(contentsOf: out, encoding: .utf8)
        let listed = try #require(html.firstRange(of: "const events=[").map { html[$0.upperBound...] })
            .prefix { $0 != ";" }.components(separatedBy: "],[").count
        #expect(listed >= stdout.split(separator: "\n").count, "every event is listed")
    }
}
