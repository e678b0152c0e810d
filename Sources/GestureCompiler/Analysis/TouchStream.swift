import Foundation
import GestureRuntime
import GestureTrace

/// A concrete touch stream the analyses run: an exemplar of a gesture, a
/// witness of a conflict, a boundary test. Plain samples, printable as a trace.
public struct TouchStream: Hashable, Sendable {
    public var events: [TouchEvent]
    /// What the stream does, in a few words ("2 taps, 50 ms presses").
    public var summary: String

    public init(events: [TouchEvent], summary: String) {
        self.events = events
        self.summary = summary
    }

    /// The screen size (points) generated streams assume, for screen-edge pans.
    public static let screen = SIMD2<Double>(600, 800)

    /// When gesture `g` of `table` first begins or is recognized on the stream,
    /// if it does, in `situation` from the start, as a witness's mode and scroll lines put it.
    package func claimTime(of g: GestureID, on table: GestureTable, in situation: Situation = Situation()) -> Int64? {
        var engine = Engine(table: table)
        engine.screenSize = Self.screen
        situation.apply(to: &engine, at: events.first?.time ?? .zero)
        for e in events { engine.feed(e) }
        engine.finish()
        return engine.events.first { $0.gesture == g && ($0.state == .began || $0.state == .recognized) }?.time.rawValue
    }

    /// The stream with a pointer kind `g` takes: a finger, unless its `input`
    /// leaves fingers out (a mouse-only drag is performed with a mouse).
    func performed(by g: GestureDefinition) -> TouchStream {
        let inputs = g.record.inputs
        guard inputs & PointerKind.touch.bit == 0, let kind = PointerKind.allCases.first(where: { inputs & $0.bit != 0 }) else { return self }
        var s = self
        for i in s.events.indices { s.events[i].pointer = kind }
        return s
    }

    /// The stream in the trace format (docs/trace-format.md). `viewNames` (a
    /// set that declares views) names each `began` line's hit view. With
    /// `screen`, a first line gives the screen size the stream assumes;
    /// control lines enable the gestures `enabling` names before the first touch,
    /// and put the scrolls of `edges` at their edges.
    public func traceLines(viewNames: [String] = [], screen: Bool = false, modes: [String] = [], enabling: [String] = [],
                           edges: [String] = []) -> String {
        var text = screen ? "{\"screen\":[\(Self.number(Self.screen.x)),\(Self.number(Self.screen.y))]}\n" : ""
        let start = EventFormatter.time(events.first?.time ?? 0)
        for name in modes { text += "{\"t\":\(start),\"mode\":\(TableEmitter.quoted(name)),\"on\":true}\n" }
        for line in edges { text += line + "\n" }
        for name in enabling { text += "{\"t\":\(start),\"set\":\(TableEmitter.quoted(name)),\"enabled\":true}\n" }
        for e in events {
            var line = "{\"t\":\(EventFormatter.time(e.time)),\"touch\":\(e.id),\"phase\":\"\(e.phase.name)\","
            line += "\"x\":\(Self.number(e.x)),\"y\":\(Self.number(e.y))"
            if e.phase == .began && e.view.rawValue < viewNames.count { line += ",\"view\":\"\(viewNames[e.view.rawValue])\"" }
            if e.phase == .began && e.pointer != .touch { line += ",\"pointer\":\"\(e.pointer.name)\"" }
            text += line + "}\n"
        }
        return text
    }

    static func number(_ x: Double) -> String {
        let rounded = (x * 1e6).rounded() / 1e6
        let text = "\(rounded)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}

/// Writes touch streams sample by sample: fingers go down, move in straight
/// lines sampled at a fixed period, and lift.
struct StreamBuilder {
    private(set) var events: [TouchEvent] = []
    private(set) var time: Int64 = 0
    /// Where each finger that is down is.
    private(set) var fingers: [Int: SIMD2<Double>] = [:]
    let view: Int
    /// Microseconds between samples of a movement.
    var period: Int64 = 8_000
    private var nextID = 1

    init(view: Int) { self.view = view }

    /// Puts fingers down at `points` in one frame; returns their ids.
    @discardableResult
    mutating func down(_ points: [SIMD2<Double>]) -> [Int] {
        points.map { p in
            let id = nextID
            nextID += 1
            fingers[id] = p
            events.append(TouchEvent(time: Microseconds(time), id: id, phase: .began, x: p.x, y: p.y, view: ViewID(view)))
            return id
        }
    }

    mutating func wait(_ microseconds: Int64) { time += microseconds }

    /// Moves every finger by `offset(finger, fraction)` from where it is, in
    /// `samples` frames `period` apart (a straight line per finger by default).
    mutating func move(samples: Int, _ target: (Int, SIMD2<Double>) -> SIMD2<Double>) {
        let ids = fingers.keys.sorted()
        let from = fingers
        for i in 1...max(1, samples) {
            time += period
            let f = Double(i) / Double(max(1, samples))
            for id in ids {
                let p = from[id]! + (target(id, from[id]!) - from[id]!) * f
                fingers[id] = p
                events.append(TouchEvent(time: Microseconds(time), id: id, phase: .moved, x: p.x, y: p.y, view: ViewID(view)))
            }
        }
    }

    /// Moves every finger by `delta` over `samples` frames.
    mutating func translate(by delta: SIMD2<Double>, samples: Int) {
        move(samples: samples) { _, p in p + delta }
    }

    /// Scales every finger's offset from `center` towards `scale` and turns it
    /// by `turn` radians (clockwise on screen), both growing evenly over
    /// `samples` frames; a large turn takes more frames (at most 30° each), so
    /// that it reads as a rotation rather than a jump across the circle.
    mutating func transform(about center: SIMD2<Double>, scale: Double, turn: Double, samples: Int) {
        let n = max(samples, Int((abs(turn) / (.pi / 6)).rounded(.up)))
        let from = fingers
        let ids = fingers.keys.sorted()
        for i in 1...max(1, n) {
            time += period
            let f = Double(i) / Double(max(1, n))
            let (k, a) = (1 + (scale - 1) * f, turn * f)
            for id in ids {
                let r = (from[id]! - center) * k
                let p = center + SIMD2(r.x * cos(a) - r.y * sin(a), r.x * sin(a) + r.y * cos(a))
                fingers[id] = p
                events.append(TouchEvent(time: Microseconds(time), id: id, phase: .moved, x: p.x, y: p.y, view: ViewID(view)))
            }
        }
    }

    /// Lifts every finger that is down, in one frame.
    mutating func liftAll() {
        for id in fingers.keys.sorted() {
            let p = fingers[id]!
            events.append(TouchEvent(time: Microseconds(time), id: id, phase: .ended, x: p.x, y: p.y, view: ViewID(view)))
        }
        fingers = [:]
    }

    func stream(_ summary: String) -> TouchStream { TouchStream(events: events, summary: summary) }
}
