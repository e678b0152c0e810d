import GestureRuntime

/// A parameter change that settles a conflict without a rule: one gesture's
/// limit brought to the other's threshold (or the threshold to the limit),
/// so that no performance of one is also a performance of the other and
/// neither waits. Offered beside the rules, and only when the change,
/// applied to the spec, settles the pair (`FixCheck`).
struct ParameterFix: Hashable {
    /// The gesture to change (every instance of its name changes with it).
    var gesture: GestureID
    var parameter: GestureParameter
    /// What the spec writes: `maxDuration: 400ms`.
    var text: String

    /// A limit of one kind and a threshold of another that overlap when the
    /// limit is the larger: a tap still down when a long press fires; a press
    /// moving further than a pan's threshold or a swipe's distance before it
    /// fails. With the limit at most the threshold, one input never performs
    /// both. A scroll's slop (its `threshold`) is a limit too: a pan or swipe
    /// that claims before the platform's scroll does takes the content's
    /// touches, and a press that may move farther is taken by the scroll.
    static let bounds: [(limit: (GestureKind, String), threshold: (GestureKind, String))] = [
        ((.tap, "maxDuration"), (.longPress, "duration")),
        ((.tap, "slop"), (.pan, "threshold")),
        ((.longPress, "slop"), (.pan, "threshold")),
        ((.tap, "slop"), (.swipe, "minDistance")),
        ((.longPress, "slop"), (.swipe, "minDistance")),
        ((.scroll, "threshold"), (.pan, "threshold")),
        ((.scroll, "threshold"), (.swipe, "minDistance")),
        ((.tap, "slop"), (.scroll, "threshold")),
        ((.longPress, "slop"), (.scroll, "threshold")),
    ]

    /// The parameter fixes of `c` that work when applied (`FixCheck`), the limit's first.
    static func fixes(for c: Conflict, in set: CheckedGestureSet, source: SourceFile) -> [ParameterFix] {
        var candidates: [(gesture: GestureID, parameter: GestureParameter, values: [Double])] = []
        for (limit, threshold) in bounds {
            for (l, t) in [(c.victim, c.winner), (c.winner, c.victim)]
            where set[l].kind == limit.0 && set[t].kind == threshold.0 {
                guard let lp = GestureParameter.named(limit.1, for: limit.0),
                      let tp = GestureParameter.named(threshold.1, for: threshold.0),
                      let lv = set[l].record.number(lp), let tv = set[t].record.number(tp),
                      lv > tv else { continue }
                // At equal values both claim in one sample and view depth or declaration order
                // decides; a point past it decides by itself when that order goes the other way.
                candidates += [(l, lp, [tv]), (t, tp, [lv, lv + 1])]
            }
        }
        let check = FixCheck(set: set, source: source)
        return candidates.compactMap { candidate -> ParameterFix? in
            // The platform's scroll slop is the platform's: a spec cannot move it.
            guard set[candidate.gesture].kind != .scroll,
                  // A value with a range (v4) is the app's to choose within it: narrowing the range is the fix there.
                  !set[candidate.gesture].ranges.contains(where: { $0.parameter == candidate.parameter }) else { return nil }
            for value in candidate.values {
                // A limit of zero (a finger that never moves) no person performs, however the analysis agrees.
                guard value > 0, candidate.parameter.allowed(relative: false).contains(value) else { continue }
                var record = set[candidate.gesture].record
                record.setNumber(candidate.parameter, value)
                guard let text = record.text(of: candidate.parameter) else { continue }
                let fix = ParameterFix(gesture: candidate.gesture, parameter: candidate.parameter, text: "\(candidate.parameter.name): \(text)")
                if let edit = fix.fixIt(in: set, source: source), check.settles(c.victim, c.winner, with: edit) { return fix }
            }
            return nil
        }
    }

    /// `'open'`'s part of a message: `"maxDuration: 400ms" in 'open'`.
    func phrase(in set: CheckedGestureSet) -> String {
        "\"\(text)\" in '\(set[gesture].name)'"
    }

    /// The edit: the parameter's written value replaced, or the parameter
    /// added before the declaration's closing brace (on a line of its own
    /// when the brace has one). Nil when the declaration cannot be found.
    func fixIt(in set: CheckedGestureSet, source: SourceFile) -> Diagnostic.FixIt? {
        let g = set[gesture]
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
