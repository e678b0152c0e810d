import Foundation
import GestureCompiler

/// Turns command-line paths into source files: files as given, directories
/// searched recursively for one extension, in sorted order so output is stable.
enum InputFiles {
    /// Largest spec file read; a larger one is an error naming the limit.
    static let maxSpecBytes = 16 << 20

    static func collect(_ paths: [String], extension ext: String) -> [Result<SourceFile, Message>] {
        var results: [Result<SourceFile, Message>] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                results.append(.failure(Message("no such file or directory: '\(path)'")))
                continue
            }
            guard isDirectory.boolValue else {
                results.append(read(path))
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix("." + ext) }
                .sorted()
            if found.isEmpty {
                results.append(.failure(Message("no .\(ext) files in '\(path)'")))
            }
            results += found.map { read(base + "/" + $0) }
        }
        return results
    }

    private static func read(_ path: String) -> Result<SourceFile, Message> {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxSpecBytes {
            return .failure(Message("'\(path)' is \(size) bytes, over the \(maxSpecBytes >> 20) MiB limit for spec files"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Message("cannot read '\(path)'"))
        }
        return .success(SourceFile(path: path, bytes: Array(data)))
    }

    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
