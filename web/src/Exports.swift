// The engine's C ABI in gspec.wasm, for web/src/gspec.mjs: the runtime
// (GestureRuntime) behind a few flat functions of integers and doubles.
// Strings and bytes cross as (pointer, length) pairs in the module's memory:
// JavaScript allocates with `gspec_alloc`, and reads what a call produced
// from the output buffer (`gspec_output_ptr`, `gspec_output_len`). Events
// cross as fixed-size binary records (`EventSlot`), not text: a page
// handles every event of every sample. The trace runner (`gspec_run`) is in
// RunExports.swift, linked only into gspec-run.wasm. Built by web/build.sh only.
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

package func setOutput(_ text: String) { output = Array(text.utf8) }

package func bytes(_ p: UnsafeRawPointer?, _ n: Int32) -> [UInt8] {
    guard let p, n > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: p, count: Int(n)))
}

package func text(_ p: UnsafeRawPointer?, _ n: Int32) -> String { String(decoding: bytes(p, n), as: UTF8.self) }

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

/// The table's names as JSON, and everything else gspec.mjs needs to read
/// this module's events, so that it hard-codes none of it: gestures (table
/// order) with their kinds, views, modes; the names of touch phases, pointer
/// kinds, event states and swipe directions by raw value; the event
/// record's layout (`EventSlot`) and what each kind's events carry
/// (`GestureKind.eventValues`); and the CSS `touch-action` its gestures
/// leave to the browser.
@_cdecl("gspec_engine_describe")
func gspecEngineDescribe(_ h: Int32) {
    guard let i = instance(h) else { return setOutput("{}") }
    let t = i.table
    // Appended to one string: this module's size is what a page downloads.
    var out = "{", first = true
    func key(_ name: String) {
        out += (first ? "\"" : ",\"") + name + "\":"
        first = false
    }
    func list(_ names: [String]) {
        out += "["
        for (k, name) in names.enumerated() { out += (k > 0 ? "," : "") + JSON.quoted(name) }
        out += "]"
    }
    /// Names by raw value: `count` of them, `name(raw)` or "" where no case has that raw value.
    func byRawValue(_ count: Int, _ name: (UInt8) -> String?) { list((0..<count).map { name(UInt8($0)) ?? "" }) }
    key("gestures"); list((0..<t.gestureCount).map(t.name(of:)))
    key("kinds"); list(t.gestures.map { $0.kind.keyword })
    // The pointer kinds each gesture takes (its `input`).
    key("inputs"); out += "["
    for (k, r) in t.gestures.enumerated() {
        if k > 0 { out += "," }
        list(PointerKind.allCases.filter { r.inputs & $0.bit != 0 }.map { $0.name })
    }
    out += "]"
    key("views"); list(t.hasViews ? (0..<t.viewCount).map(t.name(ofView:)) : [])
    key("modes"); list((0..<t.modeCount).map(t.name(ofMode:)))
    key("phases"); byRawValue(TouchPhase.allCases.count) { TouchPhase(rawValue: $0)?.name }
    key("pointers"); byRawValue(PointerKind.allCases.count) { PointerKind(rawValue: $0)?.name }
    key("states"); byRawValue(GestureState.allCases.count) { GestureState(rawValue: $0)?.name }
    key("bareStates"); list(GestureState.allCases.filter { !EventValue.carried(in: $0) }.map { $0.name })
    key("directions"); byRawValue(Direction.allCases.count) { Direction(rawValue: $0)?.name }
    // A scroll's edges by the bit that stands for each (`setScrollEdges` sends the bits).
    key("edges"); byRawValue(Direction.allCases.count) { raw in ScreenEdge.allCases.first { $0.direction.rawValue == raw }?.name }
    key("record"); out += "{\"bytes\":\(EventSlot.recordBytes),\"slots\":{"
    for slot in EventSlot.allCases {
        out += (slot.rawValue > 0 ? ",\"" : "\"") + slot.name + "\":[\(slot.offset),\"" + slot.storage.name + "\"]"
    }
    out += "}}"
    key("eventValues"); out += "{"
    for kind in GestureKind.allCases {
        out += (kind.rawValue > 0 ? ",\"" : "\"") + kind.keyword + "\":["
        for (k, v) in kind.eventValues.enumerated() {
            out += (k > 0 ? ",{\"key\":\"" : "{\"key\":\"") + v.key.name + "\",\"shape\":\"" + v.shape.name + "\",\"slots\":"
            list(v.slots.map { $0.name })
            out += "}"
        }
        out += "]"
    }
    out += "}"
    key("touchAction"); out += JSON.quoted(TouchAction.of(t))
    // Each gesture's view, and each view's touch-action (for the elements a page maps to views).
    key("gestureViews"); list((0..<t.gestureCount).map { t.hasViews ? t.name(ofView: t.view(of: $0)) : "" })
    key("viewTouchActions"); list(t.hasViews ? (0..<t.viewCount).map { TouchAction.of(t, hitting: $0) } : [])
    // Each gesture's accessibility action (v4), "" for none.
    key("actions"); list((0..<t.gestureCount).map { t.action(of: $0) ?? "" })
    setOutput(out + "}")
}

/// One sample. A time that is not finite cannot be ordered: it is fed as
/// earlier than the clock, so the engine clamps it to the clock and counts
/// it (`timeWentBackwards`), as any sample going back in time.
@_cdecl("gspec_engine_feed")
func gspecEngineFeed(_ h: Int32, _ t: Double, _ id: Double, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) {
    guard let i = instance(h), let phase = TouchPhase(rawValue: UInt8(truncatingIfNeeded: phase)),
          let pointer = PointerKind(rawValue: UInt8(truncatingIfNeeded: pointer)) else { return }
    let time = t.isFinite ? microseconds(t) : i.engine.clock &- 1
    i.engine.feed(TouchEvent(time: time, id: Int64(id), phase: phase, x: x, y: y, view: Int(view), pointer: pointer))
}

/// The engine's counts of repaired stream anomalies as JSON (`StreamAnomalies.counts`).
@_cdecl("gspec_engine_anomalies")
func gspecEngineAnomalies(_ h: Int32) {
    let counts = instance(h)?.engine.anomalies.counts ?? []
    var out = "{"
    for (k, c) in counts.enumerated() { out += (k > 0 ? ",\"" : "\"") + c.name + "\":\(c.count)" }
    setOutput(out + "}")
}

/// The screen's size in points, which edge pans measure from (`attach`: the element's box).
@_cdecl("gspec_engine_set_screen")
func gspecEngineSetScreen(_ h: Int32, _ width: Double, _ height: Double) {
    guard width.isFinite && height.isFinite && width > 0 && height > 0 else { return }
    instance(h)?.engine.screenSize = SIMD2(width, height)
}

@_cdecl("gspec_engine_advance")
func gspecEngineAdvance(_ h: Int32, _ t: Double) { instance(h)?.engine.advance(to: microseconds(t)) }

@_cdecl("gspec_engine_finish")
func gspecEngineFinish(_ h: Int32) { instance(h)?.engine.finish() }

/// Whether gesture `g` is enabled (by `setEnabled` or its modes): 1 or 0.
@_cdecl("gspec_engine_is_enabled")
func gspecEngineIsEnabled(_ h: Int32, _ g: Int32) -> Int32 { instance(h)?.engine.isEnabled(Int(g)) == true ? 1 : 0 }

/// The next deadline in seconds, or -1 for none.
@_cdecl("gspec_engine_next_deadline")
func gspecEngineNextDeadline(_ h: Int32) -> Double {
    guard let d = instance(h)?.engine.nextDeadline else { return -1 }
    return Double(d) / 1_000_000
}

/// The engine's clock in seconds.
@_cdecl("gspec_engine_clock")
func gspecEngineClock(_ h: Int32) -> Double { Double(instance(h)?.engine.clock ?? 0) / 1_000_000 }

/// The events decided so far as records (`EventSlot`) in the output, cleared from the engine; returns their count.
@_cdecl("gspec_engine_take_events")
func gspecEngineTakeEvents(_ h: Int32) -> Int32 {
    guard let i = instance(h) else { return 0 }
    let events = i.engine.events
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(events.count * EventSlot.recordBytes)
    for e in events {
        var record = EventRecord(e, view: i.table.receiver(of: e.gesture))
        withUnsafeBytes(of: &record) { output.append(contentsOf: $0) }
    }
    i.engine.removeAllEvents()
    return Int32(events.count)
}

/// Applies a trace's control line `{"set":GESTURE,KEY:VALUE}` after every
/// sample fed so far: `KEY` is `enabled` (`VALUE` "true" or "false") or a run-time
/// parameter (`VALUE` as a spec writes it, "15pt"); `KEY` `handOver` is
/// `{"handOver":GESTURE}` (`VALUE` unused), `scroll` a scroll line's edges
/// (`VALUE` their bits as one character) and `began` its `"began":true`. With `KEY` empty,
/// `{"mode":GESTURE,"on":VALUE}` for the mode of that index instead. The line
/// is built here, not parsed: gspec.mjs has checked the names, and JSON
/// parsing would double the module. Returns 0, or 1 with the reason in the
/// output (nothing changed then).
@_cdecl("gspec_engine_control")
func gspecEngineControl(_ h: Int32, _ gesture: Int32, _ keyP: UnsafeRawPointer?, _ keyN: Int32,
                        _ valueP: UnsafeRawPointer?, _ valueN: Int32) -> Int32 {
    guard let i = instance(h) else { setOutput("the engine was freed"); return 1 }
    let table = i.table, key = text(keyP, keyN), value = text(valueP, valueN)
    var line = TraceReader.ControlLine(time: 0, gestures: [])
    if key.isEmpty {
        guard gesture >= 0 && Int(gesture) < table.modeCount else { setOutput("no mode \(gesture)"); return 1 }
        line.mode = (Int(gesture), value == "true")
    } else {
        // Every instance of the gesture (one per view it is declared on), as a trace's line names them.
        guard gesture >= 0 && Int(gesture) < table.gestureCount else { setOutput("no gesture \(gesture)"); return 1 }
        let name = table.name(of: Int(gesture))
        line.gestures = (0..<table.gestureCount).filter { table.name(of: $0) == name }
        switch key {
        case "enabled": line.enabled = value == "true"
        case "handOver": line.handOver = true
        case "scroll":
            // The edges as one character, their bits (`describe`'s `edges`; all
            // below 128): gspec.mjs checked the names, and a number parser costs 1 KB here.
            line.scrollEdges = DirectionSet(rawValue: value.utf8.first ?? 0)
        case "began": line.scrollBegan = true
        default: line.parameters = [(key, value)]
        }
    }
    return apply(line, to: i)
}

/// Performs gesture `gesture`'s accessibility action at (`x`, `y`), as a
/// trace's `{"action":NAME,"x":..,"y":..}` line for this instance (v4); 0, or
/// 1 with the reason in the output. The numbers come as numbers: a parser
/// for them here would cost 3 KB.
@_cdecl("gspec_engine_action")
func gspecEngineAction(_ h: Int32, _ gesture: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let i = instance(h) else { setOutput("the engine was freed"); return 1 }
    guard gesture >= 0 && Int(gesture) < i.table.gestureCount, x.isFinite, y.isFinite else { setOutput("no gesture \(gesture), or no finite x and y"); return 1 }
    var line = TraceReader.ControlLine(time: 0, gestures: [Int(gesture)])
    line.action = SIMD2(x, y)
    return apply(line, to: i)
}

/// Checks and applies a control line after every sample fed so far.
private func apply(_ line: TraceReader.ControlLine, to i: Instance) -> Int32 {
    var line = line
    let table = i.table
    // A refused line changes nothing, not even the pending frame.
    if case .failure(let refusal) = TraceRun.check(line, table: table) { setOutput(refusal.reason); return 1 }
    // An app acts on what it has seen: the samples fed so far apply first, and
    // the line acts 1 µs after them. A trace line at the clock this leaves
    // (`engine.clock`) then replays it alike: a trace's control line acts
    // before the touches of its own time, which here have already been seen.
    if i.engine.hasPendingFrame { i.engine.advance(to: i.engine.clock) }
    line.time = i.engine.clock + 1
    if let refusal = TraceRun.apply(line, to: &i.engine, table: table) { setOutput(refusal); return 1 }
    return 0
}
