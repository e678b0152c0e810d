extension FmtCommand {
    /// What formatting would change, as a unified diff (`--- path`, `+++ path
    /// (formatted)`, hunks with 3 lines of context), so `gspec fmt --check`
    /// shows where a file is not formatted, not only that it is not.
    static func diff(_ old: String, _ new: String, path: String) -> String {
        // Lines, without the empty one after a final line break.
        func lines(_ text: String) -> [String] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        let a = lines(old), b = lines(new)
        // The edit script: (" ", line), ("-", line) or ("+", line), with each side's line number.
        var edits: [(op: Character, text: String, i: Int, j: Int)] = []
        guard a.count * b.count <= 4_000_000 else {
            // Too large to compare cheaply: the common start as context, then the rest as replaced.
            let p = zip(a, b).prefix { $0 == $1 }.count
            edits = a[..<p].indices.map { (" ", a[$0], $0, $0) } + a[p...].indices.map { ("-", a[$0], $0, p) }
                + b[p...].indices.map { ("+", b[$0], a.count, $0) }
            return render(edits, path: path)
        }
        // A longest common subsequence of lines, by dynamic programming from the end.
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                edits.append((" ", a[i], i, j)); i += 1; j += 1
            } else if i < a.count && (j == b.count || common[i + 1][j] >= common[i][j + 1]) {
                edits.append(("-", a[i], i, j)); i += 1
            } else {
                edits.append(("+", b[j], i, j)); j += 1
            }
        }
        return render(edits, path: path)
    }

    private static func render(_ edits: [(op: Character, text: String, i: Int, j: Int)], path: String) -> String {
        var out = "--- \(path)\n+++ \(path) (formatted)\n"
        let changed = edits.indices.filter { edits[$0].op != " " }
        // The same lines: only the line breaks at the end differ.
        if changed.isEmpty { return out + "(the line breaks at the end: a formatted file ends in exactly one)\n" }
        var k = 0
        while k < changed.count {
            // One hunk: changes no more than 6 lines apart, with 3 lines of context around.
            var last = k
            while last + 1 < changed.count && changed[last + 1] - changed[last] <= 7 { last += 1 }
            let lower = max(0, changed[k] - 3), upper = min(edits.count, changed[last] + 4)
            let hunk = edits[lower..<upper]
            let oldCount = hunk.filter { $0.op != "+" }.count, newCount = hunk.filter { $0.op != "-" }.count
            // An empty side starts at line 0, as diff writes it.
            out += "@@ -\(oldCount == 0 ? 0 : edits[lower].i + 1),\(oldCount) +\(newCount == 0 ? 0 : edits[lower].j + 1),\(newCount) @@\n"
            for e in hunk { out += "\(e.op)\(e.text)\n" }
            k = last + 1
        }
        return out
    }
}
