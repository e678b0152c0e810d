import GestureCompiler

/// `gspec eval --search "NAME=v1,v2 NAME=v3,v4"`: spec constants, and the
/// values a nested search tries for each (every combination of them). A
/// template stroke's varied examples are searched as any value: through a
/// constant its `varyAspect` (...) names.
struct SearchGrid: ArgumentValue {
    /// One constant and the texts of the values tried for it, in the order written.
    struct Axis: Equatable {
        var name: String
        var values: [String]
    }

    var axes: [Axis]

    /// One combination: a value for each constant, in the order written.
    typealias Setting = [(name: String, text: String)]

    /// nil when a word is not `NAME=value,...` with a name, at least one
    /// value and no empty one, or a name comes twice.
    init?(argument: String) {
        var axes: [Axis] = []
        for word in argument.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { return nil }
            let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !values.contains(where: \.isEmpty), !axes.contains(where: { $0.name == parts[0] }) else { return nil }
            axes.append(Axis(name: String(parts[0]), values: values))
        }
        guard !axes.isEmpty else { return nil }
        self.axes = axes
    }

    /// Every combination, the first constant varying slowest: each a value per constant.
    var settings: [Setting] {
        axes.reduce([[]]) { partial, axis in
            partial.flatMap { setting in axis.values.map { setting + [(axis.name, $0)] } }
        }
    }
}
