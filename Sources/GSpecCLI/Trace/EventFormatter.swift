import Foundation
import GestureCompiler
import GestureRuntime

/// Formats gesture events as docs/trace-format.md's JSON Lines: keys in a fixed order,
/// times from integer microseconds with at least 3 decimals, other numbers
/// rounded to 1e-6 in their shortest form with at least one decimal.
enum EventFormatter {
    static func line(_ e: GestureEvent, table: GestureTable) -> String {
        let record = table.gestures[e.gesture]
        var out = "{\"t\":\(time(e.time)),\"gesture\":\"\(table.strings[Int(record.name)])\",\"state\":\"\(e.state.name)\""
        out += ",\"x\":\(number(e.x)),\"y\":\(number(e.y))"
        guard e.state != .failed else { return out + viewKey(table.receiver(of: e.gesture), table) + "}" }
        switch record.kind {
        case .tap:
            out += ",\"taps\":\(e.taps)"
        case .swipe:
            out += ",\"direction\":\"\(Direction(rawValue: e.direction)?.name ?? "right")\""
        case .pan:
            out += ",\"translation\":[\(number(e.value0)),\(number(e.value1))],\"velocity\":[\(number(e.velocity0)),\(number(e.velocity1))]"
        case .pinch:
            out += ",\"scale\":\(number(e.value0)),\"velocity\":\(number(e.velocity0))"
        case .rotation:
            out += ",\"rotation\":\(number(e.value0)),\"velocity\":\(number(e.velocity0))"
        case .longPress:
            out += ",\"velocity\":[\(number(e.velocity0)),\(number(e.velocity1))]"
        case .stroke:
            break
        }
        return out + viewKey(table.receiver(of: e.gesture), table) + "}"
    }

    /// With declared views: the view that receives it, last so lines without views keep the keys of docs/trace-format.md.
    private static func viewKey(_ view: Int, _ table: GestureTable) -> String {
        table.hasViews ? ",\"view\":\"\(table.name(ofView: view))\"" : ""
    }

    /// `{"t":..,"view":"canvas","delivery":"began","touches":[1]}`, with
    /// `"from"` naming the hit view when the delivery was forwarded.
    static func line(_ d: TouchDelivery, table: GestureTable) -> String {
        let name = { (v: Int) in table.hasViews ? table.name(ofView: v) : "window" }
        var out = "{\"t\":\(time(d.time)),\"view\":\"\(name(d.view))\",\"delivery\":\"\(d.phase.name)\""
        out += ",\"touches\":[" + d.touches.map(String.init).joined(separator: ",") + "]"
        if d.view != d.hitView { out += ",\"from\":\"\(name(d.hitView))\"" }
        return out + "}"
    }

    /// `{"t":..,"gesture":"singleTap","state":"held","explain":".."}`: a gesture
    /// completed and waiting for a rule (`--explain`), or an explanation without an event.
    static func line(_ x: Explanation, table: GestureTable) -> String {
        let name = table.strings[Int(table.gestures[x.gesture].name)]
        return "{\"t\":\(time(x.time)),\"gesture\":\"\(name)\",\"state\":\"\(x.state)\",\"explain\":\(TableEmitter.quoted(x.message(in: table)))}"
    }

    /// Seconds with at least 3 and at most 6 decimals, exact.
    static func time(_ microseconds: Int64) -> String { TouchStream.seconds(microseconds) }

    /// Rounded to 1e-6 (half away from zero), shortest form, at least one
    /// decimal, never an exponent. Integer arithmetic: exact and fast.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        let scaled = (x * 1_000_000).rounded()
        guard abs(scaled) < 9e18 else {
            var text = String(format: "%.6f", x)
            while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
            return text
        }
        let n = Int64(scaled)
        let magnitude = n.magnitude
        var fraction = magnitude % 1_000_000
        var digits = 6
        while digits > 1 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var fractionText = String(fraction)
        fractionText = String(repeating: "0", count: digits - fractionText.count) + fractionText
        return (n < 0 ? "-" : "") + String(magnitude / 1_000_000) + "." + fractionText
    }
}
