import GestureRuntime

/// Formats gesture events as docs/trace-format.md's JSON Lines: keys in a fixed order,
/// times from integer microseconds with at least 3 decimals, other numbers
/// rounded to 1e-6 in their shortest form with at least one decimal.
package enum EventFormatter {
    /// The keys follow `GestureKind.eventValues`, which gspec.mjs reads too
    /// (through the module's `describe`), rounding as `number` does: the
    /// differential test compares the two.
    package static func line(_ e: GestureEvent, table: GestureTable) -> String {
        let record = table.gestures[e.gesture.rawValue]
        var out = "{\"t\":\(time(e.time)),\"gesture\":\"\(table.strings[Int(record.name)])\",\"state\":\"\(e.state.name)\""
        if e.state == .marked {
            // A mark crossing (v5): which mark, and which way the value went.
            out += ",\"mark\":\(e.mark),\"crossed\":\"\(e.direction == .down ? "down" : "up")\""
            return out + viewKey(table.receiver(of: e.gesture), table) + "}"
        }
        out += ",\"x\":\(number(e.x)),\"y\":\(number(e.y))"
        if EventValue.carried(in: e.state) {
            for value in record.kind.eventValues { out += ",\"\(value.key.name)\":" + text(value, of: e) }
        }
        if e.isSettled {
            // A release's decision (v5 `settle`).
            out += ",\"projected\":\(number(e.projected))"
            if let anchor = e.anchor { out += ",\"anchor\":\(anchor)" }
            out += ",\"rest\":\(number(e.rest))"
        }
        if e.isAction { out += ",\"input\":\"action\"" }
        return out + viewKey(table.receiver(of: e.gesture), table) + "}"
    }

    /// One value of an event as its line writes it.
    private static func text(_ value: EventValue, of e: GestureEvent) -> String {
        switch value.shape {
        case .count: "\(value.slot.int32(e))"
        case .direction: "\"\(Direction(rawValue: UInt8(truncatingIfNeeded: value.slot.int32(e)))?.name ?? Direction.right.name)\""
        case .number: number(value.slot.double(e))
        case .pair: "[" + number(value.slot.double(e)) + "," + number(value.second.double(e)) + "]"
        }
    }

    /// With declared views: the view that receives it, last so lines without views keep the keys of docs/trace-format.md.
    private static func viewKey(_ view: ViewID, _ table: GestureTable) -> String {
        table.hasViews ? ",\"view\":\"\(table.name(ofView: view))\"" : ""
    }

    /// `{"t":..,"view":"canvas","delivery":"began","touches":[1]}`, with
    /// `"from"` naming the hit view when the delivery was forwarded.
    package static func line(_ d: TouchDelivery, table: GestureTable) -> String {
        let name = { (v: ViewID) in table.hasViews ? table.name(ofView: v) : "window" }
        var out = "{\"t\":\(time(d.time)),\"view\":\"\(name(d.view))\",\"delivery\":\"\(d.phase.name)\""
        out += ",\"touches\":[" + d.touches.map(String.init).joined(separator: ",") + "]"
        if d.view != d.hitView { out += ",\"from\":\"\(name(d.hitView))\"" }
        return out + "}"
    }

    /// `{"t":..,"gesture":"singleTap","state":"held","explain":".."}`: a gesture
    /// completed and waiting for a rule (`--explain`), or an explanation without an event.
    package static func line(_ x: Explanation, table: GestureTable) -> String {
        let name = table.name(of: x.gesture)
        return "{\"t\":\(time(x.time)),\"gesture\":\"\(name)\",\"state\":\"\(x.state)\",\"explain\":\(JSON.quoted(x.message(in: table)))}"
    }

    /// Seconds with at least 3 and at most 6 decimals, exact: `0.25` is "0.250".
    package static func time(_ time: Microseconds) -> String {
        let microseconds = time.rawValue, magnitude = microseconds.magnitude
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 3 && fraction.hasSuffix("0") { fraction.removeLast() }
        return (microseconds < 0 ? "-" : "") + "\(magnitude / 1_000_000).\(fraction)"
    }

    /// Rounded to 1e-6 (half away from zero), shortest form, at least one
    /// decimal, never an exponent. Integer arithmetic: exact and fast.
    package static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        let scaled = (x * 1_000_000).rounded()
        guard abs(scaled) < 9e18 else { return huge(x) }
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

    /// `x` (|x| >= 9e12) as C's "%.6f" prints it, trailing zeros dropped down
    /// to one decimal: the exact decimal value of the double, rounded to six
    /// decimals. In integer arithmetic, as every build must print the same.
    static func huge(_ x: Double) -> String {
        // |x| = significand * 2^shift exactly; at this size shift > -13.
        let significand = x.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        let shift = Int(x.exponent) - Double.significandBitCount
        var whole: [UInt64]  // base 1e9, least significant limb first
        var micros: UInt64 = 0
        if shift >= 0 {
            whole = [significand % 1_000_000_000, significand / 1_000_000_000]
            for _ in 0..<shift { multiply(&whole, by: 2) }
        } else {
            // A fraction of n bits is k / 2^n: scaled by 10^6 and rounded half to even, as printf does.
            let n = UInt64(-shift), mask = (UInt64(1) << n) - 1
            var integer = significand >> n
            let scaled = (significand & mask) * 1_000_000
            micros = scaled >> n
            let rest = scaled & mask, half = UInt64(1) << (n - 1)
            if rest > half || (rest == half && micros & 1 == 1) { micros += 1 }
            if micros == 1_000_000 { (micros, integer) = (0, integer + 1) }
            whole = [integer % 1_000_000_000, integer / 1_000_000_000]
        }
        while whole.count > 1 && whole.last == 0 { whole.removeLast() }
        var text = x < 0 ? "-" : ""
        for (i, limb) in whole.reversed().enumerated() {
            let digits = String(limb)
            text += i == 0 ? digits : String(repeating: "0", count: 9 - digits.count) + digits
        }
        var fraction = String(micros)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return text + "." + fraction
    }

    private static func multiply(_ limbs: inout [UInt64], by m: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let v = limbs[i] * m + carry
            limbs[i] = v % 1_000_000_000
            carry = v / 1_000_000_000
        }
        if carry > 0 { limbs.append(carry) }
    }
}
