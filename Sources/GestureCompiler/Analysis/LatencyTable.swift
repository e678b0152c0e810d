import GestureRuntime

/// The table `gspec check --latency` prints: per gesture, what it waits for
/// and how long, worst case and on its plain performance.
public enum LatencyTable {
    /// The table of `latencies`, headed by the spec's path.
    public static func render(_ latencies: [Latency], of set: CheckedGestureSet, path: String) -> String {
        var rows = [["gesture", "waits for", "worst", "typical", "typical on"]]
        for l in latencies {
            rows.append([
                set.label(l.gesture),
                l.waitsFor.isEmpty ? "-" : l.waitsFor.map { set.label($0) }.joined(separator: ", "),
                l.worst.map(DurationText.prose) ?? "unbounded",
                l.typical.map(DurationText.prose) ?? "never fires",
                l.waitsFor.isEmpty ? "" : l.typicalStream ?? "",
            ])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        var text = "\(path):\n"
        for row in rows {
            let cells = row.enumerated().map { c, cell in cell + String(repeating: " ", count: widths[c] - cell.count) }
            var line = Substring("  " + cells.joined(separator: "  "))
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

}
