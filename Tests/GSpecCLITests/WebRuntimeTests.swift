import Foundation
import GSpecFuzz
@testable import GSpecCLI
import GestureCompiler
import GestureRuntime
import GestureTrace
import Testing

/// The web runtime (web/): the same runtime and trace code compiled to
/// WebAssembly must print the same bytes as the native build. Builds
/// `web/dist` with `web/build.sh` when it is missing or older than a source.
@Suite struct WebRuntimeTests {
    static let root = CLIPaths.packageRoot
    static let node = BrowserTests.node
    static let dist = root.appendingPathComponent("web/dist")
    /// The random traces per shipped spec checked: 1,000 in `swift test`, the next 9,000 in the long run (`TestSize`).
    static let randomTraces = TestSize.cases(standard: 1_000, long: 10_000)

    /// Builds web/dist unless it is newer than every source it is built from;
    /// once per run, however many tests ask at once.
    static func build() throws {
        try #require(built == nil, "web/build.sh failed:\n\(built ?? "")")
    }

    /// nil when web/dist is built and current, else why not.
    static let built: String? = {
        let sources = ["Sources/GestureRuntime", "Sources/GestureTrace", "capi", "web/src", "web/build.sh", "scripts/embedded.sh"]
        if isCurrent(dist.appendingPathComponent("gspec.wasm"), builtFrom: sources.map(root.appendingPathComponent)) { return nil }
        guard let (status, output) = try? shell("/bin/bash", [root.appendingPathComponent("web/build.sh").path]) else { return "cannot run bash" }
        return status == 0 ? nil : output
    }()

    static let shippedSpecs: [URL] = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("specs").path)) ?? [])
        .filter { $0.hasSuffix(".gesture") }.sorted().map { root.appendingPathComponent("specs/\($0)") }

    /// A path for one test's file (the caller removes it).
    static func scratchFile(_ prefix: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString)
    }

    /// A new empty directory for one test (the caller removes it).
    static func scratch(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
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

    /// Part 0: every golden trace, example trace and boundary stream; part k: the
    /// random traces of the k-th shipped spec (parts run in parallel).
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the WebAssembly build was not checked"),
          arguments: 0...shippedSpecs.count)
    func wasmAndNativeGiveIdenticalBytes(part: Int) throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let specs = Self.shippedSpecs
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
        // apiChecked: runs also made through the page's engine API (batch.mjs).
        var checked = 0, mismatches = 0, apiChecked = 0
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
            apiChecked += err.split(separator: "\n").last { $0.hasPrefix("api-checked ") }.flatMap { Int($0.dropFirst(12)) } ?? 0
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
        if part == 0 {
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
            // Example folders are links into data/ (two specs share one): each folder runs once.
            var seen: Set<String> = []
            for spec in specs {
                let t = try table(spec)
                let base = spec.deletingPathExtension().path
                for link in [base + ".tests", base + ".examples"] {
                    let dir = URL(fileURLWithPath: link).resolvingSymlinksInPath().path
                    guard seen.insert(dir).inserted else { continue }
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
                        jobs.append(Job(table: t.path, trace: stream.traceLines(viewNames: t.table.viewNames.indices.map { t.table.name(ofView: ViewID($0)) }, screen: true),
                                        flags: ["allStates": true, "explain": jobs.count % 2 == 0], name: "\(spec.lastPathComponent) \(stream.summary)"))
                    }
                }
            }
        }
        // Random traces per shipped spec (`randomTraces`), strokes and anomalies included.
        var generator = RandomTraces(seed: 0x0057_A5E0)
        for spec in part == 0 ? [] : [specs[part - 1]] {
            let t = try table(spec)
            let views = t.table.hasViews ? t.table.viewIDs.map(t.table.name(ofView:)) : []
            let modes = t.table.modeIDs.map(t.table.name(ofMode:))
            for i in 0..<Self.randomTraces.upperBound {
                let events = generator.trace(views: views.count)
                guard Self.randomTraces.contains(i) else { continue }
                let trace = "{\"screen\":[320,520]}\n" + Self.text(events, pointers: i, views: views, modes: modes)
                jobs.append(Job(table: t.path, trace: trace, flags: ["allStates": i % 2 == 0, "explain": i % 3 == 0, "deliveries": i % 4 == 0],
                                name: "\(spec.lastPathComponent) random \(i)"))
            }
            // A batch per spec keeps the files small enough for node to read whole.
            checked += try check(jobs)
            jobs = []
        }
        checked += try check(jobs)
        #expect(mismatches == 0, "\(mismatches) of \(checked) runs differ")
        #expect(checked >= (part == 0 ? GoldenTraceTests.traces.count + 500 : Self.randomTraces.count))
        // The touch-only traces with --all-states (most golden traces, people's strokes) ran through the page's API too.
        #expect(part != 0 || apiChecked >= GoldenTraceTests.traces.count / 2, "\(apiChecked) runs through the page's API")
    }

    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the JavaScript API was not checked"))
    func theJavaScriptAPI() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-api-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = GoldenTraceTests.golden.appendingPathComponent("traces/tap-or-double-tap-double.jsonl")
        let table = dir.appendingPathComponent("tap.gtab"), expected = dir.appendingPathComponent("tap.expected")
        #expect(run(["build", try GoldenTraceTests.specPath(of: trace), "-o", table.path]).0 == .success)
        let (status, out, _) = run(["run", table.path, "--trace", trace.path, "--all-states"])
        #expect(status == .success)
        try out.write(to: expected, atomically: true, encoding: .utf8)
        let sheet = dir.appendingPathComponent("sheet.gtab")
        #expect(run(["build", Self.root.appendingPathComponent("specs/sheet-with-list.gesture").path, "-o", sheet.path]).0 == .success)
        let a11y = dir.appendingPathComponent("a11y.gtab"), a11yTrace = GoldenTraceTests.golden.appendingPathComponent("traces/accessibility-actions.jsonl")
        #expect(run(["build", try GoldenTraceTests.specPath(of: a11yTrace), "-o", a11y.path, "--no-analysis"]).0 == .success)
        let (code, output) = try Self.shell(Self.node!, [Self.root.appendingPathComponent("web/test/api.mjs").path, table.path, trace.path,
                                                         expected.path, sheet.path, a11y.path,
                                                         a11yTrace.deletingPathExtension().appendingPathExtension("expected").path])
        #expect(code == 0, "\(output)")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == 14, "\(output)")
    }

    /// `bench.mjs --in-module` (the engine alone in WebAssembly, for the
    /// wasm-to-native ratio of docs/web.md) runs the engine on every sample:
    /// it reports the events the two exports per sample report.
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the in-module benchmark was not checked"))
    func theInModuleBenchmarkRunsTheEngine() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-bench-")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["bench-mixed", "shapes-human"] {
            let trace = GoldenTraceTests.golden.appendingPathComponent("traces/\(name).jsonl")
            let table = dir.appendingPathComponent("\(name).gtab")
            #expect(run(["build", try GoldenTraceTests.specPath(of: trace), "-o", table.path, "--no-analysis"]).0 == .success)
            func events(_ mode: String) throws -> Int? {
                let (status, output) = try Self.shell(Self.node!, [Self.root.appendingPathComponent("web/test/bench.mjs").path, table.path, trace.path, "1", mode])
                #expect(status == 0, "\(output)")
                return output.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) }
            }
            let inModule = try events("--in-module"), exports = try events("--engine-only")
            #expect(inModule != nil && inModule == exports && inModule! > 0, "\(name): \(String(describing: inModule)) events in the module, \(String(describing: exports)) through the exports")
        }
    }

    /// The `touch-action` `attach` sets follows docs/web.md's table: what
    /// every gesture leaves to the browser, then each `scroll`'s axes added
    /// back, even beside a pinch (the browser keeps native scrolling).
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the touch-action table was not checked"))
    func touchActionFollowsTheSet() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-touch-action-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(spec: String, expected: String)] = [
            ("gesture t: tap {}", "manipulation"),
            ("gesture p: pan { axis: horizontal }", "pan-y pinch-zoom"),
            ("gesture s: swipe { directions: up | down }", "pan-x pinch-zoom"),
            ("gesture z: pinch {}", "none"),
            ("gesture z: pinch {}\ngesture list: scroll { axis: vertical }", "pan-y"),
            ("gesture z: pinch {}\ngesture feed: scroll { axis: horizontal }", "pan-x"),
            ("gesture d: swipe { directions: left }\ngesture list: scroll {}", "pan-y pinch-zoom"),
            ("gesture m: pan { input: mouse }\ngesture z: rotation { input: mouse }", "auto"),
        ]
        var args: [String] = []
        for (i, c) in cases.enumerated() {
            let spec = dir.appendingPathComponent("s\(i).gesture"), table = dir.appendingPathComponent("s\(i).gtab")
            try c.spec.write(to: spec, atomically: true, encoding: .utf8)
            #expect(run(["build", spec.path, "-o", table.path]).0 == .success, "\(c.spec)")
            args += [table.path, c.expected]
        }
        let (code, output) = try Self.shell(Self.node!, [Self.root.appendingPathComponent("web/test/touch-action.mjs").path] + args)
        #expect(code == 0, "\(output)")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == cases.count, "\(output)")
    }

    /// `engine.setScrollEdges` (v4) acts as a trace's scroll line: at the
    /// list's top its `at` hand-over gives a pull down to the sheet; at no
    /// edge the list scrolls; a wrong edge or a gesture that is no scroll throws.
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; setScrollEdges was not checked"))
    func scrollEdgesThroughThePagesAPI() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-scroll-edges-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("scroll.gtab")
        #expect(run(["build", GoldenTraceTests.golden.appendingPathComponent("specs/scroll-at-edge.gesture").path, "-o", table.path]).0 == .success)
        let (code, output) = try Self.shell(Self.node!, [Self.root.appendingPathComponent("web/test/scroll-edges.mjs").path, table.path])
        #expect(code == 0 && output == "ok\n", "\(output)")
    }

    /// What a page loads (`gspec.wasm`, `gspec.mjs` and the `gspec-dom.mjs` it
    /// imports, each gzipped as a server would send them) stays within the
    /// budget of docs/web.md: 92 KB as built with Binaryen's wasm-opt and
    /// minified by esbuild; 10 KB more where web/build.sh found no wasm-opt
    /// (its module is then 6 KB larger), 2 KB more where it found no esbuild.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/gzip"), "LOUD SKIP: gzip is not installed; the size budget was not checked"))
    func whatAPageLoadsStaysWithinTheBudget() throws {
        try Self.build()
        var total = 0
        for name in ["gspec.wasm", "gspec.mjs", "gspec-dom.mjs"] {
            let gzipped = Self.scratchFile("gspec-size-")
            defer { try? FileManager.default.removeItem(at: gzipped) }
            let (status, output) = try Self.shell("/bin/gzip", ["-9", "-c", Self.dist.appendingPathComponent(name).path], stdout: gzipped)
            #expect(status == 0, "\(output)")
            total += (try FileManager.default.attributesOfItem(atPath: gzipped.path)[.size] as? Int) ?? .max
        }
        func installed(_ tool: String) -> Bool {
            ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        let budget = 92_000 + (installed("wasm-opt") ? 0 : 10_000) + (installed("esbuild") ? 0 : 2_000)
        #expect(total <= budget, "gspec.wasm, gspec.mjs and gspec-dom.mjs gzipped: \(total) bytes, over the \(budget / 1000) KB budget")
    }

    /// Every JavaScript module of the repository parses (`node --check`), and the
    /// playground's page module, imported in node, colours a spec by the editors' grammar.
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; the JavaScript modules were not checked"))
    func everyModuleParsesAndThePlaygroundModuleRunsInNode() throws {
        let folders = ["web/src", "web/playground", "web/test", "Examples/web", "Tests/GSpecCLITests/Browser"]
        let modules = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".mjs") }.map { Self.root.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
        #expect(modules.count >= 10)
        for module in modules {
            let (status, output) = try Self.shell(Self.node!, ["--check", module])
            #expect(status == 0, "\(module): \(output)")
        }
        let (status, output) = try Self.shell(Self.node!, [Self.root.appendingPathComponent("web/test/playground.mjs").path])
        #expect(status == 0 && output == "ok playground\n", "\(output)")
    }

    /// `gspec-run.mjs` is `gspec run` as a command: the same bytes, statuses and error lines.
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; gspec-run.mjs was not checked"))
    func gspecRunMjsIsGspecRun() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-run-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = Self.root.appendingPathComponent("specs/horizontal-list.gesture").path
        let table = dir.appendingPathComponent("list.gtab").path
        #expect(run(["build", spec, "-o", table]).0 == .success)
        let bad = dir.appendingPathComponent("bad.jsonl").path, good = GoldenTraceTests.traces.first { $0.lastPathComponent.hasPrefix("horizontal-list") }!.path
        try "{\"t\":0,\"touch\":1,\"phase\":\"began\",\"x\":1,\"y\":1}\nnot json\n{\"t\":0.1,\"touch\":9,\"phase\":\"ended\",\"x\":1,\"y\":1}\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let truncated = dir.appendingPathComponent("truncated.gtab").path
        try Data(try Data(contentsOf: URL(fileURLWithPath: table)).prefix(40)).write(to: URL(fileURLWithPath: truncated))
        let cases: [[String]] = [
            [table, "--trace", good], [table, "--trace", good, "--explain", "--deliveries"], [table, "--trace", good, "--all-states"],
            [table, "--trace", bad], [table, "--trace", dir.appendingPathComponent("missing.jsonl").path],
            [truncated, "--trace", good], [table, "--trace", good, "--screen", "0x5"], [table, "--trace", good, "--screen", "400x800"],
            [table, "--trace", good, "--stale-touch-timeout", "-1"], [table, "--trace", good, "--stale-touch-timeout", "0.05"],
        ]
        for args in cases {
            let native = try Self.shell(Binary.url.path, ["run"] + args, stdout: dir.appendingPathComponent("n.out"))
            let wasm = try Self.shell(Self.node!, [Self.dist.appendingPathComponent("gspec-run.mjs").path] + args, stdout: dir.appendingPathComponent("w.out"))
            let (n, w) = (try String(contentsOfFile: dir.appendingPathComponent("n.out").path, encoding: .utf8),
                          try String(contentsOfFile: dir.appendingPathComponent("w.out").path, encoding: .utf8))
            #expect(native.0 == wasm.0 && native.1 == wasm.1 && n == w, "\(args): native \(native.0) \(native.1)\(n)\nwasm \(wasm.0) \(wasm.1)\(w)")
        }
        // Every option of the one list (`RunOption`) is in both commands' help, and run both ways above.
        let nativeHelp = try Self.shell(Binary.url.path, ["run", "--help"]).1
        let wasmHelp = try Self.shell(Self.node!, [Self.dist.appendingPathComponent("gspec-run.mjs").path, "--help"]).1
        for option in RunOption.allCases {
            #expect(nativeHelp.contains(option.flag) && nativeHelp.contains(option.help), "gspec run --help lacks \(option.flag)")
            #expect(wasmHelp.contains(option.flag) && wasmHelp.contains(option.help), "gspec-run.mjs --help lacks \(option.flag)")
            #expect(cases.contains { $0.contains(option.flag) }, "no case compares \(option.flag) natively and in WebAssembly")
        }
        // What only the native command can do is a usage error, not a silent difference.
        let html = try Self.shell(Self.node!, [Self.dist.appendingPathComponent("gspec-run.mjs").path, table, "--trace", good, "--html", "x.html"])
        #expect(html.0 == 2 && html.1.contains("--html"))
    }

    /// `gspec build --emit js`: the module's table is the `.gtab`, its names the engine's.
    @Test(.enabled(if: node != nil, "LOUD SKIP: node is not installed; --emit js was not checked"))
    func emittedModuleIsTheTableAndItsNames() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-emit-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = Self.root.appendingPathComponent("specs/photo-viewer.gesture").path
        let module = dir.appendingPathComponent("photo-viewer.gestures.mjs"), gtab = dir.appendingPathComponent("photo-viewer.gtab")
        #expect(run(["build", spec, "-o", module.path, "--emit", "js"]).0 == .success)
        #expect(run(["build", spec, "-o", gtab.path]).0 == .success)
        let declarations = try String(contentsOf: dir.appendingPathComponent("photo-viewer.gestures.d.mts"), encoding: .utf8)
        #expect(declarations.contains("export type GestureName = \"toggleToolbar\" | \"zoomToggle\""))
        #expect(declarations.contains("export type ModeName = \"zoomed\";"))
        let script = """
            import { readFileSync } from 'node:fs';
            import { loadRuntime } from '\(Self.dist.appendingPathComponent("gspec.mjs").path)';
            import { table, Gesture, View, Mode } from '\(module.path)';
            const gtab = readFileSync('\(gtab.path)');
            if (Buffer.compare(Buffer.from(table), gtab) !== 0) throw new Error('the module\\'s table is not the .gtab');
            const engine = (await loadRuntime()).engine(table);
            const unique = [...new Set(engine.gestures)];
            if (JSON.stringify(Object.values(Gesture)) !== JSON.stringify(unique)) throw new Error(JSON.stringify([Gesture, unique]));
            if (JSON.stringify(Object.values(View)) !== JSON.stringify(engine.views)) throw new Error('views');
            if (JSON.stringify(Object.values(Mode)) !== JSON.stringify(engine.modes)) throw new Error('modes');
            if (!Object.isFrozen(Gesture)) throw new Error('not frozen');
            engine.setMode(Mode.zoomed, true);
            console.log('ok');
            """
        let file = dir.appendingPathComponent("check.mjs")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = try Self.shell(Self.node!, [file.path])
        #expect(status == 0 && output == "ok\n", "\(output)")
    }

    /// `attach` in headless Chromium, touches through the browser's input pipeline:
    /// the events the page reports are those `gspec run` gives on the samples it recorded.
    @Test(.enabled(if: node != nil && BrowserTests.chromium != nil, "LOUD SKIP: chromium or node is not installed; attach was not checked"))
    func attachInChromiumMatchesGspecRun() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-attach-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("set.gtab")
        #expect(run(["build", CLIPaths.fixtures.appendingPathComponent("web-attach.gesture").path, "-o", table.path, "--no-analysis"]).0 == .success)
        let touchOnly = dir.appendingPathComponent("touch-only.gtab")
        #expect(run(["build", Self.root.appendingPathComponent("specs/tap-or-double-tap.gesture").path, "-o", touchOnly.path, "--no-analysis"]).0 == .success)
        let page = try BrowserTests.node("web-attach.mjs", Self.dist.path, table.path, touchOnly.path)
        let samples = try #require(page["samples"] as? [[String: Any]]), events = try #require(page["events"] as? [[String: Any]])
        // A second attach on one element throws; a mouse on a set without `input: mouse` is said once, in the console.
        #expect((page["twice"] as? String)?.contains("already has a gesture set attached") == true, "\(page["twice"] ?? "no error")")
        let itemsErrors = page["itemsErrors"] as? [String] ?? []
        #expect(itemsErrors.count == 2 && itemsErrors[0].contains("items: unknown view 'nope'") && itemsErrors[1].contains("items maps view names"),
                "\(itemsErrors)")
        let warnings = (page["warnings"] as? [String] ?? []).filter { $0.contains("input: mouse") }
        #expect(warnings.count == 1, "\(page["warnings"] ?? [])")
        #expect((page["plainEvents"] as? [Any])?.isEmpty == true, "the mouse drove a set that takes no mouse")
        // Each event's target is the element its first touch began on: the tap at (100, 100) on #cell, the rest on the area.
        let targets = try #require(page["targets"] as? [String])
        #expect(targets.count == events.count && targets.contains("singleTap cell") && targets.contains("doubleTap area")
                && targets.contains("zoom area") && !targets.contains { $0.hasSuffix(" ?") }, "\(targets)")
        #expect(page["touchAction"] as? String == "none" && page["derived"] as? String == "none", "\(page["touchAction"] ?? "?")")
        // Replayed: the samples as a trace, through gspec run.
        let trace = dir.appendingPathComponent("recorded.jsonl")
        let lines = try samples.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["run", table.path, "--trace", trace.path, "--all-states"])
        #expect(status == .success, "\(err)")
        let replayed = try out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
        #expect(replayed == events.map { $0 as NSDictionary }, "the page's events differ from gspec run's on its samples")
        // What was performed was seen: a tap, a double tap, a pinch that turns (also from the trackpad), a pan, a mouse drag, a cancel.
        func count(_ gesture: String, _ state: String) -> Int { events.filter { $0["gesture"] as? String == gesture && $0["state"] as? String == state }.count }
        #expect(count("singleTap", "recognized") == 1 && count("doubleTap", "recognized") == 1)
        #expect(count("zoom", "began") == 2, "the touch pinch and the ctrl+wheel pinch")
        #expect(count("turn", "began") == 1 && count("move", "ended") == 1 && count("move", "cancelled") == 1)
        #expect(count("mouseDrag", "ended") == 1, "the mouse drag, which only the mouse's pan takes")
        #expect(samples.contains { $0["pointer"] as? String == "mouse" } && samples.contains { $0["pointer"] as? String == "touch" })
    }

    /// v5's fingers in headless Chromium: a pinch, rotation and pan over every
    /// finger while fingers land and lift (Browser/web-fingers.mjs); the
    /// page's events are `gspec run`'s on its samples, the pinch goes on
    /// after its first finger lifts, and each event says how many it measured.
    @Test(.enabled(if: node != nil && BrowserTests.chromium != nil, "LOUD SKIP: chromium or node is not installed; finger changes were not checked in a browser"))
    func fingerChangesInChromiumMatchGspecRun() throws {
        try Self.build()
        let dir = try Self.scratch("gspec-web-fingers-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("set.gtab")
        let spec = Self.root.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/fingers.gesture").path
        #expect(run(["build", spec, "-o", table.path, "--no-analysis"]).0 == .success)
        let page = try BrowserTests.node("web-fingers.mjs", Self.dist.path, table.path)
        let samples = try #require(page["samples"] as? [[String: Any]]), events = try #require(page["events"] as? [[String: Any]])
        let trace = dir.appendingPathComponent("recorded.jsonl")
        let lines = try samples.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["run", table.path, "--trace", trace.path, "--all-states"])
        #expect(status == .success, "\(err)")
        let replayed = try out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
        #expect(replayed == events.map { $0 as NSDictionary }, "the page's events differ from gspec run's on its samples")
        let zoom = events.filter { $0["gesture"] as? String == "zoom" }
        let fingers = zoom.compactMap { $0["fingers"] as? Int }
        #expect(fingers.contains(3) && fingers.last == 2, "the pinch measured 3 fingers, then the 2 left: \(fingers)")
        // After the first finger lifted the pinch still changed, and grew: no freeze, no jump back.
        let scales = zoom.compactMap { $0["scale"] as? Double }
        #expect(zoom.last?["state"] as? String == "ended" && scales.count >= 10 && zip(scales, scales.dropFirst()).allSatisfy { $1 >= $0 }, "\(scales)")
        let moves = events.filter { $0["gesture"] as? String == "move" }
        #expect(moves.last?["state"] as? String == "ended" && (moves.last?["fingers"] as? Int) == 1, "the pan ends with the last finger")
    }

    /// An example page under Examples/web, served from the repository's root
    /// as `gspec serve --files` serves it, driven in Chromium by `script`;
    /// first, the page's committed module must be `spec` compiled now (but
    /// for its first line, which names the path it was built from).
    static func examplePage(_ spec: String, module: String, script: String, in dir: URL) throws -> [String: Any] {
        try build()
        let emitted = dir.appendingPathComponent((module as NSString).lastPathComponent)
        #expect(run(["build", root.appendingPathComponent(spec).path, "--emit", "js", "-o", emitted.path]).0 == .success)
        let body = { (url: URL) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() }
        #expect(try body(emitted) == body(root.appendingPathComponent(module)), "\(module) is stale: gspec build \(spec) --emit js -o \(module)")
        let playground = Playground(specPath: nil, files: StaticFiles(directory: root.path))
        let server = try HTTPServer(port: 0) { playground.handle($0) }
        Thread { server.serve() }.start()
        return try BrowserTests.node(script, "http://127.0.0.1:\(server.port)/\((module as NSString).deletingLastPathComponent)/")
    }

    /// Examples/web/: the photo viewer, served by `gspec serve --files`, in
    /// headless Chromium. Each gesture of specs/photo-viewer.gesture, performed
    /// through the browser's input, does what the page says it does, and the
    /// page's session (samples and mode changes) replays through `gspec run`
    /// to the page's own events.
    @Test(.enabled(if: BrowserTests.chromium != nil && node != nil, "LOUD SKIP: chromium or node is not installed; the example page was not tried"))
    func examplePhotoViewerInChromium() throws {
        let dir = try Self.scratch("gspec-web-example-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try Self.examplePage("specs/photo-viewer.gesture", module: "Examples/web/photo-viewer.gestures.mjs",
                                        script: "web-example.mjs", in: dir)
        let state = try #require(page["state"] as? [String: Any]), events = try #require(page["events"] as? [[String: Any]])
        print("Examples/web: loadRuntime (fetch, compile, instantiate gspec.wasm) took \(page["loadMs"] ?? "?") ms in Chromium")
        func count(_ gesture: String, _ state: String) -> Int { events.filter { $0["gesture"] as? String == gesture && $0["state"] as? String == state }.count }
        // A tap, three double taps (in, out, and out after the pinch), a drag while zoomed, a pinch that turns, a long press,
        // a thumbnail, the left edge, a pull down.
        #expect(count("toggleToolbar", "recognized") == 2 && count("zoomToggle", "recognized") == 3)
        #expect(count("movePhoto", "ended") == 1 && count("zoom", "ended") == 1 && count("turn", "ended") == 1)
        #expect(count("menu", "began") == 1 && count("selectThumbnail", "recognized") == 1)
        #expect(count("back", "ended") == 1 && count("dismiss", "ended") == 1, "the pull down and the edge swipe")
        #expect(state["selected"] as? Int == 3 && state["back"] as? Int == -1 && state["dismissed"] as? Int == -1 && state["zoomed"] as? Bool == false)
        #expect(page["touchAction"] as? String == "none")
        // The actions from the keyboard (v4): R on the focused photo turns it, ArrowRight on the strip scrolls it,
        // each one `recognized` at the element's centre; Space does nothing while moving the photo is off.
        let actions = events.filter { $0["input"] as? String == "action" }
        #expect(actions.map { "\($0["gesture"] ?? "") \($0["state"] ?? "")" } == ["turn recognized", "scrollStrip recognized"], "\(actions)")
        #expect(actions.first?["x"] as? Double == 195 && actions.first?["y"] as? Double == 350, "the photo view's centre: \(actions)")
        #expect(actions.first?["rotation"] as? Double == 0 && actions.last?["translation"] as? [Double] == [0, 0] && actions.last?["view"] as? String == "strip")
        #expect((state["angle"] as? Double).map { abs($0 - .pi / 2) < 1e-9 } == true && state["strip"] as? Int == -164, "\(state)")
        // What assistive technology reads: the shortcuts, on elements made focusable.
        #expect(page["shortcuts"] as? [String] == ["R Space Escape Alt+ArrowLeft", "ArrowRight"], "\(page["shortcuts"] ?? "")")
        #expect(page["focusable"] as? [Int] == [0, 0])
        // The session replays: samples, the app's mode lines and the actions, through gspec run.
        let table = dir.appendingPathComponent("photo-viewer.gtab"), trace = dir.appendingPathComponent("session.jsonl")
        #expect(run(["build", Self.root.appendingPathComponent("specs/photo-viewer.gesture").path, "-o", table.path, "--no-analysis"]).0 == .success)
        let session = try #require(page["trace"] as? String)
        #expect(session.split(separator: "\n").filter { $0.contains("\"mode\"") }.count == 4, "the mode went on and off twice")
        try session.write(to: trace, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["run", table.path, "--trace", trace.path, "--all-states"])
        #expect(status == .success, "\(err)")
        let replayed = try out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
        #expect(replayed == events.map { $0 as NSDictionary }, "the page's events differ from gspec run's on its session")
    }

    /// Examples/web/sheet/ (v4): a sheet holding a list the browser scrolls
    /// natively, its gestures specs/sheet-with-list.gesture, in headless
    /// Chromium through the browser's own input. The list keeps native
    /// scrolling (and its momentum) beside a pinch; two fingers, a swipe and
    /// a pull at the list's top keep the touch for the set; a touch the
    /// browser is scrolling stays the browser's (measured: its later moves
    /// are uncancelable); the session replays through `gspec run`.
    @Test(.enabled(if: BrowserTests.chromium != nil && node != nil, "LOUD SKIP: chromium or node is not installed; the sheet example was not tried"))
    func exampleSheetWithNativeScrollInChromium() throws {
        let dir = try Self.scratch("gspec-web-sheet-")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = Self.root.appendingPathComponent("specs/sheet-with-list.gesture").path
        let page = try Self.examplePage("specs/sheet-with-list.gesture", module: "Examples/web/sheet/sheet-with-list.gestures.mjs",
                                        script: "web-sheet.mjs", in: dir)
        let steps = try #require(page["steps"] as? [String: [String: Any]]), events = try #require(page["events"] as? [[String: Any]])
        func step(_ name: String) -> (before: [String: Double], lift: [String: Double], after: [String: Double], events: [String]) {
            let s = steps[name] ?? [:]
            return (s["before"] as? [String: Double] ?? [:], s["lift"] as? [String: Double] ?? [:], s["after"] as? [String: Double] ?? [:],
                    s["events"] as? [String] ?? [])
        }
        /// Only `gesture`'s events, from its `first` state to its `last`.
        func only(_ gesture: String, _ events: [String], first: String = "began", last: String = "ended") -> Bool {
            events.first == "\(gesture) \(first)" && events.last == "\(gesture) \(last)" && events.allSatisfy { $0.hasPrefix(gesture + " ") }
        }
        #expect(steps["touchAction"]?["list"] as? String == "pan-y", "the list leaves vertical panning to the browser though the set has a pinch")
        #expect(steps["touchAction"]?["screen"] as? String == "none")
        let scroll = step("scroll")
        #expect(only("listScroll", scroll.events), "\(scroll.events)")
        #expect((scroll.before["scrollTop"] ?? 1) == 0 && (scroll.lift["scrollTop"] ?? 0) > 100, "the list scrolls natively: \(scroll)")
        #expect((scroll.after["scrollTop"] ?? 0) > (scroll.lift["scrollTop"] ?? 0) + 20, "and keeps moving after the lift: \(scroll)")
        let stopped = step("tapInMomentum")
        #expect(!stopped.events.contains("openRow recognized"), "a tap that stops the list's momentum opens no row: \(stopped.events)")
        #expect(stopped.events.first == "listScroll began" && stopped.events.contains("listScroll ended"), "\(stopped.events)")
        #expect((stopped.lift["scrollTop"] ?? 0) > (stopped.before["scrollTop"] ?? 0), "the list was still moving at the tap: \(stopped)")
        let pull = step("pullScrolled")
        #expect(only("listScroll", pull.events), "scrolled down, a pull scrolls the list: \(pull.events)")
        #expect((pull.after["scrollTop"] ?? 0) < (pull.before["scrollTop"] ?? 0) - 100, "\(pull)")
        let top = step("pullAtTop")
        #expect(only("sheetDrag", top.events), "at the top, a pull drags the sheet: \(top.events)")
        #expect(top.lift["scrollTop"] == 0 && top.after["scrollTop"] == 0, "and the list stays at its top: \(top)")
        let dragged = events.filter { $0["gesture"] as? String == "sheetDrag" }.compactMap { ($0["translation"] as? [Double])?.last }.max() ?? 0
        #expect(dragged > 150, "the sheet followed the finger down: \(dragged)")
        let reach = step("reachTop")
        #expect(only("listScroll", reach.events) && reach.lift["scrollTop"] == 0,
                "a touch the browser scrolls to the top stays the browser's: \(reach.events)")
        #expect((steps["reachTop"]?["uncancelable"] as? Int ?? 0) > 0, "the touch's moves after the browser began scrolling are uncancelable")
        for name in ["pinch", "swipe", "tap"] {
            let s = step(name)
            #expect(s.before["scrollTop"] == 300 && s.after["scrollTop"] == 300 && s.after["pageY"] == 0 && s.after["zoom"] == 1,
                    "\(name): neither the list nor the page scrolls or zooms: \(s)")
        }
        #expect(only("zoomText", step("pinch").events), "\(step("pinch").events)")
        #expect(step("swipe").events == ["deleteRow recognized"] && step("tap").events == ["openRow recognized"])
        // A trackpad pinch over the nested list reaches the list's pinch, its target the row under the pointer; the page does not zoom.
        let trackpad = step("trackpadPinch")
        #expect(only("zoomText", trackpad.events) && trackpad.after["zoom"] == 1 && trackpad.after["scrollTop"] == 300,
                "a ctrl+wheel pinch on the list zooms its text: \(trackpad)")
        #expect(steps["trackpadPinch"]?["target"] as? [String] == ["row", "list"], "its target is the row under the pointer: \(steps["trackpadPinch"] ?? [:])")
        // Delete from the keyboard deletes the focused row, and the next row takes the focus.
        let keys = steps["keyDelete"]?["keys"] as? [String: Any] ?? [:]
        let rowsBefore = keys["rowsBefore"] as? [String] ?? [], rowsAfter = keys["rowsAfter"] as? [String] ?? []
        // The tab stop is the row last focused (the tapped row: a touch focuses a row with tabindex -1).
        let stop = rowsBefore.firstIndex { $0 == keys["tabbed"] as? String } ?? rowsBefore.count
        #expect(keys["tabStops"] as? Int == 1 && stop + 3 < rowsBefore.count, "the rows are one tab stop: \(keys)")
        if stop + 3 < rowsBefore.count {
            #expect(keys["moved"] as? String == rowsBefore[stop + 2], "ArrowDown moves between rows: \(keys)")
            #expect(step("keyDelete").events == ["deleteRow recognized"] && rowsAfter == rowsBefore.filter { $0 != rowsBefore[stop + 2] },
                    "Delete deletes the focused row: \(keys) \(step("keyDelete").events)")
            #expect(keys["after"] as? String == rowsBefore[stop + 3], "and the next row takes the focus: \(keys)")
        }
        #expect(steps["keyDelete"]?["field"] as? [AnyHashable] == ["bc", 2], "Delete in a text field is the field's: \(steps["keyDelete"] ?? [:])")
        let active = steps["keyDelete"]?["active"] as? [Any]
        #expect(active?.first as? String == rowsBefore.first && active?.last as? Bool == true,
                "with aria-activedescendant, Delete deletes the active row: \(steps["keyDelete"] ?? [:])")
        let state = try #require(page["state"] as? [String: Any])
        #expect((state["deleted"] as? [String])?.count == 3 && state["opened"] is String && (state["text"] as? Double ?? 1) > 1.5)
        let snap = step("snap"), rest = steps["snap"]?["rest"] as? [String: Any] ?? [:]
        #expect(snap.after["scrollTop"] ?? 0 > 0 && rest["snapped"] as? Bool == true && rest["snapType"] as? String == "y mandatory",
                "with CSS scroll-snap the browser snaps the flung list to a row: \(snap) \(rest)")
        #expect((rest["momentum"] as? [String])?.map { $0.contains("true") } == [true, false], "its momentum ran and ended at scrollend: \(rest)")

        // The session (samples and the scroll lines attach applied) replays through gspec run to the page's events.
        let table = dir.appendingPathComponent("sheet.gtab"), trace = dir.appendingPathComponent("session.jsonl")
        #expect(run(["build", spec, "-o", table.path, "--no-analysis"]).0 == .success)
        let session = try #require(page["trace"] as? String)
        #expect(session.contains("\"began\":true") && session.contains("\"at\":[\"top\""), "the session has both kinds of scroll line")
        #expect(session.contains("\"momentum\":true"), "and the list's momentum, which attach says after a fling")
        try session.write(to: trace, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["run", table.path, "--trace", trace.path, "--all-states"])
        #expect(status == .success, "\(err)")
        let replayed = try out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
        let first = zip(replayed, events.map { $0 as NSDictionary }).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(replayed == events.map { $0 as NSDictionary },
                "the page's events differ from gspec run's on its session, first at \(first.map(String.init) ?? "the end"): \(first.map { "\(replayed[$0]) vs \(events[$0])" } ?? "\(replayed.count) vs \(events.count)")\n\(session)")
    }

    /// Examples/web/settle/ (v5): a sheet with three detents and a pager,
    /// specs/sheet-detents.gesture and specs/pager.gesture, in headless
    /// Chromium through the browser's input: the anchors the rule chooses, the
    /// translation rubber-banded past the bounds, each mark crossed once
    /// however the finger hovers, a tap in the pager's glide that opens
    /// nothing; each set's session replays through `gspec run`.
    @Test(.enabled(if: BrowserTests.chromium != nil && node != nil, "LOUD SKIP: chromium or node is not installed; the settle example was not tried"))
    func exampleSettleInChromium() throws {
        let dir = try Self.scratch("gspec-web-settle-")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Both modules are their specs compiled now (the sheet's is checked by `examplePage`).
        let pagerModule = dir.appendingPathComponent("pager.gestures.mjs")
        #expect(run(["build", Self.root.appendingPathComponent("specs/pager.gesture").path, "--emit", "js", "-o", pagerModule.path]).0 == .success)
        let body = { (url: URL) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() }
        #expect(try body(pagerModule) == body(Self.root.appendingPathComponent("Examples/web/settle/pager.gestures.mjs")), "Examples/web/settle/pager.gestures.mjs is stale")
        let page = try Self.examplePage("specs/sheet-detents.gesture", module: "Examples/web/settle/sheet-detents.gestures.mjs",
                                        script: "web-settle.mjs", in: dir)
        let steps = try #require(page["steps"] as? [String: [[String: Any]]])
        func ended(_ name: String) -> [String: Any]? { steps[name]?.last { $0["state"] as? String == "ended" } }
        func marks(_ name: String) -> [String] {
            (steps[name] ?? []).filter { $0["state"] as? String == "marked" }.map { "\($0["mark"] ?? "") \($0["crossed"] ?? "")" }
        }
        // Past the top by 100pt of finger, the sheet shows about half of it (UIKit's band: 100·640·0.55 / (640 + 55) = 50.6pt).
        let pulled = (steps["band"] ?? []).compactMap { ($0["translation"] as? [Double])?.last }.min() ?? 0
        #expect(pulled < -40 && pulled > -60, "rubber-banded: \(steps["band"] ?? [])")
        #expect(ended("band")?["rest"] as? Double == 0 && ended("band")?["anchor"] as? Int == 0)
        #expect(ended("flick")?["anchor"] as? Int == 1 && ended("flick")?["rest"] as? Double == 320, "\(steps["flick"] ?? [])")
        #expect((ended("flick")?["projected"] as? Double ?? 0) > 400, "a flick's projection is past its detent: \(ended("flick") ?? [:])")
        #expect(ended("slowBack")?["rest"] as? Double == 320 && marks("slowBack") == ["0 down"], "\(steps["slowBack"] ?? [])")
        #expect(ended("hover")?["rest"] as? Double == 640 && marks("hover") == ["1 up"], "one crossing however it hovers: \(steps["hover"] ?? [])")
        #expect(ended("page")?["anchor"] as? Int == -1 && ended("page")?["rest"] as? Double == -375, "\(steps["page"] ?? [])")
        let glide = (steps["tapInGlide"] ?? []).map { "\($0["gesture"] ?? "") \($0["state"] ?? "")" }
        #expect(ended("tapInGlide")?["rest"] as? Double == -750 && !glide.contains("openItem recognized"), "a tap in the glide opens nothing: \(glide)")
        #expect((steps["tapLater"] ?? []).map { "\($0["gesture"] ?? "") \($0["state"] ?? "")" } == ["openItem recognized"])
        let state = try #require(page["state"] as? [String: Any])
        #expect(state["opened"] as? [Int] == [3] && state["ticks"] as? Int == 2, "\(state)")

        // Each session replays through gspec run to the page's events of that set.
        let events = try #require(page["events"] as? [[String: Any]])
        for set in ["sheet", "pager"] {
            let spec = Self.root.appendingPathComponent("specs/\(set == "sheet" ? "sheet-detents" : "pager").gesture").path
            let table = dir.appendingPathComponent("\(set).gtab"), trace = dir.appendingPathComponent("\(set).jsonl")
            #expect(run(["build", spec, "-o", table.path, "--no-analysis"]).0 == .success)
            try #require(page["\(set)Trace"] as? String).write(to: trace, atomically: true, encoding: .utf8)
            let (status, out, err) = run(["run", table.path, "--trace", trace.path, "--all-states"])
            #expect(status == .success, "\(err)")
            let replayed = try out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
            let own = events.filter { $0["set"] as? String == set }.map { e in e.filter { $0.key != "set" } as NSDictionary }
            #expect(replayed == own, "\(set): the page's events differ from gspec run's on its session")
        }
    }
}
