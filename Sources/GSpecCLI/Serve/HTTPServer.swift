import Foundation

/// A small HTTP/1.1 server on POSIX sockets for `gspec serve`: loopback
/// only, persistent connections, one thread per connection (capped), and
/// strict limits. A request that is malformed, too large, too slow, or
/// names another host or origin (DNS rebinding) gets a 4xx and, where the
/// stream can no longer be trusted, a closed connection; the server goes on.
final class HTTPServer: @unchecked Sendable {
    struct Request {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
        var body: [UInt8]
    }

    struct Response {
        var status: Int
        var contentType = "text/plain; charset=utf-8"
        var body: [UInt8] = []

        init(_ status: Int, _ text: String = "", contentType: String = "text/plain; charset=utf-8") {
            (self.status, self.contentType, self.body) = (status, contentType, Array(text.utf8))
        }

        static func json(_ text: String, status: Int = 200) -> Response { Response(status, text, contentType: "application/json") }
    }

    /// What a handler does with a request: answer it, or keep the connection as an event stream.
    enum Outcome {
        case respond(Response)
        /// Server-Sent Events: the headers are sent, then `stream` gets the connection to write to.
        case stream(@Sendable (EventStream) -> Void)
    }

    static let maxHeaderBytes = 16 << 10
    static let maxBodyBytes = 1 << 20
    static let maxConnections = 256
    /// A client that sends nothing for this long is disconnected.
    static let idleSeconds = 10

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Outcome
    private let lock = NSLock()
    private var connections = 0

    /// Binds 127.0.0.1:`port` (0: any free port). Throws a message when it cannot.
    init(port: UInt16, handler: @escaping @Sendable (Request) -> Outcome) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServeError("cannot create a socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withLoopbackAddress(port) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ServeError("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        (listener, self.port) = (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts connections until the process ends.
    func serve() -> Never {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            lock.lock()
            let admitted = connections < Self.maxConnections
            if admitted { connections += 1 }
            lock.unlock()
            guard admitted else {
                write(client, Response(503, "too many connections\n"), keepAlive: false)
                close(client)
                continue
            }
            var timeout = timeval(tv_sec: Self.idleSeconds, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let thread = Thread { [self] in
                handle(client)
                lock.lock()
                connections -= 1
                lock.unlock()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func handle(_ fd: Int32) {
        var buffer: [UInt8] = []
        defer { close(fd) }
        while true {
            // The header section.
            var headerEnd: Int?
            while headerEnd == nil {
                if let end = Self.find([13, 10, 13, 10], in: buffer), end <= Self.maxHeaderBytes { headerEnd = end; break }
                guard buffer.count <= Self.maxHeaderBytes else {
                    write(fd, Response(431, "request header fields too large\n"), keepAlive: false)
                    return
                }
                guard read(fd, into: &buffer) else { return }
            }
            let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
            buffer.removeFirst(headerEnd! + 4)
            guard var request = Self.parse(head) else {
                write(fd, Response(400, "malformed request\n"), keepAlive: false)
                return
            }
            // DNS rebinding: only our own host name and origin.
            let own = ["127.0.0.1:\(port)", "localhost:\(port)"]
            guard let host = request.headers["host"], own.contains(host) else {
                write(fd, Response(421, "this server answers only to 127.0.0.1:\(port)\n"), keepAlive: false)
                return
            }
            if let origin = request.headers["origin"], !own.map({ "http://" + $0 }).contains(origin) {
                write(fd, Response(403, "cross-origin requests are refused\n"), keepAlive: false)
                return
            }
            if request.headers["transfer-encoding"] != nil {
                write(fd, Response(411, "send a Content-Length\n"), keepAlive: false)
                return
            }
            let length = request.headers["content-length"].map { Int($0) } ?? 0
            guard let length, length >= 0 else {
                write(fd, Response(400, "bad Content-Length\n"), keepAlive: false)
                return
            }
            guard length <= Self.maxBodyBytes else {
                write(fd, Response(413, "request body over \(Self.maxBodyBytes >> 20) MiB\n"), keepAlive: false)
                return
            }
            while buffer.count < length { guard read(fd, into: &buffer) else { return } }
            request.body = Array(buffer[..<length])
            buffer.removeFirst(length)
            let keepAlive = request.headers["connection"]?.lowercased() != "close"
            // HEAD is answered as GET is, without the body (RFC 9110, 9.3.2).
            let headOnly = request.method == "HEAD"
            if headOnly { request.method = "GET" }
            switch handler(request) {
            case .respond(let response):
                guard write(fd, response, keepAlive: keepAlive, headOnly: headOnly), keepAlive else { return }
            case .stream where headOnly:
                let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
                _ = writeAll(fd, Array(head.utf8))
                return
            case .stream(let attach):
                let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
                guard writeAll(fd, Array(head.utf8)) else { return }
                let stream = EventStream(fd: fd)
                attach(stream)
                // Hold the connection until the client goes or the stream is closed; what it sends is ignored.
                var scratch = [UInt8](repeating: 0, count: 512)
                while !stream.isClosed {
                    let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { break }
                }
                stream.close()
                return
            }
        }
    }

    /// Reads what is there into `buffer`; false when the client is gone or too slow.
    private func read(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    @discardableResult
    private func write(_ fd: Int32, _ r: Response, keepAlive: Bool, headOnly: Bool = false) -> Bool {
        let head = "HTTP/1.1 \(r.status) \(Self.reason(r.status))\r\nContent-Type: \(r.contentType)\r\nContent-Length: \(r.body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return writeAll(fd, Array(head.utf8) + (headOnly ? [] : r.body))
    }

    static func parse(_ head: String) -> Request? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isUppercase),
              parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line.hasPrefix(" ") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(parts[1])
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = kv.count == 2 ? String(kv[1]).removingPercentEncoding ?? "" : ""
                query[String(kv[0])] = value
            }
        }
        return Request(method: String(parts[0]), path: String(pieces[0]), query: query, headers: headers, body: [])
    }

    static func reason(_ status: Int) -> String {
        [200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
         405: "Method Not Allowed", 409: "Conflict", 411: "Length Required", 413: "Content Too Large", 421: "Misdirected Request",
         422: "Unprocessable Content", 431: "Request Header Fields Too Large", 503: "Service Unavailable"][status] ?? "Status"
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}

/// Calls `body` with the socket address 127.0.0.1:`port` and its length.
func withLoopbackAddress<T>(_ port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

/// A socket connected to 127.0.0.1:`port`, or nil.
func connectLoopback(_ port: UInt16) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    guard withLoopbackAddress(port, { connect(fd, $0, $1) }) == 0 else {
        close(fd)
        return nil
    }
    return fd
}

/// Writes all of `bytes`; false when the peer is gone.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        offset += n
    }
    return true
}

/// One Server-Sent Events connection: `send` writes an event; after a failed write it is closed.
final class EventStream: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var closed = false

    init(fd: Int32) { self.fd = fd }

    var isClosed: Bool { lock.withLock { closed } }

    @discardableResult
    func send(_ data: String) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            var data = Substring(data)
            while data.hasSuffix("\n") { data = data.dropLast() }
            let text = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }.joined(separator: "\n") + "\n\n"
            if !writeAll(fd, Array(text.utf8)) { closed = true }
            return !closed
        }
    }

    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }
}

struct ServeError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
