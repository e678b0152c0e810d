import Foundation

/// Runs a `LanguageServer` over file descriptors (stdin and stdout for
/// `gspec lsp`): a reader thread frames the input, an analysis thread runs
/// analyses, and this loop, the only one that touches the server or writes
/// the output, handles whatever has arrived each time it wakes.
public enum ServerLoop {
    /// Serves until `exit` or the end of the input; returns the exit status.
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let server = LanguageServer()
        let inbox = Inbox()
        let analyses = AnalysisWorker(inbox: inbox)
        let reader = Thread {
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                let frames = framer.push(buffer[0..<n])
                if !frames.isEmpty { inbox.post(.frames(frames)) }
            }
            inbox.post(.endOfInput)
        }
        reader.stackSize = 1 << 20
        reader.start()
        analyses.start()
        let clock = { ProcessInfo.processInfo.systemUptime }
        while true {
            var endOfInput = false
            for event in inbox.take(until: server.nextDeadline) {
                switch event {
                case .frames(let frames): server.receive(frames, now: clock())
                case .analysis(let result): server.analysisFinished(result)
                case .endOfInput: endOfInput = true
                }
            }
            server.runDue(now: clock())
            for request in server.takeAnalysisRequests() { analyses.submit(request) }
            for message in server.takeOutbox() { write(MessageFramer.frame(message.serialized), to: output) }
            if let status = server.exitStatus { return status }
            // Without an `exit` the client went away: as after `exit` without `shutdown`.
            if endOfInput { return 1 }
        }
    }

    private static func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }  // the client is gone; the next read ends the loop
            offset += n
        }
    }
}

/// What wakes the loop.
enum Event: Sendable {
    case frames([MessageFramer.Frame])
    case analysis(LanguageServer.AnalysisResult)
    case endOfInput
}

/// The loop's queue of events, filled by the other threads.
final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [Event] = []

    func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// Everything queued, waiting for at least one event until `deadline` (uptime seconds; nil: no limit).
    func take(until deadline: Double?) -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        while events.isEmpty {
            guard let deadline else {
                condition.wait()
                continue
            }
            let wait = deadline - ProcessInfo.processInfo.systemUptime
            if wait <= 0 || !condition.wait(until: Date(timeIntervalSinceNow: wait)) { break }
        }
        defer { events = [] }
        return events
    }
}

/// Runs analyses one at a time, newest first per document: a request
/// superseded by a newer one for the same document before it started is dropped.
final class AnalysisWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [String: LanguageServer.AnalysisRequest] = [:]
    private let inbox: Inbox

    init(inbox: Inbox) { self.inbox = inbox }

    func submit(_ request: LanguageServer.AnalysisRequest) {
        condition.lock()
        pending[request.uri] = request
        condition.signal()
        condition.unlock()
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while pending.isEmpty { condition.wait() }
                let request = pending.removeValue(forKey: pending.keys.first!)!
                condition.unlock()
                inbox.post(.analysis(request.run()))
            }
        }
        // The conflict analysis recurses over automata: give it a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }
}
