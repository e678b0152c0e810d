import GestureRuntime

/// A template stroke's examples: the folder it names, each example one stroke.
extension Checker {
    /// The templates of the examples in folder `folder` and of their copies
    /// varied as `d.variation` says, at most `d.maxTemplates` of them; each
    /// problem is an error at the folder's name.
    mutating func templates(_ folder: String, at range: SourceRange, for d: GestureDefinition) -> [StrokeTemplateData] {
        let place = examples.location.isEmpty ? "a folder '\(folder)' of examples beside the spec" : "\(examples.location)/\(folder)/"
        guard let found = examples.folders[folder] else {
            diagnostics.report(.noExamples(folder, gesture: d.name, place: place), at: range)
            return []
        }
        var templates: [StrokeTemplateData] = []
        for example in found {
            if let problem = example.problem {
                diagnostics.report(.badExample(example.name, problem: problem), at: range)
            } else if let t = StrokeTemplateData(example, hooks: d.hooks, hookLength: d.hookLength) {
                templates.append(t)
            } else {
                diagnostics.report(.exampleWithoutLength(example.name), at: range)
            }
        }
        guard templates.count >= 2 || found.count != templates.count else {
            diagnostics.report(.tooFewExamples(d.name, count: templates.count, place: place), at: range)
            return []
        }
        // The copies compete with the examples for `maxTemplates`: a copy too
        // short to normalize is no template and no error (its original was one).
        for example in found where example.problem == nil {
            for (i, points) in d.variation.variants(of: example.points).enumerated() {
                let copy = StrokeExamples.Example(name: "\(example.name)~\(i + 1)", points: points)
                if let t = StrokeTemplateData(copy, hooks: d.hooks, hookLength: d.hookLength) { templates.append(t) }
            }
        }
        return StrokeTemplateData.select(templates.sorted { $0.name < $1.name }, count: d.maxTemplates, maxRotation: d.maxRotation)
    }
}
