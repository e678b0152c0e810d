import Foundation
import Testing
import GestureCompiler
@testable import GSpecCLI

/// Collects what a command writes.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _out = "", _err = ""
    var out: String { lock.withLock { _out } }
    var err: String { lock.withLock { _err } }

    func console(terminal: Bool = false) -> Console {
        Console(out: { s in self.lock.withLock { self._out += s } },
                err: { s in self.lock.withLock { self._err += s } },
                errIsTerminal: terminal)
    }
}

enum CLIPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}

func run(_ args: [String], terminal: Bool = false) -> (ExitCode, String, String) {
    let r = Recorder()
    let status = GSpec.run(args, console: r.console(terminal: terminal))
    return (status, r.out, r.err)
}

@Suite struct CLITests {
    @Test func checkShippedSpecsSucceedsSilently() {
        let (status, out, err) = run(["check", CLIPaths.packageRoot.appendingPathComponent("specs").path])
        #expect(status == .success)
        #expect(out.isEmpty && err.isEmpty)
    }

    @Test func checkReportsErrorsAndExitsOne() {
        let (status, _, err) = run(["check", CLIPaths.fixtures.appendingPathComponent("taps.gesture").path])
        #expect(status == .inputError)
        #expect(err.contains("taps.gesture:5:48: error: expected a duration (ms or s) for 'maxInterval'"))
        #expect(err.contains("error: unknown gesture 'dubleTap'; did you mean 'doubleTap'?"))
    }

    @Test func readmeShowsTheRealOutput() throws {
        let readme = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ gspec check taps.gesture\n"
        let start = try #require(readme.range(of: marker))
        let shown = readme[start.upperBound...].components(separatedBy: "```")[0]
        // Run where the fixture is, so the printed path is the README's.
        let (status, err) = try Binary.run(["check", "taps.gesture"], in: CLIPaths.fixtures)
        #expect(status == 1)
        #expect(err == shown)
    }

    /// Every `$ gspec ...` block of the README's analysis section prints what it shows.
    @Test func readmeAnalysisExamplesAreTheRealOutput() throws {
        let readme = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Conflicts, latency and tests").dropFirst().first?
            .components(separatedBy: "## Command line").first)
        let blocks = section.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        var commands = 0
        for block in blocks {
            for part in block.components(separatedBy: "$ gspec ").dropFirst() {
                let lines = part.split(separator: "\n", omittingEmptySubsequences: false)
                let arguments = lines[0].split(separator: " ").map(String.init)
                let shown = lines.dropFirst().joined(separator: "\n")
                // Run where the fixtures are, so the printed paths are the README's.
                let (_, output) = try Binary.run(arguments, in: CLIPaths.fixtures, mergingOutput: true)
                #expect(output == shown, "gspec \(lines[0])")
                commands += 1
            }
        }
        #expect(commands == 4)
    }

    @Test func readmeRunExampleIsTheRealOutput() throws {
        let readme = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ gspec run first.gesture --trace two-taps.jsonl\n"
        let start = try #require(readme.range(of: marker))
        let shown = readme[start.upperBound...].components(separatedBy: "```")[0]
        // The fixture is the README's first gesture block, verbatim.
        let block = try #require(readme.components(separatedBy: "```gesture\n").dropFirst().first?.components(separatedBy: "```").first)
        let fixture = try String(contentsOf: CLIPaths.fixtures.appendingPathComponent("first.gesture"), encoding: .utf8)
        #expect(block == fixture)
        let (status, out, _) = run(["run", CLIPaths.fixtures.appendingPathComponent("first.gesture").path,
                                    "--trace", CLIPaths.fixtures.appendingPathComponent("two-taps.jsonl").path])
        #expect(status == .success)
        #expect(out == shown)
    }

    @Test func warningsKeepExitZero() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-warn-\(UUID()).gesture")
        try "let unused = 3pt\ngesture a: tap {}\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, _, err) = run(["check", url.path])
        #expect(status == .success)
        #expect(err.contains("warning: constant 'unused' is never used"))
    }

    @Test func missingFileIsAnInputError() {
        let (status, _, err) = run(["check", "/nonexistent/x.gesture"])
        #expect(status == .inputError)
        #expect(err == "error: no such file or directory: '/nonexistent/x.gesture'\n")
    }

    @Test func usageErrorsExitTwoAndSuggest() {
        var (status, _, err) = run(["check", "--colr", "never", "specs"])
        #expect(status == .usageError)
        #expect(err.hasPrefix("error: unknown option '--colr'; did you mean '--color'?"))
        (status, _, err) = run(["chek", "specs"])
        #expect(status == .usageError && err.hasPrefix("error: unknown subcommand 'chek'; did you mean 'check'?"))
        #expect(err.contains("USAGE: gspec <subcommand>") && err.contains("SUBCOMMANDS:"))
        (status, _, err) = run(["frobnicate"])
        #expect(status == .usageError && err.hasPrefix("error: unknown subcommand 'frobnicate'\n") && err.contains("USAGE: gspec <subcommand>"))
        (status, _, err) = run(["run", "specs/tap-view.gesture"])
        #expect(status == .usageError && err.hasPrefix("error: missing '--trace <trace.jsonl>'\nUsage: gspec run "))
        (status, _, err) = run(["build", "--stats=yes", "specs"])
        #expect(status == .usageError && err.hasPrefix("error: option '--stats' takes no value"))
        (status, _, err) = run(["build", "--emit", "pdf", "specs"])
        #expect(status == .usageError && err.hasPrefix("error: invalid value 'pdf' for '--emit'; expected one of table, json, swift, dot"))
        (status, _, err) = run(["serve", "--port", "70000"])
        #expect(status == .usageError && err.hasPrefix("error: invalid value '70000' for '--port'"))
        (status, _, err) = run(["serve", "--files", "/no/such/directory", "--port", "0"])
        #expect(status == .inputError && err == "error: --files takes a directory: '/no/such/directory'\n")
        (status, _, err) = run(["check"])
        #expect(status == .usageError && err.contains("missing input"))
        (status, _, err) = run(["check", "--color", "sometimes", "specs"])
        #expect(status == .usageError && err.contains("invalid value 'sometimes' for '--color'"))
        (status, _, err) = run([])
        #expect(status == .usageError && err.contains("USAGE: gspec <subcommand>"))
        (status, _, err) = run(["--verison"])
        #expect(status == .usageError && err.contains("did you mean '--version'?"))
    }

    @Test func helpAndVersion() {
        var (status, out, _) = run(["--help"])
        #expect(status == .success && out.contains("SUBCOMMANDS:") && out.contains("check"))
        (status, out, _) = run(["check", "--help"])
        #expect(status == .success && out.contains("USAGE: gspec check") && out.contains("--color <when>"))
        (status, out, _) = run(["help", "check"])
        #expect(status == .success && out.contains("USAGE: gspec check"))
        (status, out, _) = run(["--version"])
        #expect(status == .success && out == "gspec \(GSpec.version)\n")
    }

    /// One version everywhere: `Compiler.version` is written once; the web and
    /// editor packages and the generated files' headers say the same.
    @Test func oneVersionEverywhere() throws {
        #expect(GSpec.version == Compiler.version)
        for package in ["web/package.json", "editors/package.json"] {
            let data = try Data(contentsOf: CLIPaths.packageRoot.appendingPathComponent(package))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["version"] as? String == Compiler.version, "\(package) says \(json["version"] ?? "nothing")")
        }
        let generated = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("Examples/web/photo-viewer.gestures.d.mts"), encoding: .utf8)
        #expect(generated.hasPrefix("// Generated by gspec \(Compiler.version) from"))
    }

    /// `--search`: every combination, the first constant varying slowest; malformed grids are refused.
    @Test func searchGridsListEveryCombination() throws {
        let grid = try #require(SearchGrid(argument: " turn=5deg,10deg  cusp=0deg...,0deg...50deg,30deg...\n"))
        #expect(grid.settings.map { $0.map { "\($0.name)=\($0.text)" }.joined(separator: " ") } == [
            "turn=5deg cusp=0deg...", "turn=5deg cusp=0deg...50deg", "turn=5deg cusp=30deg...",
            "turn=10deg cusp=0deg...", "turn=10deg cusp=0deg...50deg", "turn=10deg cusp=30deg...",
        ])
        for bad in ["", "turn", "=1", "turn=", "turn=1,,2", "turn=1 turn=2"] {
            #expect(SearchGrid(argument: bad) == nil, "\(bad)")
        }
    }

    /// Each command's declarations are what parsing accepts, what usage and help list, and what dispatch finds.
    @Test func helpUsageAndParsingComeFromOneDescription() throws {
        let (_, overview, _) = run(["--help"])
        for command in GSpec.commands {
            let name = command.configuration.name
            #expect(overview.contains("  \(name) ") && overview.contains(command.configuration.abstract))
            let (status, help, _) = run([name, "--help"])
            #expect(status == .success && help.hasPrefix("OVERVIEW: \(command.configuration.abstract)\n\nUSAGE: \(command.usage)\n"))
            for d in argumentDefinitions(of: command.init()) {
                guard !d.isPositionals else { continue }
                #expect(help.contains("  \(d.name)") && help.contains(d.help) && command.usage.contains(d.name), "\(name) \(d.name)")
                // Every declared option parses (its value aside): no "unknown option".
                var args = [d.name]
                // A value each option accepts: one of its words, a search grid, amounts of variation, or a number.
                if case .option(_, let choices, _) = d.kind { args.append(choices.first ?? ["eval --search": "turn=1deg,2deg", "eval --vary-traces": "overshoot=0.04"]["\(name) \(d.name)"] ?? "1") }
                do throws(UsageError) {
                    _ = try command.parse(args + ["--help"])
                } catch {
                    Issue.record("\(name) \(d.name): \(error.message)")
                }
            }
        }
        let names = GSpec.commands.map { $0.configuration.name }
        #expect(Set(names).count == names.count)
    }

    @Test func colorFollowsTheTerminalUnlessForced() {
        let file = CLIPaths.fixtures.appendingPathComponent("taps.gesture").path
        #expect(run(["check", file], terminal: true).2.contains("\u{1B}["))
        #expect(!run(["check", file], terminal: false).2.contains("\u{1B}["))
        #expect(!run(["check", "--color=never", file], terminal: true).2.contains("\u{1B}["))
        #expect(run(["check", "--color", "always", file], terminal: false).2.contains("\u{1B}["))
    }

    @Test func directoriesAreSearchedRecursivelyInSortedOrder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-dir-\(UUID())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "gesture a: tapp {}\n".write(to: dir.appendingPathComponent("sub/b.gesture"), atomically: true, encoding: .utf8)
        try "gesture a: tapp {}\n".write(to: dir.appendingPathComponent("a.gesture"), atomically: true, encoding: .utf8)
        try "not a spec".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let (status, _, err) = run(["check", dir.path])
        #expect(status == .inputError)
        let paths = err.split(separator: "\n").filter { $0.contains(": error:") }.map { $0.split(separator: ":")[0] }
        #expect(paths == ["\(dir.path)/a.gesture", "\(dir.path)/sub/b.gesture"])
    }

    /// The built binary, run as users run it: exit statuses and streams.
    @Test func binaryExitStatuses() throws {
        #expect(try Binary.run(["check", CLIPaths.packageRoot.appendingPathComponent("specs").path]).0 == 0)
        let (bad, err) = try Binary.run(["check", CLIPaths.fixtures.appendingPathComponent("taps.gesture").path])
        #expect(bad == 1 && err.contains("error:") && !err.contains("\u{1B}["))
        #expect(try Binary.run(["check", "--bogus"]).0 == 2)
    }
}

/// The `gspec` executable that `swift test` built beside the tests.
enum Binary {
    static var url: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gspec")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return CLIPaths.packageRoot.appendingPathComponent(".build/debug/gspec")
    }

    /// Runs it and returns the exit status and stderr (with stdout when `mergingOutput`, in the order written).
    static func run(_ args: [String], in directory: URL? = nil, mergingOutput: Bool = false) throws -> (Int32, String) {
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "gspec binary not found at \(url.path)")
        let p = Process()
        p.executableURL = url
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = mergingOutput ? err : Pipe()
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
