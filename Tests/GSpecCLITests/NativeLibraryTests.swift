import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace
import GSpecFuzz
import Testing
@testable import GSpecCLI

/// The engine as a C library (native/): the header follows the runtime's
/// lists and names every export, and a C program linked with the library
/// prints, byte for byte, what `gspec run` prints, on every golden trace and
/// on random ones, on x86_64 and (under emulation) arm64.
@Suite(.serialized) struct NativeLibraryTests {
    static let header = CLIPaths.packageRoot.appendingPathComponent("native/include/gspec.h")

    /// The lines between the markers of native/include/gspec.h are
    /// `CHeaderEmitter.runtimeDeclarations()`; `GSPEC_RECORD=1` rewrites them.
    @Test func theHeaderFollowsTheRuntimesListsAndNamesEveryExport() throws {
        let text = try String(contentsOf: Self.header, encoding: .utf8)
        let begin = try #require(text.range(of: CHeaderEmitter.generatedBegin + "\n"))
        let end = try #require(text.range(of: CHeaderEmitter.generatedEnd + "\n", range: begin.upperBound..<text.endIndex))
        let expected = CHeaderEmitter.runtimeDeclarations()
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] != nil {
            try (text[..<begin.upperBound] + expected + text[end.lowerBound...]).write(to: Self.header, atomically: true, encoding: .utf8)
        }
        #expect(String(text[begin.upperBound..<end.lowerBound]) == expected,
                "native/include/gspec.h is out of date: GSPEC_RECORD=1 swift test --filter NativeLibraryTests")
        // Every @_cdecl of the shared exports is declared, with its documentation before it.
        let exports = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("web/src/Exports.swift"), encoding: .utf8)
            .split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("@_cdecl(\"") else { return nil }
                return String(line.dropFirst("@_cdecl(\"".count).prefix { $0 != "\"" })
            }
        #expect(exports.count >= 18)
        for name in exports { #expect(text.contains(" \(name)(") || text.contains("*\(name)("), "gspec.h does not declare \(name)") }
    }

    static let clang = BrowserTests.executable(["/opt/swift/usr/bin/clang", "/usr/bin/clang", "/usr/bin/cc"])
    static let crossCC = BrowserTests.executable(["/usr/bin/aarch64-linux-gnu-gcc"])
    static let qemu = BrowserTests.executable(["/usr/bin/qemu-aarch64", "/usr/bin/qemu-aarch64-static"])
    static let dist = CLIPaths.packageRoot.appendingPathComponent("native/dist")

    /// native/build.sh, run once for the suite: both targets' libraries.
    static let built: (status: Int32, log: String) = {
        (try? WebRuntimeTests.shell("/bin/bash", [CLIPaths.packageRoot.appendingPathComponent("native/build.sh").path])) ?? (-1, "could not run")
    }()

    /// native/test/run.c compiled by `compiler` for `triple` and linked with its libgspec.so.
    static func program(_ compiler: String, _ triple: String, in dir: URL) throws -> String {
        #expect(built.status == 0, "\(built.log)")
        for file in ["libgspec.a", "libgspec.so"] {
            #expect(FileManager.default.fileExists(atPath: dist.appendingPathComponent("\(triple)/\(file)").path), "\(triple)/\(file)")
        }
        let lib = dist.appendingPathComponent(triple).path, program = dir.appendingPathComponent("run-\(triple)").path
        let (compiled, log) = try WebRuntimeTests.shell(compiler, ["-O1", "-Wall", "-Werror", "-I", dist.appendingPathComponent("include").path,
                                                                   CLIPaths.packageRoot.appendingPathComponent("native/test/run.c").path,
                                                                   "-L", lib, "-lgspec", "-lm", "-Wl,-rpath,\(lib)", "-o", program])
        #expect(compiled == 0, "\(log)")
        return program
    }

    /// `trace` as native/test/run.c's steps, read by the trace reader as `gspec run` reads it.
    static func steps(_ trace: String, table: GestureTable) -> String {
        var out = ""
        let seconds = { (t: Int64) in String(format: "%.6f", Double(t) / 1_000_000) }
        if let screen = TraceReader.screenSize(Array(trace.utf8)) { out += "screen \(screen.x) \(screen.y)\n" }
        let views: ((String) -> Int?)? = table.hasViews ? { table.view(named: $0) } : nil
        _ = TraceReader.read(Array(trace.utf8), views: views, gestures: (0..<table.gestureCount).map(table.name(of:)),
                             modes: (0..<table.modeCount).map(table.name(ofMode:)), control: { c in
            let t = seconds(c.time), g = c.gestures.first ?? 0
            if let (m, on) = c.mode {
                out += "c \(t) \(m) - \(on)\n"
            } else if c.handOver {
                out += "c \(t) \(g) handOver -\n"
            } else if let edges = c.scrollEdges {
                out += "c \(t) \(g) scroll \(edges.rawValue)\n"
            } else if c.scrollBegan {
                out += "c \(t) \(g) began -\n"
            } else if let at = c.action {
                // The instance on the line's view, as `gspec run` picks it.
                let instance = c.actionView.flatMap { v in c.gestures.first { table.view(of: $0) == table.view(named: v) } } ?? g
                out += "a \(t) \(instance) \(at.x) \(at.y)\n"
            } else {
                for (name, value) in c.parameters { out += "c \(t) \(g) \(name) \(value)\n" }
                if let enabled = c.enabled { out += "c \(t) \(g) enabled \(enabled)\n" }
            }
            return nil
        }) { s in
            out += String(format: "s %@ %lld %d %.17g %.17g %d %d\n", seconds(s.time), s.id, Int32(s.phase.rawValue), s.x, s.y,
                          Int32(s.view), Int32(s.pointer.rawValue))
        }
        return out
    }

    /// A table and traces for it: the steps of all of them, run by `command`
    /// (run.c, perhaps under emulation) in one process, print on stdout what
    /// `gspec run` prints for each (refused control lines go to stderr in both).
    static func compare(_ table: GestureTable, _ traces: [(name: String, text: String)], options: [String] = [], in dir: URL,
                        _ command: [String]) throws -> Int {
        let tablePath = dir.appendingPathComponent("t.gtab"), stepsPath = dir.appendingPathComponent("steps.txt"),
            tracePath = dir.appendingPathComponent("trace.jsonl")
        try Data(table.encoded()).write(to: tablePath)
        var expected: [String] = []
        for (k, trace) in traces.enumerated() {
            if k < 20 {
                // The command itself, from its files,
                try trace.text.write(to: tracePath, atomically: true, encoding: .utf8)
                expected.append(GSpecCLITests.run(["run", tablePath.path, "--trace", tracePath.path] + options).1)
            } else {
                // and beyond, the job it runs once it has read them (10 times faster).
                var settings = RunSettings()
                settings.allStates = options.contains("--all-states")
                var out = ""
                _ = TraceRun.job(Engine.init(table:), table: table, input: tablePath.path, trace: Array(trace.text.utf8), tracePath: tracePath.path,
                                 settings: settings, observer: TraceRun.Unobserved?.none, out: { out += $0 }, err: { _ in })
                expected.append(out)
            }
        }
        try traces.map { steps($0.text, table: table) }.joined(separator: "next\n").write(to: stepsPath, atomically: true, encoding: .utf8)
        let outPath = dir.appendingPathComponent("out.txt")
        let (status, err) = try WebRuntimeTests.shell(command[0], command.dropFirst() + options + [tablePath.path, stepsPath.path], stdout: outPath)
        #expect(status == 0, "\(err.prefix(2000))")
        let out = try String(contentsOf: outPath, encoding: .utf8)
        let got = out.components(separatedBy: "next\n")
        #expect(got.count == traces.count, "\(got.count) outputs for \(traces.count) traces")
        var differing = 0
        for (k, trace) in traces.enumerated() where k < got.count && got[k] != expected[k] {
            differing += 1
            if differing <= 3 { Issue.record("\(trace.name): the C library prints\n\(got[k])\ngspec run prints\n\(expected[k])") }
        }
        #expect(differing == 0, "\(differing) of \(traces.count) traces differ")
        return traces.count - differing
    }

    /// Every golden trace whose spec compiles, control lines and actions included.
    static func compareOnGoldenTraces(in dir: URL, _ command: [String]) throws {
        var bySpec: [String: [(name: String, text: String)]] = [:]
        for trace in GoldenTraceTests.traces {
            bySpec[try GoldenTraceTests.specPath(of: trace), default: []].append((trace.lastPathComponent, try String(contentsOf: trace, encoding: .utf8)))
        }
        var compared = 0
        for (spec, traces) in bySpec.sorted(by: { $0.key < $1.key }) {
            let source = SourceFile(path: spec, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: spec))))
            guard let table = Compiler.compile(source, examples: .beside(spec)).table else { continue }
            compared += try compare(table, traces, in: dir, command)
        }
        #expect(compared >= GoldenTraceTests.traces.count * 9 / 10, "only \(compared) of \(GoldenTraceTests.traces.count) golden traces compared")
    }

    /// `count` random traces per shipped spec (`RandomTraces`, as the web
    /// runtime's differential test makes them), with mode lines and gestures
    /// disabled and enabled again; `failed` events printed too (`--all-states`).
    static func compareOnRandomTraces(_ count: Int, in dir: URL, _ command: [String]) throws {
        var generator = RandomTraces(seed: 0x00C_11B5)
        for spec in WebRuntimeTests.shippedSpecs {
            let table = try #require(Compiler.compile(SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec))),
                                                      examples: .beside(spec.path)).table)
            let views = table.hasViews ? (0..<table.viewCount).map(table.name(ofView:)) : []
            let modes = (0..<table.modeCount).map(table.name(ofMode:))
            let traces = (0..<count).map { i -> (name: String, text: String) in
                let events = generator.trace(views: views.count)
                var lines = WebRuntimeTests.text(events, pointers: i, views: views, modes: modes).split(separator: "\n").map(String.init)
                if i % 3 == 0, let at = events.dropFirst(events.count / 3).first {
                    // One gesture off for a while: what disabling cancels or fails, and what it no longer takes.
                    let name = table.name(of: i % table.gestureCount), t = EventFormatter.time(at.time)
                    lines.insert("{\"t\":\(t),\"set\":\"\(name)\",\"enabled\":false}", at: lines.count / 3)
                    lines.insert("{\"t\":\(EventFormatter.time(events.last!.time)),\"set\":\"\(name)\",\"enabled\":true}", at: lines.count * 2 / 3)
                }
                return ("\(spec.lastPathComponent) random \(i)", "{\"screen\":[320,520]}\n" + lines.joined(separator: "\n") + "\n")
            }
            _ = try compare(table, traces, options: ["--all-states"], in: dir, command)
        }
    }

    /// native/build.sh builds both targets; native/test/run.c linked with the
    /// x86_64 libgspec.so prints `gspec run`'s lines on every golden trace and
    /// 1,000 random traces per shipped spec.
    @Test(.enabled(if: clang != nil, "LOUD SKIP: no C compiler; the C library was not tried"))
    func theCLibraryGivesTheEnginesEvents() throws {
        let dir = try scratchDirectory("gspec-native")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.clang!, "x86_64-unknown-linux-gnu", in: dir)
        try Self.compareOnGoldenTraces(in: dir, [program])
        try Self.compareOnRandomTraces(1_000, in: dir, [program])
    }

    /// The arm64 library, run under emulation: the same lines on every golden trace and 100 random traces per spec.
    @Test(.enabled(if: crossCC != nil && qemu != nil,
                   "LOUD SKIP: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross or qemu-user is not installed; the arm64 library was built but not run"))
    func theArm64LibraryUnderEmulationGivesTheSameEvents() throws {
        let dir = try scratchDirectory("gspec-native-arm64")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.crossCC!, "aarch64-unknown-linux-gnu", in: dir)
        let command = [Self.qemu!, "-L", "/usr/aarch64-linux-gnu", program]
        try Self.compareOnGoldenTraces(in: dir, command)
        try Self.compareOnRandomTraces(100, in: dir, command)
    }
}
