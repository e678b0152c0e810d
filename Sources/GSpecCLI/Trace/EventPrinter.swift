import GestureCompiler
import GestureRuntime

/// Buffers output lines and writes them in large chunks.
final class EventPrinter {
    let table: GestureTable
    let allStates: Bool
    let console: Console
    /// Explanations and deliveries reach the output only when asked for (a report may want them anyway).
    var printsExplanations = true, printsDeliveries = true
    /// What `--html` draws, when asked for.
    var recording: RunRecording?
    private var buffer = ""

    init(table: GestureTable, allStates: Bool, console: Console) {
        self.table = table
        self.allStates = allStates
        self.console = console
    }

    /// Events, deliveries and explanations in the order they were decided.
    func print(_ events: [GestureEvent], _ deliveries: [TouchDelivery] = [], _ explanations: [Explanation] = []) {
        recording?.record(events, deliveries, explanations)
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
                if x.eventIndex == i && x.gesture == e.gesture && e.state == .failed {
                    reason = x
                } else {
                    buffer += EventFormatter.line(x, table: table) + "\n"
                }
            }
            guard allStates || e.state != .failed else { continue }
            var line = EventFormatter.line(e, table: table)
            if let reason {
                line.removeLast()
                line += ",\"explain\":\(TableEmitter.quoted(reason.message(in: table)))}"
            }
            buffer += line + "\n"
        }
        for d in deliveries[next...] { buffer += EventFormatter.line(d, table: table) + "\n" }
        for x in explanations[why...] { buffer += EventFormatter.line(x, table: table) + "\n" }
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    func flush() {
        if !buffer.isEmpty { console.out(buffer) }
        buffer = ""
    }
}
