import GestureCompiler
import GestureTrace
import Foundation
import GestureLanguageServer
import Testing

/// A scripted LSP client: runs `gspec lsp` as a child process over pipes and
/// reads every byte it writes to stdout as framed messages (anything else
/// there fails the test).
final class LSPClient: @unchecked Sendable {
    private let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let condition = NSCondition()
    private var received: [JSON] = []
    private var garbage: [String] = []
    private var nextID = 1
    private var closed = false

    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gspec")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/gspec")
    }

    init() throws {
        process.executableURL = Self.binary
        process.arguments = ["lsp"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = stdout.fileHandleForReading
        Thread { [self] in
            var framer = MessageFramer()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                for frame in framer.push(Array(data)) {
                    condition.lock()
                    switch frame {
                    case .message(let body):
                        if let json = try? JSON.parse(body) { received.append(json) } else { garbage.append(String(decoding: body, as: UTF8.self)) }
                    case .malformed(let why): garbage.append(why)
                    }
                    condition.broadcast()
                    condition.unlock()
                }
            }
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes raw bytes to the server.
    func send(raw bytes: [UInt8]) {
        stdin.fileHandleForWriting.write(Data(bytes))
    }

    func frame(_ message: JSON) -> [UInt8] { MessageFramer.frame(message.serialized) }

    func notify(_ method: String, _ params: JSON) {
        send(raw: frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request without waiting; returns its id.
    func post(_ method: String, _ params: JSON) -> Int {
        let id = nextID
        nextID += 1
        send(raw: frame(["jsonrpc": "2.0", "id": JSON(id), "method": .string(method), "params": params]))
        return id
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSON, timeout: Double = 10) throws -> JSON {
        let id = post(method, params)
        return try response(to: id, timeout: timeout)
    }

    func response(to id: Int, timeout: Double = 10) throws -> JSON {
        try #require(wait(timeout: timeout) { $0["id"]?.int == id && $0["method"] == nil }, "no response to request \(id)")
    }

    /// Waits for the first message since the start for which `match` holds.
    func wait(timeout: Double = 10, _ match: (JSON) -> Bool) -> JSON? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let m = received.first(where: match) { return m }
            if closed || !condition.wait(until: deadline) { return received.first(where: match) }
        }
    }

    /// All messages received so far.
    var messages: [JSON] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The exit status once the server has exited.
    var status: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// What arrived on stdout that was not a framed JSON message.
    var unframed: [String] {
        condition.lock()
        defer { condition.unlock() }
        return garbage
    }

    /// The published diagnostics of `uri` at `version`, waiting for a publish satisfying `match`.
    func diagnostics(_ uri: String, version: Int, timeout: Double = 10, where match: ([JSON]) -> Bool = { _ in true }) -> [JSON]? {
        wait(timeout: timeout) {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
                && $0["params"]?["version"]?.int == version && match($0["params"]?["diagnostics"]?.array ?? [])
        }?["params"]?["diagnostics"]?.array
    }

    func initialize() throws {
        let result = try request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        #expect(result["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.int == 2)
        notify("initialized", [:])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "gesture",
                                                         "version": JSON(version), "text": .string(text)]])
    }

    /// Replaces `(line, character)...(line, character)` with `text`.
    func change(_ uri: String, version: Int, _ start: (Int, Int), _ end: (Int, Int), _ text: String) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": JSON(version)],
            "contentChanges": [["range": Self.range(start, end), "text": .string(text)]],
        ])
    }

    static func range(_ start: (Int, Int), _ end: (Int, Int)) -> JSON {
        ["start": ["line": JSON(start.0), "character": JSON(start.1)],
         "end": ["line": JSON(end.0), "character": JSON(end.1)]]
    }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri)], "position": ["line": JSON(line), "character": JSON(character)]]
    }

    /// Shuts the server down and returns its exit status.
    func shutdown() throws -> Int32 {
        _ = try request("shutdown", .null)
        notify("exit", .null)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
