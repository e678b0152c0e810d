// What the native library (libgspec, native/include/gspec.h) exports beside
// Exports.swift: the control calls, a trace's control line built from a key
// and a value as text, checked and applied as `gspec run` applies it; and
// the table's description and names as text. The web module has typed
// calls and a shorter description instead (WebExports.swift): gspec.mjs
// holds what does not depend on the table, generated from the same lists.
#if !GSPEC_WEB
import GestureRuntime
import GestureTrace

/// The table's names as JSON, and everything else a C or Java client needs
/// to read this library's events (gspec.h): gestures (table order) with
/// their kinds, views, modes; the names of touch phases, pointer kinds,
/// event states and swipe directions by raw value; the event record's
/// layout (`EventSlot`) and what each kind's events carry
/// (`GestureKind.eventValues`); and the CSS `touch-action` its gestures
/// leave to a browser.
@_cdecl("gspec_engine_describe")
public func gspecEngineDescribe(_ h: UnsafeMutableRawPointer?) {
    guard let i = instance(h) else { return }
    let t = i.table
    // Written as bytes (ByteText), as the web module's shorter `describe` is.
    var out = ByteText(), first = true
    out.write("{")
    func key(_ name: StaticString) {
        out.write(first ? "\"" : ",\"")
        out.write(name)
        out.write("\":")
        first = false
    }
    func list(_ count: Int, _ name: (Int, inout ByteText) -> Void) {
        out.write("[")
        for k in 0..<count {
            if k > 0 { out.write(",") }
            var text = ByteText()
            name(k, &text)
            out.writeQuoted(text.bytes)
        }
        out.write("]")
    }
    // The name lists by index, under their names' plurals ("gestures", "kinds",
    // "views", ...; each gesture's values as "eventValues").
    for names in NameList.allCases {
        out.write(first ? "\"" : ",\"")
        first = false
        if names == .values { out.write("eventValues") } else { out.write(names.name); out.write("s") }
        out.write("\":[")
        var k = 0, name = ByteText()
        while names.write(k, in: t, to: &name) {
            if k > 0 { out.write(",") }
            out.writeQuoted(name.bytes)
            name = ByteText()
            k += 1
        }
        out.write("]")
    }
    // The pointer kinds each gesture takes (its `input`).
    key("inputs"); out.write("[")
    for (k, r) in t.gestures.enumerated() {
        if k > 0 { out.write(",") }
        let kinds = PointerKind.allCases.filter { r.inputs & $0.bit != 0 }
        list(kinds.count) { $1.write(kinds[$0].name) }
    }
    out.write("]")
    let bare = GestureState.allCases.filter { !EventValue.carried(in: $0) }
    key("bareStates"); list(bare.count) { $1.write(bare[$0].name) }
    // A scroll's edges by the bit that stands for each (`setScrollEdges` sends the bits).
    let directions = Direction.allCases
    key("edges"); list(directions.count) { k, text in if let edge = ScreenEdge(directions[k]) { text.write(edge.name) } }
    key("record"); out.write("{\"bytes\":"); out.write(EventSlot.recordBytes); out.write(",\"slots\":{")
    for slot in EventSlot.allCases {
        out.write(slot.rawValue > 0 ? ",\"" : "\""); out.write(slot.name); out.write("\":[")
        out.write(slot.offset); out.write(",\""); out.write(slot.storage.name); out.write("\"]")
    }
    out.write("}}")
    key("touchAction"); out.write("\""); out.write(TouchAction.of(t)); out.write("\"")
    // Each gesture's view, and each view's touch-action (for the elements a page maps to views).
    key("gestureViews"); list(t.gestureCount) { k, text in if t.hasViews { text.write(t.name(ofView: t.view(of: GestureID(k)))) } }
    key("viewTouchActions"); list(t.hasViews ? t.viewCount : 0) { $1.write(TouchAction.of(t, hitting: ViewID($0))) }
    out.write("}")
    i.setOutput(out)
}

/// The view gesture `g` is declared on (an index into the view names), 0
/// for a table without views, -1 for no such gesture: to address the
/// instance of a gesture on a view (an action, a control call).
@_cdecl("gspec_engine_gesture_view")
public func gspecEngineGestureView(_ h: UnsafeMutableRawPointer?, _ g: Int32) -> Int32 {
    guard let t = instance(h)?.table, g >= 0 && Int(g) < t.gestureCount else { return -1 }
    return t.hasViews ? Int32(t.view(of: GestureID(g)).rawValue) : 0
}

/// Name `index` of list `list` (`NameList`, by raw value) for engine `e`'s
/// table into `buffer` (UTF-8, cut to `capacity - 1` bytes, NUL-terminated;
/// `buffer` may be null to ask the length): its full length in bytes, or -1
/// when the list has no such index.
@_cdecl("gspec_engine_name")
public func gspecEngineName(_ e: UnsafeMutableRawPointer?, _ list: Int32, _ index: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int32) -> Int32 {
    var name = ByteText()
    guard let i = instance(e), list >= 0 && list < 256, let list = NameList(rawValue: UInt8(list)),
          list.write(Int(index), in: i.table, to: &name) else { return -1 }
    copy(name.bytes, to: buffer, capacity)
    return Int32(name.bytes.count)
}

/// Applies a trace's control line `{"set":GESTURE,KEY:VALUE}` at `t` seconds
/// (NaN: after every sample fed so far): `KEY` is a `ControlKey` (`enabled`,
/// `VALUE` "true" or "false"; `handOver`, `{"handOver":GESTURE}`, `VALUE`
/// unused; `scroll`, a scroll line's edges, `VALUE` their bits as one
/// character; `began`, its `"began":true`) or a run-time parameter
/// (`VALUE` as a spec writes it, "15pt"). With `KEY` empty,
/// `{"mode":GESTURE,"on":VALUE}` for the mode of that index instead; a
/// boolean VALUE other than "true" or "false" is refused. The line
/// is built here, not parsed from JSON. Returns 0, or 1 with the reason in
/// the output (nothing changed then).
@_cdecl("gspec_engine_control")
public func gspecEngineControl(_ h: UnsafeMutableRawPointer?, _ t: Double, _ gesture: Int32, _ keyP: UnsafeRawPointer?, _ keyN: Int32,
                               _ valueP: UnsafeRawPointer?, _ valueN: Int32) -> Int32 {
    guard let i = instance(h) else { return 1 }
    let table = i.table, key = text(keyP, keyN), value = text(valueP, valueN)
    var line = TraceReader.ControlLine(time: 0, gestures: [])
    if key.isEmpty {
        guard gesture >= 0 && Int(gesture) < table.modeCount else { i.setOutput("no mode \(gesture)"); return 1 }
        guard let on = boolean(value) else { i.setOutput(TraceReader.notABoolean("on")); return 1 }
        line.mode = (ModeID(gesture), on)
    } else {
        // Every instance of the gesture (one per view it is declared on), as a trace's line names them.
        guard let gestures = i.instances(of: gesture) else { i.setOutput("no gesture \(gesture)"); return 1 }
        line.gestures = gestures
        switch ControlKey(name: key) {
        case .enabled:
            guard let enabled = boolean(value) else { i.setOutput(TraceReader.notABoolean(ControlKey.enabled.name)); return 1 }
            line.enabled = enabled
        case .handOver: line.handOver = true
        case .scroll:
            // The edges as one character, their bits (`describe`'s `edges`; all
            // below 128): gspec.mjs checked the names, and a number parser costs 1 KB here.
            line.scrollEdges = DirectionSet(rawValue: value.utf8.first ?? 0)
        case .began: line.scrollBegan = true
        case .momentum:
            guard let running = boolean(value) else { i.setOutput(TraceReader.notABoolean(ControlKey.momentum.name)); return 1 }
            line.momentum = running
        case nil: line.parameters = [(key, value)]
        }
    }
    return apply(line, to: i, at: t)
}

/// A control call's "true" or "false" (the trace's JSON booleans), nil for
/// anything else: a value the engine cannot read is refused, as the trace
/// reader refuses it, not taken as false.
private func boolean(_ value: String) -> Bool? { value.isSame(as: "true") ? true : value.isSame(as: "false") ? false : nil }

/// Performs gesture `gesture`'s accessibility action at (`x`, `y`), as a
/// trace's `{"action":NAME,"x":..,"y":..}` line for this instance (v4); 0, or
/// 1 with the reason in the output. The numbers come as numbers: a parser
/// for them here would cost 3 KB.
@_cdecl("gspec_engine_action")
public func gspecEngineAction(_ h: UnsafeMutableRawPointer?, _ t: Double, _ gesture: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let i = instance(h) else { return 1 }
    guard gesture >= 0 && Int(gesture) < i.table.gestureCount, x.isFinite, y.isFinite else { i.setOutput("no gesture \(gesture), or no finite x and y"); return 1 }
    var line = TraceReader.ControlLine(time: 0, gestures: [GestureID(gesture)])
    line.action = SIMD2(x, y)
    return apply(line, to: i, at: t)
}

/// Checks and applies a control line at `t` seconds, as a trace's line of
/// that time; with `t` NaN, after every sample fed so far.
private func apply(_ line: TraceReader.ControlLine, to i: Instance, at t: Double) -> Int32 {
    var line = line
    let table = i.table
    // A refused line changes nothing, not even the pending frame.
    let changes: [(RuntimeParameter, ParameterValue)]
    switch TraceRun.check(line, table: table) {
    case .failure(let refusal): return i.refuse(refusal.message(in: table))
    case .success(let checked): changes = checked
    }
    line.time = controlTime(i, t)
    if let refusal = TraceRun.perform(line, changes, on: &i.engine, table: table) { return i.refuse(refusal.message(in: table)) }
    return 0
}
#endif
