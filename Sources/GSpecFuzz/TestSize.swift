import Foundation

/// How many random cases a randomized test checks. `swift test` checks a
/// default number, sized to what such a run has found, so that the README's
/// command stays fast on a fresh clone; `GSPEC_LONG=1` (what `.ci/run`
/// sets for its second run, after `swift test`) checks the cases after
/// those up to a larger number, never the same case twice: the two runs
/// together cover `0..<long`. The cases are generated in order either way,
/// so case k is the same in both.
public enum TestSize {
    /// Whether this is the long run (`GSPEC_LONG=1`).
    public static let isLong = ProcessInfo.processInfo.environment["GSPEC_LONG"] == "1"

    /// The cases to check: `0..<standard`, or `standard..<long` in the long run.
    public static func cases(standard: Int, long: Int) -> Range<Int> {
        isLong ? standard..<max(standard, long) : 0..<standard
    }
}
