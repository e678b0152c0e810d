/// One trace of the dataset.
struct EvalSample {
    var shape: String
    var file: String
    var path: String
    var subject: String { String(file.prefix { $0 != "-" }) }

    /// The speed a $1 file name gives (`s02-fast-03`), or "any".
    static func speed(of file: String) -> String {
        for s in ["slow", "medium", "fast"] where file.contains("-\(s)-") { return s }
        return "any"
    }
}
