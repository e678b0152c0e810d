import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// `gspec diff OLD NEW`: what changed in behaviour between two versions of a
/// gesture set (specs or tables), as `BehaviourDiff` compares them.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "diff",
        abstract: "Compare two versions of a gesture set by behaviour, not text.",
        discussion: """
            Gestures are matched by name. Reported: gestures added or removed; a
            gesture's kind, view and parameters; its compiled automaton when it
            accepts other input (equivalent automata are unchanged, however they
            were written); rules; the order of two gestures that tie. Between two
            specs also: conflicts that appear or disappear, and latency. A
            reformatted file, renamed constants or edited comments give "no change
            in behaviour".
            """
    )

    @Arguments(usage: "<old.gesture|old.gtab> <new.gesture|new.gtab>") var versionPaths: [String]
    @Flag(name: "--json", help: "Print the changes as JSON.") var json: Bool
    @Flag(name: "--exit-code", help: "Exit 3 when behaviour changed, 0 when not.") var exitCode: Bool
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if versionPaths.count != 2 { throw UsageError("expected two gesture sets, the old and the new") }
    }

    func run(console: Console) -> ExitCode {
        var versions: [BehaviourDiff.Version] = []
        for path in versionPaths {
            guard let loaded = GestureSetLoader.load(path, diagnostics.renderer(for: console), console) else { return .inputError }
            var version = BehaviourDiff.Version(table: loaded.table, set: loaded.gestureSet)
            if let set = loaded.gestureSet, let source = loaded.source {
                version.report = Analyzer.analyze(set, source: source, tableBuilt: true, fixIts: false)
            }
            versions.append(version)
        }
        let changes = BehaviourDiff.compare(versions[0], versions[1])
        if json {
            console.out(Self.json(changes))
        } else if changes.isEmpty {
            console.out("no change in behaviour\n")
        } else {
            console.out(changes.map { $0.message + "\n" }.joined())
        }
        return exitCode && !changes.isEmpty ? .changed : .success
    }

    /// `{"changes":[{"kind":...,"gesture":...,"subject":...,"old":...,"new":...,"message":...}]}`, one change per line.
    static func json(_ changes: [BehaviourChange]) -> String {
        let items = changes.map { c -> String in
            var fields = ["\"kind\":\(TableEmitter.quoted(c.kind.rawValue))"]
            for (key, value) in [("gesture", c.gesture), ("subject", c.subject), ("old", c.old), ("new", c.new)] {
                if let value { fields.append("\(TableEmitter.quoted(key)):\(TableEmitter.quoted(value))") }
            }
            fields.append("\"message\":\(TableEmitter.quoted(c.message))")
            return "  {" + fields.joined(separator: ",") + "}"
        }
        return "{\"changes\":[" + (items.isEmpty ? "" : "\n" + items.joined(separator: ",\n") + "\n") + "]}\n"
    }
}
