import GestureCompiler
import GestureRuntime
import GestureTrace

/// One trace of the dataset.
struct EvalSample {
    var shape: String
    var file: String
    /// Where it was read from; a varied copy's is its original's with `~k` (`--vary-traces`).
    var path: String
    /// A varied copy's touch events, made here rather than read from `path`.
    var events: [TouchEvent]? = nil
    var subject: String { String(file.prefix { $0 != "-" }) }

    /// The speed a $1 file name gives (`s02-fast-03`), or "any".
    static func speed(of file: String) -> String {
        for s in ["slow", "medium", "fast"] where file.contains("-\(s)-") { return s }
        return "any"
    }

    /// Whether `events` are one stroke: one touch, began, moved..., ended.
    static func isOneStroke(_ events: [TouchEvent]) -> Bool {
        guard let first = events.first, let last = events.last else { return false }
        return first.phase == .began && last.phase == .ended && events.allSatisfy { $0.id == first.id }
    }

    /// Its copies varied by `variation` (`gspec eval --vary-traces`): the
    /// stroke of `bytes` redrawn the way `StrokeVariation` varies examples,
    /// over the same time, a sample every equal step; itself when it is not
    /// one stroke (began, moved, ended) or the variation makes no copy of it.
    func varied(by variation: StrokeVariation, bytes: [UInt8]) -> [EvalSample] {
        var events: [TouchEvent] = []
        guard TraceReader.read(bytes, { events.append($0) }).isEmpty, Self.isOneStroke(events), let first = events.first,
              let last = events.last else { return [self] }
        let copies = variation.variants(of: events.map { SIMD2($0.x, $0.y) })
        guard !copies.isEmpty else { return [self] }
        return copies.enumerated().map { k, points in
            var copy = self
            copy.path += "~\(k + 1)"
            copy.events = points.enumerated().map { i, p in
                let span = (last.time - first.time).rawValue
                let time = first.time + Microseconds(span * Int64(i) / Int64(max(points.count - 1, 1)))
                return TouchEvent(time: time, id: first.id, phase: i == 0 ? .began : i == points.count - 1 ? .ended : .moved,
                                  x: p.x, y: p.y, view: first.view, pointer: first.pointer)
            }
            return copy
        }
    }
}

extension StrokeVariation: ArgumentValue {
    /// `overshoot=0.04 rounding=0.1`: amounts by name, as a template stroke's `varyNAME` takes them.
    init?(argument: String) {
        self.init()
        let words = argument.split(whereSeparator: \.isWhitespace)
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, set(String(parts[0]), String(parts[1])) else { return nil }
        }
        if words.isEmpty { return nil }
    }
}
