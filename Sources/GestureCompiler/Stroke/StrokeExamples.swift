import GestureRuntime

/// The example strokes a spec's template strokes may name (`examples:
/// circle`), by folder, as the tool compiling the spec found them: the CLI
/// reads `NAME.examples/FOLDER/*.jsonl` beside the spec, `gspec eval
/// --folds subject` a dataset's folders without the held-out subject.
public struct StrokeExamples: Hashable, Sendable {
    /// One example: its name (`circle/s02-fast-03`) and its path, or why it is not one stroke.
    public struct Example: Hashable, Sendable {
        public var name: String
        public var points: [SIMD2<Double>]
        public var problem: String?

        public init(name: String, points: [SIMD2<Double>], problem: String? = nil) {
            (self.name, self.points, self.problem) = (name, points, problem)
        }
    }

    /// Where the folders are looked for (`shapes.examples/`), for messages.
    public var location: String
    public var folders: [String: [Example]]

    public init(location: String, folders: [String: [Example]]) {
        (self.location, self.folders) = (location, folders)
    }

    /// No examples: a spec naming a folder gets an error saying where it was looked for.
    public static let none = StrokeExamples(location: "", folders: [:])
}

/// A template as the table keeps it: a name and a normalized point set.
public struct StrokeTemplateData: Hashable, Sendable {
    public var name: String
    /// `StrokeTemplate.floats` values.
    public var points: [Float]

    /// The normalized form of `example`'s path without the hooks a share
    /// `hooks` of it and `hookLength` points leave out (`PathHooks`, as the
    /// engine leaves them out of a stroke); nil when it has no length.
    init?(_ example: StrokeExamples.Example, hooks: Double = 0, hookLength: Double = 0) {
        var out = [Float](repeating: 0, count: StrokeTemplate.floats)
        let ok = example.points.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return false }
            let kept = PathHooks.kept(base, count: p.count, share: hooks, points: hookLength)
            return out.withUnsafeMutableBufferPointer { StrokeTemplate.normalize(base + kept.lowerBound, count: kept.count, into: $0.baseAddress!) }
        }
        guard ok else { return nil }
        (name, points) = (example.name, out)
    }

    /// Its matching vector and that vector's perpendicular (`StrokeTemplate.vector`), one array.
    var vectors: [Float] {
        let n = StrokeTemplate.vectorFloats
        var out = [Float](repeating: 0, count: 2 * n)
        points.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer {
                StrokeTemplate.vector(p.baseAddress!, into: $0.baseAddress!)
                StrokeTemplate.perpendicular($0.baseAddress!, into: $0.baseAddress! + n)
            }
        }
        return out
    }

    /// At most `count` of `templates`, chosen to stand for them all:
    /// k-medoids (each chosen template the one most like the others of its
    /// cluster), started from the one most like all the others and then
    /// repeatedly the one least like those chosen so far. Deterministic (ties
    /// go to the earlier name).
    static func select(_ templates: [StrokeTemplateData], count: Int, maxRotation: Double) -> [StrokeTemplateData] {
        guard templates.count > count else { return templates }
        let n = templates.count, floats = StrokeTemplate.vectorFloats
        let vectors = templates.map(\.vectors), limit = StrokeTemplate.RotationLimit(maxRotation)
        var similarity = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in i..<n {
            let s = vectors[i].withUnsafeBufferPointer { a in
                vectors[j].withUnsafeBufferPointer { StrokeTemplate.score(a.baseAddress!, a.baseAddress! + floats, $0.baseAddress!, limit: limit) }
            }
            (similarity[i * n + j], similarity[j * n + i]) = (s, s)
        } }
        /// The member of `members` most like the others (the earlier one on a tie).
        func medoid(_ members: [Int]) -> Int {
            var best = members[0], bestSum = -Double.infinity
            for a in members {
                let sum = members.reduce(0) { $0 + similarity[a * n + $1] }
                if sum > bestSum { (best, bestSum) = (a, sum) }
            }
            return best
        }
        var chosen = [medoid(Array(0..<n))]
        var nearest = (0..<n).map { similarity[chosen[0] * n + $0] }
        while chosen.count < count {
            let next = (0..<n).filter { !chosen.contains($0) }.min { nearest[$0] < nearest[$1] || nearest[$0] == nearest[$1] && $0 < $1 }!
            chosen.append(next)
            for j in 0..<n { nearest[j] = max(nearest[j], similarity[next * n + j]) }
        }
        for _ in 0..<10 {
            var clusters = [[Int]](repeating: [], count: chosen.count)
            for j in 0..<n {
                let c = chosen.indices.max { similarity[chosen[$0] * n + j] < similarity[chosen[$1] * n + j] || similarity[chosen[$0] * n + j] == similarity[chosen[$1] * n + j] && $0 > $1 }!
                clusters[c].append(j)
            }
            let moved = clusters.map(medoid)
            if moved == chosen { break }
            chosen = moved
        }
        return chosen.map { templates[$0] }
    }
}
