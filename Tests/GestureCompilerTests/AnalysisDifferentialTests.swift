import Foundation
import GestureCompiler
import GSpecFuzz
import Testing

/// Every verdict of the analysis, and every fix-it it offers, checked on the
/// engine over random sets (`RandomSpecs`: every kind, rules of every
/// relation, hand-overs at scroll edges, views, modes, profiles), by
/// `AnalysisDifferential`: the engine search finds no stream the report does
/// not account for, and each fix-it applied leaves the pair settled. A fixed
/// seed here: `swift test` checks 512 sets, `.ci/run`'s long run
/// (`GSPEC_LONG=1`, `TestSize`) the next 1,488, so CI checks 2,000;
/// `scripts/fuzz.sh analysis` runs the same on the fuzzer's sets.
@Suite struct AnalysisDifferentialTests {
    static let batches = 8
    /// Sets per batch checked.
    static let cases = TestSize.cases(standard: 512 / batches, long: 2_000 / batches)

    @Test(arguments: 0..<batches)
    func randomSetsHoldOnTheEngine(_ batch: Int) {
        var specs = RandomSpecs(seed: 0x5EED + UInt64(batch))
        var (analysed, verdicts, fixIts, tests) = (0, 0, 0, 0)
        for i in 0..<Self.cases.upperBound {
            let text = specs.spec()
            guard Self.cases.contains(i) else { continue }
            let outcome = AnalysisDifferential.check(text, seed: UInt64(i))
            if outcome.analysed { analysed += 1 }
            verdicts += outcome.verdicts
            fixIts += outcome.fixIts
            tests += outcome.generatedTests
            #expect(outcome.failures.isEmpty, "\(text)\n\(outcome.failures.joined(separator: "\n"))")
        }
        print("AnalysisDifferentialTests batch \(batch): sets \(Self.cases), \(analysed) analysed, \(verdicts) verdicts, \(fixIts) fix-its checked, \(tests) generated tests run")
        // The generator writes sets the checker accepts: a differential of refused sets checks nothing.
        #expect(analysed * 10 >= Self.cases.count * 8, "only \(analysed) sets were analysed")
    }
}

/// Sets written by hand as apps write them, not by `RandomSpecs` and not for
/// any analysis change (`Outside/`: a chat, a map, a feed with a carousel,
/// a drawing canvas, a pager of articles, a photo grid and its viewer):
/// scrolls with edges, modes, `wins over`, views, profiles. Every verdict
/// holds on the engine with many random streams, and every fix-it works.
@Suite struct OutsideSetsTests {
    static let sets = Paths.files(in: Paths.testsDirectory.appendingPathComponent("Outside"), ext: "gesture")

    @Test func thereAreOutsideSets() { #expect(Self.sets.count >= 6) }

    @Test(arguments: sets)
    func verdictsAndFixItsHoldOnTheEngine(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let outcome = AnalysisDifferential.check(text, seed: 0x0075_1DE, randomStreams: 128)
        #expect(outcome.analysed, "the checker refused \(url.lastPathComponent)")
        #expect(outcome.failures.isEmpty, "\(url.lastPathComponent)\n\(outcome.failures.joined(separator: "\n"))")
    }
}

/// The errors that say a gesture can never run are checked on the engine too:
/// built anyway, the table never lets it claim, in any mode combination.
@Suite struct NeverRunsTests {
    @Test func neverEnabledAndDeadGesturesClaimNothing() {
        let text = """
            mode zoomed
            gesture stuck: pan { enabled: zoomed and not zoomed }
            gesture zigzag: stroke { match: right down left up  minSegment: 50% }
            gesture tap1: tap {}

            """
        let outcome = AnalysisDifferential.check(text, seed: 3, randomStreams: 16)
        #expect(outcome.analysed)
        #expect(outcome.verdicts == 2, "one per error")
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
    }
}
