// The trace runner's C ABI, linked only into gspec-run.wasm (for
// gspec-run.mjs and the differential test): `gspec run` itself, GestureTrace's
// reader, runner and printer, on the engine of gspec.wasm. Kept out of
// gspec.wasm, which a page loads, as it is most of the module's size.
import GSpecC
import GestureRuntime
import GestureTrace

/// `gspec run TABLE --trace TRACE` with `options`: one `RunOption` a line,
/// `name` or `name=value` (an unknown name is a usage error). Output goes to
/// `gspec_write` as it is decided. Returns the exit status.
@_cdecl("gspec_run")
func gspecRun(_ tableP: UnsafeRawPointer?, _ tableN: Int32, _ traceP: UnsafeRawPointer?, _ traceN: Int32,
              _ optionsP: UnsafeRawPointer?, _ optionsN: Int32,
              _ inputP: UnsafeRawPointer?, _ inputN: Int32, _ tracePathP: UnsafeRawPointer?, _ tracePathN: Int32) -> Int32 {
    let input = text(inputP, inputN), tracePath = text(tracePathP, tracePathN)
    let (settings, unknown) = RunSettings.parsing(text(optionsP, optionsN))
    if let unknown {
        write(2, "error: unknown run option '\(unknown)'\n")
        return RunStatus.usageError.rawValue
    }
    let table: GestureTable
    do throws(TableError) {
        table = try GestureTable(decoding: bytes(tableP, tableN))
    } catch {
        write(2, "error: \(input): \(error)\n")
        return RunStatus.inputError.rawValue
    }
    return TraceRun.job(Engine.init(table:), table: table, input: input, trace: bytes(traceP, traceN), tracePath: tracePath,
                        settings: settings, observer: TraceRun.Unobserved?.none,
                        out: { write(1, $0) }, err: { write(2, $0) }).rawValue
}

/// The options `gspec_run` takes, as JSON in the output (`RunOption.json`).
@_cdecl("gspec_run_options")
func gspecRunOptions() { output = Array(RunOption.json.utf8) }

/// What `gspec_run_options` produced: gspec-run.wasm's only output buffer (engines keep their own).
nonisolated(unsafe) var output: [UInt8] = []

@_cdecl("gspec_output_ptr")
func gspecOutputPtr() -> UnsafeRawPointer? { output.withUnsafeBytes { $0.baseAddress } }

@_cdecl("gspec_output_len")
func gspecOutputLen() -> Int32 { Int32(output.count) }

@_extern(wasm, module: "env", name: "gspec_write")
func gspecWrite(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int32)

func write(_ fd: Int32, _ s: String) {
    var s = s
    s.withUTF8 { gspecWrite(fd, $0.baseAddress, Int32($0.count)) }
}


// The engine alone, in WebAssembly, as `gspec-bench engine --engine-only`
// times it natively: samples converted to touch events beforehand, then one
// loop of feed and clear, no call across the JavaScript boundary per sample
// (web/test/bench.mjs --in-module). `gspec_bench_load` takes the table and the
// samples (five doubles each: t, touch, phase, x, y); `gspec_bench_run` runs
// them through a fresh engine and returns the events' count.
nonisolated(unsafe) var benchTable: GestureTable?
nonisolated(unsafe) var benchTrace: [TouchEvent] = []

@_cdecl("gspec_bench_load")
func gspecBenchLoad(_ tableP: UnsafeRawPointer?, _ tableN: Int32, _ samples: UnsafePointer<Double>?, _ count: Int32) -> Int32 {
    guard let table = try? GestureTable(decoding: bytes(tableP, tableN)), let samples else { return 1 }
    benchTable = table
    benchTrace = (0..<Int(count)).compactMap { k in
        let s = samples + 5 * k
        guard let time = Microseconds(checkedSeconds: s[0]), let id = Int64(exactly: s[1]),
              let phase = UInt8(exactly: s[2]).flatMap(TouchPhase.init(rawValue:)) else { return nil }
        return TouchEvent(time: time, id: id, phase: phase, x: s[3], y: s[4])
    }
    return benchTrace.count == Int(count) ? 0 : 1
}

@_cdecl("gspec_bench_run")
func gspecBenchRun() -> Int32 {
    guard let table = benchTable else { return -1 }
    var engine = Engine(table: table)
    return Int32(truncatingIfNeeded: engine.runClearingEvents(benchTrace))
}
