import GestureRuntime

/// The combinations of modes the analyses consider (v3). Every combination
/// of the modes the spec's conditions name is grouped by the gestures it
/// enables: combinations that enable the same gestures behave alike, so
/// each group is analysed once, in its representative (fewest modes on).
package struct ModeGroup: Hashable, Sendable {
    /// The representative combination: bit `m` is mode `m` on.
    package var modes: UInt16
    /// Per gesture, whether it is enabled in the group.
    package var enabled: [Bool]

    /// Whether gesture `g` is enabled in the group.
    package func enables(_ g: GestureID) -> Bool { enabled[g.rawValue] }
}

extension CheckedGestureSet {
    /// The groups of mode combinations, the all-off combination's first; one
    /// group enabling every gesture when no gesture has a condition.
    package func modeGroups() -> [ModeGroup] {
        var groups: [ModeGroup] = []
        var seen = Set<[Bool]>()
        for modes in modeCombinations() {
            let enabled = enabling(modes)
            if seen.insert(enabled).inserted { groups.append(ModeGroup(modes: modes, enabled: enabled)) }
        }
        return groups
    }

    /// Every combination of the modes the conditions name, fewest modes on
    /// first (a group's representative is the simplest way into it).
    package func modeCombinations() -> [UInt16] {
        let named = Set(gestures.flatMap { $0.condition.filter { Int($0) < Condition.maxModes } }).sorted()
        return (0..<(1 << named.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }.map { k in
            named.enumerated().reduce(UInt16(0)) { m, e in k >> e.offset & 1 == 1 ? m | 1 << UInt16(e.element) : m }
        }
    }

    /// Per gesture, whether its condition holds with `modes` on (one without a condition: true).
    package func enabling(_ modes: UInt16) -> [Bool] {
        gestures.map { $0.condition.isEmpty || Condition.evaluate($0.condition[...], modes: modes) }
    }

    /// The names of the modes on in `modes`, in declaration order.
    package func modeNames(on modes: UInt16) -> [String] {
        self.modes.indices.filter { modes >> UInt16($0) & 1 == 1 }.map { self.modes[$0] }
    }

    /// `modes` in prose: "every mode off", "mode zoomed on", "modes zoomed and editing on".
    package func describe(modes: UInt16) -> String {
        let on = modeNames(on: modes)
        return on.isEmpty ? "every mode off" : "mode\(on.count == 1 ? "" : "s") \(on.joined(separator: " and ")) on"
    }
}
