/// Generates large, realistic gesture sets: every kind, constants, doc
/// comments, and `requires` / `with` rules between neighbours.
enum SpecGenerator {
    static func gestureSet(count: Int) -> String {
        var text = "let slop = 12pt\nlet interval = 250ms\nlet fast = 400pt/s\n\n"
        for i in 0..<count {
            text += "/// Generated gesture \(i).\n"
            switch i % 7 {
            case 0: text += "gesture g\(i): tap { taps: \(i % 3 + 1)  maxInterval: interval  slop: slop }\n"
            case 1: text += "gesture g\(i): longPress { duration: 600ms  slop: 10pt  touches: 1 }\n"
            case 2: text += "gesture g\(i): swipe { directions: left | right  minDistance: 60pt  minVelocity: fast  maxAngle: 25deg }\n"
            case 3: text += "gesture g\(i): pan { touches: 1...2  threshold: 8pt  axis: horizontal }\n"
            case 4: text += "gesture g\(i): pinch { threshold: 0.08 }\n"
            case 5: text += "gesture g\(i): rotation { threshold: 4deg }\n"
            default:
                text += "gesture g\(i): stroke {\n    segment: 12pt\n    match: down-right (up-right | right)+ any?\n    recognize: onLift\n}\n"
            }
        }
        text += "\n"
        for i in stride(from: 0, to: count - 1, by: 2) {
            text += i % 4 == 0 ? "g\(i) requires g\(i + 1) to fail\n" : "g\(i) with g\(i + 1)\n"
        }
        return text
    }
}
