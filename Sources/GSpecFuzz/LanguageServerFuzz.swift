import GestureCompiler
import GestureTrace
import GestureLanguageServer

/// Fuzzing the language server: whatever bytes arrive, it never crashes or
/// stops answering, and everything it sends is a JSON-RPC message.
public enum LanguageServerFuzz {
    static let uri = "file:///fuzz.gesture"
    static let text = "/// Doc 😀\ngesture singleTap: tap { taps: 1 }\ngesture doubleTap: tap { taps: 2 }\nsingleTap requires doubleTap to fail\n"
    static let methods = ["textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/prepareRename",
                          "textDocument/rename", "textDocument/completion", "textDocument/codeAction", "textDocument/formatting",
                          "textDocument/documentSymbol", "textDocument/didChange", "textDocument/didSave", "textDocument/didClose",
                          "textDocument/didOpen", "$/cancelRequest", "shutdown", "initialize", "workspace/symbol", "exit"]

    static let open: JSON = ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
        "textDocument": ["uri": .string(uri), "version": 1, "languageId": "gesture", "text": .string(text)]]]

    /// A server that has been initialized and has the fuzz document open.
    public static func server() -> LanguageServer {
        let server = LanguageServer()
        server.receive([.message(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8)),
                        .message(Array(open.serialized.utf8))],
                       now: 0)
        server.runDue(now: 1)
        return server
    }

    /// The libFuzzer target: the first byte picks raw framing or one framed
    /// message built from the rest; then the server must still answer.
    public static func run(_ bytes: [UInt8]) {
        let server = server()
        var framer = MessageFramer()
        if bytes.first.map({ $0 & 1 == 0 }) ?? true {
            server.receive(framer.push(bytes.dropFirst()), now: 2)
        } else {
            var rng = SplitMix64(seed: bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
            server.receive(framer.push(message(&rng, body: Array(bytes.dropFirst()))), now: 2)
        }
        checkStillServing(server)
    }

    /// Asserts (traps) unless the server answers a hover request and its output is well-formed.
    public static func checkStillServing(_ server: LanguageServer) {
        server.runDue(now: 100)
        for request in server.takeAnalysisRequests() { server.analysisFinished(request.run()) }
        for message in server.takeOutbox() {
            guard case .object = message, message["jsonrpc"] == "2.0",
                  (try? JSON.parse(Array(message.serialized.utf8))) == message else { fatalError("malformed output \(message)") }
        }
        guard server.exitStatus == nil else { return }
        server.receive([.message(Array(#"{"jsonrpc":"2.0","id":"probe","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///fuzz.gesture"}}}"#.utf8))], now: 101)
        let answered = server.takeOutbox().contains { $0["id"] == "probe" }
        if !answered { fatalError("the server stopped answering") }
    }

    /// One input for the server: a well-formed request or notification with
    /// random (often wrong) parameters, or bytes that break the framing or the JSON.
    public static func message(_ rng: inout SplitMix64, body: [UInt8]? = nil) -> [UInt8] {
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        func number() -> JSON { pick([0, 1, 2, 3, 5, 40, -1, 1_000_000, .number(.init(0.5)), .number(.init(1e300))]) }
        func position() -> JSON { rng.next() % 8 == 0 ? pick([.null, "x", [:], [1]]) : ["line": number(), "character": number()] }
        func junk() -> JSON { pick([.null, true, "", "😀é\u{0}", number(), [], [:], ["a": [1, [2, [3]]]]]) }
        let method = pick(methods)
        var params: [(String, JSON)] = [
            ("textDocument", rng.next() % 10 == 0 ? junk() : ["uri": .string(rng.next() % 6 == 0 ? "file:///other.gesture" : uri),
                                                               "version": number(), "text": .string(pick(["", text, "gesture a: tapp {", "🎉\n\n"]))]),
            ("position", position()),
            ("newName", pick(["x", "doubleTap", "gesture", "", "a b", "é"])),
            ("range", ["start": position(), "end": position()]),
            ("contentChanges", .array((0..<Int(rng.next() % 3)).map { _ in
                rng.next() % 3 == 0 ? ["text": .string(pick(["x", "\n", "😀", "}"]))]
                    : ["range": ["start": position(), "end": position()], "text": .string(pick(["", "tap", "{\n", "é😀", "}"]))]
            })),
            ("context", ["diagnostics": [], "includeDeclaration": .bool(rng.next() % 2 == 0)]),
            ("id", number()),
        ]
        if rng.next() % 4 == 0 { params.removeLast(Int(rng.next() % UInt64(params.count))) }
        var fields: [(String, JSON)] = [("jsonrpc", "2.0"), ("method", .string(method)), ("params", .object(params))]
        if rng.next() % 3 != 0 { fields.append(("id", rng.next() % 10 == 0 ? junk() : number())) }
        var bytes = Array(JSON.object(fields).serialized.utf8)
        if let body { bytes = body }
        switch rng.next() % 10 {
        case 0:  // a mutated byte
            if !bytes.isEmpty { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
        case 1:  // truncated body, honest length
            bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
        case 2:  // a length that lies
            let lie = pick([0, bytes.count / 2, bytes.count + 7, 1 << 40, -3])
            return Array("Content-Length: \(lie)\r\n\r\n".utf8) + bytes
        case 3:  // no header at all
            return bytes
        default: break
        }
        return MessageFramer.frame(String(decoding: bytes, as: UTF8.self))
    }
}
