import Foundation
import GestureCompiler
import GestureLanguageServer
import GestureRuntime
import GestureTrace

/// The playground's state behind `gspec serve`: each spec text the page
/// compiles becomes a session holding the compiled table and a live engine;
/// samples the page sends run through that engine, and its events go back
/// in the response and to the session's event stream. A ticker thread fires
/// deadlines in real time (the page's clock mapped onto the server's).
final class Playground: @unchecked Sendable {
    /// The spec file served (nil: an example, and nothing may be saved).
    let specPath: String?
    /// `--files`: a directory served beside the playground's own routes.
    let files: StaticFiles?
    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private var nextSession = 1
    /// Sessions kept; the least recently used goes first, so memory stays bounded.
    static let maxSessions = 64

    final class Session: @unchecked Sendable {
        let table: GestureTable
        let lock = NSLock()
        var engine: Engine
        var streams: [EventStream] = []
        /// Server uptime minus the page's time, in microseconds, set by the first sample.
        var offset: Microseconds?
        var lastUsed: Double
        init(table: GestureTable, now: Double) {
            (self.table, self.engine, self.lastUsed) = (table, Engine(table: table), now)
        }
    }

    init(specPath: String?, files: StaticFiles? = nil) {
        self.specPath = specPath
        self.files = files
        Thread { [self] in
            while true {
                usleep(5_000)
                tick()
            }
        }.start()
    }

    static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    // MARK: Routes

    func handle(_ r: HTTPServer.Request) -> HTTPServer.Outcome {
        switch (r.method, r.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return .respond(HTTPServer.Response(200, PlaygroundPage.html, contentType: "text/html; charset=utf-8"))
        case ("GET", let path) where PlaygroundScripts.modules[path] != nil:
            let module = PlaygroundScripts.modules[path] ?? ""
            return .respond(HTTPServer.Response(200, module, contentType: "text/javascript; charset=utf-8"))
        case ("GET", "/api/spec"):
            let text = specPath.flatMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
                ?? PlaygroundPage.exampleSpec
            let body: JSON = ["path": specPath.map(JSON.string) ?? .null, "text": .string(text), "canSave": .bool(specPath != nil)]
            return .respond(.json(body.serialized))
        case ("POST", "/api/check"):
            return .respond(check(String(decoding: r.body, as: UTF8.self), analysis: r.query["analysis"] != "0"))
        case ("POST", "/api/analyze"):
            return .respond(analyze(String(decoding: r.body, as: UTF8.self)))
        case ("GET", "/api/stream"):
            guard let session = session(r) else { return .respond(HTTPServer.Response(404, "no such session\n")) }
            return .stream { stream in
                session.lock.withLock { session.streams.append(stream) }
                stream.send("{\"connected\":true}")
            }
        case ("POST", "/api/samples"):
            guard let session = session(r) else { return .respond(HTTPServer.Response(404, "no such session\n")) }
            return .respond(feed(session, r.body))
        case ("POST", "/api/run"):
            guard let session = session(r) else { return .respond(HTTPServer.Response(404, "no such session\n")) }
            let (lines, errors) = Self.run(session.table, r.body)
            return .respond(errors.isEmpty ? .json(lines) : HTTPServer.Response(422, errors))
        case ("POST", "/api/save"):
            guard let session = session(r) else { return .respond(HTTPServer.Response(404, "no such session\n")) }
            return .respond(save(session, name: r.query["name"] ?? "", trace: r.body))
        case (_, "/"), (_, "/api/spec"), (_, "/api/check"), (_, "/api/analyze"), (_, "/api/stream"), (_, "/api/samples"), (_, "/api/run"),
             (_, "/api/save"):
            return .respond(HTTPServer.Response(405, "method not allowed\n"))
        default:
            if r.method == "GET", let file = SourceCheckout.response(for: r.path) ?? files?.response(for: r.path) { return .respond(file) }
            return .respond(HTTPServer.Response(404, "not found\n"))
        }
    }

    private func session(_ r: HTTPServer.Request) -> Session? {
        guard let id = r.query["session"] else { return nil }
        return lock.withLock {
            let s = sessions[id]
            s?.lastUsed = Self.now()
            return s
        }
    }

    /// Compiles a spec text: its diagnostics as `gspec check` renders them,
    /// the latency table, the conflicts with their witnesses, and (without
    /// errors) a new session running it. Without `analysis` it answers at
    /// once, with the front end's and the table's diagnostics only (the
    /// page asks `/api/analyze` for the rest, which can take seconds).
    private func check(_ text: String, analysis: Bool) -> HTTPServer.Response {
        let path = specPath ?? "playground.gesture"
        let source = SourceFile(path: path, text: text)
        let examples = specPath.map { StrokeExamples.beside($0) } ?? .none
        let front = Frontend.check(source, examples: examples)
        var diagnostics = front.diagnostics
        var (latency, conflicts) = ("", [JSON]())
        var sessionID: JSON = .null, tableBytes: JSON = .null
        var gestures: [JSON] = [], enabled: [JSON] = [], views: [JSON] = [], modes: [JSON] = [], conditions: [JSON] = []
        if !front.diagnostics.hasErrors {
            if analysis {
                let report = Analyzer.analyze(front.gestureSet, source: source)
                diagnostics += report.diagnostics
                (latency, conflicts) = Self.summary(report, of: front.gestureSet, path: path)
            }
            let compiled = Compiler.compile(source, examples: examples)
            if !analysis { diagnostics = compiled.diagnostics }
            if let table = compiled.table {
                let session = Session(table: table, now: Self.now())
                sessionID = lock.withLock {
                    let id = "s\(nextSession)"
                    nextSession += 1
                    sessions[id] = session
                    if sessions.count > Self.maxSessions, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                        sessions[oldest]?.lock.withLock { sessions[oldest]?.streams.forEach { $0.close() } }
                        sessions[oldest] = nil
                    }
                    return .string(id)
                }
                // The page runs it itself when it has the web runtime (SourceCheckout).
                tableBytes = .string(Data(table.encoded()).base64EncodedString())
                gestures = table.gestureIDs.map { .string(table.name(of: $0)) }
                enabled = table.gestures.map { .bool($0.options & GestureRecord.optionDisabled == 0) }
                views = table.hasViews ? table.viewIDs.map { .string(table.name(ofView: $0)) } : []
                modes = table.modeIDs.map { .string(table.name(ofMode: $0)) }
                conditions = table.gestureIDs.map { table.conditionText(of: $0).map(JSON.string) ?? .null }
            }
        }
        var body = Self.rendered(diagnostics, source)
        body += [("session", sessionID), ("table", tableBytes), ("gestures", .array(gestures)), ("enabled", .array(enabled)), ("views", .array(views)),
                 ("modes", .array(modes)), ("conditions", .array(conditions)),
                 ("latency", .string(latency)), ("conflicts", .array(conflicts)), ("analysed", .bool(analysis))]
        return .json(JSON.object(body).serialized)
    }

    /// The analysis of a spec text without errors: every diagnostic (the
    /// front end's with the analysis's), the latency table and the conflicts.
    private func analyze(_ text: String) -> HTTPServer.Response {
        let path = specPath ?? "playground.gesture"
        let source = SourceFile(path: path, text: text)
        let front = Frontend.check(source, examples: specPath.map { StrokeExamples.beside($0) } ?? .none)
        guard !front.diagnostics.hasErrors else { return .json(JSON.object(Self.rendered(front.diagnostics, source)).serialized) }
        let report = Analyzer.analyze(front.gestureSet, source: source)
        let (latency, conflicts) = Self.summary(report, of: front.gestureSet, path: path)
        let body = Self.rendered(front.diagnostics + report.diagnostics, source) + [("latency", .string(latency)), ("conflicts", .array(conflicts))]
        return .json(JSON.object(body).serialized)
    }

    /// `diagnostics` (sorted) as data and as `gspec check` renders them.
    private static func rendered(_ diagnostics: [Diagnostic], _ source: SourceFile) -> [(String, JSON)] {
        let sorted = diagnostics.sortedByLocation()
        let items: [JSON] = sorted.map { d in
            let at = source.location(of: d.range.start)
            return ["severity": .string(d.severity.rawValue), "id": .string(d.id), "line": JSON(at.line),
                    "column": JSON(at.column), "message": .string(d.message)]
        }
        return [("diagnostics", .array(items)), ("rendered", .string(DiagnosticRenderer().render(sorted, in: source)))]
    }

    /// The latency table and each conflict with its witness.
    private static func summary(_ report: Analyzer.Report, of set: CheckedGestureSet, path: String) -> (String, [JSON]) {
        let conflicts: [JSON] = report.diagnostics.filter { !$0.attachment.isEmpty }.map { d in
            ["message": .string(d.message), "witness": .string(d.attachment.joined(separator: "\n"))]
        }
        return (LatencyTable.render(report.latencies, of: set, path: path), conflicts)
    }

    /// Feeds trace lines (the trace format; times in seconds on the page's clock) to the session's engine.
    private func feed(_ session: Session, _ body: [UInt8]) -> HTTPServer.Response {
        var out = ""
        var errors = ""
        session.lock.withLock {
            let table = session.table
            let views: ((String) -> ViewID?)? = table.hasViews ? { table.view(named: $0) } : nil
            // The page's controls send a screen size as a header line and switch gestures and modes with control lines.
            var controls = false
            let lineErrors = TraceReader.read(body, views: views, screen: { session.engine.screenSize = $0 },
                                              gestures: table.gestureIDs.map(table.name(of:)),
                                              modes: table.modeIDs.map(table.name(ofMode:)), control: { c in
                guard c.mode != nil || (c.enabled != nil && c.parameters.isEmpty) else {
                    return "the playground's control lines only set 'enabled' or a mode"
                }
                // Applied as a trace's control line is (TraceRun.apply), refusals included.
                if let refusal = TraceRun.apply(c, to: &session.engine, table: table) { return refusal }
                controls = true
                return nil
            }) { event in
                if session.offset == nil { session.offset = Microseconds(Int64(Self.now() * 1e6)) - event.time }
                session.engine.feed(event)
            }
            session.engine.advance(to: session.engine.clock)
            errors = lineErrors.map { "line \($0.line): \($0.message)" }.joined(separator: "\n")
            out = drain(session, toStreams: false)
            // After a control line, the page's switches show what the engine now enables.
            if controls {
                out += JSON.object([("enabled", .array(table.gestureIDs.map { .bool(session.engine.isEnabled($0)) }))]).serialized + "\n"
            }
        }
        return errors.isEmpty ? .json(out) : HTTPServer.Response(422, errors + "\n")
    }

    /// The session's new events as JSON Lines. Events a sample decided go
    /// back in that request's response; those a deadline decided (no request
    /// is waiting) go to the session's event streams.
    private func drain(_ session: Session, toStreams: Bool) -> String {
        guard !session.engine.events.isEmpty else { return "" }
        let lines = session.engine.events.map { EventFormatter.line($0, table: session.table) }.joined(separator: "\n") + "\n"
        session.engine.removeAllEvents()
        if toStreams { session.streams.removeAll { !$0.send(lines) } }
        return lines
    }

    /// Fires the deadlines that are due on each session's clock.
    private func tick() {
        let all = lock.withLock { Array(sessions.values) }
        let now = Microseconds(Int64(Self.now() * 1e6))
        for s in all {
            s.lock.withLock {
                guard let offset = s.offset, let deadline = s.engine.nextDeadline, deadline <= now - offset else { return }
                s.engine.advance(to: now - offset)
                _ = drain(s, toStreams: true)
            }
        }
    }

    /// Runs a whole trace on a fresh engine: what `gspec run --all-states` prints.
    static func run(_ table: GestureTable, _ trace: [UInt8]) -> (String, String) {
        final class Box: @unchecked Sendable { var text = "" }
        let box = Box()
        let console = Console(out: { box.text += $0 }, err: { _ in }, errIsTerminal: false)
        var engine = Engine(table: table)
        let printer = EventPrinter(table: table, allStates: true, write: console.out)
        let result = TraceRun.drive(&engine, trace, printer)
        return (box.text, result.errors.map { "line \($0.line): \($0.message)" }.joined(separator: "\n"))
    }

    /// Writes a drawn trace and its expected events into the spec's `NAME.tests/`, as a `gspec test` case.
    private func save(_ session: Session, name: String, trace: [UInt8]) -> HTTPServer.Response {
        guard let specPath else { return HTTPServer.Response(403, "no spec file is served: nothing can be saved\n") }
        guard (1...64).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return HTTPServer.Response(400, "a test name is 1 to 64 letters, digits, '-' or '_'\n")
        }
        let (expected, errors) = Self.run(session.table, trace)
        guard errors.isEmpty else { return HTTPServer.Response(422, errors + "\n") }
        // Only ever inside the spec's own `.tests/` directory.
        let dir = (specPath as NSString).deletingPathExtension + ".tests"
        let file = (dir as NSString).appendingPathComponent(name + ".jsonl")
        guard (file as NSString).deletingLastPathComponent == dir else { return HTTPServer.Response(400, "bad name\n") }
        if FileManager.default.fileExists(atPath: file) { return HTTPServer.Response(409, "'\(name)' exists already\n") }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(trace).write(to: URL(fileURLWithPath: file))
            try Data(expected.utf8).write(to: URL(fileURLWithPath: (dir as NSString).appendingPathComponent(name + ".expected")))
        } catch {
            return HTTPServer.Response(403, "cannot write in \(dir)\n")
        }
        let body: JSON = ["saved": .string(file), "events": .string(expected)]
        return .json(body.serialized)
    }
}
