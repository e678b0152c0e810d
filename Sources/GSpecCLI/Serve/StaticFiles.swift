import Foundation

/// The files `gspec serve --files DIR` serves beside the playground: a web
/// page using the web runtime (web/dist, Examples/web) runs from the same
/// server that edits its spec. Only regular files inside the directory, by
/// GET; no listings, no hidden files, nothing outside it through `..` or a
/// symbolic link.
struct StaticFiles {
    /// The directory, symbolic links resolved.
    let root: String
    static let maxFileBytes = 64 << 20

    init(directory: String) {
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    }

    static let contentTypes = [
        "html": "text/html; charset=utf-8", "mjs": "text/javascript; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8", "json": "application/json", "wasm": "application/wasm", "svg": "image/svg+xml",
        "png": "image/png", "jsonl": "application/x-ndjson", "gesture": "text/plain; charset=utf-8", "ts": "text/plain; charset=utf-8",
        "gtab": "application/octet-stream",
    ]

    /// The file at the request's path (a directory's `index.html`), or nil when there is none to serve.
    func response(for path: String) -> HTTPServer.Response? {
        guard let decoded = path.removingPercentEncoding, decoded.hasPrefix("/"), !decoded.contains("\0") else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0.hasPrefix(".") }) else { return nil }
        var file = URL(fileURLWithPath: root).appendingPathComponent(parts.joined(separator: "/"))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { file = file.appendingPathComponent("index.html") }
        let resolved = file.resolvingSymlinksInPath().standardizedFileURL.path
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/"),
              let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? Int ?? .max) <= Self.maxFileBytes,
              let data = FileManager.default.contents(atPath: resolved) else { return nil }
        var response = HTTPServer.Response(200, contentType: Self.contentTypes[file.pathExtension.lowercased()] ?? "application/octet-stream")
        response.body = Array(data)
        return response
    }
}
