import Foundation
import Testing
@testable import GSpecCLI

/// v4 accessibility through the command line: action lines and ranges in
/// traces (`gspec run`), the warnings (`gspec check`), the ends of ranges
/// (`gspec test`, `gspec check --latency`).
@Suite struct AccessibilityCLITests {
    static let spec = CLIPaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/accessibility.gesture").path

    /// A bad action or range line is an error at its line, and changes nothing.
    @Test func badActionAndRangeLinesAreErrorsAtTheirLines() throws {
        let dir = try scratchDirectory("gspec-a11y")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try write("""
            {"t":0.1,"action":"reorder"}
            {"t":0.2,"action":"open","view":"nowhere"}
            {"t":0.3,"action":"open","x":"left"}
            {"t":0.4,"action":"open","extra":1}
            {"t":0.5,"set":"holdMenu","duration":"300ms"}
            {"t":0.6,"set":"holdMenu","enabled":false}
            {"t":0.7,"action":"holdMenu"}
            {"t":0.8,"action":"opne"}
            """, "bad.jsonl", in: dir)
        let (status, out, err) = run(["run", Self.spec, "--trace", trace])
        #expect(status != .success)
        for (line, text) in [(1, "'reorder' has no action: the spec gives it one with 'action: \"...\"'"),
                             (2, "'open' is not on view 'nowhere'"),
                             (3, "'x' must be a finite number: where the action is performed, its view's centre"),
                             (4, "an action line takes 't', 'action', and 'x', 'y' and 'view' if needed, not 'extra'"),
                             (5, "'duration' must be from 500ms to 1500ms"),
                             (7, "'holdMenu' is disabled: its action is not offered"),
                             (8, "unknown gesture 'opne' in 'action'; did you mean 'open'?")] {
            #expect(err.contains("bad.jsonl:\(line): error: \(text)"), "line \(line): \(err)")
        }
        #expect(!out.contains("\"input\":\"action\""), "no action was performed: \(out)")
        // A recorder's own `action` on a touch line (Android's MotionEvent action) is an ignored key, as before.
        let touches = try write("""
            {"t":0.0,"touch":1,"phase":"began","x":100,"y":300,"view":"list","action":0}
            {"t":0.05,"touch":1,"phase":"ended","x":100,"y":300,"action":1}
            """, "touches.jsonl", in: dir)
        let (ok, tapped, problems) = run(["run", Self.spec, "--trace", touches])
        #expect(ok == .success && problems.isEmpty && tapped.contains("\"gesture\":\"open\",\"state\":\"recognized\""), "\(problems)\(tapped)")
    }

    /// `gspec test` covers both ends of the range; `--latency` prints the table at each.
    @Test func theEndsOfARangeAreTestedAndMeasured() throws {
        let (status, out, _) = run(["test", Self.spec, "--verbose"])
        #expect(status == .success, "\(out)")
        #expect(out.contains("ok    holdMenu duration 1500ms (an end of its range)"), "\(out)")
        let (_, latency, _) = run(["check", "--latency", Self.spec])
        #expect(latency.contains("with holdMenu.duration at 1500ms:"), "\(latency)")
    }

    /// Accessibility warnings are warnings: `check` succeeds and prints them with their fix.
    @Test func theWarningsComeWithTheirFix() throws {
        let dir = try scratchDirectory("gspec-a11y")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try write("gesture deleteRow: swipe { directions: left }\n", "row.gesture", in: dir)
        let (status, _, err) = run(["check", spec])
        #expect(status == .success)
        #expect(err.contains("warning: 'deleteRow' is a swipe, a path-based gesture") && err.contains("action: \"Delete row\""), "\(err)")
    }
}
