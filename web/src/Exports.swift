// The WebAssembly module's C ABI, for web/src/gspec.mjs: the runtime
// (GestureRuntime) and the trace format (GestureTrace) behind a few flat
// functions of integers and doubles. Strings and bytes cross as (pointer,
// length) pairs in the module's memory: JavaScript allocates with
// `gspec_alloc`, and reads what a call produced from the output buffer
// (`gspec_output_ptr`, `gspec_output_len`). Built by web/build.sh only.
import GestureRuntime
import GestureTrace

/// One engine and its table, by handle (1-based; 0 is "none").
final class Instance {
    var engine: Engine
    let table: GestureTable
    init(_ table: GestureTable) {
        self.table = table
        engine = Engine(table: table)
    }
}

nonisolated(unsafe) var instances: [Instance?] = []
nonisolated(unsafe) var output: [UInt8] = []

func setOutput(_ text: String) { output = Array(text.utf8) }

func bytes(_ p: UnsafeRawPointer?, _ n: Int32) -> [UInt8] {
    guard let p, n > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: p, count: Int(n)))
}

func text(_ p: UnsafeRawPointer?, _ n: Int32) -> String { String(decoding: bytes(p, n), as: UTF8.self) }

func instance(_ h: Int32) -> Instance? {
    let i = Int(h) - 1
    return i >= 0 && i < instances.count ? instances[i] : nil
}

/// Seconds (a JavaScript number) to the engine's integer microseconds, half away from zero.
func microseconds(_ t: Double) -> Int64 { Int64((t * 1_000_000).rounded()) }

@_cdecl("gspec_alloc")
func gspecAlloc(_ n: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(n), 1), alignment: 16)
}

@_cdecl("gspec_dealloc")
func gspecDealloc(_ p: UnsafeMutableRawPointer?) { p?.deallocate() }

@_cdecl("gspec_output_ptr")
func gspecOutputPtr() -> UnsafeRawPointer? { output.withUnsafeBytes { $0.baseAddress } }

@_cdecl("gspec_output_len")
func gspecOutputLen() -> Int32 { Int32(output.count) }

/// A new engine for the table's bytes: its handle, or 0 with the table error in the output.
@_cdecl("gspec_engine_new")
func gspecEngineNew(_ p: UnsafeRawPointer?, _ n: Int32) -> Int32 {
    do throws(TableError) {
        let table = try GestureTable(decoding: bytes(p, n))
        let instance = Instance(table)
        if let free = instances.firstIndex(where: { $0 == nil }) {
            instances[free] = instance
            return Int32(free + 1)
        }
        instances.append(instance)
        return Int32(instances.count)
    } catch {
        setOutput(error.description)
        return 0
    }
}

@_cdecl("gspec_engine_free")
func gspecEngineFree(_ h: Int32) {
    guard instance(h) != nil else { return }
    instances[Int(h) - 1] = nil
    while instances.last.map({ $0 == nil }) == true { instances.removeLast() }
}

/// The table's names as JSON: gestures (table order), views, modes, and the
/// CSS `touch-action` its gestures leave to the browser.
@_cdecl("gspec_engine_describe")
func gspecEngineDescribe(_ h: Int32) {
    guard let i = instance(h) else { return setOutput("{}") }
    let t = i.table
    func list(_ names: [String]) -> String { "[" + names.map(JSON.quoted).joined(separator: ",") + "]" }
    let views = t.hasViews ? (0..<t.viewCount).map(t.name(ofView:)) : []
    setOutput("{\"gestures\":\(list((0..<t.gestureCount).map(t.name(of:)))),\"views\":\(list(views)),"
              + "\"modes\":\(list((0..<t.modeCount).map(t.name(ofMode:)))),\"touchAction\":\(JSON.quoted(TouchAction.of(t)))}")
}

@_cdecl("gspec_engine_feed")
func gspecEngineFeed(_ h: Int32, _ t: Double, _ id: Double, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) {
    guard let i = instance(h), let phase = TouchPhase(rawValue: UInt8(truncatingIfNeeded: phase)),
          let pointer = PointerKind(rawValue: UInt8(truncatingIfNeeded: pointer)) else { return }
    i.engine.feed(TouchEvent(time: microseconds(t), id: Int64(id), phase: phase, x: x, y: y, view: Int(view), pointer: pointer))
}

@_cdecl("gspec_engine_advance")
func gspecEngineAdvance(_ h: Int32, _ t: Double) { instance(h)?.engine.advance(to: microseconds(t)) }

@_cdecl("gspec_engine_finish")
func gspecEngineFinish(_ h: Int32) { instance(h)?.engine.finish() }

/// The next deadline in seconds, or -1 for none.
@_cdecl("gspec_engine_next_deadline")
func gspecEngineNextDeadline(_ h: Int32) -> Double {
    guard let d = instance(h)?.engine.nextDeadline else { return -1 }
    return Double(d) / 1_000_000
}

/// The engine's clock in seconds.
@_cdecl("gspec_engine_clock")
func gspecEngineClock(_ h: Int32) -> Double { Double(instance(h)?.engine.clock ?? 0) / 1_000_000 }

/// The events decided so far as `gspec run --all-states` lines, cleared from the engine; returns their count.
@_cdecl("gspec_engine_take_events")
func gspecEngineTakeEvents(_ h: Int32) -> Int32 {
    guard let i = instance(h) else { return 0 }
    var text = ""
    for e in i.engine.events { text += EventFormatter.line(e, table: i.table) + "\n" }
    let count = Int32(i.engine.events.count)
    i.engine.removeAllEvents()
    setOutput(text)
    return count
}

/// Applies a trace control line (JSON without "t": it applies at the engine's
/// clock); 0, or 1 with the reason in the output (nothing changed then).
@_cdecl("gspec_engine_control")
func gspecEngineControl(_ h: Int32, _ p: UnsafeRawPointer?, _ n: Int32) -> Int32 {
    guard let i = instance(h) else { setOutput("the engine was freed"); return 1 }
    let table = i.table
    var fields: [String: JSON]
    switch TraceReader.fields(of: bytes(p, n)[...]) {
    case .success(let f): fields = f
    case .failure(let m): setOutput(m.text); return 1
    }
    fields["t"] = .number(JSON.Number(text: EventFormatter.time(i.engine.clock), value: Double(i.engine.clock) / 1_000_000))
    let gestures = (0..<table.gestureCount).map(table.name(of:)), modes = (0..<table.modeCount).map(table.name(ofMode:))
    switch TraceReader.controlLine(fields, gestures: gestures, modes: modes) {
    case .success(let c)?:
        if let refusal = TraceRun.apply(c, to: &i.engine, table: table) { setOutput(refusal); return 1 }
        return 0
    case .failure(let m)?: setOutput(m.text); return 1
    case nil: setOutput("not a control line"); return 1
    }
}

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

