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

    /// Recall of `gesture` on its own shape, over `outcomes`; nil when the dataset has no such shape.
    static func recall(_ gesture: String, _ outcomes: [EvalOutcome]) -> (hits: Int, total: Int)? {
        let own = outcomes.filter { $0.shape == gesture }
        guard !own.isEmpty else { return nil }
        return (own.filter { $0.fired.contains(gesture) }.count, own.count)
    }
}
