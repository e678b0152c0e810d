import Foundation
import Testing

/// docs/integration.md, taken at its word: its files, written out as a
/// package outside this repository that depends on it by path, build with
/// `swift build` through the GSpecPlugin and run; the spec is compiled once,
/// not again when unchanged; and a spec error fails the build at the spec's
/// path, line and column.
@Suite(.serialized) struct IntegrationDocTests {
    static let doc = CLIPaths.packageRoot.appendingPathComponent("docs/integration.md")

    /// The doc's fenced blocks that name a file (```swift file=Package.swift).
    static func files() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        var current: (path: String, lines: [Substring])?
        for line in try String(contentsOf: doc, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```"), let range = line.range(of: " file=") {
                current = (String(line[range.upperBound...]), [])
            } else if let file = current, line == "```" {
                files.append((file.path, file.lines.joined(separator: "\n") + "\n"))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return files
    }

    /// Runs `swift ARGS` and returns its status and merged output.
    static func swift(_ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aPackageWrittenFromTheDocBuildsRunsAndReportsSpecErrors() throws {
        let files = try Self.files()
        #expect(Set(files.map(\.path)).isSuperset(of: ["Package.swift", "Sources/Photo/photo-viewer.gesture",
                                                        "Sources/Photo/PhotoViewer.swift", "Sources/photo-check/main.swift"]))
        let tmp = FileManager.default.temporaryDirectory
        let package = tmp.appendingPathComponent("gspec-integration-doc/Photo")
        // Kept between runs (outside the package), so a second run builds incrementally.
        let scratch = tmp.appendingPathComponent("gspec-integration-doc/build")
        try? FileManager.default.removeItem(at: package)
        var specPath = "", specText = ""
        for (path, text) in files {
            var text = text
            if path == "Package.swift" {
                #expect(text.contains("path: \"../gspec\""))
                text = text.replacingOccurrences(of: "path: \"../gspec\"", with: "path: \"\(CLIPaths.packageRoot.path)\"")
            }
            if text.contains("import UIKit") || text.contains("import SwiftUI") {
                text = "#if canImport(UIKit)\n" + text + "#endif\n"  // compiled only where UIKit exists
            }
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            if path.hasSuffix(".gesture") { (specPath, specText) = (url.path, text) }
        }
        let common = ["--package-path", package.path, "--scratch-path", scratch.path]

        let (built, buildLog) = try Self.swift(["build"] + common)
        #expect(built == 0, "\(buildLog)")
        #expect(!buildLog.contains("warning:"), "\(buildLog)")
        let (ran, output) = try Self.swift(["run"] + common + ["photo-check"])
        #expect(ran == 0)
        #expect(output.contains("zoomed: true, controls shown: true, thumbnail taps: 1"), "\(output)")

        // Unchanged: the spec is not compiled again.
        let (again, againLog) = try Self.swift(["build"] + common)
        #expect(again == 0 && !againLog.contains("Compiling gesture set"), "\(againLog)")

        // A spec error fails the build, at the spec's own line and column.
        let lines = specText.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("maxInterval: 300ms") })
        let text = String(lines[line])
        let column = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "300ms")).lowerBound) + 1
        try specText.replacingOccurrences(of: "maxInterval: 300ms", with: "maxInterval: 300pt")
            .write(toFile: specPath, atomically: true, encoding: .utf8)
        defer { try? specText.write(toFile: specPath, atomically: true, encoding: .utf8) }
        let (failed, errorLog) = try Self.swift(["build"] + common)
        #expect(failed != 0)
        #expect(errorLog.contains("\(specPath):\(line + 1):\(column): error: expected a duration"), "\(errorLog)")
    }
}
