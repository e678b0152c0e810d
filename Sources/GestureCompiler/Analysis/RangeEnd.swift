import GestureRuntime

/// One end of a range a value may take at run time (v4 `V in A...B`, or a
/// platform setting's range): the analyses run again with the value there,
/// and report what happens only then with the value that causes it.
struct RangeEnd {
    /// The gesture's first instance (every instance takes the value).
    var gesture: GestureID
    var parameter: GestureParameter
    var value: Double
    var name: String
    /// Where the spec writes the range; nil for a platform setting's.
    var written: SourceRange?
    var setting: String?

    /// Every end of every range in `set` that differs from the value the spec gives.
    static func all(in set: CheckedGestureSet) -> [RangeEnd] {
        var out: [RangeEnd] = []
        var seen = Set<String>()
        for (g, d) in zip(set.gestureIDs, set.gestures) where seen.insert(d.name).inserted {
            for r in d.ranges {
                let current = d.record.number(r.parameter)
                for v in [r.lower, r.upper] where v != current && !out.contains(where: { $0.gesture == g && $0.parameter == r.parameter && $0.value == v }) {
                    out.append(RangeEnd(gesture: g, parameter: r.parameter, value: v, name: d.name, written: r.written, setting: r.setting))
                }
            }
        }
        return out
    }

    /// `holdMenu.duration at 1500ms`.
    var label: String { "\(name).\(parameter.name) at \(parameter.type.format(value))" }

    /// The control line that sets the value, first in a witness so that `gspec run` replays it there.
    var traceLine: String { "{\"t\":0.000,\"set\":\"\(name)\",\"\(parameter.name)\":\"\(parameter.type.format(value))\"}" }

    /// `set` with the value at this end, on every instance of the gesture.
    func applied(to set: CheckedGestureSet) -> CheckedGestureSet {
        var changed = set
        for g in changed.gestureIDs where changed[g].name == name {
            changed[g].record.setNumber(parameter, value)
        }
        return changed
    }
}
