/// `1 touch`, `2 touches`: a count with its noun, as every message and
/// report writes one. `plural` defaults to the noun with an `s`.
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
}

/// `touch, pen and mouse`: words as a sentence lists them (`or` for alternatives).
public func listed(_ words: [String], _ conjunction: String = "and") -> String {
    guard let last = words.last, words.count > 1 else { return words.last ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
