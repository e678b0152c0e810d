import GestureRuntime

/// Whether a fix-it the analysis would offer for a conflict works: applied
/// to a copy of the spec's text, the spec must still check without error,
/// the analysis must then find the pair settled in every situation (neither
/// takes the other's performances unless a rule says so, and both can still
/// be performed), and the engine search must find no stream on which one
/// takes the other's touches. A fix-it that silences a warning without
/// changing what the engine does is never offered.
struct FixCheck {
    let set: CheckedGestureSet
    let source: SourceFile
    /// Random streams per view of the pair in the engine search (its exemplars and boundary cases always).
    var randomStreams = 4

    /// Whether applying `edit` settles gestures `a` and `b` (indices into
    /// `set`; an edit moves no gesture, so they name the same ones after it).
    func settles(_ a: GestureID, _ b: GestureID, with edit: Diagnostic.FixIt) -> Bool {
        var bytes = source.bytes
        guard edit.range.start <= edit.range.end, edit.range.end <= bytes.count else { return false }
        bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        let fixed = Frontend.check(SourceFile(path: source.path, bytes: bytes))
        let changed = fixed.gestureSet
        guard !fixed.diagnostics.hasErrors, changed.gestures.count == set.gestures.count,
              changed.gestureIDs.allSatisfy({ changed.label($0) == set.label($0) }),
              !TableBuilder.build(changed, source: fixed.source).2.hasErrors else { return false }
        var analysis = ConflictAnalysis(simulator: Simulator(set: changed, source: fixed.source))
        guard analysis.settles(a, b) else { return false }
        var search = EngineSearch(simulator: analysis.simulator, randomStreams: randomStreams)
        return search.taking(between: a, b) == nil
    }
}
