import GestureCompiler
import GestureRuntime
import GestureTrace

/// The language server's state and message handling, with no I/O and no
/// threads: `receive` takes a batch of framed messages, `runDue` publishes
/// what is due at a time, and `outbox` holds what to send. `ServerLoop`
/// drives it from stdin and stdout; tests can drive it directly.
///
/// Diagnostics are published per document in two steps after a change has
/// settled (`debounce`): the front end's (syntax, names, units) at once, then
/// the analysis's (conflicts, dead gestures, latency) when the analysis of
/// that same text finishes. An analysis result for an older text is dropped.
public final class LanguageServer {
    /// Quiet time after a change before its diagnostics are computed, so a burst of edits publishes once.
    public static let debounce = 0.015

    /// Messages to send, in order.
    public private(set) var outbox: [JSON] = []
    /// Analyses to run off the message loop; `ServerLoop` hands them to a worker.
    public private(set) var analysisRequests: [AnalysisRequest] = []
    /// Set by `exit`: the process's status (0 after `shutdown`, 1 otherwise).
    public private(set) var exitStatus: Int32?

    var documents: [String: TextDocument] = [:]
    /// Per document: when its pending diagnostics are due.
    private var due: [String: Double] = [:]
    /// Per document: the last front-end result and the version it is for.
    var checked: [String: Checked] = [:]
    /// Template strokes' examples per spec path, read once (and again after a save).
    private var examples: [String: StrokeExamples] = [:]
    private var initialized = false
    private var shuttingDown = false

    public init() {}

    /// What the front end made of one version of a document, and the analysis once it is known.
    struct Checked {
        var version: Int
        var result: Frontend.Result
        var index: SpecIndex
        var analysis: Analyzer.Report?
    }

    /// One analysis to run: a checked text, its version, and where its result goes.
    public struct AnalysisRequest: Sendable {
        public let uri: String
        public let version: Int
        let result: Frontend.Result

        /// Runs the analysis (slow for a large spec: call it off the message loop).
        public func run() -> AnalysisResult {
            AnalysisResult(uri: uri, version: version, report: Analyzer.analyze(result.gestureSet, source: result.source))
        }
    }

    /// A finished analysis, handed back with `analysisFinished`.
    public struct AnalysisResult: Sendable {
        public let uri: String
        public let version: Int
        let report: Analyzer.Report
    }

    /// The next time `runDue` has something to do, if any.
    public var nextDeadline: Double? { due.values.min() }

    public func takeOutbox() -> [JSON] {
        defer { outbox = [] }
        return outbox
    }

    public func takeAnalysisRequests() -> [AnalysisRequest] {
        defer { analysisRequests = [] }
        return analysisRequests
    }

    // MARK: Messages

    /// Handles a batch of frames read together. A `$/cancelRequest` in the
    /// batch cancels a request of the batch not yet answered.
    public func receive(_ frames: [MessageFramer.Frame], now: Double) {
        var messages: [JSON?] = []
        for frame in frames {
            switch frame {
            case .malformed(let why):
                respond(id: .null, error: ErrorCode.parseError, "bad frame: \(why)")
            case .message(let body):
                do {
                    messages.append(try JSON.parse(body))
                } catch {
                    respond(id: .null, error: ErrorCode.parseError, "invalid JSON at byte \(error.offset): \(error.message)")
                }
            }
        }
        let cancelled = Set(messages.compactMap { m -> JSON? in
            m?["method"]?.string == "$/cancelRequest" ? m?["params"]?["id"] : nil
        })
        for case let message? in messages {
            if let id = message["id"], message["method"] != nil, cancelled.contains(id) {
                respond(id: id, error: ErrorCode.requestCancelled, "cancelled")
                continue
            }
            handle(message, now: now)
        }
    }

    private func handle(_ message: JSON, now: Double) {
        guard case .object = message else {
            respond(id: .null, error: ErrorCode.invalidRequest, "a message is a JSON object")
            return
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none that need one) or nonsense.
            if message["id"] == nil || (message["result"] == nil && message["error"] == nil) {
                respond(id: message["id"] ?? .null, error: ErrorCode.invalidRequest, "a message without a method")
            }
            return
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            respond(id: .null, error: ErrorCode.invalidRequest, "an id is a number or a string")
            return
        }
        let params = message["params"] ?? .null
        do {
            if let id {
                let result = try request(method, params, now: now)
                outbox.append(["jsonrpc": "2.0", "id": id, "result": result])
            } else {
                try notification(method, params, now: now)
            }
        } catch {
            if let id { respond(id: id, error: error.code, error.message) }
            else if error.code != ErrorCode.methodNotFound { log("\(method): \(error.message)") }
        }
    }

    private static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: true
        case .number: id.int != nil
        default: false
        }
    }

    private func request(_ method: String, _ params: JSON, now: Double) throws(RequestError) -> JSON {
        if method == "initialize" {
            guard !initialized else { throw RequestError(ErrorCode.invalidRequest, "initialize was already received") }
            initialized = true
            return Self.initializeResult
        }
        guard initialized else { throw RequestError(ErrorCode.serverNotInitialized, "the server is not initialized") }
        guard !shuttingDown else { throw RequestError(ErrorCode.invalidRequest, "the server is shutting down") }
        switch method {
        case "shutdown":
            shuttingDown = true
            return .null
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        default: throw RequestError(ErrorCode.methodNotFound, "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSON, now: Double) throws(RequestError) {
        if method == "exit" {
            exitStatus = shuttingDown ? 0 : 1
            return
        }
        guard initialized, !shuttingDown else { return }  // notifications before initialize are dropped
        switch method {
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
        case "textDocument/didOpen":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.string, let text = doc["text"]?.string else {
                throw RequestError(ErrorCode.invalidParams, "didOpen without textDocument.uri and text")
            }
            documents[uri] = TextDocument(uri: uri, version: doc["version"]?.int ?? 0, text: text)
            due[uri] = now  // an opened file gets its diagnostics at once
        case "textDocument/didChange":
            var document = try self.document(params)
            let version = params["textDocument"]?["version"]?.int ?? document.version + 1
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { throw RequestError(ErrorCode.invalidParams, "a change without text") }
                var range: (start: (Int, Int), end: (Int, Int))?
                if let r = change["range"] {
                    guard let start = Self.position(r["start"]), let end = Self.position(r["end"]) else {
                        throw RequestError(ErrorCode.invalidParams, "a change with a malformed range")
                    }
                    range = (start, end)
                }
                guard document.apply(range: range, text: text, version: version) else {
                    throw RequestError(ErrorCode.invalidParams, "a change outside the document")
                }
            }
            documents[document.uri] = document
            due[document.uri] = now + Self.debounce
        case "textDocument/didSave":
            let document = try self.document(params)
            examples[document.source.path] = nil
            due[document.uri] = now
        case "textDocument/didClose":
            let document = try self.document(params)
            (documents[document.uri], checked[document.uri], due[document.uri]) = (nil, nil, nil)
            publish(document.uri, version: nil, [])
        default:
            throw RequestError(ErrorCode.methodNotFound, "unknown notification '\(method)'")
        }
    }

    /// The server's answer to `initialize`: what it can do.
    static let initializeResult: JSON = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "completionProvider": ["triggerCharacters": [":", " ", "|", ","]],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "documentFormattingProvider": true,
            "documentSymbolProvider": true,
        ],
        "serverInfo": ["name": "gspec", "version": .string(Compiler.version)],
    ]

    // MARK: Diagnostics

    /// Publishes the front-end diagnostics of every document whose change has
    /// settled by `now`, and queues its analysis.
    public func runDue(now: Double) {
        for (uri, time) in due where time <= now {
            due[uri] = nil
            guard let document = documents[uri] else { continue }
            let source = document.source
            let result = Frontend.check(source, examples: examples(for: source.path))
            checked[uri] = Checked(version: document.version, result: result, index: SpecIndex(result.syntax), analysis: nil)
            publish(uri, version: document.version, result.diagnostics)
            if !result.diagnostics.hasErrors {
                analysisRequests.append(AnalysisRequest(uri: uri, version: document.version, result: result))
            }
        }
    }

    /// Publishes an analysis's warnings with the front end's, unless the document changed since.
    public func analysisFinished(_ result: AnalysisResult) {
        guard var c = checked[result.uri], c.version == result.version, documents[result.uri]?.version == result.version,
              due[result.uri] == nil else { return }
        c.analysis = result.report
        checked[result.uri] = c
        publish(result.uri, version: result.version, (c.result.diagnostics + result.report.diagnostics).sortedByLocation())
    }

    private func examples(for path: String) -> StrokeExamples {
        if let e = examples[path] { return e }
        let e = path.hasPrefix("/") ? StrokeExamples.beside(path) : .none
        examples[path] = e
        return e
    }

    private func publish(_ uri: String, version: Int?, _ diagnostics: [Diagnostic]) {
        let document = documents[uri]
        var params: [(String, JSON)] = [("uri", .string(uri)), ("diagnostics", .array(diagnostics.compactMap { d in
            document.map { lspDiagnostic(d, in: $0) }
        }))]
        if let version { params.append(("version", JSON(version))) }
        outbox.append(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)])
    }

    func lspDiagnostic(_ d: Diagnostic, in document: TextDocument) -> JSON {
        var message = d.message
        if !d.attachment.isEmpty { message += "\n" + d.attachment.joined(separator: "\n") }
        let severity: Int = switch d.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var fields: [(String, JSON)] = [
            ("range", range(d.range, in: document)),
            ("severity", JSON(severity)),
            ("code", .string(d.id)),
            ("source", "gspec"),
            ("message", .string(message)),
        ]
        if !d.notes.isEmpty {
            fields.append(("relatedInformation", .array(d.notes.map { note in
                ["location": ["uri": .string(document.uri), "range": range(note.range, in: document)], "message": .string(note.message)]
            })))
        }
        return .object(fields)
    }

    // MARK: Helpers

    func range(_ r: SourceRange, in document: TextDocument) -> JSON {
        let (a, b) = (document.position(of: r.start), document.position(of: r.end))
        return ["start": ["line": JSON(a.line), "character": JSON(a.character)],
                "end": ["line": JSON(b.line), "character": JSON(b.character)]]
    }

    static func position(_ p: JSON?) -> (Int, Int)? {
        guard let line = p?["line"]?.int, let character = p?["character"]?.int, line >= 0, character >= 0 else { return nil }
        return (line, character)
    }

    /// The open document a request names.
    func document(_ params: JSON) throws(RequestError) -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw RequestError(ErrorCode.invalidParams, "missing textDocument.uri")
        }
        guard let document = documents[uri] else { throw RequestError(ErrorCode.invalidParams, "'\(uri)' is not open") }
        return document
    }

    /// The document, its byte offset at the request's position, and its current front-end result.
    func located(_ params: JSON) throws(RequestError) -> (TextDocument, Int, Checked) {
        let document = try self.document(params)
        guard let (line, character) = Self.position(params["position"]),
              let offset = document.offset(line: line, character: character) else {
            throw RequestError(ErrorCode.invalidParams, "the position is not in the document")
        }
        return (document, offset, current(document))
    }

    /// The front-end result for the document's current text, computed now if a change is pending.
    func current(_ document: TextDocument) -> Checked {
        if let c = checked[document.uri], c.version == document.version, due[document.uri] == nil { return c }
        let result = Frontend.check(document.source, examples: examples(for: document.source.path))
        return Checked(version: document.version, result: result, index: SpecIndex(result.syntax), analysis: nil)
    }

    private func respond(id: JSON, error code: Int, _ message: String) {
        outbox.append(["jsonrpc": "2.0", "id": id, "error": ["code": JSON(code), "message": .string(message)]])
    }

    func log(_ message: String) {
        outbox.append(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 3, "message": .string(message)]])
    }
}

/// JSON-RPC and LSP error codes.
enum ErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
    static let requestFailed = -32803
}

/// A request that gets an error reply.
struct RequestError: Error {
    var code: Int
    var message: String
    init(_ code: Int, _ message: String) { (self.code, self.message) = (code, message) }
}
