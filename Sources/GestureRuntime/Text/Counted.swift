/// `1 touch`, `2 touches`: a count with its noun, as every message and
/// report writes one. `plural` defaults to the noun with an `s`.
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
}
