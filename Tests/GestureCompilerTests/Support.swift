import Foundation
import GestureCompiler

/// Paths the tests read, found from this file so `swift test` works from any directory.
enum Paths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let golden = testsDirectory.appendingPathComponent("Golden")

    /// Files under `directory` ending in `.ext`, sorted.
    static func files(in directory: URL, ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func source(_ url: URL, path: String? = nil) throws -> SourceFile {
        SourceFile(path: path ?? url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }
}

/// Compares `actual` with a golden file; with `GSPEC_RECORD=1` it rewrites the file instead.
func matchesGolden(_ actual: String, _ url: URL) throws -> Bool {
    if ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return true
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    return expected == actual
}

/// Diagnostics of a source text, rendered without color.
func render(_ text: String, path: String = "test.gesture") -> String {
    let source = SourceFile(path: path, text: text)
    return DiagnosticRenderer().render(Frontend.check(source).diagnostics, in: source)
}
