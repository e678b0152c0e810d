import GestureRuntime

/// The table `gspec check --latency` prints: per gesture, what it waits for
/// and how long, worst case and on its plain performance.
public enum LatencyTable {
    /// The table of `latencies`, headed by the spec's path, then the same
    /// table at each end of a range a value may take at run time (v4).
    public static func render(_ latencies: [Latency], of set: CheckedGestureSet, path: String,
                              atEnds: [(label: String, latencies: [Latency])] = []) -> String {
        atEnds.reduce(table(latencies, of: set, heading: "\(path):")) { text, end in
            text + table(end.latencies, of: set, heading: "with \(end.label):")
        }
    }

    private static func table(_ latencies: [Latency], of set: CheckedGestureSet, heading: String) -> String {
        // A set with provisional gestures also says when they are first shown.
        let provisional = latencies.contains { $0.provisional != nil }
        var rows = [["gesture", "waits for", "worst", "typical"] + (provisional ? ["provisional"] : []) + ["typical on"]]
        for l in latencies {
            var row = [set.label(l.gesture)]
            row.append(l.waitsFor.isEmpty ? "-" : l.waitsFor.map { set.label($0) }.joined(separator: ", "))
            row.append(l.worst.map(DurationText.prose) ?? "unbounded")
            row.append(l.typical.map(DurationText.prose) ?? "never fires")
            if provisional { row.append(l.provisional.map(DurationText.prose) ?? "-") }
            row.append(l.waitsFor.isEmpty ? "" : l.typicalStream ?? "")
            rows.append(row)
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        var text = "\(heading)\n"
        for row in rows {
            let cells = row.enumerated().map { c, cell in cell + String(repeating: " ", count: widths[c] - cell.count) }
            var line = Substring("  " + cells.joined(separator: "  "))
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

}
