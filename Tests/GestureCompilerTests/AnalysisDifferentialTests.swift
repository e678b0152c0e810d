import Foundation
import GestureCompiler
import GSpecFuzz
import Testing

/// Every verdict of the analysis, and every fix-it it offers, checked on the
/// engine over random sets (`RandomSpecs`: every kind, rules of every
/// relation, hand-overs at scroll edges, views, modes, profiles), by
/// `AnalysisDifferential`: the engine search finds no stream the report does
/// not account for, and each fix-it applied leaves the pair settled. A fixed
/// seed here; `scripts/fuzz.sh analysis` runs the same on the fuzzer's sets.
@Suite struct AnalysisDifferentialTests {
    static let sets = 2_000
    static let batches = 8

    @Test(arguments: 0..<batches)
    func randomSetsHoldOnTheEngine(_ batch: Int) {
        var specs = RandomSpecs(seed: 0x5EED + UInt64(batch))
        var (analysed, verdicts, fixIts) = (0, 0, 0)
        for i in 0..<Self.sets / Self.batches {
            let text = specs.spec()
            let outcome = AnalysisDifferential.check(text, seed: UInt64(i))
            if outcome.analysed { analysed += 1 }
            verdicts += outcome.verdicts
            fixIts += outcome.fixIts
            #expect(outcome.failures.isEmpty, "\(text)\n\(outcome.failures.joined(separator: "\n"))")
        }
        print("AnalysisDifferentialTests batch \(batch): \(Self.sets / Self.batches) sets, \(analysed) analysed, \(verdicts) verdicts, \(fixIts) fix-its checked")
        // The generator writes sets the checker accepts: a differential of refused sets checks nothing.
        #expect(analysed * 10 >= Self.sets / Self.batches * 8, "only \(analysed) sets were analysed")
    }
}
