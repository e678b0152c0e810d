import Foundation
import GestureCompiler
import GestureRuntime
import Testing

/// The shipped TypeScript declarations: their generated part is what the
/// runtime's lists say now, and TypeScript accepts them and a program that
/// uses them (and rejects the misuse that program marks).
@Suite struct WebDeclarationsTests {
    static let file = CLIPaths.packageRoot.appendingPathComponent("web/src/gspec.d.mts")

    /// Its generated part is `GeneratedBindingsTests`' (as is gspec.mjs's
    /// reading of each kind's values, `EVENTS`), and every event key and run
    /// option is declared.
    @Test func theGeneratedPartFollowsTheRuntimesLists() throws {
        let expected = JavaScriptRuntimeEmitter.runtimeDeclarations()
        #expect(try String(contentsOf: Self.file, encoding: .utf8).contains(expected))
        // Every event key and run option is in it, so a new one cannot be missed.
        for name in ["taps", "direction", "translation", "scale", "rotation", "velocity", "allStates", "staleTouchTimeout"] {
            #expect(expected.contains("  \(name)?: "), "\(name)")
        }
    }

    static let tsc = BrowserTests.executable(["/usr/bin/tsc", "/usr/local/bin/tsc"])

    /// `tsc --strict` accepts the shipped declarations and web/test/types.mts,
    /// which uses them with an emitted set's; the misuse it marks
    /// `@ts-expect-error` (a misspelled phase, state, pointer kind or run
    /// flag) must be an error, or tsc fails on the unused marker.
    @Test(.enabled(if: tsc != nil, "LOUD SKIP: tsc is not installed (Debian's node-typescript); the declarations were not type-checked"))
    func typeScriptAcceptsTheDeclarationsAndRejectsMisspelledNames() throws {
        let file = CLIPaths.packageRoot.appendingPathComponent("web/test/types.mts").path
        let (status, output) = try WebRuntimeTests.shell(Self.tsc!, ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext",
                                                                    "--target", "es2022", "--lib", "es2022,dom", file])
        #expect(status == 0 && output.isEmpty, "\(output)")
    }
}
