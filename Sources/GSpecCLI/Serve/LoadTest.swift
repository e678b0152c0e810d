import GestureRuntime
import GestureTrace
import Foundation

/// Drives a playground server with streaming clients, as `gspec-bench serve`
/// and the tests do: each client compiles the served spec into its own
/// session, then sends one sample per request at 120 Hz on a persistent
/// connection (a finger down for a second, then up, again and again).
enum LoadTest {
    struct Report: CustomStringConvertible {
        var requests = 0, errors = 0
        var rssGrowthMB = 0.0
        var medianMs = 0.0, maxMs = 0.0
        var description: String {
            String(format: "%d requests, %d errors, median %.2f ms, max %.2f ms, resident memory +%.1f MB",
                   requests, errors, medianMs, maxMs, rssGrowthMB)
        }
    }

    static func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func run(port: UInt16, playground: Playground, clients: Int, seconds: Double) -> Report {
        let spec = playground.specPath.flatMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
            ?? PlaygroundPage.exampleSpec
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var report = Report()
            var times: [Double] = []
        }
        let tally = Tally()
        let group = DispatchGroup()
        let warm = DispatchSemaphore(value: 0)
        for c in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let connection = Connection(port: port) else {
                    tally.lock.withLock { tally.report.errors += 1 }
                    return
                }
                guard let (status, body) = connection.exchange("POST", "/api/check", spec, port: port), status == 200,
                      let session = (try? JSON.parse(body))?["session"]?.string else {
                    tally.lock.withLock { tally.report.errors += 1 }
                    return
                }
                if c == 0 { warm.signal() }
                let start = ProcessInfo.processInfo.systemUptime
                var n = 0, mine: [Double] = [], errors = 0
                while true {
                    let t = Double(n) / 120
                    let now = ProcessInfo.processInfo.systemUptime - start
                    if now >= seconds { break }
                    if t > now { usleep(useconds_t((t - now) * 1e6)) }
                    let phase = n % 120 == 0 ? "began" : n % 120 == 119 ? "ended" : "moved"
                    let sample = "{\"t\":\(String(format: "%.4f", t)),\"touch\":1,\"phase\":\"\(phase)\",\"x\":\(100 + n % 120),\"y\":\(200 + c)}\n"
                    let sent = ProcessInfo.processInfo.systemUptime
                    if let (status, _) = connection.exchange("POST", "/api/samples?session=\(session)", sample, port: port), status == 200 {
                        mine.append((ProcessInfo.processInfo.systemUptime - sent) * 1000)
                    } else {
                        errors += 1
                    }
                    n += 1
                }
                tally.lock.withLock {
                    tally.report.requests += n
                    tally.report.errors += errors
                    tally.times += mine
                }
            }.start()
        }
        warm.wait()
        let baseline = residentMB()
        group.wait()
        var report = tally.report
        report.rssGrowthMB = max(0, residentMB() - baseline)
        let times = tally.times.sorted()
        if !times.isEmpty { (report.medianMs, report.maxMs) = (times[times.count / 2], times.last!) }
        return report
    }

    /// One persistent HTTP/1.1 connection.
    final class Connection {
        let fd: Int32
        private var buffer: [UInt8] = []

        init?(port: UInt16) {
            guard let fd = connectLoopback(port) else { return nil }
            self.fd = fd
        }

        deinit { close(fd) }

        func exchange(_ method: String, _ path: String, _ body: String, port: UInt16) -> (Int, [UInt8])? {
            let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            guard writeAll(fd, Array(request.utf8)) else { return nil }
            var end: Int?
            while true {
                end = HTTPServer.find([13, 10, 13, 10], in: buffer)
                if end != nil { break }
                guard fill() else { return nil }
            }
            let head = String(decoding: buffer[..<end!], as: UTF8.self)
            buffer.removeFirst(end! + 4)
            guard let status = Int(head.dropFirst(9).prefix(3)) else { return nil }
            let length = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            while buffer.count < length { guard fill() else { return nil } }
            let payload = Array(buffer[..<length])
            buffer.removeFirst(length)
            return (status, payload)
        }

        private func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return false }
            buffer += chunk[..<n]
            return true
        }
    }
}

/// `gspec-bench serve`: the load figure of docs/performance.md.
public enum PlaygroundLoad {
    /// Serves `spec` (nil: the example) on a free loopback port in this
    /// process and streams `clients` clients at 120 Hz for `seconds`; returns the report's line.
    public static func run(spec: String?, clients: Int, seconds: Double) throws -> String {
        let playground = Playground(specPath: spec)
        let server = try HTTPServer(port: 0) { playground.handle($0) }
        Thread { server.serve() }.start()
        let before = LoadTest.residentMB()
        let report = LoadTest.run(port: server.port, playground: playground, clients: clients, seconds: seconds)
        return "\(clients) clients x 120 Hz x \(Int(seconds)) s: \(report); resident memory \(String(format: "%.0f", before)) MB before the clients"
    }
}
