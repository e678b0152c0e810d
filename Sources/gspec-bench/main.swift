import CMallocCounter
import Foundation
import GSpecCLI
import GestureCompiler
import GestureRuntime
import GestureTrace

// gspec-bench: the figures in docs/performance.md. Run in release:
//   swift run -c release gspec-bench [engine|host|lift|lsp|serve|compile|latency|frontend|analysis|generate|trace|all] [options]
// Options: --spec FILE --trace FILE (measure any set on any recorded trace),
// --strokes DIR (lift: every .jsonl trace under DIR, one stroke each),
// --events N (generated trace length; `trace` prints that trace, or with --random SEED
// that many random streams, with --spec on the set's views and modes), --runs R, --json FILE,
// --gestures N (frontend/generate). Every figure of one report comes from one
// process, so compare them as ratios: this machine is shared and noisy.

func nanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s[s.count / 2]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
    exit(2)
}

/// Options from the command line.
struct Options {
    var mode = "all"
    var spec = "specs/bench.gesture"
    var trace: String?
    var events = 300_000
    var runs = 7
    var json: String?
    var gestures: [Int] = []
    /// Skip the reference interpreter (for profiling the engine alone).
    var engineOnly = false
    /// A directory of one-stroke traces (lift mode).
    var strokes = "../shared/data/dollar1-dev"
    /// `trace` prints random streams from this seed instead of the benchmark's trace.
    var randomSeed: UInt64?
    /// Whether `--spec` was given (`trace --random` then uses the set's views and modes).
    var specGiven = false

    init(_ args: [String]) {
        var i = 0
        if let first = args.first, !first.hasPrefix("-") {
            mode = first
            i = 1
        }
        func value() -> String {
            guard i + 1 < args.count else { fail("missing value for \(args[i])") }
            i += 1
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--spec": (spec, specGiven) = (value(), true)
            case "--trace": trace = value()
            case "--events": events = Int(value()) ?? events
            case "--runs": runs = max(1, Int(value()) ?? runs)
            case "--json": json = value()
            case "--gestures": gestures.append(Int(value()) ?? 1_000)
            case "--engine-only": engineOnly = true
            case "--strokes": strokes = value()
            case "--random": randomSeed = UInt64(value()) ?? 0
            default: fail("unknown argument '\(args[i])'\nusage: gspec-bench [engine|host|lift|lsp|serve|compile|latency|frontend|analysis|generate|trace|all] [--spec F] [--trace F] [--strokes DIR] [--events N] [--runs R] [--json F] [--gestures N] [--random SEED]")
            }
            i += 1
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
nonisolated(unsafe) var report: [String: Any] = [:]

func compileSpec(_ path: String) -> (GestureTable, CheckedGestureSet) {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let output = Compiler.compile(SourceFile(path: path, bytes: Array(data)), examples: .beside(path))
    guard let table = output.table else {
        fail(DiagnosticRenderer().render(output.diagnostics, in: output.frontend.source))
    }
    return (table, output.frontend.gestureSet)
}

func loadTrace() -> [TouchEvent] {
    guard let path = options.trace else { return BenchTrace.generate(events: options.events) }
    do { return try TraceLoader.events(fromFile: path) } catch { fail("\(error)") }
}

// MARK: Engine

/// Seconds to run `trace` through a fresh engine (construction not timed).
/// Not inlined, so that instruction counts (callgrind) show its runs apart.
@inline(never)
func timeEngine<E: TouchEngine>(_ make: () -> E, _ trace: [TouchEvent], _ sink: inout Int) -> Double {
    if E.self == Engine.self {
        // The production engine, without the generic indirection.
        var engine = make() as! Engine
        let start = nanoseconds()
        sink &+= engine.runClearingEvents(trace)
        return Double(nanoseconds() - start) / 1e9
    }
    var engine = make()
    let start = nanoseconds()
    for e in trace {
        engine.feed(e)
        if !engine.events.isEmpty {
            sink &+= engine.events.count
            engine.removeAllEvents()
        }
    }
    engine.finish()
    sink &+= engine.events.count
    return Double(nanoseconds() - start) / 1e9
}

func engineBench() {
    let (table, set) = compileSpec(options.spec)
    let trace = loadTrace()
    let n = Double(trace.count)
    var sink = 0
    print("engine: \(options.spec), \(trace.count) touch events, \(table.gestures.count) gestures, median of \(options.runs) runs")

    // Floor: a loop that only reads every event.
    var floorRuns: [Double] = []
    for _ in 0..<options.runs {
        let start = nanoseconds()
        var acc = 0.0
        for e in trace { acc += e.x + e.y + Double(e.time.rawValue) + Double(e.id) + Double(e.phase.rawValue) }
        floorRuns.append(Double(nanoseconds() - start) / 1e9)
        sink &+= Int(acc.truncatingRemainder(dividingBy: 7))
    }
    _ = timeEngine({ Engine(table: table) }, trace, &sink)  // warm-up
    let engineRuns = (0..<options.runs).map { _ in timeEngine({ Engine(table: table) }, trace, &sink) }
    let referenceRuns = (0..<(options.engineOnly ? 0 : max(1, options.runs / 3))).map { _ in
        timeEngine({ ReferenceEngine(table: table, transitions: ReferenceTransitions(set)) }, trace, &sink)
    }

    // Per-event cost: each feed timed alone (the clock's own cost is the floor's per-event figure below).
    var engine = Engine(table: table)
    var costs = [Int64](repeating: 0, count: trace.count)
    var clockCost = [Int64](repeating: 0, count: trace.count)
    for (i, e) in trace.enumerated() {
        let a = nanoseconds()
        engine.feed(e)
        let b = nanoseconds()
        costs[i] = b - a
        if !engine.events.isEmpty { engine.removeAllEvents() }
        clockCost[i] = nanoseconds() - b
    }
    engine.finish()
    engine.removeAllEvents()
    costs.sort()
    clockCost.sort()

    // Steady state: the same engine, warmed, runs the trace again later in time.
    let offset = (trace.last?.time ?? 0) + 10_000_000
    let shifted = trace.map { TouchEvent(time: $0.time + offset, id: $0.id, phase: $0.phase, x: $0.x, y: $0.y) }
    let before = gspec_allocation_count()
    for e in shifted {
        engine.feed(e)
        if !engine.events.isEmpty { engine.removeAllEvents() }
    }
    engine.finish()
    let allocations = gspec_allocation_count() - before

    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peakMB = Double(usage.ru_maxrss) / 1024

    let engineRate = n / median(engineRuns)
    let referenceRate = referenceRuns.isEmpty ? .nan : n / median(referenceRuns)
    let floorRate = n / median(floorRuns)
    let p50 = Double(costs[costs.count / 2]), p99 = Double(costs[costs.count * 99 / 100])
    let clock50 = Double(clockCost[clockCost.count / 2])
    print(String(format: "  optimized engine   %12.0f events/s  %7.1f ns/event", engineRate, 1e9 / engineRate))
    print(String(format: "  reference interp.  %12.0f events/s  %7.1f ns/event   engine is %.1fx faster", referenceRate, 1e9 / referenceRate, engineRate / referenceRate))
    print(String(format: "  floor (read only)  %12.0f events/s  %7.1f ns/event", floorRate, 1e9 / floorRate))
    print(String(format: "  one event alone: median %.0f ns, p99 %.0f ns (a clock read costs %.0f ns)", p50, p99, clock50))
    print(String(format: "  heap allocations in steady state: %lu over %d events = %.4f per event", allocations, trace.count, Double(allocations) / n))
    print(String(format: "  peak resident memory: %.1f MB", peakMB))
    report["engine"] = [
        "spec": options.spec, "events": trace.count, "gestures": table.gestures.count,
        "eventsPerSecond": engineRate, "referenceEventsPerSecond": referenceRate, "floorEventsPerSecond": floorRate,
        "speedupOverReference": engineRate / referenceRate, "nsPerEventMedian": p50, "nsPerEventP99": p99,
        "clockReadNs": clock50, "allocationsPerEvent": Double(allocations) / n, "peakResidentMB": peakMB,
    ]
    if sink == 42 { print("") }  // keeps the work observable
}

// MARK: Decision latency

func latencyBench() {
    let (table, _) = compileSpec(options.spec)
    let trace = loadTrace()
    var engine = Engine(table: table)
    var added: [GestureID: [Double]] = [:]
    func collect() {
        for e in engine.events where e.state == .recognized || e.state == .began {
            added[e.gesture, default: []].append(Double((e.time - e.completedAt).rawValue) / 1000)
        }
        engine.removeAllEvents()
    }
    for e in trace {
        engine.feed(e)
        if !engine.events.isEmpty { collect() }
    }
    engine.finish()
    collect()
    print("decision latency added by rules (ms), \(options.spec):")
    var rows: [[String: Any]] = []
    var all: [Double] = []
    for g in table.gestureIDs {
        let xs = added[g] ?? []
        all += xs
        let mean = xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count)
        print(String(format: "  %-14@ %6d decided  mean %7.1f  max %7.1f", table.name(of: g) as NSString, xs.count, mean, xs.max() ?? 0))
        rows.append(["gesture": table.name(of: g), "count": xs.count, "meanMs": mean, "maxMs": xs.max() ?? 0])
    }
    let mean = all.isEmpty ? 0 : all.reduce(0, +) / Double(all.count)
    print(String(format: "  all gestures: mean %.1f ms, max %.1f ms", mean, all.max() ?? 0))

    // The two cases the issue names, on their own.
    func singleTapLatency(_ spec: String) -> Double {
        let t = Compiler.compile(SourceFile(path: "latency.gesture", text: spec)).table!
        var e = Engine(table: t)
        e.feed(TouchEvent(time: 1_000_000, id: 1, phase: .began, x: 0, y: 0))
        e.feed(TouchEvent(time: 1_080_000, id: 1, phase: .ended, x: 0, y: 0))
        e.finish()
        let tap = e.events.first { $0.gesture == 0 && $0.state == .recognized }!
        return Double((tap.time - 1_080_000).rawValue) / 1000
    }
    let alone = singleTapLatency("gesture tap1: tap {}\n")
    let competing = singleTapLatency("gesture tap1: tap {}\ngesture tap2: tap { taps: 2 }\ntap1 requires tap2 to fail\n")
    print(String(format: "  single tap, no competitor: %.1f ms after touch-up; with a double-tap competitor (maxInterval 300ms): %.1f ms", alone, competing))
    report["latency"] = ["spec": options.spec, "gestures": rows, "meanMs": mean, "maxMs": all.max() ?? 0,
                         "singleTapAloneMs": alone, "singleTapWithDoubleTapMs": competing]
}

// MARK: Compiler scaling

func compileBench() {
    let sizes = options.gestures.isEmpty ? [1, 10, 100, 1_000, 10_000] : options.gestures
    print("compiler: parse, check, lower, optimize and pack generated gesture sets")
    print("  gestures   spec bytes   table bytes     total ms   µs/gesture")
    var rows: [[String: Any]] = []
    for n in sizes {
        let source = SourceFile(path: "generated.gesture", text: SpecGenerator.gestureSet(count: n))
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<(n >= 10_000 ? 3 : options.runs) {
            let start = nanoseconds()
            let output = Compiler.compile(source)
            times.append(Double(nanoseconds() - start) / 1e6)
            guard let table = output.table else { fail("generated spec failed to compile") }
            bytes = table.encoded().count
        }
        let ms = median(times)
        print(String(format: "  %8d %12d %13d %12.2f %12.2f", n, source.bytes.count, bytes, ms, ms * 1000 / Double(n)))
        rows.append(["gestures": n, "specBytes": source.bytes.count, "tableBytes": bytes, "ms": ms,
                     "microsecondsPerGesture": ms * 1000 / Double(n)])
    }
    report["compile"] = rows
}

func frontendBench() {
    let sizes = options.gestures.isEmpty ? [1, 10, 100, 1_000, 10_000] : options.gestures
    print("front end: parse + check of generated gesture sets (median of \(options.runs) runs)")
    print("gestures      bytes   parse ms   check ms   total ms   µs/gesture")
    for n in sizes {
        let source = SourceFile(path: "generated.gesture", text: SpecGenerator.gestureSet(count: n))
        var parses: [Double] = [], checks: [Double] = []
        for _ in 0..<options.runs {
            let a = nanoseconds()
            let syntax = Parser.parse(source).0
            let b = nanoseconds()
            let diagnostics = Checker.check(syntax, in: source).1
            let c = nanoseconds()
            precondition(!diagnostics.hasErrors, "generated spec has errors")
            parses.append(Double(b - a) / 1e6)
            checks.append(Double(c - b) / 1e6)
        }
        let total = median(zip(parses, checks).map { $0 + $1 })
        print(String(format: "%8d %10d %10.2f %10.2f %10.2f %12.2f", n, source.bytes.count, median(parses),
                     median(checks), total, total * 1000 / Double(n)))
    }
}

// MARK: Analysis per mode

/// The analysis of a generated set without modes and of the same set with
/// four modes on which two gestures in three depend, in one process: the
/// cost of analysing each group of mode combinations.
func analysisBench() {
    let n = options.gestures.first ?? 300
    print("analysis (gspec check) of \(n) generated gestures, median of \(options.runs) runs")
    var rows: [String: Double] = [:]
    for modes in [0, 4] {
        let source = SourceFile(path: "generated.gesture", text: SpecGenerator.gestureSet(count: n, modes: modes))
        let front = Frontend.check(source)
        guard !front.diagnostics.hasErrors else { fail(DiagnosticRenderer().render(front.diagnostics, in: source)) }
        var times: [Double] = []
        var conflicts = 0
        for _ in 0..<options.runs {
            let start = nanoseconds()
            conflicts = Analyzer.analyze(front.gestureSet, source: source).conflicts.count
            times.append(Double(nanoseconds() - start) / 1e6)
        }
        rows["\(modes)"] = median(times)
        let groups = front.gestureSet.modeGroups().count
        print(String(format: "  %d modes (%d groups of combinations): %9.1f ms, %d conflicts", modes, groups, median(times), conflicts))
    }
    let ratio = rows["4"]! / rows["0"]!
    print(String(format: "  with modes / without: %.2fx", ratio))
    report["analysis"] = ["gestures": n, "msWithoutModes": rows["0"]!, "msWithModes": rows["4"]!, "ratio": ratio]
}

switch options.mode {
case "analysis":
    analysisBench()
case "generate":
    print(SpecGenerator.gestureSet(count: options.gestures.first ?? 1_000), terminator: "")
case "trace":
    if let seed = options.randomSeed {
        // `--events` counts streams here (each a few gestures); 300,000 is the benchmark's default.
        let streams = options.events == 300_000 ? 1_000 : options.events
        print(randomTraceLines(seed: seed, streams: streams, spec: options.specGiven ? options.spec : nil), terminator: "")
        break
    }
    // The engine benchmark's mixed trace as trace lines, for web/test/bench.mjs.
    for e in BenchTrace.generate(events: options.events) {
        print("{\"t\":\(EventFormatter.time(e.time)),\"touch\":\(e.id),\"phase\":\"\(e.phase.name)\",\"x\":\(e.x),\"y\":\(e.y)}")
    }
case "frontend":
    frontendBench()
case "engine":
    engineBench()
case "host":
    hostBench()
case "lift":
    liftBench()
case "lsp":
    languageServerBench()
case "serve":
    // The playground under load: 50 clients streaming samples at 120 Hz (`--events` seconds, 30 by default).
    do {
        print(try PlaygroundLoad.run(spec: nil, clients: 50, seconds: Double(options.events == 300_000 ? 30 : options.events)))
    } catch {
        fail("cannot serve: \(error)")
    }
case "latency":
    latencyBench()
case "compile":
    compileBench()
case "all":
    engineBench()
    print("")
    hostBench()
    print("")
    latencyBench()
    print("")
    compileBench()
default:
    fail("unknown mode '\(options.mode)'")
}

if let path = options.json {
    do {
        let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    } catch {
        fail("cannot write \(path): \(error)")
    }
}
