import Foundation
import Testing
@testable import GestureCompiler

/// The example gesture sets in `specs/` check clean and say where they differ from their seed.
@Suite struct ShippedSpecsTests {
    static let specs = Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture")

    @Test func oneSpecPerSeedScenario() {
        let names = Set(Self.specs.map(\.lastPathComponent))
        for expected in ["tap-view", "simultaneous-transform", "drag-and-drop", "checkmark", "draw-lines",
                         "tap-or-double-tap", "move-me"] {
            #expect(names.contains(expected + ".gesture"))
        }
    }

    @Test(arguments: specs)
    func checksWithoutDiagnostics(_ url: URL) throws {
        let source = try Paths.source(url)
        let result = Frontend.check(source, examples: .beside(url.path))
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics, in: source))")
        #expect(!result.gestureSet.gestures.isEmpty)
        // Every set modelled on a seed says where it still differs from the seed, or that it matches it.
        let text = String(decoding: source.bytes, as: UTF8.self)
        #expect(["Differs from the seed", "Still differs from the seed", "Matches the seed", "Not a seed scenario"]
            .contains { text.contains($0) })
    }
}
