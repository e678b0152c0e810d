import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// `gspec test <spec>...`: checks that a compiled table does what its spec
/// says: generated tests on both sides of every numeric threshold, and the
/// spec's own example traces with their expected events.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "test",
        abstract: "Test compiled gesture sets against their specs: thresholds and example traces.",
        discussion: """
            For every numeric parameter of every gesture (slop, maxDuration, maxInterval,
            tapDistance, taps, touches, duration, minDistance, minVelocity, maxAngle,
            threshold, segment) two streams are generated from the spec's value, one just
            inside and one just past it, and run on the gesture alone: it must succeed on
            the first and not on the second. Then every trace in the directory beside the
            spec (NAME.tests/ for NAME.gesture) and in --traces must print its .expected
            file under 'gspec run --all-states' (plus the arguments of an '# args:'
            line), compared on the gestures the expectation names: those of a
            '# gestures: a b' line in the trace, or else those its .expected file
            mentions (all of them when it mentions none), so adding an unrelated
            gesture breaks no example. --record writes each .expected file anew from
            the current output. With modes, a warning names each combination of modes
            (grouped by the gestures it enables) in which no example begins a touch.
            Exit status 1 when a test fails.
            """
    )

    @Arguments(usage: "<file.gesture|dir>...") var inputs: [String]
    @Option(name: "--table", placeholder: "file.gtab", help: "Test this table (one spec only) instead of compiling the spec.")
    var tablePath: String?
    @Option(name: "--traces", placeholder: "dir", help: "Also run the traces in DIR whose '# spec:' line names the spec's file.")
    var tracesDirectory: String?
    @Flag(name: "--verbose", help: "List every test, not only the failures.") var verbose: Bool
    @Flag(name: "--record", help: "Write each example trace's .expected file from the current output instead of comparing.")
    var record: Bool

    func validate() throws(UsageError) {
        if inputs.isEmpty { throw .missingInput }
    }

    func run(console: Console) -> ExitCode {
        let sources = InputFiles.collect(inputs, extension: "gesture")
        if tablePath != nil && sources.count != 1 {
            console.err("error: --table tests one spec; give exactly one .gesture file\n")
            return .usageError
        }
        var failed = false
        for input in sources {
            switch input {
            case .failure(let message):
                console.err("error: \(message.text)\n")
                failed = true
            case .success(let source):
                if !test(source, console) { failed = true }
            }
        }
        return failed ? .inputError : .success
    }

    /// Runs every test of one spec; false when one fails or the spec does not compile.
    func test(_ source: SourceFile, _ console: Console) -> Bool {
        let output = Compiler.compile(source, examples: StrokeExamples.beside(source.path))
        console.err(DiagnosticRenderer().render(output.diagnostics, in: source))
        guard var table = output.table else { return false }
        let set = output.frontend.gestureSet
        if let path = tablePath {
            guard let bytes = FileManager.default.contents(atPath: path), let loaded = try? GestureTable(decoding: Array(bytes)) else {
                console.err("error: '\(path)' is not a readable gesture table\n")
                return false
            }
            guard loaded.gestures.map({ loaded.strings[Int($0.name)] }) == set.gestures.map(\.name) else {
                console.err("error: '\(path)' does not hold the gestures of \(source.path) in their order\n")
                return false
            }
            table = loaded
        }
        var failures: [String] = []
        var report = ""
        let cases = BoundaryCaseGenerator.cases(for: set)
        for c in cases {
            let g = set[c.gesture]
            let line = source.location(of: g.nameRange.start).line
            let isolated = c.table(table.isolating(c.gesture))
            let accepted = c.accepted.claimTime(of: 0, on: isolated), rejected = c.rejected.claimTime(of: 0, on: isolated)
            let title = "\(g.name) \(c.parameter) \(c.value)" + (c.atEnd == nil ? "" : " (an end of its range)")
            if accepted != nil && rejected == nil {
                report += "  ok    \(title): \(c.accepted.summary) succeeds, \(c.rejected.summary) does not\n"
            } else {
                var why: [String] = []
                if accepted == nil { why.append("\(c.accepted.summary) should succeed, but '\(g.name)' did not") }
                if let t = rejected { why.append("\(c.rejected.summary) should not succeed, but '\(g.name)' did at t=\(EventFormatter.time(Microseconds(t)))") }
                failures.append("\(source.path):\(line): FAIL \(title): " + why.joined(separator: "; "))
            }
        }
        let provisional = ProvisionalCase.cases(for: set, source: source)
        for c in provisional {
            let g = set[c.gesture]
            let line = source.location(of: g.nameRange.start).line
            let title = "\(g.name) provisional, \(c.confirms ? "performed" : "'\(set[c.performed].name)' performed")"
            if let why = c.failure(on: table) {
                failures.append("\(source.path):\(line): FAIL \(title) (\(c.stream.summary)): \(why)")
            } else {
                let confirmed = g.kind.isContinuous ? "shows it, then begins it" : "shows it, then recognizes it"
                report += "  ok    \(title): \(c.stream.summary) \(c.confirms ? confirmed : "takes it back")\n"
            }
        }
        let traces = Self.exampleTraces(for: source.path, extra: tracesDirectory)
        var covered: [Int: Int] = [:]  // examples per group of mode combinations
        let groups = set.modeGroups()
        for trace in traces {
            let name = trace.lastPathComponent
            switch Self.runExample(trace, table, record: record) {
            case .success(let recorded):
                report += recorded ? "  recorded \(name)\n" : "  ok    \(name)\n"
            case .failure(let message):
                failures.append("\(trace.path): FAIL \(message.text)")
            }
            for modes in Self.modesAtTouches(trace, table) {
                if let g = groups.firstIndex(where: { $0.enabled == set.enabling(modes) }) { covered[g, default: 0] += 1 }
            }
        }
        // With modes, each combination the conditions tell apart should have an example that touches in it.
        var uncovered: [String] = []
        if groups.count > 1 {
            for (i, group) in groups.enumerated() {
                let what = Self.describe(group, in: set)
                if let n = covered[i] { report += "  ok    \(what): \(counted(n, "example"))\n" } else { uncovered.append(what) }
            }
        }
        if verbose { console.out("\(source.path):\n" + report) }
        for f in failures { console.out(f + "\n") }
        for u in uncovered { console.out("\(source.path): warning: no example touches \(u)\n") }
        let total = cases.count + provisional.count + traces.count
        let kinds = "\(cases.count) threshold, " + (provisional.isEmpty ? "" : "\(provisional.count) provisional, ") + "\(traces.count) example"
        console.out("\(source.path): \(total - failures.count) of \(total) tests passed (\(kinds))\n")
        return failures.isEmpty
    }

    /// The modes on (bit `m`: mode `m`) when each touch of a trace began, once each.
    static func modesAtTouches(_ trace: URL, _ table: GestureTable) -> Set<UInt16> {
        guard table.modeCount > 0, let bytes = FileManager.default.contents(atPath: trace.path).map(Array.init) else { return [] }
        var modes: UInt16 = 0
        var seen = Set<UInt16>()
        _ = TraceReader.read(bytes, gestures: table.gestureIDs.map(table.name(of:)),
                             modes: table.modeIDs.map(table.name(ofMode:)), control: { c in
            if let (m, on) = c.mode { modes = on ? modes | 1 << UInt16(m.rawValue) : modes & ~(1 << UInt16(m.rawValue)) }
            return nil
        }) { e in if e.phase == .began { seen.insert(modes) } }
        return seen
    }

    /// A group of mode combinations as its representative and what it enables:
    /// "mode zoomed on (movePhoto on; dismiss off)".
    static func describe(_ group: ModeGroup, in set: CheckedGestureSet) -> String {
        var enabled: [String] = [], disabled: [String] = []
        for (g, d) in set.gestures.enumerated() where !d.condition.isEmpty && !(enabled + disabled).contains(d.name) {
            if group.enabled[g] { enabled.append(d.name) } else { disabled.append(d.name) }
        }
        let gestures = [enabled.isEmpty ? nil : enabled.joined(separator: ", ") + " enabled",
                        disabled.isEmpty ? nil : disabled.joined(separator: ", ") + " disabled"].compactMap { $0 }
        return "\(set.describe(modes: group.modes)) (\(gestures.joined(separator: "; ")))"
    }

    /// `NAME.tests/*.jsonl` beside the spec, and the traces of `extra` whose `# spec:` line names it.
    static func exampleTraces(for specPath: String, extra: String?) -> [URL] {
        let spec = URL(fileURLWithPath: specPath)
        let sibling = spec.deletingPathExtension().appendingPathExtension("tests")
        var result = jsonl(in: sibling)
        if let extra {
            result += jsonl(in: URL(fileURLWithPath: extra)).filter { trace in
                guard let text = try? String(contentsOf: trace, encoding: .utf8),
                      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# spec: ") }) else { return false }
                return URL(fileURLWithPath: String(line.dropFirst("# spec: ".count))).lastPathComponent == spec.lastPathComponent
            }
        }
        return result
    }

    static func jsonl(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Runs one example trace and compares it with its `.expected` file on the
    /// gestures it names, or with `record` writes the file (success: whether it wrote).
    static func runExample(_ trace: URL, _ table: GestureTable, record: Bool = false) -> Result<Bool, TraceReader.Message> {
        guard let bytes = FileManager.default.contents(atPath: trace.path).map(Array.init) else {
            return .failure(.init(text: "cannot read the trace"))
        }
        let expectedURL = trace.deletingPathExtension().appendingPathExtension("expected")
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        guard expected != nil || record else {
            return .failure(.init(text: "no \(expectedURL.lastPathComponent) beside it (gspec test --record writes it)"))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        func header(_ key: String) -> [Substring]? {
            text.split(separator: "\n").first { $0.hasPrefix("# \(key): ") }.map { $0.split(separator: " ").dropFirst(2).map { $0 } }
        }
        let args = header("args") ?? []
        let captured = Captured()
        let printer = EventPrinter(table: table, allStates: true, write: captured.console.out)
        var engine = Engine(table: table)
        engine.reportsDeliveries = args.contains("--deliveries")
        engine.explains = args.contains("--explain")
        let screen = TraceReader.screenSize(bytes)
        guard screen != nil || !table.needsScreenSize else {
            return .failure(.init(text: "a pan from the right or bottom screen edge needs the screen size: add a first line {\"screen\":[W,H]}"))
        }
        let result = TraceRun.drive(&engine, bytes, printer, screen: screen)
        if let e = result.errors.first { return .failure(.init(text: "line \(e.line): \(e.message)")) }
        // The gestures compared: the trace's `# gestures:` line, or those the expectation mentions.
        let named = header("gestures").map { Set($0.flatMap { $0.split(separator: ",") }.map(String.init)) }
        if record {
            let lines = captured.text.split(separator: "\n").filter { line in named.map { Self.concerns(line, $0) } ?? true }
            guard (try? lines.map { $0 + "\n" }.joined().write(to: expectedURL, atomically: true, encoding: .utf8)) != nil else {
                return .failure(.init(text: "cannot write \(expectedURL.lastPathComponent)"))
            }
            return .success(true)
        }
        let wanted = expected ?? ""
        let mentioned = Set(wanted.split(separator: "\n").compactMap(Self.gesture(of:)))
        let compared = named ?? (mentioned.isEmpty ? nil : mentioned)
        let actual = captured.text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in line.isEmpty || compared.map { Self.concerns(line, $0) } ?? true }.joined(separator: "\n")
        guard actual != wanted else { return .success(false) }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let b = wanted.split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return .failure(.init(text: "event \(i + 1) differs from \(expectedURL.lastPathComponent):\n"
            + "    expected: \(i < b.count ? String(b[i]) : "(end)")\n    actual:   \(i < a.count ? String(a[i]) : "(end)")"))
    }

    /// The gesture an output line is about (nil: a delivery or another line without one).
    static func gesture(of line: Substring) -> String? {
        guard case .object(let members)? = try? JSON.parse(Array(line.utf8)) else { return nil }
        return members.first { $0.0 == "gesture" }?.1.string
    }

    /// Whether an output line belongs to the comparison over `gestures`: lines
    /// of those gestures, and lines about no gesture (deliveries).
    static func concerns(_ line: Substring, _ gestures: Set<String>) -> Bool {
        gesture(of: line).map(gestures.contains) ?? true
    }

    /// A console that keeps what is written to stdout.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var buffer = ""
        var text: String { lock.withLock { buffer } }
        var console: Console {
            Console(out: { [self] s in lock.withLock { buffer += s } }, err: { _ in }, errIsTerminal: false)
        }
    }
}
