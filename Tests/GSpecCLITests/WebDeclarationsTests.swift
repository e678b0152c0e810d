import Foundation
import GestureCompiler
import GestureRuntime
import Testing

/// The shipped TypeScript declarations: their generated part is what the
/// runtime's lists say now, and TypeScript accepts them and a program that
/// uses them (and rejects the misuse that program marks).
@Suite struct WebDeclarationsTests {
    static let file = CLIPaths.packageRoot.appendingPathComponent("web/src/gspec.d.mts")

    /// The lines between the markers of web/src/gspec.d.mts are
    /// `JavaScriptEmitter.runtimeDeclarations()`; `GSPEC_RECORD=1` rewrites them.
    @Test func theGeneratedPartFollowsTheRuntimesLists() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let begin = try #require(text.range(of: JavaScriptEmitter.generatedBegin + "\n"))
        let end = try #require(text.range(of: JavaScriptEmitter.generatedEnd + "\n", range: begin.upperBound..<text.endIndex))
        let expected = JavaScriptEmitter.runtimeDeclarations()
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] != nil {
            try (text[..<begin.upperBound] + expected + text[end.lowerBound...]).write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(String(text[begin.upperBound..<end.lowerBound]) == expected,
                "web/src/gspec.d.mts is out of date: GSPEC_RECORD=1 swift test --filter WebDeclarationsTests")
        // gspec.mjs reads every shape of value the module may describe.
        let module = try String(contentsOf: CLIPaths.packageRoot.appendingPathComponent("web/src/gspec.mjs"), encoding: .utf8)
        for shape in EventValue.Shape.allCases { #expect(module.contains(" \(shape.name): ['"), "gspec.mjs reads no '\(shape.name)' value") }
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
