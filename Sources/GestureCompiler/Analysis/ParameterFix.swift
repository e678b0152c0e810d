import GestureRuntime

/// A parameter change that settles a conflict without a rule: one gesture's
/// limit brought to the other's threshold (or the threshold to the limit),
/// so that no performance of one is also a performance of the other and
/// neither waits. Offered beside the rules, and only when the analysis, run
/// again on the set with the change, finds the pair no longer in conflict
/// either way round and both still performable.
struct ParameterFix: Hashable {
    /// The gesture to change (every instance of its name changes with it).
    var gesture: Int
    var parameter: GestureParameter
    /// What the spec writes: `maxDuration: 400ms`.
    var text: String

    /// A limit of one kind and a threshold of another that overlap when the
    /// limit is the larger: a tap still down when a long press fires; a press
    /// moving further than a pan's threshold or a swipe's distance before it
    /// fails. With the limit at most the threshold, one input never performs both.
    static let bounds: [(limit: (GestureKind, String), threshold: (GestureKind, String))] = [
        ((.tap, "maxDuration"), (.longPress, "duration")),
        ((.tap, "slop"), (.pan, "threshold")),
        ((.longPress, "slop"), (.pan, "threshold")),
        ((.tap, "slop"), (.swipe, "minDistance")),
        ((.longPress, "slop"), (.swipe, "minDistance")),
    ]

    /// The verified parameter fixes of `c`, the limit's first.
    static func fixes(for c: Conflict, in set: CheckedGestureSet, source: SourceFile) -> [ParameterFix] {
        var candidates: [(gesture: Int, parameter: GestureParameter, value: Double)] = []
        for (limit, threshold) in bounds {
            for (l, t) in [(c.victim, c.winner), (c.winner, c.victim)]
            where set.gestures[l].kind == limit.0 && set.gestures[t].kind == threshold.0 {
                guard let lp = GestureParameter.named(limit.1, for: limit.0),
                      let tp = GestureParameter.named(threshold.1, for: threshold.0),
                      let lv = set.gestures[l].record.number(lp), let tv = set.gestures[t].record.number(tp),
                      lv > tv else { continue }
                candidates += [(l, lp, tv), (t, tp, lv)]
            }
        }
        return candidates.compactMap { candidate -> ParameterFix? in
            // A limit of zero (a finger that never moves) no person performs, however the analysis agrees.
            guard candidate.value > 0, candidate.parameter.allowed(relative: false).contains(candidate.value),
                  // A value with a range (v4) is the app's to choose within it: narrowing the range is the fix there.
                  !set.gestures[candidate.gesture].ranges.contains(where: { $0.parameter == candidate.parameter }) else { return nil }
            var changed = set
            let name = set.gestures[candidate.gesture].name
            for g in changed.gestures.indices where changed.gestures[g].name == name {
                changed.gestures[g].record.setNumber(candidate.parameter, candidate.value)
                changed.gestures[g].record.setExplicitly(candidate.parameter)
            }
            var analysis = ConflictAnalysis(simulator: Simulator(set: changed, source: source))
            analysis.simulator.modes = c.modes
            guard !analysis.exemplars(of: c.victim).isEmpty, !analysis.exemplars(of: c.winner).isEmpty,
                  !analysis.preempts(c.winner, c.victim), !analysis.preempts(c.victim, c.winner),
                  let text = changed.gestures[candidate.gesture].record.text(of: candidate.parameter) else { return nil }
            return ParameterFix(gesture: candidate.gesture, parameter: candidate.parameter,
                                text: "\(candidate.parameter.name): \(text)")
        }
    }

    /// `'open'`'s part of a message: `"maxDuration: 400ms" in 'open'`.
    func phrase(in set: CheckedGestureSet) -> String {
        "\"\(text)\" in '\(set.gestures[gesture].name)'"
    }

    /// The edit: the parameter's written value replaced, or the parameter
    /// added before the declaration's closing brace (on a line of its own
    /// when the brace has one). Nil when the declaration cannot be found.
    func fixIt(in set: CheckedGestureSet, source: SourceFile) -> Diagnostic.FixIt? {
        let g = set.gestures[gesture]
        if let written = g.parameterRanges[parameter.name] { return .init(replace: written, with: text) }
        let bytes = source.bytes
        guard let declaration = g.declarationRange, declaration.end > declaration.start, declaration.end <= bytes.count,
              bytes[declaration.end - 1] == UInt8(ascii: "}") else { return nil }
        let brace = declaration.end - 1
        var lineStart = brace
        while lineStart > declaration.start && bytes[lineStart - 1] == UInt8(ascii: " ") { lineStart -= 1 }
        if bytes[lineStart - 1] == UInt8(ascii: "\n") {
            let indent = String(repeating: " ", count: brace - lineStart + 4)
            return .init(replace: SourceRange(start: lineStart, end: lineStart), with: indent + text + "\n")
        }
        let space = bytes[brace - 1] == UInt8(ascii: " ") ? "" : " "
        return .init(replace: SourceRange(start: brace, end: brace), with: space + text + " ")
    }
}
