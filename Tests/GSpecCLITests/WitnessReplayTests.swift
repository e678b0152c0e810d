import Foundation
import GestureRuntime
import GestureTrace
import GestureCompiler
import Testing
@testable import GSpecCLI

/// Every witness `gspec check` prints or writes replays, through `gspec run`,
/// to what its warning says: the winner claims the touches when the warning
/// says, and the victim fires nowhere on it. Over every spec in the
/// repository that passes the front end (shipped, golden, fixtures, grammar
/// examples, the example package).
@Suite struct WitnessReplayTests {
    static let specs: [URL] = {
        let root = CLIPaths.packageRoot
        let folders = ["specs", "grammar/examples", "Tests/GSpecCLITests/Golden/specs", "Tests/GSpecCLITests/Fixtures",
                       "Tests/GestureCompilerTests/Golden/analysis", "Examples/GestureReplay/Sources/ReplayKit"]
        return folders.flatMap { folder -> [URL] in
            let dir = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.filter { $0.hasSuffix(".gesture") }.sorted().map { dir.appendingPathComponent($0) }
        }
    }()

    @Test func everyWitnessReplaysToItsWarning() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-witness-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var replayed = 0, disabledSets = 0
        for spec in Self.specs {
            let source = SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec)))
            let front = Frontend.check(source, examples: .beside(spec.path))
            guard !front.diagnostics.hasErrors else { continue }
            let set = front.gestureSet
            let report = Analyzer.analyze(set, source: source)
            if !report.conflicts.isEmpty && set.gestures.contains(where: { !$0.enabled }) { disabledSets += 1 }
            // What `gspec check` prints under a warning is what `--witness` writes, header aside.
            let files = report.witnessFiles(for: set, specPath: spec.path)
            for (c, file) in zip(report.conflicts, files) {
                let printed = report.diagnostics.first { $0.attachment.joined(separator: "\n") + "\n" == file.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .drop { $0.hasPrefix("#") || $0.isEmpty }.joined(separator: "\n") }
                #expect(printed != nil, "\(spec.lastPathComponent): the printed witness differs from the written one")
                let trace = dir.appendingPathComponent(file.name)
                try file.text.write(to: trace, atomically: true, encoding: .utf8)
                let (status, out, err) = run(["run", spec.path, "--trace", trace.path])
                #expect(status == .success, "\(spec.lastPathComponent) \(file.name): \(err)")
                let events = out.split(separator: "\n").compactMap { try? JSON.parse(Array($0.utf8)) }
                func claims(_ g: GestureID) -> [JSON] {
                    events.filter { $0["gesture"]?.string == set[g].name && ["began", "recognized"].contains($0["state"]?.string ?? "") }
                }
                let where_ = "\(spec.lastPathComponent) \(file.name)"
                #expect(claims(c.victim).isEmpty, "\(where_): '\(set[c.victim].name)' fires on its own witness")
                let at = claims(c.winner).first?["t"].flatMap { if case .number(let n) = $0 { n.text } else { nil } }
                #expect(at == EventFormatter.time(Microseconds(c.winnerAt)), "\(where_): '\(set[c.winner].name)' claims at \(at ?? "no time")")
                replayed += 1
            }
        }
        #expect(replayed >= 15)
        #expect(disabledSets >= 1, "no spec has a conflict in a set with a gesture disabled at start")
    }
}
