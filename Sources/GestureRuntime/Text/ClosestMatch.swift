/// The candidate closest to `word` by edit distance (case-insensitive), if it
/// is close enough to be a plausible typo; ties go to the earlier candidate.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().utf8)
    var best: (String, Int)?
    for candidate in candidates where candidate != word {
        let d = editDistance(target, Array(candidate.lowercased().utf8))
        let shorter = min(target.count, candidate.utf8.count)
        // Replacing every letter of a short word is no typo: `a` does not suggest `s`.
        if d <= max(1, shorter / 3), d < shorter, d < (best?.1 ?? .max) {
            best = (candidate, d)
        }
    }
    return best?.0
}

/// Edit distance counting a swap of neighbours as one edit (`rigth` -> `right`),
/// the optimal-string-alignment variant of Damerau-Levenshtein.
private func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = [Int](repeating: 0, count: b.count + 1)
    var row = Array(0...b.count)
    for i in 1...a.count {
        var next = [Int](repeating: 0, count: b.count + 1)
        next[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                next[j] = min(next[j], previous[j - 2] + 1)
            }
        }
        previous = row
        row = next
    }
    return row[b.count]
}
