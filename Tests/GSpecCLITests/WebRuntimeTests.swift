import Foundation
import GSpecFuzz
import GestureCompiler
import GestureRuntime
import GestureTrace
import Testing

/// The web runtime (web/): the same runtime and trace code compiled to
/// WebAssembly must print the same bytes as the native build. Builds
/// `web/dist` with `web/build.sh` when it is missing or older than a source.
@Suite(.serialized) struct WebRuntimeTests {
    static let root = CLIPaths.packageRoot
    static let node = BrowserTests.node
    static let dist = root.appendingPathComponent("web/dist")
    /// Random traces per shipped spec (GSPEC_WEB_RANDOM overrides, for a quicker local run).
    static let randomTraces = Int(ProcessInfo.processInfo.environment["GSPEC_WEB_RANDOM"] ?? "") ?? 10_000

    /// Builds web/dist unless it is newer than every source it is built from.
    static func build() throws {
        let fm = FileManager.default
        func newest(_ dir: URL) -> Date {
            let files = fm.enumerator(at: dir, includingPropertiesForKeys: [.contentModificationDateKey])?.compactMap { $0 as? URL } ?? []
            return files.compactMap { try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate }.max() ?? .distantPast
        }
        let built = (try? dist.appendingPathComponent("gspec.wasm").resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
        let sources = [newest(root.appendingPathComponent("Sources/GestureRuntime")), newest(root.appendingPathComponent("Sources/GestureTrace")),
                       newest(root.appendingPathComponent("web/src")), newest(root.appendingPathComponent("web/build.sh"))].max()!
        if let built, built > sources { return }
        let (status, output) = try shell("/bin/bash", [root.appendingPathComponent("web/build.sh").path])
        try #require(status == 0, "web/build.sh failed:\n\(output)")
    }

    /// Runs a program; returns its status and its stdout and stderr together.
    @discardableResult
    static func shell(_ program: String, _ arguments: [String], stdout: URL? = nil) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        let pipe = Pipe()
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            p.standardOutput = try FileHandle(forWritingTo: stdout)
        } else {
            p.standardOutput = pipe
        }
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Two 32-bit FNV-1a hashes of `bytes`, as web/test/batch.mjs computes them.
    static func hash(_ bytes: [UInt8]) -> String {
        func fnv(_ basis: UInt32) -> String {
            var h = basis
            for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
            let hex = String(h, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }
        return fnv(0x811C_9DC5) + fnv(0x050C_5D1F)
    }

    struct Job: Encodable {
        var table: String
        var trace: String
        var flags: [String: Bool]
        var name: String
    }

    /// A random trace as text: full-precision coordinates, some pens and mice,
    /// views named on `began`, and now and then a mode line.
    static func text(_ events: [TouchEvent], pointers seed: Int, views: [String], modes: [String]) -> String {
        var lines: [String] = []
        for (k, e) in events.enumerated() {
            if !modes.isEmpty && k % 7 == 3 {
                lines.append("{\"t\":\(EventFormatter.time(e.time)),\"mode\":\"\(modes[k % modes.count])\",\"on\":\(k % 2 == 0)}")
            }
            var line = "{\"t\":\(EventFormatter.time(e.time)),\"touch\":\(e.id),\"phase\":\"\(e.phase.name)\",\"x\":\(e.x),\"y\":\(e.y)"
            if e.phase == .began && !views.isEmpty { line += ",\"view\":\"\(views[(seed + k) % views.count])\"" }
            let kind = (seed + Int(e.id)) % 5
            if kind >= 3 { line += ",\"pointer\":\"\(kind == 3 ? "pen" : "mouse")\"" }
            lines.append(line + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the WebAssembly build was not checked"))
    func wasmAndNativeGiveIdenticalBytes() throws {
        try Self.build()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-web-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("specs").path)
            .filter { $0.hasSuffix(".gesture") }.sorted().map { Self.root.appendingPathComponent("specs/\($0)") }
        var tables: [String: (path: String, table: GestureTable)] = [:]
        func table(_ spec: URL) throws -> (path: String, table: GestureTable) {
            if let t = tables[spec.path] { return t }
            let output = Compiler.compile(SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec))), examples: .beside(spec.path))
            let table = try #require(output.table, "\(spec.lastPathComponent) does not compile")
            let path = dir.appendingPathComponent("\(tables.count).gtab").path
            try Data(table.encoded()).write(to: URL(fileURLWithPath: path))
            tables[spec.path] = (path, table)
            return tables[spec.path]!
        }
        var jobs: [Job] = []
        var checked = 0, mismatches = 0
        let script = Self.root.appendingPathComponent("web/test/batch.mjs").path
        /// Runs `jobs` on both engines; returns how many ran.
        func check(_ jobs: [Job]) throws -> Int {
            let batch = dir.appendingPathComponent("batch.jsonl"), results = dir.appendingPathComponent("results.txt")
            let encoder = JSONEncoder()
            var data = Data()
            for job in jobs { data += try encoder.encode(job) + Data("\n".utf8) }
            try data.write(to: batch)
            let (status, err) = try Self.shell(Self.node!, [script, batch.path], stdout: results)
            try #require(status == 0, "batch.mjs failed: \(err)")
            let lines = try String(contentsOf: results, encoding: .utf8).split(separator: "\n")
            try #require(lines.count == jobs.count, "\(lines.count) results for \(jobs.count) jobs")
            for (i, job) in jobs.enumerated() {
                let t = tables.values.first { $0.path == job.table }!.table
                var settings = RunSettings()
                (settings.allStates, settings.explain, settings.deliveries) = (job.flags["allStates"] ?? false, job.flags["explain"] ?? false,
                                                                               job.flags["deliveries"] ?? false)
                var out = "", err = ""
                let status = TraceRun.job(Engine.init(table:), table: t, input: job.table, trace: Array(job.trace.utf8), tracePath: "trace.jsonl",
                                          settings: settings, observer: TraceRun.Unobserved?.none, out: { out += $0 }, err: { err += $0 })
                guard lines[i] != "\(i) \(status.rawValue) \(Self.hash(Array((out + "\u{0}" + err).utf8)))"[...] else { continue }
                mismatches += 1
                if mismatches <= 3 {
                    let (_, wasm) = try Self.shell(Self.node!, [script, batch.path, "--print", String(i)])
                    Issue.record("\(job.name): the WebAssembly engine differs.\nnative (status \(status.rawValue)):\n\(out)\(err)\nwasm:\n\(wasm)")
                }
            }
            return jobs.count
        }
        // Every golden trace, with its arguments, all states and explanations.
        for trace in GoldenTraceTests.traces {
            let spec = URL(fileURLWithPath: try GoldenTraceTests.specPath(of: trace))
            let args = try GoldenTraceTests.arguments(of: trace)
            jobs.append(Job(table: try table(spec).path, trace: try String(contentsOf: trace, encoding: .utf8),
                            flags: ["allStates": true, "explain": args.contains("--explain") || jobs.count % 2 == 0,
                                    "deliveries": args.contains("--deliveries") || jobs.count % 3 == 0],
                            name: trace.lastPathComponent))
        }
        // Every example trace beside a shipped spec (people's strokes among them), and every `gspec test` boundary stream.
        for spec in specs {
            let t = try table(spec)
            let base = spec.deletingPathExtension().path
            for dir in [base + ".tests", base + ".examples"] {
                let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") } ?? []
                for file in files.sorted() {
                    jobs.append(Job(table: t.path, trace: try String(contentsOfFile: dir + "/" + file, encoding: .utf8),
                                    flags: ["allStates": true, "explain": true], name: file))
                }
            }
            let source = SourceFile(path: spec.path, bytes: Array(try Data(contentsOf: spec)))
            let set = Frontend.check(source, examples: .beside(spec.path)).gestureSet
            for c in BoundaryCaseGenerator.cases(for: set) {
                for stream in [c.accepted, c.rejected] {
                    jobs.append(Job(table: t.path, trace: stream.traceLines(viewNames: t.table.viewNames.indices.map(t.table.name(ofView:)), screen: true),
                                    flags: ["allStates": true, "explain": jobs.count % 2 == 0], name: "\(spec.lastPathComponent) \(stream.summary)"))
                }
            }
        }
        // 10,000 random traces per shipped spec, strokes and anomalies included.
        var generator = RandomTraces(seed: 0x0057_A5E0)
        for spec in specs {
            let t = try table(spec)
            let views = t.table.hasViews ? (0..<t.table.viewCount).map(t.table.name(ofView:)) : []
            let modes = (0..<t.table.modeCount).map(t.table.name(ofMode:))
            for i in 0..<Self.randomTraces {
                let trace = "{\"screen\":[320,520]}\n" + Self.text(generator.trace(views: views.count), pointers: i, views: views, modes: modes)
                jobs.append(Job(table: t.path, trace: trace, flags: ["allStates": i % 2 == 0, "explain": i % 3 == 0, "deliveries": i % 4 == 0],
                                name: "\(spec.lastPathComponent) random \(i)"))
            }
            // A batch per spec keeps the files small enough for node to read whole.
            checked += try check(jobs)
            jobs = []
        }
        checked += try check(jobs)
        #expect(mismatches == 0, "\(mismatches) of \(checked) runs differ")
        #expect(checked > 14 * Self.randomTraces)
    }
}
