import GestureRuntime

/// Formats what an engine decided as `gspec run` output lines, buffered and
/// written in large chunks.
package final class EventPrinter {
    package let table: GestureTable
    let allStates: Bool
    let write: (String) -> Void
    /// Explanations and deliveries reach the output only when asked for (a report may want them anyway).
    package var printsExplanations = true, printsDeliveries = true
    /// Sees everything decided, printed or not (the HTML report).
    package var record: (([GestureEvent], [TouchDelivery], [Explanation]) -> Void)?
    private var buffer = ""

    /// `write` receives the output text in chunks.
    package init(table: GestureTable, allStates: Bool, write: @escaping (String) -> Void) {
        self.table = table
        self.allStates = allStates
        self.write = write
    }

    /// Events, deliveries and explanations in the order they were decided.
    package func print(_ events: [GestureEvent], _ deliveries: [TouchDelivery] = [], _ explanations: [Explanation] = []) {
        record?(events, deliveries, explanations)
        let deliveries = printsDeliveries ? deliveries : []
        let explanations = printsExplanations ? explanations : []
        var next = 0, why = 0
        for (i, e) in events.enumerated() {
            while next < deliveries.count && deliveries[next].eventIndex <= i {
                buffer += EventFormatter.line(deliveries[next], table: table) + "\n"
                next += 1
            }
            var reason: Explanation?
            while why < explanations.count && explanations[why].eventIndex <= i {
                let x = explanations[why]
                why += 1
                if x.eventIndex == i && x.gesture == e.gesture && x.state == e.state.name {  // why it failed, was retracted or handed over
                    reason = x
                } else {
                    buffer += EventFormatter.line(x, table: table) + "\n"
                }
            }
            guard allStates || e.state != .failed else { continue }
            var line = EventFormatter.line(e, table: table)
            if let reason {
                line.removeLast()
                line += ",\"explain\":\(JSON.quoted(reason.message(in: table)))}"
            }
            buffer += line + "\n"
        }
        for d in deliveries[next...] { buffer += EventFormatter.line(d, table: table) + "\n" }
        for x in explanations[why...] { buffer += EventFormatter.line(x, table: table) + "\n" }
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    package func flush() {
        if !buffer.isEmpty { write(buffer) }
        buffer = ""
    }
}
