// The engine's C ABI, for web/src/gspec.mjs in gspec.wasm and for C and Java
// in libgspec (native/include/gspec.h documents each function): the runtime
// (GestureRuntime) behind a few flat functions of pointers, integers and
// doubles. An engine is an opaque pointer its caller owns (`gspec_engine_new`
// to `gspec_engine_free`); each engine keeps its own output buffer
// (`gspec_engine_output_ptr`, `gspec_engine_output_len`) for what a call
// produced, and the module keeps no other state, so any number of engines
// may run, each on one thread at a time. Strings and bytes cross as
// (pointer, length) pairs: callers allocate with `gspec_alloc`. Events cross
// as fixed-size binary records (`EventSlot`), not text: a page handles every
// event of every sample. The trace runner (`gspec_run`) is in
// web/src/RunExports.swift, linked only into gspec-run.wasm. This folder,
// capi/, is the one C interface: web/build.sh and native/build.sh both
// compile it (scripts/embedded.sh), as module GSpecC.
import GestureRuntime
import GestureTrace

/// One engine, its table, and the output of its last call.
final class Instance {
    /// Changed in place, never copied: the web module leaves out the
    /// engine's copy-on-write (`GSPEC_UNSHARED_ENGINE`, Engine.swift), so a copy would share its state.
    var engine: Engine
    let table: GestureTable
    /// The output of the last call that produced one: text, or (after
    /// `take_events`) the event records, kept typed so that writing one is a
    /// store, not an append of its bytes.
    var output: [UInt8] = []
    /// The records, in a buffer that only grows: taking events is a store per
    /// event, with none of an array's uniqueness checks or `removeAll`.
    private(set) var records = UnsafeMutablePointer<EventRecord>.allocate(capacity: 16)
    private var recordCapacity = 16
    var recordCount = 0
    var outputIsRecords = false
    /// Each gesture's receiving view, looked up once: `take_events` writes one per event.
    let receivers: [ViewID]
    init(_ table: GestureTable) {
        self.table = table
        engine = Engine(table: table)
        receivers = table.gestureIDs.map { table.receiver(of: $0) }
    }

    deinit { records.deallocate() }

    /// Room for `count` records; what was written before is not kept.
    func reserveRecords(_ count: Int) {
        guard count > recordCapacity else { return }
        records.deallocate()
        recordCapacity = max(count, 2 * recordCapacity)
        records = .allocate(capacity: recordCapacity)
    }

    func setOutput(_ text: String) {
        output = text.withBytes { Array($0) }
        outputIsRecords = false
    }

    func setOutput(_ text: ByteText) {
        output = text.bytes
        outputIsRecords = false
    }

    var outputPointer: UnsafeRawPointer? {
        outputIsRecords ? UnsafeRawPointer(records) : output.withUnsafeBytes { $0.baseAddress }
    }

    var outputLength: Int { outputIsRecords ? recordCount * EventSlot.recordBytes : output.count }

    /// A refused call's status, its reason in the output.
    func refuse(_ reason: String) -> Int32 {
        setOutput(reason)
        return 1
    }
}

package func bytes(_ p: UnsafeRawPointer?, _ n: Int32) -> [UInt8] {
    guard let p, n > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: p, count: Int(n)))
}

package func text(_ p: UnsafeRawPointer?, _ n: Int32) -> String { String(decoding: bytes(p, n), as: UTF8.self) }

/// The engine behind a pointer `gspec_engine_new` returned (nil for null).
func instance(_ e: UnsafeMutableRawPointer?) -> Instance? {
    e.map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
}

/// `body` on the engine behind `e`, held without a retain and release (the
/// caller keeps it alive until `gspec_engine_free`, gspec.h says): for the
/// calls made per sample, where the two cost a tenth of the call. `none` for null.
@inline(__always)
func withInstance<R>(_ e: UnsafeMutableRawPointer?, else none: R, _ body: (Instance) -> R) -> R {
    guard let e else { return none }
    return Unmanaged<Instance>.fromOpaque(e)._withUnsafeGuaranteedRef(body)
}


@_cdecl("gspec_alloc")
public func gspecAlloc(_ n: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(n), 1), alignment: 16)
}

@_cdecl("gspec_dealloc")
public func gspecDealloc(_ p: UnsafeMutableRawPointer?) { p?.deallocate() }

/// Where the output of engine `e`'s last call that produced one starts, and its length in bytes.
@_cdecl("gspec_engine_output_ptr")
public func gspecEngineOutputPtr(_ e: UnsafeMutableRawPointer?) -> UnsafeRawPointer? { instance(e)?.outputPointer }

@_cdecl("gspec_engine_output_len")
public func gspecEngineOutputLen(_ e: UnsafeMutableRawPointer?) -> Int32 { Int32(instance(e)?.outputLength ?? 0) }

/// A new engine for the table's bytes, or null with the table's error in
/// `message` (UTF-8, cut to `capacity - 1` bytes, NUL-terminated).
@_cdecl("gspec_engine_new")
public func gspecEngineNew(_ p: UnsafeRawPointer?, _ n: Int32, _ message: UnsafeMutablePointer<UInt8>?, _ capacity: Int32) -> UnsafeMutableRawPointer? {
    do throws(TableError) {
        let table = try GestureTable(decoding: bytes(p, n))
        return Unmanaged.passRetained(Instance(table)).toOpaque()
    } catch {
        var text = ByteText()
        error.write(to: &text)
        copy(text.bytes, to: message, capacity)
        return nil
    }
}

/// Frees engine `e`; null is nothing.
@_cdecl("gspec_engine_free")
public func gspecEngineFree(_ e: UnsafeMutableRawPointer?) {
    guard let e else { return }
    Unmanaged<Instance>.fromOpaque(e).release()
}

/// `text` into a C buffer of `capacity` bytes, cut and NUL-terminated, a
/// NUL within it (a damaged table's bytes, quoted) as "?"; nothing for no buffer.
func copy(_ text: [UInt8], to buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int32) {
    guard let buffer, capacity > 0 else { return }
    let bytes = text.prefix(Int(capacity) - 1)
    for (k, b) in bytes.enumerated() { buffer[k] = b == 0 ? UInt8(ascii: "?") : b }
    buffer[bytes.count] = 0
}

/// One sample; 0, or 1 with the reason in the output (the trace reader's
/// message for the same field: an unknown phase or pointer kind, a time out
/// of range), the sample not fed. A time that is not finite cannot be
/// ordered: it is fed as earlier than the clock, so the engine clamps it to
/// the clock and counts it (`timeWentBackwards`), as any sample going back
/// in time. Any 64-bit id is a touch of its own; the web module (built with
/// GSPEC_WEB) takes it as a double, JavaScript's number (gspec.mjs passes
/// safe integers only).
#if GSPEC_WEB
@_cdecl("gspec_engine_feed")
public func gspecEngineFeed(_ h: UnsafeMutableRawPointer?, _ t: Double, _ id: Double, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) -> Int32 {
    guard let touch = Int64(exactly: id) else {
        instance(h)?.setOutput(notATouchID(id))
        return 1
    }
    return feed(h, t, touch, phase, x, y, view, pointer)
}
#else
@_cdecl("gspec_engine_feed")
public func gspecEngineFeed(_ h: UnsafeMutableRawPointer?, _ t: Double, _ id: Int64, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) -> Int32 {
    feed(h, t, id, phase, x, y, view, pointer)
}
#endif

// A sample's refusals, as the trace reader words them. The web module's
// caller, gspec.mjs, checks every field first and words its own messages:
// there they are constants, as writing a double and the lists of names costs
// 2 KB a page downloads.
#if GSPEC_WEB
private func notATouchID(_ x: Double) -> String { "'touch' must be an integer" }
private func timeOutOfRange(_ x: Double) -> String { "'t' is out of range" }
private func unknownPhase(_ phase: Int32) -> String { "unknown phase" }
private let notAPointerKind = "unknown pointer kind"
#else
private func notATouchID(_ x: Double) -> String { TraceReader.notATouchID("\(x)") }
private func timeOutOfRange(_ x: Double) -> String { TraceReader.timeOutOfRange("\(x)") }
private func unknownPhase(_ phase: Int32) -> String { TraceReader.unknownPhase("\(phase)") }
private let notAPointerKind = TraceReader.notAPointerKind
#endif

@inline(__always)
private func feed(_ h: UnsafeMutableRawPointer?, _ t: Double, _ id: Int64, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) -> Int32 {
    withInstance(h, else: 1) { feed($0, t, id, phase, x, y, view, pointer) }
}

@inline(__always)
private func feed(_ i: Instance, _ t: Double, _ id: Int64, _ phase: Int32, _ x: Double, _ y: Double, _ view: Int32, _ pointer: Int32) -> Int32 {
    guard let kind = UInt8(exactly: phase).flatMap(TouchPhase.init(rawValue:)) else { return i.refuse(unknownPhase(phase)) }
    guard let pointer = UInt8(exactly: pointer).flatMap(PointerKind.init(rawValue:)) else { return i.refuse(notAPointerKind) }
    let time: Microseconds
    if let checked = Microseconds(checkedSeconds: t) {
        time = checked
    } else if t.isFinite {
        return i.refuse(timeOutOfRange(t))
    } else {
        time = Microseconds(i.engine.clock.rawValue &- 1)
    }
    i.engine.feed(TouchEvent(time: time, id: id, phase: kind, x: x, y: y, view: ViewID(view), pointer: pointer))
    return 0
}

/// The engine's counts of repaired stream anomalies as JSON (`StreamAnomalies.counts`).
@_cdecl("gspec_engine_anomalies")
public func gspecEngineAnomalies(_ h: UnsafeMutableRawPointer?) {
    guard let i = instance(h) else { return }
    var out = ByteText()
    out.write("{")
    for (k, c) in i.engine.anomalies.counts.enumerated() {
        out.write(k > 0 ? ",\"" : "\""); out.write(c.name); out.write("\":"); out.write(c.count)
    }
    out.write("}")
    i.setOutput(out)
}

/// The screen's size in points, which edge pans measure from (`attach`: the element's box).
@_cdecl("gspec_engine_set_screen")
public func gspecEngineSetScreen(_ h: UnsafeMutableRawPointer?, _ width: Double, _ height: Double) {
    guard width.isFinite && height.isFinite && width > 0 && height > 0 else { return }
    instance(h)?.engine.screenSize = SIMD2(width, height)
}

/// Applies the pending frame and fires the deadlines due by `t` seconds;
/// 0, or 1 with the reason in the output for a time that is not finite or
/// out of a trace's range (nothing done then).
@_cdecl("gspec_engine_advance")
public func gspecEngineAdvance(_ h: UnsafeMutableRawPointer?, _ t: Double) -> Int32 {
    guard let i = instance(h) else { return 1 }
    guard let time = Microseconds(checkedSeconds: t) else { return i.refuse(timeOutOfRange(t)) }
    i.engine.advance(to: time)
    return 0
}

/// Ends the host's frame: the samples fed since the last frame are decided
/// now, not when a later sample comes. The deadlines due by their time fire
/// with them, as a later sample would make them; a later sample of the same
/// time starts a frame of its own.
@_cdecl("gspec_engine_end_frame")
public func gspecEngineEndFrame(_ h: UnsafeMutableRawPointer?) {
    instance(h)?.engine.endFrame()
}

@_cdecl("gspec_engine_finish")
public func gspecEngineFinish(_ h: UnsafeMutableRawPointer?) { instance(h)?.engine.finish() }

/// Whether gesture `g` is enabled (by `setEnabled` or its modes): 1 or 0.
@_cdecl("gspec_engine_is_enabled")
public func gspecEngineIsEnabled(_ h: UnsafeMutableRawPointer?, _ g: Int32) -> Int32 { instance(h)?.engine.isEnabled(GestureID(g)) == true ? 1 : 0 }

/// The next deadline in seconds, or -1 for none.
@_cdecl("gspec_engine_next_deadline")
public func gspecEngineNextDeadline(_ h: UnsafeMutableRawPointer?) -> Double {
    guard let d = instance(h)?.engine.nextDeadline else { return -1 }
    return d.seconds
}

/// The engine's clock in seconds.
@_cdecl("gspec_engine_clock")
public func gspecEngineClock(_ h: UnsafeMutableRawPointer?) -> Double { instance(h)?.engine.clock.seconds ?? 0 }

/// The events decided so far as records (`EventSlot`) in the output, cleared from the engine; returns their count.
@_cdecl("gspec_engine_take_events")
public func gspecEngineTakeEvents(_ h: UnsafeMutableRawPointer?) -> Int32 { withInstance(h, else: 0, takeEvents) }

@inline(__always)
private func takeEvents(_ i: Instance) -> Int32 {
    i.outputIsRecords = true
    i.recordCount = 0
    // Most samples decide nothing: nothing to copy or clear then.
    guard i.engine.hasEvents else { return 0 }
    let receivers = i.receivers
    i.engine.events.withUnsafeBufferPointer { events in
        i.reserveRecords(events.count)
        for (k, e) in events.enumerated() { (i.records + k).initialize(to: EventRecord(e, view: receivers[e.gesture.rawValue])) }
        i.recordCount = events.count
    }
    // No copy of the events is alive here: clearing them reuses their storage.
    i.engine.removeAllEvents()
    return Int32(i.recordCount)
}

/// The time a control call acts at, from its `t` in seconds: with `t` NaN,
/// after every sample fed so far.
func controlTime(_ i: Instance, _ t: Double) -> Microseconds {
    if t.isNaN {
        // An app acts on what it has seen: the samples fed so far apply first, and
        // the call acts 1 µs after them. A trace line at the clock this leaves
        // (`engine.clock`) then replays it alike: a trace's control line acts
        // before the touches of its own time, which here have already been seen.
        if i.engine.hasPendingFrame { i.engine.advance(to: i.engine.clock) }
        return i.engine.clock + 1
    }
    // Not finite: at the clock, as a sample's time is clamped.
    return t.isFinite ? Microseconds(seconds: t) : i.engine.clock
}

extension Instance {
    /// Every instance of gesture `g` (one per view it is declared on), as a trace's line names them; nil for no such gesture.
    func instances(of g: Int32) -> [GestureID]? {
        guard g >= 0 && Int(g) < table.gestureCount else { return nil }
        let name = table.name(of: GestureID(g))
        return table.gestureIDs.filter { table.name(of: $0).isSame(as: name) }
    }
}
