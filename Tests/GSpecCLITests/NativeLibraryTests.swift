import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace
import Testing
@testable import GSpecCLI

/// The engine as a C library (native/, issue 44, in progress): the header
/// follows the runtime's lists and names every export, and a C program
/// linked with the x86_64 library gets, sample for sample, the events the
/// engine gives natively.
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

    /// On every golden trace made of touches only: `run(table, samples)`
    /// prints, sample for sample, the records the engine decides natively.
    static func compareOnGoldenTraces(in dir: URL, _ run: (String, String) throws -> (Int32, String)) throws {
        var compared = 0
        for trace in GoldenTraceTests.traces {
            let text = try String(contentsOf: trace, encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            // Touch lines only (control lines are the next step).
            guard !lines.isEmpty, lines.allSatisfy({ $0.contains("\"touch\"") && $0.contains("\"phase\"") }) else { continue }
            let spec = try GoldenTraceTests.specPath(of: trace)
            let source = SourceFile(path: spec, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: spec))))
            guard let table = Compiler.compile(source, examples: .beside(spec)).table else { continue }
            var samples: [TouchEvent] = []
            let views: ((String) -> Int?)? = table.hasViews ? { table.view(named: $0) } : nil
            let errors = TraceReader.read(Array(text.utf8), views: views) { samples.append($0) }
            guard errors.isEmpty, samples.count == lines.count else { continue }
            // The engine's own records, printed as run.c prints them.
            var engine = Engine(table: table)
            var expected = ""
            func take() {
                for e in engine.events {
                    let r = EventRecord(e, view: table.receiver(of: e.gesture))
                    expected += String(format: "%.0f %d %d %.6f %.6f %.6f %.6f %.6f %.6f %d %d %d %d %d\n", r.time, r.gesture, r.state, r.x, r.y,
                                       r.value0, r.value1, r.velocity0, r.velocity1, r.taps, r.direction, r.view, r.input, r.touch)
                }
                engine.removeAllEvents()
            }
            var sampleText = ""
            for s in samples {
                engine.feed(s)
                take()
                sampleText += String(format: "%.6f %lld %d %.17g %.17g %d %d\n", Double(s.time) / 1_000_000, s.id, Int32(s.phase.rawValue), s.x, s.y,
                                     Int32(s.view), Int32(s.pointer.rawValue))
            }
            engine.finish()
            take()
            let tablePath = dir.appendingPathComponent("t.gtab"), samplesPath = dir.appendingPathComponent("s.txt")
            try Data(table.encoded()).write(to: tablePath)
            try sampleText.write(to: samplesPath, atomically: true, encoding: .utf8)
            let (status, out) = try run(tablePath.path, samplesPath.path)
            #expect(status == 0 && out == expected, "\(trace.lastPathComponent): the C library differs from the engine")
            compared += 1
        }
        #expect(compared >= 20, "only \(compared) golden traces compared")
    }

    /// native/build.sh builds both targets; native/test/run.c linked with the
    /// x86_64 libgspec.so gives the engine's records on the golden traces.
    @Test(.enabled(if: clang != nil, "LOUD SKIP: no C compiler; the C library was not tried"))
    func theCLibraryGivesTheEnginesEvents() throws {
        let dir = try scratchDirectory("gspec-native")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.clang!, "x86_64-unknown-linux-gnu", in: dir)
        try Self.compareOnGoldenTraces(in: dir) { try WebRuntimeTests.shell(program, [$0, $1]) }
    }

    /// The arm64 library, run under emulation: the same records.
    @Test(.enabled(if: crossCC != nil && qemu != nil,
                   "LOUD SKIP: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross or qemu-user is not installed; the arm64 library was built but not run"))
    func theArm64LibraryUnderEmulationGivesTheSameEvents() throws {
        let dir = try scratchDirectory("gspec-native-arm64")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.crossCC!, "aarch64-unknown-linux-gnu", in: dir)
        try Self.compareOnGoldenTraces(in: dir) { try WebRuntimeTests.shell(Self.qemu!, ["-L", "/usr/aarch64-linux-gnu", program, $0, $1]) }
    }
}
