/// Generates large, realistic gesture sets: every kind, constants, doc
/// comments, and `requires` / `with` rules between neighbours.
enum SpecGenerator {
    /// With `modes`, that many modes, and two gestures in three enabled by a
    /// condition on them (one mode, its negation, a conjunction, a disjunction).
    static func gestureSet(count: Int, modes: Int = 0) -> String {
        var text = "let slop = 12pt\nlet interval = 250ms\nlet fast = 400pt/s\n\n"
        for m in 0..<modes { text += "mode m\(m)\n" }
        func condition(_ i: Int) -> String {
            guard modes > 0 else { return "" }
            let (a, b) = ("m\(i % modes)", "m\((i / modes + i + 1) % modes)")
            switch i % 6 {
            case 0: return "  enabled: \(a)"
            case 1: return "  enabled: not \(a)"
            case 2: return a == b ? "" : "  enabled: \(a) and not \(b)"
            case 3: return "  enabled: \(a) or \(b)"
            default: return ""
            }
        }
        for i in 0..<count {
            text += "/// Generated gesture \(i).\n"
            switch i % 8 {
            case 0: text += "gesture g\(i): tap { taps: \(i % 3 + 1)  maxInterval: interval  slop: slop\(condition(i)) }\n"
            case 1: text += "gesture g\(i): longPress { duration: 600ms  slop: 10pt  touches: 1\(condition(i)) }\n"
            case 2: text += "gesture g\(i): swipe { directions: left | right  minDistance: 60pt  minVelocity: fast  maxAngle: 25deg\(condition(i)) }\n"
            case 3: text += "gesture g\(i): pan { touches: 1...2  threshold: 8pt  axis: horizontal\(condition(i)) }\n"
            case 4: text += "gesture g\(i): pinch { threshold: 0.08\(condition(i)) }\n"
            case 5: text += "gesture g\(i): rotation { threshold: 4deg\(condition(i)) }\n"
            case 6: text += "gesture g\(i): scroll { axis: vertical\(condition(i)) }\n"
            default:
                text += "gesture g\(i): stroke {\n    segment: 12pt\n    match: down-right (up-right | right)+ any?\n    recognize: onLift\n\(condition(i).isEmpty ? "" : condition(i) + "\n")}\n"
            }
        }
        text += "\n"
        for i in stride(from: 0, to: count - 1, by: 2) {
            text += i % 4 == 0 ? "g\(i) requires g\(i + 1) to fail\n" : "g\(i) with g\(i + 1)\n"
        }
        return text
    }
}
