import Foundation
@testable import GSpecCLI
import Testing

/// The playground's page script is a real module under web/ (so node, the
/// web tests and `node --check` reach it); `gspec serve` serves it, and the
/// gspec.mjs it imports, from `PlaygroundScripts`, generated from those
/// files, so an installed binary needs no checkout. This keeps the two equal.
@Suite struct PlaygroundScriptsTests {
    static let root = CLIPaths.packageRoot
    static let generated = root.appendingPathComponent("Sources/GSpecCLI/Serve/PlaygroundScripts.swift")

    /// The Swift source embedding `files` (served path: repository path).
    static func source() throws -> String {
        var out = """
            // Generated from the files below by PlaygroundScriptsTests (GSPEC_RECORD=1 swift test
            // --filter PlaygroundScriptsTests): do not edit. `gspec serve` serves them from here.

            enum PlaygroundScripts {
                /// Served path: module text.
                static let modules: [String: String] = [

            """
        for (path, file) in PlaygroundScripts.files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("\"\"\"##"), "\(file) holds the string's delimiter")
            out += "        // \(file)\n        \"\(path)\": ##\"\"\"\n\(text)\n\"\"\"##,\n"
        }
        return out + "    ]\n\n    /// The files, by the path they are served at.\n    static let files: KeyValuePairs<String, String> = [\n"
            + PlaygroundScripts.files.map { "        \"\($0.key)\": \"\($0.value)\",\n" }.joined() + "    ]\n}\n"
    }

    @Test func theServedModulesAreTheFilesUnderWeb() throws {
        let expected = try Self.source()
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] != nil {
            try expected.write(to: Self.generated, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.generated, encoding: .utf8) == expected,
                "PlaygroundScripts.swift is stale: GSPEC_RECORD=1 swift test --filter PlaygroundScriptsTests")
        for (path, file) in PlaygroundScripts.files {
            #expect(PlaygroundScripts.modules[path] == (try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)), "\(path)")
        }
    }
}
