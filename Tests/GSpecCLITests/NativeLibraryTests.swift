import Foundation
import Synchronization
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

    /// The header's generated part is `GeneratedBindingsTests`'; it declares every export.
    @Test func theHeaderFollowsTheRuntimesListsAndNamesEveryExport() throws {
        let text = try String(contentsOf: Self.header, encoding: .utf8)
        #expect(text.contains(CHeaderEmitter.runtimeDeclarations()))
        // Every @_cdecl of the native library's exports is declared, with its documentation before it.
        let exports = try ["capi/Exports.swift", "capi/NativeExports.swift"]
            .map { try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
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

    /// native/build.sh, run once for the suite (both targets' libraries), unless they are newer than their sources.
    static let built: (status: Int32, log: String) = {
        let root = CLIPaths.packageRoot
        let sources = ["Sources/GestureRuntime", "Sources/GestureTrace", "capi", "native/build.sh", "native/src", "native/include",
                       "scripts/embedded.sh"]
        if isCurrent(dist.appendingPathComponent("aarch64-linux-android/libgspec.so"), builtFrom: sources.map(root.appendingPathComponent)) {
            return (0, "")
        }
        return (try? WebRuntimeTests.shell("/bin/bash", [root.appendingPathComponent("native/build.sh").path])) ?? (-1, "could not run")
    }()

    /// native/test/run.c compiled by `compiler` for `triple` and linked with its libgspec.so.
    static func program(_ compiler: String, _ triple: String, in dir: URL) throws -> String {
        #expect(built.status == 0, "\(built.log)")
        for file in ["libgspec.a", "libgspec.so"] {
            #expect(FileManager.default.fileExists(atPath: dist.appendingPathComponent("\(triple)/\(file)").path), "\(triple)/\(file)")
        }
        let lib = dist.appendingPathComponent(triple).path, program = dir.appendingPathComponent("run-\(triple)").path
        // The library names the C library's parts it takes functions from, so that any loader finds them.
        let objdump = try #require(BrowserTests.executable(["/opt/swift/usr/bin/llvm-objdump", "/usr/bin/llvm-objdump"]))
        let needed = try WebRuntimeTests.shell(objdump, ["-p", "\(lib)/libgspec.so"]).1.split(separator: "\n")
            .filter { $0.contains("NEEDED") }.compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(needed == ["libc.so.6", "libm.so.6"], "\(triple): \(needed)")
        let (compiled, log) = try WebRuntimeTests.shell(compiler, ["-O1", "-Wall", "-Werror", "-I", dist.appendingPathComponent("include").path,
                                                                   CLIPaths.packageRoot.appendingPathComponent("native/test/run.c").path,
                                                                   "-L", lib, "-lgspec", "-lm", "-Wl,-rpath,\(lib)", "-o", program])
        #expect(compiled == 0, "\(log)")
        return program
    }

    /// `trace` as native/test/run.c's steps, read by the trace reader as `gspec run` reads it.
    /// With `endingFrames`, each frame is ended (an `f` step) before a sample
    /// of a later time than every line before it, as a host ends its frames:
    /// the output must not change. (A sample behind a control line's time is
    /// taken at the clock that line moved; ending frames there would make
    /// two frames of what a trace, whose lines cannot end frames, reads as one.)
    static func steps(_ trace: String, table: GestureTable, endingFrames: Bool = false) -> String {
        var out = "", latest = Microseconds(.min)
        let seconds = { (t: Microseconds) in String(format: "%.6f", t.seconds) }
        if let screen = TraceReader.screenSize(Array(trace.utf8)) { out += "screen \(screen.x) \(screen.y)\n" }
        let views: ((String) -> ViewID?)? = table.hasViews ? { table.view(named: $0) } : nil
        _ = TraceReader.read(Array(trace.utf8), views: views, gestures: table.gestureIDs.map(table.name(of:)),
                             modes: table.modeIDs.map(table.name(ofMode:)), control: { c in
            let t = seconds(c.time), g = c.gestures.first ?? 0
            latest = max(latest, c.time)
            if let (m, on) = c.mode {
                out += "c \(t) \(m) - \(on)\n"
            } else if c.handOver {
                out += "c \(t) \(g) handOver -\n"
            } else if let edges = c.scrollEdges {
                out += "c \(t) \(g) scroll \(edges.rawValue)\n"
            } else if c.scrollBegan {
                out += "c \(t) \(g) began -\n"
            } else if let running = c.momentum {
                for g in c.gestures { out += "c \(t) \(g) momentum \(running)\n" }
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
            if endingFrames && s.time > latest && latest != Microseconds(.min) { out += "f\n" }
            latest = max(latest, s.time)
            out += String(format: "s %@ %lld %d %.17g %.17g %d %d\n", seconds(s.time), s.id, Int32(s.phase.rawValue), s.x, s.y,
                          Int32(s.view.rawValue), Int32(s.pointer.rawValue))
        }
        return out
    }

    /// What `gspec run` prints for each trace (`options` its flags), computed
    /// once for the C and the Java runs of the same traces.
    static func expected(_ table: GestureTable, _ traces: [(name: String, text: String)], options: [String], in dir: URL) throws -> [String] {
        let key = "\(table.encoded().hashValue) \(traces.map(\.text).hashValue) \(options)"
        if let known = expectedOutputs.withLock({ $0[key] }) { return known }
        let tablePath = dir.appendingPathComponent("t.gtab"), tracePath = dir.appendingPathComponent("trace.jsonl")
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
        expectedOutputs.withLock { $0[key] = expected }
        return expected
    }

    static let expectedOutputs = Mutex<[String: [String]]>([:])

    /// A table and traces for it: the steps of all of them, run by `command`
    /// (run.c, perhaps under emulation, or jvm/test/Run.java) in one process,
    /// print on stdout what `gspec run` prints for each (refused control lines
    /// go to stderr in both), every other trace with its frames ended.
    static func compare(_ table: GestureTable, _ traces: [(name: String, text: String)], options: [String] = [], in dir: URL,
                        _ command: [String]) throws -> Int {
        let expected = try expected(table, traces, options: options, in: dir)
        let tablePath = dir.appendingPathComponent("t.gtab"), stepsPath = dir.appendingPathComponent("steps.txt")
        try Data(table.encoded()).write(to: tablePath)
        // Every other trace with its frames ended as a host ends them (`gspec_engine_end_frame`, `Engine.endFrame`).
        try traces.enumerated().map { steps($1.text, table: table, endingFrames: $0 % 2 == 1) }.joined(separator: "next\n").write(to: stepsPath, atomically: true, encoding: .utf8)
        let outPath = dir.appendingPathComponent("out.txt")
        let (status, err) = try WebRuntimeTests.shell(command[0], command.dropFirst() + options + [tablePath.path, stepsPath.path], stdout: outPath)
        #expect(status == 0, "\(err.prefix(2000))")
        let out = try String(contentsOf: outPath, encoding: .utf8)
        let got = out.components(separatedBy: "next\n")
        #expect(got.count == traces.count, "\(got.count) outputs for \(traces.count) traces")
        var differing = 0
        for (k, trace) in traces.enumerated() where k < got.count && got[k] != expected[k] {
            differing += 1
            if differing <= 3 { Issue.record("\(trace.name): \(command.last!) prints\n\(got[k])\ngspec run prints\n\(expected[k])") }
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

    /// The random traces per shipped spec the C library and the Java
    /// binding run: 300 in `swift test`, the next 700 in the long run (`TestSize`).
    static let randomTraces = TestSize.cases(standard: 300, long: 1_000)

    /// The random traces `cases` of each shipped spec (`RandomTraces`, as the web
    /// runtime's differential test makes them), with mode lines and gestures
    /// disabled and enabled again; `failed` events printed too (`--all-states`).
    /// The traces are made in order (one generator); the specs then run at
    /// once, each in its own folder, so a run of this suite alone keeps both
    /// cores busy.
    static func compareOnRandomTraces(_ cases: Range<Int>, in dir: URL, _ command: [String]) async throws {
        var generator = RandomTraces(seed: 0x00C_11B5)
        var work: [(table: GestureTable, traces: [(name: String, text: String)], dir: URL)] = []
        for (k, spec) in WebRuntimeTests.shippedSpecs.enumerated() {
            let table = try #require(Compiler.compile(SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec))),
                                                      examples: .beside(spec.path)).table)
            let views = table.hasViews ? table.viewIDs.map(table.name(ofView:)) : []
            let modes = table.modeIDs.map(table.name(ofMode:))
            let traces = (0..<cases.upperBound).compactMap { i -> (name: String, text: String)? in
                let events = generator.trace(views: views.count)
                guard cases.contains(i) else { return nil }
                var lines = WebRuntimeTests.text(events, pointers: i, views: views, modes: modes).split(separator: "\n").map(String.init)
                if i % 3 == 0, let at = events.dropFirst(events.count / 3).first {
                    // One gesture off for a while: what disabling cancels or fails, and what it no longer takes.
                    let name = table.name(of: GestureID(i % table.gestureCount)), t = EventFormatter.time(at.time)
                    lines.insert("{\"t\":\(t),\"set\":\"\(name)\",\"enabled\":false}", at: lines.count / 3)
                    lines.insert("{\"t\":\(EventFormatter.time(events.last!.time)),\"set\":\"\(name)\",\"enabled\":true}", at: lines.count * 2 / 3)
                }
                return ("\(spec.lastPathComponent) random \(i)", "{\"screen\":[320,520]}\n" + lines.joined(separator: "\n") + "\n")
            }
            let folder = dir.appendingPathComponent("spec-\(k)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            work.append((table, traces, folder))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (table, traces, folder) in work {
                group.addTask { _ = try compare(table, traces, options: ["--all-states"], in: folder, command) }
            }
            try await group.waitForAll()
        }
    }

    /// native/build.sh builds both targets; native/test/run.c linked with the
    /// x86_64 libgspec.so prints `gspec run`'s lines on every golden trace and
    /// the random traces of each shipped spec (`randomTraces`).
    @Test(.enabled(if: clang != nil, "LOUD SKIP: no C compiler; the C library was not tried"))
    func theCLibraryGivesTheEnginesEvents() async throws {
        let dir = try scratchDirectory("gspec-native")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.clang!, "x86_64-unknown-linux-gnu", in: dir)
        try Self.compareOnGoldenTraces(in: dir, [program])
        try await Self.compareOnRandomTraces(Self.randomTraces, in: dir, [program])
    }

    /// x18, Android's platform register: in both arm64 builds only the
    /// toolchain's two prebuilt Unicode lookups touch it; every call of the
    /// one the runtime reaches goes through support.c's wrapper, which puts
    /// it back, and nothing calls the other.
    static func leavesX18Alone() throws {
        let objdump = try #require(BrowserTests.executable(["/opt/swift/usr/bin/llvm-objdump", "/usr/bin/llvm-objdump"]))
        let wrapped = ["_swift_stdlib_getMphIdx", "_swift_stdlib_getScalarName"]
        for triple in ["aarch64-unknown-linux-gnu", "aarch64-linux-android"] {
            let archive = dist.appendingPathComponent("\(triple)/libgspec.a").path
            let (status, text) = try WebRuntimeTests.shell(objdump, ["-dr", archive])
            #expect(status == 0)
            var function = "", touching = Set<String>(), callers: [String: [String]] = [:]
            for line in text.split(separator: "\n") {
                if line.hasSuffix(">:"), let open = line.firstIndex(of: "<") { function = String(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -2)]) }
                if line.contains("\t"), line.split(whereSeparator: { " \t,[]!".contains($0) }).contains(where: { $0 == "x18" || $0 == "w18" }) {
                    touching.insert(function)
                }
                if line.contains("R_AARCH64_CALL26"), let callee = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init), wrapped.contains(callee) {
                    callers[callee, default: []].append(function)
                }
            }
            #expect(touching.isSubset(of: Set(wrapped + ["__wrap__swift_stdlib_getMphIdx"])) && !touching.isEmpty, "\(triple): \(touching.sorted())")
            // Called by its wrapper, and by nothing else; the other by nothing.
            #expect(callers["_swift_stdlib_getMphIdx"] == ["__wrap__swift_stdlib_getMphIdx"], "\(triple): \(callers)")
            #expect(callers["_swift_stdlib_getScalarName"] == nil, "\(triple): \(callers)")
        }
    }

    /// The arm64 library, run under emulation: the same lines on every golden trace and 100 random traces per spec.
    @Test(.enabled(if: crossCC != nil && qemu != nil,
                   "LOUD SKIP: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross or qemu-user is not installed; the arm64 library was built but not run"))
    func theArm64LibraryUnderEmulationGivesTheSameEvents() async throws {
        let dir = try scratchDirectory("gspec-native-arm64")
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = try Self.program(Self.crossCC!, "aarch64-unknown-linux-gnu", in: dir)
        try Self.leavesX18Alone()
        let command = [Self.qemu!, "-L", "/usr/aarch64-linux-gnu", program]
        try Self.compareOnGoldenTraces(in: dir, command)
        try await Self.compareOnRandomTraces(0..<100, in: dir, command)
    }

    // The Java binding (jvm/): built after the native library, tested on the host's JVM.
    static let javac = BrowserTests.executable(["/usr/bin/javac"])
    static let java = BrowserTests.executable(["/usr/bin/java"])
    static let jvmDist = CLIPaths.packageRoot.appendingPathComponent("jvm/dist")

    /// jvm/build.sh (after native/build.sh), then jvm/test's programs compiled against its jar, into `dir`.
    static func javaCommand(_ program: String, in dir: URL) throws -> [String] {
        #expect(built.status == 0, "\(built.log)")
        let (status, log) = try WebRuntimeTests.shell("/bin/bash", [CLIPaths.packageRoot.appendingPathComponent("jvm/build.sh").path])
        #expect(status == 0, "\(log)")
        let jar = jvmDist.appendingPathComponent("gspec.jar").path
        let sources = ["Run.java", "Robustness.java"].map { CLIPaths.packageRoot.appendingPathComponent("jvm/test/\($0)").path }
        let (compiled, errors) = try WebRuntimeTests.shell(javac!, ["-Xlint:all", "-Werror", "-cp", jar, "-d", dir.path] + sources)
        #expect(compiled == 0, "\(errors)")
        let library = jvmDist.appendingPathComponent("x86_64-unknown-linux-gnu/libgspec_jni.so").path
        return [java!, "-Xcheck:jni", "-Ddev.gspec.library=\(library)", "-cp", "\(jar):\(dir.path)", program]
    }

    /// jvm/test/Run.java, through dev.gspec.Engine and GestureEvent.toString,
    /// prints `gspec run`'s lines on every golden trace and the random traces of each shipped spec (`randomTraces`).
    @Test(.enabled(if: clang != nil && javac != nil && java != nil, "LOUD SKIP: no JDK (default-jdk-headless) or C compiler; the Java binding was not tried"))
    func theJavaBindingPrintsGspecRunsLines() async throws {
        let dir = try scratchDirectory("gspec-jvm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let command = try Self.javaCommand("Run", in: dir)
        try Self.compareOnGoldenTraces(in: dir, command)
        // A whole trace's events held by the engine until one take (its buffer grown past its first 64 records).
        try Self.compareOnGoldenTraces(in: dir, command + ["--take-at-end"])
        try await Self.compareOnRandomTraces(Self.randomTraces, in: dir, command)
        // Refused control lines: the runtime's messages, as `gspec run` reports them, through C and Java alike.
        let spec = CLIPaths.packageRoot.appendingPathComponent("specs/photo-viewer.gesture").path
        let table = try #require(Compiler.compile(SourceFile(path: spec, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: spec)))),
                                                  examples: .beside(spec)).table)
        let trace = """
            {"t":0.1,"set":"dismiss","enabled":false}
            {"t":0.2,"set":"scrollStrip","threshold":"5kg"}
            {"t":0.3,"set":"menu","duration":"-2s"}
            {"t":0.4,"action":"menu","x":1,"y":2}
            {"t":0.5,"set":"menu","wobble":"3pt"}
            {"t":0.6,"mode":"zoomed","on":true}
            {"t":0.7,"action":"dismiss","x":1,"y":2}

            """
        let tracePath = dir.appendingPathComponent("refused.jsonl"), tablePath = dir.appendingPathComponent("t.gtab"),
            stepsPath = dir.appendingPathComponent("steps.txt")
        try trace.write(to: tracePath, atomically: true, encoding: .utf8)
        try Data(table.encoded()).write(to: tablePath)
        try Self.steps(trace, table: table).write(to: stepsPath, atomically: true, encoding: .utf8)
        let reasons = GSpecCLITests.run(["run", tablePath.path, "--trace", tracePath.path]).2.split(separator: "\n")
            .map { "refused: " + $0.components(separatedBy: ": error: ").dropFirst().joined(separator: ": error: ") }
        #expect(reasons.count == 6, "\(reasons)")
        let program = try Self.program(Self.clang!, "x86_64-unknown-linux-gnu", in: dir)
        for command in [command, [program]] {
            let (_, err) = try WebRuntimeTests.shell(command[0], command.dropFirst() + [tablePath.path, stepsPath.path], stdout: dir.appendingPathComponent("out.txt"))
            #expect(err.split(separator: "\n").map(String.init) == reasons, "\(command.last!)")
        }
        // Touch ids at the ends of 64 bits, and two a double cannot tell apart, are touches of their own.
        let bench = CLIPaths.packageRoot.appendingPathComponent("specs/bench.gesture").path
        let benchTable = try #require(Compiler.compile(SourceFile(path: bench, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: bench)))),
                                                       examples: .beside(bench)).table)
        let pairs: [(Int64, Int64)] = [(1 << 53, (1 << 53) + 1), (.max, .min), (-1, 0), (.max, .max - 1)]
        let taps = pairs.enumerated().map { k, ids in
            let t = Double(k) * 2
            return [(t, ids.0, "began"), (t, ids.1, "began"), (t + 0.05, ids.0, "ended"), (t + 0.05, ids.1, "ended")]
                .map { #"{"t":\#($0.0),"touch":\#($0.1),"phase":"\#($0.2)","x":100,"y":100}"# }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
        let expected = try Self.expected(benchTable, [("extreme ids", taps)], options: [], in: dir)[0]
        #expect(expected.components(separatedBy: #""gesture":"twoFingerTap","state":"recognized""#).count - 1 == pairs.count, "\(expected)")
        for command in [command, [program]] {
            #expect(try Self.compare(benchTable, [("extreme ids", taps), ("extreme ids, frames ended", taps)], in: dir, command) == 2)
        }
    }

    /// Tables that do not load throw GSpecTableException with the runtime's
    /// message, and nothing crashes the JVM (`-Xcheck:jni`): the shipped
    /// tables damaged 300 ways and the local fuzz corpus's tables
    /// (.build-fuzz, when present), run on random and corpus byte streams
    /// with control calls of any index, key and value.
    @Test(.enabled(if: clang != nil && javac != nil && java != nil, "LOUD SKIP: no JDK (default-jdk-headless) or C compiler; the Java binding was not tried"))
    func theJavaBindingThrowsTheRuntimesMessagesAndNeverCrashes() throws {
        let dir = try scratchDirectory("gspec-jvm-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let command = try Self.javaCommand("Robustness", in: dir)
        let tables = dir.appendingPathComponent("tables"), streams = dir.appendingPathComponent("streams")
        for d in [tables, streams] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        var rng = SplitMix64(seed: 0x1A7A)
        var originals: [[UInt8]] = []
        for spec in WebRuntimeTests.shippedSpecs {
            let table = try #require(Compiler.compile(SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec))), examples: .beside(spec.path)).table)
            originals.append(table.encoded())
            try Data(table.encoded()).write(to: tables.appendingPathComponent(spec.deletingPathExtension().lastPathComponent + ".gtab"))
        }
        for k in 0..<300 {
            var bytes = originals[k % originals.count]
            switch k % 3 {
            case 0: for _ in 0...(rng.next() % 4) { bytes[Int(rng.next() % UInt64(bytes.count))] ^= UInt8(1 << (rng.next() % 8)) }
            case 1: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            default: bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            try Data(bytes).write(to: tables.appendingPathComponent(String(format: "damaged-%03d.gtab", k)))
        }
        let corpus = CLIPaths.packageRoot.appendingPathComponent(".build-fuzz/corpus")
        for (folder, into, limit) in [("table", tables, 100), ("engine", streams, 100)] {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []).sorted().prefix(limit)
            for f in files { try FileManager.default.copyItem(at: corpus.appendingPathComponent("\(folder)/\(f)"), to: into.appendingPathComponent("corpus-\(f)")) }
        }
        for k in 0..<20 {
            try Data((0..<600).map { _ in UInt8(truncatingIfNeeded: rng.next()) }).write(to: streams.appendingPathComponent("random-\(k)"))
        }
        let outPath = dir.appendingPathComponent("out.txt")
        let (status, err) = try WebRuntimeTests.shell(command[0], command.dropFirst() + [tables.path, streams.path], stdout: outPath)
        #expect(status == 0, "the JVM: \(err.prefix(3000))")
        let lines = try String(contentsOf: outPath, encoding: .utf8).split(separator: "\n").map(String.init)
        // Each table's line: "ok", or the error the Swift runtime gives for its bytes.
        let files = try FileManager.default.contentsOfDirectory(atPath: tables.path).sorted()
        var failed = 0
        for (k, file) in files.enumerated() {
            let bytes = Array(try Data(contentsOf: tables.appendingPathComponent(file)))
            let expected: String
            // (A NUL in the message, a damaged table's bytes quoted, crosses a C string as "?".)
            do { _ = try GestureTable(decoding: bytes); expected = "\(file): ok" } catch {
                expected = "\(file): error \(error.description.replacingOccurrences(of: "\u{0}", with: "?"))"
            }
            #expect(k < lines.count && lines[k] == expected, "\(k < lines.count ? lines[k] : "")")
            if k < lines.count && lines[k] != expected { failed += 1 }
        }
        #expect(failed == 0)
        #expect(lines.filter { $0.hasSuffix(": ok") }.count >= originals.count, "\(lines.suffix(3))")
        #expect(lines.filter { $0.contains(": error ") }.count >= 100)
        #expect(lines.contains { $0.hasPrefix("refused: ") } && lines.last?.hasPrefix("loaded ") == true, "\(lines.suffix(3))")
        // A value that is not a boolean is refused with the trace reader's message, not taken as false.
        #expect(lines.contains("refused: 'enabled' must be true or false"))
        // A time no trace could write is refused at feed, with the trace reader's message.
        #expect(lines.contains("refused: 't' is out of range: 1000000000000000.0"), "\(lines.filter { $0.hasPrefix("refused: 't'") })")
    }

    /// `gspec build --emit java`: a class javac compiles (awkward names too:
    /// Java keywords, a name with dashes, two names that would collide), whose
    /// constants an app switches on and whose `engine()` reads the table
    /// resource beside it; a misspelled gesture does not compile.
    @Test(.enabled(if: clang != nil && javac != nil && java != nil, "LOUD SKIP: no JDK (default-jdk-headless) or C compiler; the Java emitter was not tried"))
    func theJavaEmitterGivesAClassOfNamesAndTheTableAsAResource() throws {
        let dir = try scratchDirectory("gspec-jvm-emit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let command = try Self.javaCommand("Run", in: dir)
        let src = dir.appendingPathComponent("src"), classes = dir.appendingPathComponent("classes")
        let root = CLIPaths.packageRoot.path
        #expect(GSpecCLITests.run(["build", "\(root)/specs/tap-or-double-tap.gesture", "--emit", "java", "--java-package", "dev.example", "-o", src.path]).0 == .success)
        #expect(GSpecCLITests.run(["build", "\(root)/Tests/GestureRuntimeTests/Generated/Specs/awkward-names.gesture", "--emit", "java",
                                   "--java-package", "dev.example", "-o", src.path, "--no-analysis"]).0 == .success)
        let package = src.appendingPathComponent("dev/example")
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("TapOrDoubleTapGestures.gtab").path))
        func main(_ gesture: String) -> String {
            """
            package dev.example;

            import dev.gspec.Engine;
            import dev.gspec.GestureEvent;
            import dev.gspec.Phase;

            public final class Main {
                public static void main(String[] args) throws Exception {
                    try (Engine engine = TapOrDoubleTapGestures.engine()) {
                        double[] times = {1.0, 1.05, 1.2, 1.25};
                        Phase[] phases = {Phase.BEGAN, Phase.ENDED, Phase.BEGAN, Phase.ENDED};
                        for (int k = 0; k < 4; k++) engine.feed(times[k], 1, phases[k], 100, 100);
                        engine.finish();
                        for (GestureEvent e : engine.takeEvents()) {
                            switch (e.gesture) {
                                case TapOrDoubleTapGestures.Gesture.\(gesture): System.out.println("double " + e.state.wireName() + " " + e.taps); break;
                                case TapOrDoubleTapGestures.Gesture.singleTap: System.out.println("single " + e.state.wireName()); break;
                                default: System.out.println("? " + e);
                            }
                        }
                    }
                    System.out.println(AwkwardNamesGestures.Gesture.default_ + " " + AwkwardNamesGestures.Gesture.twoFingerTap_2 + " "
                        + AwkwardNamesGestures.View.class_);
                }
            }

            """
        }
        let jar = Self.jvmDist.appendingPathComponent("gspec.jar").path
        let sources = [package.appendingPathComponent("Main.java").path, package.appendingPathComponent("TapOrDoubleTapGestures.java").path,
                       package.appendingPathComponent("AwkwardNamesGestures.java").path]
        // Misspelled, javac says so.
        try main("dubleTap").write(to: package.appendingPathComponent("Main.java"), atomically: true, encoding: .utf8)
        let (refused, log) = try WebRuntimeTests.shell(Self.javac!, ["-cp", jar, "-d", classes.path] + sources)
        #expect(refused != 0 && log.contains("dubleTap"), "\(log)")
        try main("doubleTap").write(to: package.appendingPathComponent("Main.java"), atomically: true, encoding: .utf8)
        let (compiled, errors) = try WebRuntimeTests.shell(Self.javac!, ["-Xlint:all", "-Werror", "-cp", jar, "-d", classes.path] + sources)
        #expect(compiled == 0, "\(errors)")
        // The resources go beside the classes, as a build packages them.
        for name in ["TapOrDoubleTapGestures.gtab", "AwkwardNamesGestures.gtab"] {
            try FileManager.default.copyItem(at: package.appendingPathComponent(name), to: classes.appendingPathComponent("dev/example/\(name)"))
        }
        var run = command
        run[run.count - 2] = "\(jar):\(classes.path)"
        run[run.count - 1] = "dev.example.Main"
        let (status, out) = try WebRuntimeTests.shell(run[0], Array(run.dropFirst()))
        #expect(status == 0 && out == "double recognized 2\nsingle failed\ndefault twoFingerTap class\n", "\(out)")
    }
}
