import GestureCompiler
import GestureRuntime

/// Random gesture sets that the checker accepts: two to four gestures of
/// every kind with parameters around their defaults, rules of every relation
/// (hand-overs at edges from scrolls among them), two views one inside the
/// other, modes with conditions, and a profile. Seeded, so a failing set is
/// reproduced by its seed. The analysis's differential (every verdict and
/// fix-it checked on the engine) runs on them.
public struct RandomSpecs {
    var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(rng.next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }

    /// One set's source text.
    public mutating func spec() -> String {
        let kinds = (0..<int(2...4)).map { _ in pick(GestureKind.allCases) }
        var lines: [String] = []
        if chance(60) { lines.append("profile \(pick(["ios", "android", "web", "flutter"]))") }
        let modes = chance(30) ? ["m0"] + (chance(30) ? ["m1"] : []) : []
        lines += modes.map { "mode \($0)" }
        let names = kinds.indices.map { "g\($0)" }
        for (name, kind) in zip(names, kinds) {
            var body = parameters(kind)
            if !modes.isEmpty && chance(40) {
                // Now and then a condition no combination of modes meets (`never-enabled`).
                let m = pick(modes)
                body.append(chance(5) ? "enabled: \(m) and not \(m)" : "enabled: \(chance(50) ? "" : "not ")\(m)")
            }
            if chance(85) { body.append("action: \"\(name)\"") }
            lines.append("gesture \(name): \(kind.keyword) { \(body.joined(separator: "  ")) }")
        }
        lines += rules(names, kinds)
        if chance(50) {
            // Two views, one inside the other: every gesture on one of them.
            var outer: [String] = [], inner: [String] = []
            for name in names { if chance(50) { outer.append(name) } else { inner.append(name) } }
            lines.append("view outer {")
            if !outer.isEmpty { lines.append("    gestures: \(outer.joined(separator: ", "))") }
            lines.append("    view inner {" + (inner.isEmpty ? "" : " gestures: \(inner.joined(separator: ", "))") + " }")
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parameters of one gesture of `kind`, each written or left to its default.
    mutating func parameters(_ kind: GestureKind) -> [String] {
        var p: [String] = []
        func maybe(_ percent: Int, _ text: @autoclosure () -> String) { if chance(percent) { p.append(text()) } }
        switch kind {
        case .tap:
            maybe(50, "taps: \(int(1...3))")
            fingers(20, &p)
            maybe(40, "slop: \(int(4...25))pt")
            maybe(30, "maxDuration: \(int(2...8) * 100)ms")
        case .longPress:
            maybe(50, "duration: \(int(2...9) * 100)ms")
            maybe(40, "slop: \(int(4...25))pt")
            fingers(15, &p)
        case .swipe:
            maybe(60, "directions: \(pick(["left", "right", "up", "down", "left | right", "up | down"]))")
            maybe(40, "minDistance: \(int(15...80))pt")
            fingers(15, &p)
        case .pan:
            maybe(50, "axis: \(pick(["horizontal", "vertical"]))")
            maybe(50, "threshold: \(int(0...25))pt")
            fingers(15, &p)
            maybe(10, "edges: left")
            maybe(10, "fingers: \(pick(FingerPolicy.names))")
        case .scroll:
            p.append("axis: \(pick(["horizontal", "vertical"]))")
        case .pinch, .rotation:
            maybe(40, kind == .pinch ? "threshold: 0.\(int(2...20))" : "threshold: \(int(3...20))deg")
            // v5: every finger, a policy.
            if chance(25) {
                p.append("touches: \(pick(["2...5", "2...", "3"]))")
                maybe(40, "fingers: \(pick(FingerPolicy.names))")
            }
            together(20, &p)
        case .stroke:
            p.append("match: \(pick(["right down", "down right", "right", "down-right up-right", "left up", "right down left up"]))")
            // Inner segments of at least this share each: with two of them at 50%, a `dead-gesture`.
            maybe(15, "minSegment: \(pick([20, 35, 50]))%")
        }
        return p
    }

    /// Sometimes 2 or 3 fingers for a gesture, now and then with an arrival window (v5).
    mutating func fingers(_ percent: Int, _ p: inout [String]) {
        guard chance(percent) else { return }
        p.append("touches: \(pick([2, 2, 3]))")
        together(35, &p)
    }

    /// Sometimes a `together` window, short or long against the gestures' own times.
    mutating func together(_ percent: Int, _ p: inout [String]) {
        if chance(percent) { p.append("together: \(pick([30, 80, 150]))ms") }
    }

    /// A few rules, at most one per pair, of the relations the checker allows for the kinds.
    mutating func rules(_ names: [String], _ kinds: [GestureKind]) -> [String] {
        var result: [String] = []
        var linked = Set<[Int]>()
        for _ in 0..<int(0...3) {
            let a = int(0...(names.count - 1)), b = int(0...(names.count - 1))
            guard a != b, linked.insert([min(a, b), max(a, b)]).inserted else { continue }
            let handsOver = [GestureKind.pan, .scroll, .pinch, .rotation]
            if handsOver.contains(kinds[a]) && handsOver.contains(kinds[b]) && chance(50) {
                // A scroll's `at` edge is one of its axis's; the kinds' finger counts must fit (the checker says which).
                let edge = kinds[a] == .scroll && chance(60) ? " at \(pick(["top", "bottom", "left", "right"]))" : ""
                result.append("\(names[a]) hands over to \(names[b])\(edge)")
                continue
            }
            switch int(0...2) {
            case 0 where kinds[a] != .scroll: result.append("\(names[a]) requires \(names[b]) to fail")
            case 1 where kinds[b].isContinuous: result.append("\(names[a]) wins over \(names[b])")
            default: result.append("\(names[a]) with \(names[b])")
            }
        }
        return result
    }
}
