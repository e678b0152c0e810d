/// What fired, per trace of `gspec eval`.
struct EvalOutcome {
    var shape: String
    var path: String
    var subject: String
    var speed: String
    var fired: [String]

    /// Whether a gesture of another name fired, or the set's gesture of this shape's name did not.
    func isWrong(gestures: [String]) -> Bool {
        fired.contains { $0 != shape } || gestures.contains(shape) && !fired.contains(shape)
    }

    /// How many of `outcomes` are right: the shape's own gesture fired (when the set has one) and no other.
    static func right(_ outcomes: [EvalOutcome], gestures: [String]) -> Int {
        outcomes.filter { !$0.isWrong(gestures: gestures) }.count
    }

    /// Recall of `gesture` on its own shape, over `outcomes`; nil when the dataset has no such shape.
    static func recall(_ gesture: String, _ outcomes: [EvalOutcome]) -> (hits: Int, total: Int)? {
        let own = outcomes.filter { $0.shape == gesture }
        guard !own.isEmpty else { return nil }
        return (own.filter { $0.fired.contains(gesture) }.count, own.count)
    }

    /// The misses of `outcomes` as pairs, most frequent first (then by
    /// shape and what was read): a shape read as a gesture of another name,
    /// or rejected ("none": nothing fired and the set has a gesture of the
    /// shape's name). A trace where two other gestures fired counts for both.
    static func confusions(_ outcomes: [EvalOutcome], gestures: [String]) -> [(shape: String, read: String, count: Int)] {
        var counts: [String: [String: Int]] = [:]
        for o in outcomes where !o.shape.isEmpty {
            for g in o.fired where g != o.shape { counts[o.shape, default: [:]][g, default: 0] += 1 }
            if o.fired.isEmpty && gestures.contains(o.shape) { counts[o.shape, default: [:]]["none", default: 0] += 1 }
        }
        return counts.flatMap { shape, row in row.map { (shape: shape, read: $0.key, count: $0.value) } }
            .sorted { ($1.count, $0.shape, $0.read) < ($0.count, $1.shape, $1.read) }
    }

    /// What a non-shape trace is, from its file's name up to its last dash
    /// (`pan-007.jsonl` is a pan; a redrawn copy's `~k` left out): the
    /// name a condition's report gives it.
    static func nonShapeKind(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.split(separator: "~").first.map(String.init) ?? file
        guard let dash = name.lastIndex(of: "-") else { return name }
        return String(name[..<dash])
    }
}
