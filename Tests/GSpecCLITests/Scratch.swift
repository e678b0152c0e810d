import Foundation

/// A fresh directory under the system's temporary one (`prefix` then a UUID);
/// the test removes it.
func scratchDirectory(_ prefix: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// Writes `text` to `dir/name` and returns its path.
func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// Whether `product` exists and is newer than every file under `sources`:
/// a build script's output a test may use as it is, instead of running the
/// script again (`swift test` and the long run after it share one build).
func isCurrent(_ product: URL, builtFrom sources: [URL]) -> Bool {
    let key: Set<URLResourceKey> = [.contentModificationDateKey]
    guard let built = try? product.resourceValues(forKeys: key).contentModificationDate else { return false }
    for source in sources {
        let files = FileManager.default.enumerator(at: source, includingPropertiesForKeys: Array(key))?.compactMap { $0 as? URL } ?? [source]
        for file in files {
            if let date = try? file.resourceValues(forKeys: key).contentModificationDate, date >= built { return false }
        }
    }
    return true
}
