// The control calls of the native library (libgspec, native/include/gspec.h):
// a trace's control line built from a key and a value as text, checked and
// applied as `gspec run` applies it. The web module has typed calls instead
// (WebControl.swift), which carry no text.
#if !GSPEC_WEB
import GestureRuntime
import GestureTrace

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
