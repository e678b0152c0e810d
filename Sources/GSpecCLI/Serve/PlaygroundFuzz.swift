import Foundation

/// The playground's request handling as a libFuzzer target (`scripts/fuzz.sh
/// http`): the bytes are a request head and body, parsed as the server
/// parses them and, when they parse, handled by a playground with no spec
/// file (so nothing is written) serving `Examples/` as `--files` (run from
/// the repository's root). Whatever the bytes, nothing traps, every answer
/// is a status the server may send, and no hidden file is ever served.
public enum PlaygroundFuzz {
    nonisolated(unsafe) private static var playground: Playground?

    public static func run(_ bytes: [UInt8]) {
        let playground = Self.playground ?? Playground(specPath: nil, files: StaticFiles(directory: "Examples"))
        Self.playground = playground
        let split = HTTPServer.find([13, 10, 13, 10], in: bytes) ?? bytes.count
        guard var request = HTTPServer.parse(String(decoding: bytes[..<split], as: UTF8.self)) else { return }
        request.body = Array(bytes[min(split + 4, bytes.count)...])
        // A session the fuzzer can name: the first one, made from the body when it compiles.
        if request.path == "/api/samples" || request.path == "/api/run" || request.path == "/api/save" {
            request.query["session"] = request.query["session"] ?? "s1"
        }
        switch playground.handle(request) {
        case .respond(let r):
            precondition((200...599).contains(r.status), "status \(r.status)")
            precondition(r.status != 500, "a request made the playground fail")
            if r.status == 200, request.method == "GET", let path = request.path.removingPercentEncoding {
                precondition(!path.contains("/."), "served a hidden file or a path out of the directory: \(request.path)")
            }
        case .stream:
            break
        }
    }
}
