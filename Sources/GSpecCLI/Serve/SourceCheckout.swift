import Foundation

/// The source checkout this gspec was built from, while it is still where it
/// was (`#filePath` at compile time): the playground serves the web runtime
/// (`web/dist`, once `bash web/build.sh` has built it) and the editor grammar
/// from it, so the page runs the same engine build and colours specs as the
/// editors do, with nothing copied into the binary. Without it, the page
/// falls back to the server's engine and a plain editor.
enum SourceCheckout {
    static let root: URL? = {
        // Sources/GSpecCLI/Serve/SourceCheckout.swift: four components up.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) ? url : nil
    }()

    /// The checkout's files the playground serves, by URL prefix.
    static let served: [(prefix: String, files: StaticFiles)] = {
        guard let root else { return [] }
        return [("/web/", StaticFiles(directory: root.appendingPathComponent("web/dist").path)),
                ("/editors/", StaticFiles(directory: root.appendingPathComponent("editors").path))]
    }()

    /// The file at `path` under one of the served prefixes, if there is one.
    static func response(for path: String) -> HTTPServer.Response? {
        for (prefix, files) in served where path.hasPrefix(prefix) {
            return files.response(for: String(path.dropFirst(prefix.count - 1)))
        }
        return nil
    }
}
