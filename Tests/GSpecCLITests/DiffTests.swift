import Foundation
import GestureTrace
import Testing
@testable import GSpecCLI

/// `gspec diff`: behaviour, not text.
@Suite struct DiffTests {
    static let base = """
        let slopValue = 10pt

        /// Select.
        gesture select: tap { slop: slopValue }
        gesture zoomIn: tap { taps: 2 }
        gesture move: pan { threshold: 10pt }
        gesture mark: stroke { segment: 20pt  match: down-right up-right }
        select requires zoomIn to fail
        """

    func diff(_ old: String, _ new: String, _ extra: [String] = []) throws -> (ExitCode, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-diff-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = (dir.appendingPathComponent("old.gesture"), dir.appendingPathComponent("new.gesture"))
        try old.write(to: a, atomically: true, encoding: .utf8)
        try new.write(to: b, atomically: true, encoding: .utf8)
        let (status, out, _) = run(["diff", a.path, b.path] + extra)
        return (status, out)
    }

    @Test func layoutConstantNamesAndCommentsAreNoChange() throws {
        let rewritten = """
            // a comment added
            let s = 10pt   /* renamed constant */
            /// Select, with another doc comment.
            gesture select: tap {
                slop: s
            }
            gesture zoomIn: tap {
                taps: 2
            }
            gesture move: pan { threshold: 10pt }
            // the same pattern written another way
            gesture mark: stroke { segment: 20pt  match: (down-right) (up-right){1} }


            select requires zoomIn to fail
            """
        let (status, out) = try diff(Self.base, rewritten, ["--exit-code"])
        #expect(status == .success && out == "no change in behaviour\n", "\(out)")
    }

    @Test func eachChangeIsReportedOnceAtItsGesture() throws {
        let changed = Self.base
            .replacingOccurrences(of: "threshold: 10pt", with: "threshold: 25pt")
            .replacingOccurrences(of: "match: down-right up-right", with: "match: down-right up-right up")
            .replacingOccurrences(of: "gesture zoomIn: tap { taps: 2 }", with: "gesture zoomIn: tap { taps: 2 }\ngesture hold: longPress {}")
            + "\nmove with zoomIn\n"
        let (status, out) = try diff(Self.base, changed, ["--exit-code"])
        #expect(status == .changed)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("'move': threshold 10pt -> 25pt") }.count == 1, "\(out)")
        #expect(lines.filter { $0.hasPrefix("'mark': its automaton accepts other input") }.count == 1)
        #expect(lines.contains("gesture 'hold' added (longPress)") && lines.contains("rule added: move with zoomIn"))
        #expect(!lines.contains { $0.hasPrefix("'select'") || $0.hasPrefix("'zoomIn'") }, "unchanged gestures: \(out)")
        let (_, removed) = try diff(changed, Self.base)
        #expect(removed.contains("gesture 'hold' removed") && removed.contains("rule removed: move with zoomIn"))
    }

    /// Declaration order only decides ties: reordering gestures that never tie is no change.
    @Test func reorderingMattersOnlyForTies() throws {
        let reordered = """
            let slopValue = 10pt
            gesture mark: stroke { segment: 20pt  match: down-right up-right }
            gesture move: pan { threshold: 10pt }
            gesture zoomIn: tap { taps: 2 }
            /// Select.
            gesture select: tap { slop: slopValue }
            select requires zoomIn to fail
            """
        #expect(try diff(Self.base, reordered).1 == "no change in behaviour\n")
        let tie = "gesture a: tap {}\ngesture b: tap {}\n"
        let (status, out) = try diff(tie, "gesture b: tap {}\ngesture a: tap {}\n", ["--exit-code"])
        #expect(status == .changed && out.contains("'a' and 'b' tie on some input and their order changed: 'b', now first, wins"), "\(out)")
    }

    @Test func conflictsAndLatencyBetweenSpecsAndJSON() throws {
        let withoutRule = Self.base.replacingOccurrences(of: "select requires zoomIn to fail", with: "")
        let (_, out) = try diff(Self.base, withoutRule, ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: String]])
        #expect(changes.contains { $0["kind"] == "rule" && $0["old"] == "select requires zoomIn to fail" })
        #expect(changes.contains { $0["kind"] == "conflict" && $0["message"]?.hasPrefix("conflict appears:") == true })
        #expect(changes.contains { $0["kind"] == "latency" && $0["gesture"] == "select" })
    }

    @Test func aTableAndItsSpecAreTheSame() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-diff-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = CLIPaths.packageRoot.appendingPathComponent("specs/simultaneous-transform.gesture").path
        let table = dir.appendingPathComponent("t.gtab").path
        #expect(run(["build", spec, "-o", table]).0 == .success)
        #expect(run(["diff", table, spec, "--exit-code"]).1 == "no change in behaviour\n")
        #expect(run(["diff", spec]).0 == .usageError)
    }
}
