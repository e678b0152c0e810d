import GestureCompiler
import GestureTrace
import Foundation
import GestureLanguageServer
import Testing

/// A real editor's LSP client: headless Neovim (Debian's `neovim`; CI
/// installs it) with editors/nvim/gspec.lua opens a spec, shows the server's
/// diagnostics, hovers, completes and formats.
@Suite struct NeovimTests {
    static let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test(.enabled(if: nvim != nil, "neovim is not installed"))
    func neovimShowsDiagnosticsHoversCompletesAndFormats() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-nvim-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("taps.gesture")
        try "gesture   singleTap:tap{taps:1}\ngesture doubleTap: tap {taps: 2}\n\n\n".write(to: spec, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.json")

        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.nvim!)
        p.arguments = ["--headless", "--clean", "-c", "luafile " + Self.here.appendingPathComponent("Neovim/session.lua").path]
        p.environment = ProcessInfo.processInfo.environment.merging([
            "GSPEC": LSPClient.binary.path, "SPEC": spec.path, "OUT": out.path,
            "PLUGIN": Self.here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("editors/nvim/gspec.lua").path,
        ]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date(timeIntervalSinceNow: 60)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if p.isRunning { p.terminate() }
        let result = try JSON.parse(Array(try Data(contentsOf: out)))

        #expect(result["filetype"]?.string == "gesture")
        let diagnostics = result["diagnostics"]?.array ?? []
        #expect(diagnostics.contains { $0["message"]?.string?.contains("'doubleTap'") == true && $0["lnum"]?.int == 1 },
                "\(diagnostics)")
        #expect(result["hover"]?.string?.contains("**singleTap**: tap gesture") == true)
        let completion = result["completion"]?.array?.compactMap(\.string) ?? []
        #expect(completion.contains("gesture") && completion.contains("doubleTap"))
        #expect(result["formatted"]?.string == "gesture singleTap: tap { taps: 1 }\n\ngesture doubleTap: tap { taps: 2 }")
        let broken = result["hoverWithError"]?.string ?? ""
        #expect(broken.contains("**singleTap**: tap gesture") && broken.contains("| `taps` | 1 |") && broken.contains("| `slop` | 10pt (default) |"),
                "\(broken)")
    }
}
