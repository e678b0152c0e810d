// What the web module (gspec.wasm, for web/src/gspec.mjs) exports beside
// Exports.swift: its short `describe`, and its control calls, one typed
// call per control line of a trace, applied as `gspec run` applies the
// line, after every sample fed so far. A refusal is a code, not text:
// each returns 0, or 1 + a `RefusalCode` with the numbers its message
// needs (`ParameterError.numbers`) in the output as 64-bit floats, and
// gspec.mjs words the message from the same catalogue. So the module holds
// no message, no number printing and no parsing: gspec.mjs checked the
// names and read the value's text. The native library's calls take text
// (NativeExports.swift).
#if GSPEC_WEB
import GestureRuntime

/// What gspec.mjs reads events with that depends on the table, as JSON: the
/// layout's stamp (`EventSlot.layoutStamp`), the gestures' names, kinds (raw
/// values), actions ("" for none), conditions on modes ("" for none),
/// pointer kinds (bits) and views (indices); the views' and modes' names;
/// the CSS touch-action of the set and of each view. What does not depend
/// on the table (the states, directions, phases and pointer kinds by raw
/// value, the record's layout, each kind's values) gspec.mjs holds,
/// generated from the same lists (`JavaScriptRuntimeEmitter.moduleConstants`).
@_cdecl("gspec_engine_describe")
public func gspecEngineDescribe(_ h: UnsafeMutableRawPointer?) {
    guard let i = instance(h) else { return }
    let t = i.table, views = t.hasViews ? t.viewIDs : ViewID(0)..<ViewID(0)
    // Written as bytes (ByteText): no string is built.
    var out = ByteText()
    // One function for every list, by index (not generic over the collection:
    // a specialization per list was code a page downloads).
    func list(_ key: StaticString, _ count: Int, _ item: (Int, inout ByteText) -> Void) {
        out.write(",\""); out.write(key); out.write("\":[")
        for k in 0..<count {
            if k > 0 { out.write(",") }
            item(k, &out)
        }
        out.write("]")
    }
    let gestureCount = t.gestureCount, viewCount = views.count
    out.write("{\"stamp\":"); out.write(EventSlot.layoutStamp)
    list("gestures", gestureCount) { $1.writeQuoted(t.name(of: GestureID($0))) }
    list("kinds", gestureCount) { $1.write(t.kind(of: GestureID($0)).rawValue) }
    list("actions", gestureCount) { $1.writeQuoted(t.action(of: GestureID($0)) ?? "") }
    list("conditions", gestureCount) { g, out in
        var text = ByteText()
        t.writeCondition(of: GestureID(g), to: &text)
        out.writeQuoted(text.bytes)
    }
    list("inputs", gestureCount) { $1.write(t.gestures[$0].inputs) }
    list("gestureViews", gestureCount) { $1.write(t.hasViews ? t.view(of: GestureID($0)).rawValue : -1) }
    list("views", viewCount) { $1.writeQuoted(t.name(ofView: ViewID($0))) }
    list("modes", t.modeCount) { $1.writeQuoted(t.name(ofMode: ModeID($0))) }
    out.write(",\"touchAction\":\""); out.write(TouchAction.of(t)); out.write("\"")
    list("viewTouchActions", viewCount) { v, out in
        out.write("\""); out.write(TouchAction.of(t, hitting: ViewID(v))); out.write("\"")
    }
    out.write("}")
    i.setOutput(out)
}

extension Instance {
    /// A refusal's code + 1, its numbers in the output.
    func refuse(_ refusal: ControlRefusal) -> Int32 {
        var numbers: [Double] = []
        if case .parameter(let error) = refusal { numbers = error.numbers }
        output = numbers.withUnsafeBytes { Array($0) }
        outputIsRecords = false
        return Int32(refusal.code.rawValue) + 1
    }

    /// `body` for every instance of gesture `g` at the call's time, unless `check` refuses the first.
    func control(_ g: Int32, _ check: (GestureTable, [GestureID]) -> ControlRefusal?, _ body: (inout Engine, GestureID, Microseconds) -> Void) -> Int32 {
        guard let gestures = instances(of: g) else { return refuse(.parameter(.noSuchGesture(GestureID(g)))) }
        if let refusal = check(table, gestures) { return refuse(refusal) }
        let time = controlTime(self, .nan)
        for g in gestures { body(&engine, g, time) }
        return 0
    }
}

/// Enables (`on` 1) or disables gesture `g`, as `{"set":NAME,"enabled":..}`.
@_cdecl("gspec_engine_set_enabled")
public func gspecEngineSetEnabled(_ h: UnsafeMutableRawPointer?, _ g: Int32, _ on: Int32) -> Int32 {
    instance(h)?.control(g, { $0.refusalToEnable($1[0]) }) { $0.setEnabled(on != 0, gesture: $1, at: $2) } ?? 1
}

/// Turns mode `m` on (`on` 1) or off, as `{"mode":NAME,"on":..}`.
@_cdecl("gspec_engine_set_mode")
public func gspecEngineSetMode(_ h: UnsafeMutableRawPointer?, _ m: Int32, _ on: Int32) -> Int32 {
    guard let i = instance(h) else { return 1 }
    guard m >= 0 && Int(m) < i.table.modeCount else { return i.refuse(.parameter(.noSuchGesture(GestureID(m)))) }
    i.engine.setMode(ModeID(m), on != 0, at: controlTime(i, .nan))
    return 0
}

/// Hands gesture `g` over, as `{"handOver":NAME}`.
@_cdecl("gspec_engine_hand_over")
public func gspecEngineHandOver(_ h: UnsafeMutableRawPointer?, _ g: Int32) -> Int32 {
    instance(h)?.control(g, { $0.refusalToHandOver($1) }) { $0.handOver(from: $1, at: $2) } ?? 1
}

/// The edges (bits, 1 << a direction) scroll `g` is at, as `{"scroll":NAME,"at":[...]}`.
@_cdecl("gspec_engine_set_scroll_edges")
public func gspecEngineSetScrollEdges(_ h: UnsafeMutableRawPointer?, _ g: Int32, _ edges: Int32) -> Int32 {
    instance(h)?.control(g, { $0.refusalOfScroll($1[0]) }) { $0.setScrollEdges(DirectionSet(rawValue: UInt8(truncatingIfNeeded: edges)), gesture: $1, at: $2) } ?? 1
}

/// The platform began scrolling with scroll `g`'s touches, as `{"scroll":NAME,"began":true}`.
@_cdecl("gspec_engine_scroll_began")
public func gspecEngineScrollBegan(_ h: UnsafeMutableRawPointer?, _ g: Int32) -> Int32 {
    instance(h)?.control(g, { $0.refusalOfScroll($1[0]) }) { $0.scrollBegan(gesture: $1, at: $2) } ?? 1
}

/// Whether gesture `g`'s momentum runs (`running` 1), as `{"scroll":NAME,"momentum":..}`.
@_cdecl("gspec_engine_set_momentum")
public func gspecEngineSetMomentum(_ h: UnsafeMutableRawPointer?, _ g: Int32, _ running: Int32) -> Int32 {
    instance(h)?.control(g, { $0.refusalOfMomentum($1[0]) }) { $0.setMomentum(running != 0, gesture: $1, at: $2) } ?? 1
}

/// Sets run-time parameter `parameter` (its index in `RuntimeParameter.allCases`)
/// of gesture `g` to `value` written in unit `unit` (its index in
/// `Unit.allCases`, -1 for a plain number), as `{"set":NAME,PARAMETER:VALUE}`.
@_cdecl("gspec_engine_set_parameter")
public func gspecEngineSetParameter(_ h: UnsafeMutableRawPointer?, _ g: Int32, _ parameter: Int32, _ unit: Int32, _ value: Double) -> Int32 {
    guard let i = instance(h) else { return 1 }
    let parameters = RuntimeParameter.allCases, units = Unit.allCases
    guard parameter >= 0 && Int(parameter) < parameters.count, unit >= -1 && Int(unit) < units.count else {
        return i.refuse(.parameter(.unknown("")))
    }
    let p = parameters[Int(parameter)], v = ParameterValue(value, unit < 0 ? nil : units[Int(unit)])
    // Checked on the first instance, as a trace's line is: every instance has its kind and range.
    return i.control(g, { table, gestures in
        do throws(ParameterError) { try table.check(p, v, gesture: gestures[0]) } catch { return .parameter(error) }
        return nil
    }) { engine, g, time in try? engine.set(p, to: v, gesture: g, at: time) }
}

/// Performs gesture `g`'s accessibility action at (`x`, `y`), as
/// `{"action":NAME,"x":..,"y":..}` for this instance (v4).
@_cdecl("gspec_engine_action")
public func gspecEngineAction(_ h: UnsafeMutableRawPointer?, _ t: Double, _ g: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let i = instance(h) else { return 1 }
    guard g >= 0 && Int(g) < i.table.gestureCount, x.isFinite, y.isFinite else { return i.refuse(.parameter(.noSuchGesture(GestureID(g)))) }
    let gesture = GestureID(g)
    if let refusal = i.table.refusalToAct(gesture) { return i.refuse(refusal) }
    return i.engine.performAction(gesture: gesture, x: x, y: y, at: controlTime(i, t)) ? 0 : i.refuse(.disabledAction(gesture))
}
#endif
