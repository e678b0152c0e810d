// The trace runner's C ABI, linked only into gspec-run.wasm (for
// gspec-run.mjs and the differential test): `gspec run` itself, GestureTrace's
// reader, runner and printer, on the engine of gspec.wasm. Kept out of
// gspec.wasm, which a page loads, as it is most of the module's size.
import GSpecWasm
import GestureRuntime
import GestureTrace

/// `gspec run TABLE --trace TRACE` with `flags` (1: --all-states, 2: --explain,
/// 4: --deliveries) and the texts of --screen and --stale-touch-timeout
/// (length -1: not given). Output goes to `gspec_write` as it is decided.
/// Returns the exit status.
@_cdecl("gspec_run")
func gspecRun(_ tableP: UnsafeRawPointer?, _ tableN: Int32, _ traceP: UnsafeRawPointer?, _ traceN: Int32, _ flags: Int32,
              _ screenP: UnsafeRawPointer?, _ screenN: Int32, _ staleP: UnsafeRawPointer?, _ staleN: Int32,
              _ inputP: UnsafeRawPointer?, _ inputN: Int32, _ tracePathP: UnsafeRawPointer?, _ tracePathN: Int32) -> Int32 {
    let input = text(inputP, inputN), tracePath = text(tracePathP, tracePathN)
    let table: GestureTable
    do throws(TableError) {
        table = try GestureTable(decoding: bytes(tableP, tableN))
    } catch {
        write(2, "error: \(input): \(error)\n")
        return RunStatus.inputError.rawValue
    }
    var settings = RunSettings()
    (settings.allStates, settings.explain, settings.deliveries) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0)
    if screenN >= 0 { settings.screen = text(screenP, screenN) }
    if staleN >= 0 { settings.staleTouchTimeout = text(staleP, staleN) }
    return TraceRun.job(Engine.init(table:), table: table, input: input, trace: bytes(traceP, traceN), tracePath: tracePath,
                        settings: settings, observer: TraceRun.Unobserved?.none,
                        out: { write(1, $0) }, err: { write(2, $0) }).rawValue
}

@_extern(wasm, module: "env", name: "gspec_write")
func gspecWrite(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int32)

func write(_ fd: Int32, _ s: String) {
    var s = s
    s.withUTF8 { gspecWrite(fd, $0.baseAddress, Int32($0.count)) }
}

