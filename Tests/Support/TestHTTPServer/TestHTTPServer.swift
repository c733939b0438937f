// TestHTTPServer.swift
//
// A small in-process HTTP/1.1 server for tests (Linux / Glibc).
//
// * Binds 127.0.0.1 on an ephemeral port; every connection is served on its
//   own thread, so delayed or stalled answers never block other requests.
// * One request per connection: every response is sent with
//   `Connection: close` (unless the handler set a `Connection` header) and the
//   connection is closed afterwards.
// * While a response is delayed (`delay`) or stalled (`.stall`), the socket is
//   watched with poll(2); if the client hangs up first, the request is
//   recorded in `hungUpRequests`. This is how tests observe cancellation.
// * `peakRequestsInProgress` is the most requests that were received and not yet
//   answered at one time: how tests see a client's limit on concurrent requests.
// * With `answersNonHTTPAtOnce`, a connection that does not start like an HTTP
//   request (a TLS hello) is answered with 400 at once, as real servers do;
//   otherwise it waits for a request head that never comes.
// * `stop()` (also run by `deinit`) closes the listener and every open
//   connection, and waits for the server's threads to finish. After `stop()` the
//   port stays bound (not listening) until the test process ends, so connections
//   to it are refused: a test that stops a server to see a site go down is never
//   answered by another test's server that was given the same port.

#if canImport(Glibc)
import Glibc
#else
#error("TestHTTPServer supports Linux (Glibc) only")
#endif
import Dispatch
import Foundation
import Synchronization

// MARK: - Request

/// A request as received by the server.
public struct TestRequest: Sendable {
    /// The method as sent, e.g. "GET".
    public let method: String
    /// The request target as sent: path and query (e.g. "/wp-json/wp/v2/posts?page=2").
    public let target: String
    /// The path part of the target, as sent (not percent-decoded), without the query.
    public let path: String
    /// The query parameters, percent-decoded (`+` is decoded as a space, as PHP does).
    /// When a name occurs more than once, the last value wins.
    public let query: [String: String]
    /// The header fields, with lower-cased names. Repeated fields are joined with ", ".
    public let headers: [String: String]
    /// The body (Content-Length or de-chunked Transfer-Encoding: chunked).
    public let body: [UInt8]

    public init(method: String, target: String, path: String, query: [String: String],
                headers: [String: String], body: [UInt8]) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The body decoded as UTF-8 (invalid sequences are replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The value of a header field; `name` is matched case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

// MARK: - Response

/// What the server answers to a request.
public struct TestResponse: Sendable {
    public enum Action: Sendable, Equatable {
        /// Send the response (after `delay`).
        case respond
        /// Close the connection without sending anything (after `delay`):
        /// the client sees an empty reply (curl: CURLE_GOT_NOTHING, exit 52).
        case closeWithoutResponse
        /// Abort the connection with a TCP RST (after `delay`): the client sees
        /// a connection reset (curl: CURLE_RECV_ERROR, exit 56).
        case resetConnection
        /// Never answer; wait until the client hangs up or the server stops.
        case stall
    }

    public var status: Int
    /// Header fields sent as given, in order. `Content-Length` and `Connection: close`
    /// are added unless present (no Content-Length is added when the handler sets
    /// `Transfer-Encoding`; the body is then sent verbatim).
    public var headers: [(String, String)]
    /// The body. It is not sent for HEAD requests, nor for 1xx/204/304 statuses.
    /// A handler-set `Content-Length` is sent as is, which allows truncated bodies.
    public var body: [UInt8]
    /// Seconds to wait before acting, while watching whether the client hangs up.
    public var delay: Double
    public var action: Action

    public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [],
                delay: Double = 0, action: Action = .respond) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.action = action
    }

    public init(status: Int = 200, headers: [(String, String)] = [], body: String,
                delay: Double = 0, action: Action = .respond) {
        self.init(status: status, headers: headers, body: Array(body.utf8), delay: delay, action: action)
    }

    /// `application/json; charset=UTF-8` (what WordPress sends).
    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        typed(text, "application/json; charset=UTF-8", status, headers)
    }

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        typed(text, "text/plain; charset=utf-8", status, headers)
    }

    /// `text/html; charset=UTF-8`.
    public static func html(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        typed(text, "text/html; charset=UTF-8", status, headers)
    }

    /// A response with the given status and an empty body.
    public static func status(_ status: Int, headers: [(String, String)] = []) -> TestResponse {
        TestResponse(status: status, headers: headers)
    }

    /// Close the connection without answering (the client sees an empty reply).
    public static func closeWithoutResponse(delay: Double = 0) -> TestResponse {
        TestResponse(status: 0, delay: delay, action: .closeWithoutResponse)
    }

    /// Reset the connection (TCP RST) without answering.
    public static func resetConnection(delay: Double = 0) -> TestResponse {
        TestResponse(status: 0, delay: delay, action: .resetConnection)
    }

    /// Never answer.
    public static func stall() -> TestResponse {
        TestResponse(status: 0, action: .stall)
    }

    /// This response, answered after `seconds`.
    public func delayed(_ seconds: Double) -> TestResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    private static func typed(_ text: String, _ contentType: String, _ status: Int,
                              _ headers: [(String, String)]) -> TestResponse {
        var all = headers
        if !all.contains(where: { $0.0.lowercased() == "content-type" }) {
            all.insert(("Content-Type", contentType), at: 0)
        }
        return TestResponse(status: status, headers: all, body: Array(text.utf8))
    }
}

// MARK: - Errors

public struct TestHTTPServerError: Error, CustomStringConvertible {
    public let operation: String
    public let code: Int32

    public var description: String {
        "TestHTTPServer: \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}

// MARK: - Server

public final class TestHTTPServer: Sendable {
    private let core: ServerCore

    /// The TCP port the server listens on (127.0.0.1).
    public let port: Int

    /// "http://127.0.0.1:PORT"
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting connections on its
    /// own thread. `handler` is called on the connection's thread, once per request;
    /// it may run concurrently for concurrent requests. Do not call `stop()` from it.
    /// `answersNonHTTPAtOnce`: answer a connection that does not start like HTTP (such as
    /// a TLS hello) with 400 at once, as nginx and Apache do, instead of waiting for a
    /// request head until the client gives up.
    public init(answersNonHTTPAtOnce: Bool = false, _ handler: @escaping @Sendable (TestRequest) -> TestResponse) throws {
        let (core, port) = try ServerCore.start(handler: handler, answersNonHTTPAtOnce: answersNonHTTPAtOnce)
        self.core = core
        self.port = port
    }

    deinit {
        core.stop(holdingPort: false)
    }

    /// `baseURL` followed by `pathAndQuery` (which should start with "/").
    public func url(_ pathAndQuery: String) -> String { baseURL + pathAndQuery }

    /// Every request received (parsed completely), in arrival order.
    public var requests: [TestRequest] { core.state.withLock { $0.requests } }

    /// Requests whose client closed the connection before the (delayed or stalled)
    /// response was written.
    public var hungUpRequests: [TestRequest] { core.state.withLock { $0.hungUp } }

    /// The most requests that were received and not yet answered (nor hung up on) at once.
    /// A request stops counting just before its answer is written, so a client cannot have
    /// read the answer while the request still counts.
    public var peakRequestsInProgress: Int { core.state.withLock { $0.peakInProgress } }

    /// Closes the listener and all open connections, and waits (up to 5 s, in case a
    /// handler blocks) for the server's threads to finish. Idempotent. The port stays
    /// bound, refusing connections, until the test process ends.
    public func stop() {
        core.stop(holdingPort: true)
    }
}

// MARK: - Implementation

private let maxHeadBytes = 64 * 1024
private let maxBodyBytes = 64 * 1024 * 1024
private let requestIdleTimeout = 30.0
private let lingerTimeout = 1.0
private let pollRDHUP: Int16 = 0x2000  // POLLRDHUP (Linux)

// accept4(2) and pipe2(2) are not visible through the Glibc module (they need
// _GNU_SOURCE), so they are looked up at run time, with a fallback that sets the
// flags afterwards. Close-on-exec matters: tests spawn processes (curl) and an
// inherited descriptor would keep connections open.
private typealias Accept4Function = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?,
                                                    UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
private typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

private func setCloexecNonblock(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
}

private func acceptConnection(_ listenFD: Int32) -> Int32 {
    if let symbol = dlsym(nil, "accept4") {  // nil handle = RTLD_DEFAULT
        let accept4 = unsafeBitCast(symbol, to: Accept4Function.self)
        return accept4(listenFD, nil, nil, Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue))
    }
    let fd = accept(listenFD, nil, nil)
    if fd >= 0 { setCloexecNonblock(fd) }
    return fd
}

private func makePipe(_ fds: inout [Int32]) -> Int32 {
    if let symbol = dlsym(nil, "pipe2") {
        let pipe2 = unsafeBitCast(symbol, to: Pipe2Function.self)
        return pipe2(&fds, O_CLOEXEC | O_NONBLOCK)
    }
    let result = pipe(&fds)
    if result == 0 { fds.forEach(setCloexecNonblock) }
    return result
}

private func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Binds `fd` to 127.0.0.1:`port` (0: any free port), shareable with the port holder.
private func bindLoopback(_ fd: Int32, port: UInt16) -> Int32 {
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = port.bigEndian
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
}

/// Milliseconds until `deadline` for poll(2), clamped to 1...cap.
private func pollTimeout(until deadline: Double?, cap: Int32 = 50) -> Int32 {
    guard let deadline else { return cap }
    let ms = (deadline - monotonicNow()) * 1000
    if ms >= Double(cap) { return cap }
    return max(1, Int32(ms.rounded(.up)))
}

private struct ServerState: Sendable {
    var stopped = false
    var wakeClosed = false
    var requests: [TestRequest] = []
    var hungUp: [TestRequest] = []
    var inProgress = 0
    var peakInProgress = 0
    var openFDs: Set<Int32> = []
}

/// Sockets that keep stopped servers' ports bound until the test process ends.
private let portHolders = Mutex<[Int32]>([])

/// Shared by the public object and the server threads. The threads keep it alive,
/// so the public object can be deinitialised (and stop the server) while they run.
/// Sendable: only `let` properties, all Sendable; mutable state is behind a Mutex.
private final class ServerCore: Sendable {
    let handler: @Sendable (TestRequest) -> TestResponse
    let answersNonHTTPAtOnce: Bool
    let listenFD: Int32
    let wakeRead: Int32   // becomes readable (forever) once stop() is called
    let wakeWrite: Int32
    let state = Mutex(ServerState())
    let group = DispatchGroup()

    private init(handler: @escaping @Sendable (TestRequest) -> TestResponse, answersNonHTTPAtOnce: Bool,
                 listenFD: Int32, wakeRead: Int32, wakeWrite: Int32) {
        self.handler = handler
        self.answersNonHTTPAtOnce = answersNonHTTPAtOnce
        self.listenFD = listenFD
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
    }

    deinit {
        state.withLock { s in
            if !s.wakeClosed {
                s.wakeClosed = true
                close(wakeRead)
                close(wakeWrite)
            }
        }
    }

    static func start(handler: @escaping @Sendable (TestRequest) -> TestResponse,
                      answersNonHTTPAtOnce: Bool) throws -> (ServerCore, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw TestHTTPServerError(operation: "socket", code: errno) }
        func fail(_ operation: String) -> TestHTTPServerError {
            let error = TestHTTPServerError(operation: operation, code: errno)
            close(fd)
            return error
        }
        guard bindLoopback(fd, port: 0) == 0 else { throw fail("bind") }
        guard listen(fd, 128) == 0 else { throw fail("listen") }

        var addr = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        guard named == 0 else { throw fail("getsockname") }
        let port = Int(UInt16(bigEndian: addr.sin_port))

        var pipeFDs: [Int32] = [-1, -1]
        guard makePipe(&pipeFDs) == 0 else { throw fail("pipe") }

        let core = ServerCore(handler: handler, answersNonHTTPAtOnce: answersNonHTTPAtOnce,
                              listenFD: fd, wakeRead: pipeFDs[0], wakeWrite: pipeFDs[1])
        core.group.enter()
        let thread = Thread { core.acceptLoop() }
        thread.name = "TestHTTPServer accept :\(port)"
        thread.start()
        return (core, port)
    }

    func stop(holdingPort: Bool) {
        state.withLock { s in
            guard !s.stopped else { return }
            s.stopped = true
            if holdingPort, let holder = holdPort() { portHolders.withLock { $0.append(holder) } }
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            // Shut down (not close) open connections: each thread still owns and closes
            // its descriptor, and removes it from `openFDs` under this lock before closing,
            // so these descriptors cannot have been reused.
            for fd in s.openFDs { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        if group.wait(timeout: .now() + 5) == .success {
            state.withLock { s in
                if !s.wakeClosed {
                    s.wakeClosed = true
                    close(wakeRead)
                    close(wakeWrite)
                }
            }
        }
    }

    /// Binds a second socket to the listener's port before the listener closes. It never
    /// listens, so connections are refused, and the kernel gives a bound port to no one
    /// who asks for any free port. SO_REUSEPORT (set on both) lets it bind beside the
    /// listener; SO_REUSEADDR beside the closed connections' TIME_WAIT.
    private func holdPort() -> Int32? {
        var addr = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listenFD, $0, &len) }
        }
        guard named == 0 else { return nil }
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard holder >= 0 else { return nil }
        guard bindLoopback(holder, port: UInt16(bigEndian: addr.sin_port)) == 0 else {
            close(holder)
            return nil
        }
        return holder
    }

    func waitUntil(timeout: Double, _ condition: (borrowing ServerState) -> Bool) -> Bool {
        let deadline = monotonicNow() + timeout
        while true {
            if state.withLock({ condition($0) }) { return true }
            if monotonicNow() >= deadline { return false }
            usleep(2_000)
        }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Records a hang-up, unless it was caused by stop().
    func recordHangUp(_ request: TestRequest) {
        state.withLock { s in
            if !s.stopped { s.hungUp.append(request) }
        }
    }

    // MARK: Accepting

    private func acceptLoop() {
        defer {
            close(listenFD)
            group.leave()
        }
        while true {
            var fds = [pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let fd = acceptConnection(listenFD)
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO:
                    continue
                default:  // e.g. EMFILE: back off rather than spin
                    usleep(10_000)
                    continue
                }
            }
            let registered = state.withLock { s -> Bool in
                if s.stopped { return false }
                s.openFDs.insert(fd)
                return true
            }
            guard registered else {
                close(fd)
                return
            }
            group.enter()
            let thread = Thread { [self] in
                self.serve(fd)
            }
            thread.name = "TestHTTPServer connection"
            thread.start()
        }
    }

    // MARK: Serving a connection

    private func serve(_ fd: Int32) {
        let conn = Connection(fd: fd, wake: wakeRead)
        defer {
            state.withLock { s in
                s.openFDs.remove(fd)
                close(fd)
            }
            group.leave()
        }

        let request: TestRequest
        switch readRequest(conn) {
        case .success(let r):
            request = r
        case .failure(.bad(let status)):
            _ = conn.writeAll(simpleResponse(status))
            conn.finish()
            return
        case .failure:
            return
        }

        state.withLock { s in
            s.requests.append(request)
            s.inProgress += 1
            s.peakInProgress = max(s.peakInProgress, s.inProgress)
        }
        let response = handler(request)

        var outcome = WaitOutcome.elapsed
        if response.action == .stall {
            outcome = conn.waitForHangUp(deadline: nil)
        } else if response.delay > 0 {
            outcome = conn.waitForHangUp(deadline: monotonicNow() + response.delay)
        }
        state.withLock { $0.inProgress -= 1 }
        switch outcome {
        case .hungUp:
            recordHangUp(request)
            return
        case .stopped:
            return
        case .elapsed:
            break
        }

        switch response.action {
        case .respond:
            switch conn.writeAll(serialize(response, method: request.method)) {
            case .ok: conn.finish()
            case .peerClosed: recordHangUp(request)
            case .stopped: return
            }
        case .closeWithoutResponse:
            conn.finish()
        case .resetConnection:
            var lingerOption = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &lingerOption, socklen_t(MemoryLayout<linger>.size))
        case .stall:
            return
        }
    }

    private enum RequestError: Error {
        case closed             // client went away, timed out, or the server stopped
        case bad(Int)           // malformed: answer with this status
    }

    private func readRequest(_ conn: Connection) -> Result<TestRequest, RequestError> {
        let headBytes: [UInt8]
        switch conn.readHead(rejectingNonHTTP: answersNonHTTPAtOnce) {
        case .head(let bytes): headBytes = bytes
        case .tooLarge: return .failure(.bad(431))
        case .notHTTP: return .failure(.bad(400))
        case .closed: return .failure(.closed)
        }

        // Split the bytes (a String would treat CR LF as one Character).
        var lines = headBytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            line -> Substring in
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            return Substring(String(decoding: trimmed, as: UTF8.self))
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }  // leading CRLFs are allowed
        guard let requestLine = lines.first else { return .failure(.bad(400)) }

        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3,
              !parts[0].isEmpty,
              parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }),
              !parts[1].isEmpty,
              parts[2].hasPrefix("HTTP/1.")
        else { return .failure(.bad(400)) }
        let method = String(parts[0])
        let target = String(parts[1])

        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.bad(400)) }
            let name = line[..<colon]
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else {
                return .failure(.bad(400))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let key = name.lowercased()
            if let existing = headers[key] {
                headers[key] = existing + ", " + value
            } else {
                headers[key] = value
            }
        }

        let chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") ?? false
        var contentLength = 0
        if !chunked, let value = headers["content-length"] {
            // Repeated identical values ("5, 5") are tolerated.
            let values = Set(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let only = values.first, !only.isEmpty,
                  only.allSatisfy({ $0.isASCII && $0.isNumber }), only.count <= 12,
                  let length = Int(only)
            else { return .failure(.bad(400)) }
            guard length <= maxBodyBytes else { return .failure(.bad(413)) }
            contentLength = length
        }

        if (chunked || contentLength > 0), headers["expect"]?.lowercased() == "100-continue" {
            guard conn.writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) == .ok else {
                return .failure(.closed)
            }
        }

        var body: [UInt8] = []
        if chunked {
            switch readChunkedBody(conn) {
            case .success(let bytes): body = bytes
            case .failure(let error): return .failure(error)
            }
        } else if contentLength > 0 {
            guard let bytes = conn.readExact(contentLength) else { return .failure(.closed) }
            body = bytes
        }

        let (path, query) = splitTarget(target)
        return .success(TestRequest(method: method, target: target, path: path, query: query,
                                    headers: headers, body: body))
    }

    private func readChunkedBody(_ conn: Connection) -> Result<[UInt8], RequestError> {
        var body: [UInt8] = []
        while true {
            guard let line = conn.readLine() else { return .failure(.closed) }
            let sizeText = String(decoding: line, as: UTF8.self)
                .split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16), size >= 0 else {
                return .failure(.bad(400))
            }
            if size == 0 {
                // Trailer fields, up to the empty line.
                while true {
                    guard let trailer = conn.readLine() else { return .failure(.closed) }
                    if trailer.isEmpty { return .success(body) }
                }
            }
            guard body.count + size <= maxBodyBytes else { return .failure(.bad(413)) }
            guard let data = conn.readExact(size) else { return .failure(.closed) }
            body += data
            guard let end = conn.readLine() else { return .failure(.closed) }
            guard end.isEmpty else { return .failure(.bad(400)) }
        }
    }
}

// MARK: - Helpers

private func splitTarget(_ target: String) -> (String, [String: String]) {
    var rest = Substring(target)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    // Absolute form ("http://host/path"), as sent to proxies.
    if rest.hasPrefix("http://") || rest.hasPrefix("https://") {
        let afterScheme = rest[rest.range(of: "://")!.upperBound...]
        if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
            rest = afterScheme[slash...]
        } else {
            rest = "/"
        }
        if rest.hasPrefix("?") { rest = "/" + rest }
    }
    guard let questionMark = rest.firstIndex(of: "?") else { return (String(rest), [:]) }
    let path = String(rest[..<questionMark])
    var query: [String: String] = [:]
    for pair in rest[rest.index(after: questionMark)...].split(separator: "&") where !pair.isEmpty {
        if let equals = pair.firstIndex(of: "=") {
            query[formDecode(pair[..<equals])] = formDecode(pair[pair.index(after: equals)...])
        } else {
            query[formDecode(pair)] = ""
        }
    }
    return (path, query)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// Percent-decoding with `+` as space; malformed escapes are kept literally.
private func formDecode(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        let byte = bytes[i]
        if byte == UInt8(ascii: "%"), i + 2 < bytes.count,
           let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
            out.append(high << 4 | low)
            i += 3
        } else {
            out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

private let reasonPhrases: [Int: String] = [
    100: "Continue", 101: "Switching Protocols",
    200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
    301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
    307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
    410: "Gone", 411: "Length Required", 413: "Content Too Large", 414: "URI Too Long",
    415: "Unsupported Media Type", 416: "Range Not Satisfiable", 418: "I'm a teapot",
    422: "Unprocessable Content", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
]

private func serialize(_ response: TestResponse, method: String) -> [UInt8] {
    let status = response.status
    var head = "HTTP/1.1 \(status) \(reasonPhrases[status] ?? "Status \(status)")\r\n"
    var hasLength = false, hasEncoding = false, hasConnection = false
    for (name, value) in response.headers {
        switch name.lowercased() {
        case "content-length": hasLength = true
        case "transfer-encoding": hasEncoding = true
        case "connection": hasConnection = true
        default: break
        }
        head += "\(name): \(value)\r\n"
    }
    let bodyAllowed = !((100..<200).contains(status) || status == 204 || status == 304)
    if bodyAllowed && !hasLength && !hasEncoding {
        head += "Content-Length: \(response.body.count)\r\n"
    }
    if !hasConnection {
        head += "Connection: close\r\n"
    }
    head += "\r\n"
    var bytes = Array(head.utf8)
    if bodyAllowed && method != "HEAD" {
        bytes += response.body
    }
    return bytes
}

private func simpleResponse(_ status: Int) -> [UInt8] {
    let reason = reasonPhrases[status] ?? "Error"
    return serialize(TestResponse(status: status, headers: [("Content-Type", "text/plain")],
                                  body: Array("\(reason)\n".utf8)), method: "GET")
}

private enum WaitOutcome { case elapsed, hungUp, stopped }
private enum WriteOutcome { case ok, peerClosed, stopped }
private enum HeadOutcome { case head([UInt8]), tooLarge, notHTTP, closed }

/// Buffered I/O on one non-blocking connection; used by its thread only.
private final class Connection {
    let fd: Int32
    let wake: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0

    init(fd: Int32, wake: Int32) {
        self.fd = fd
        self.wake = wake
    }

    /// Polls `fd` for `events` and the wake pipe. Returns the fd's revents,
    /// 0 on timeout, or nil if the server is stopping.
    private func wait(_ events: Int16, timeout: Int32) -> Int16? {
        var fds = [pollfd(fd: fd, events: events, revents: 0),
                   pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, timeout)
        if ready < 0 { return errno == EINTR ? 0 : nil }
        if fds[1].revents != 0 { return nil }
        return fds[0].revents
    }

    /// Reads more data into the buffer. False on EOF, error, stop or idle timeout.
    private func fill() -> Bool {
        let deadline = monotonicNow() + requestIdleTimeout
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return true
            }
            if n == 0 { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            if monotonicNow() >= deadline { return false }
            guard wait(Int16(POLLIN), timeout: pollTimeout(until: deadline, cap: 1000)) != nil else { return false }
        }
    }

    /// Reads up to and including the empty line ending the head (CRLF CRLF or LF LF).
    /// With `rejectingNonHTTP`, gives up as soon as the first byte cannot start a method.
    func readHead(rejectingNonHTTP: Bool) -> HeadOutcome {
        while true {
            var i = scanned
            while i < buffer.count {
                if buffer[i] == UInt8(ascii: "\n") {
                    var end: Int?
                    if i + 1 < buffer.count, buffer[i + 1] == UInt8(ascii: "\n") {
                        end = i + 2
                    } else if i + 2 < buffer.count, buffer[i + 1] == UInt8(ascii: "\r"),
                              buffer[i + 2] == UInt8(ascii: "\n") {
                        end = i + 3
                    } else if i + 2 >= buffer.count {
                        break  // need more bytes to decide
                    }
                    if let end {
                        let head = Array(buffer[0..<end])
                        buffer.removeFirst(end)
                        scanned = 0
                        return .head(head)
                    }
                }
                i += 1
            }
            scanned = i
            if buffer.count > maxHeadBytes { return .tooLarge }
            // A method starts with a letter; a TLS hello starts with 0x16.
            if rejectingNonHTTP, let first = buffer.first(where: { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }),
               !((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)) {
                return .notHTTP
            }
            if !fill() { return .closed }
        }
    }

    /// Reads exactly `count` bytes (beyond what is buffered).
    func readExact(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            if !fill() { return nil }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Reads one line (without its CRLF / LF), at most 8 KiB.
    func readLine() -> [UInt8]? {
        var from = 0
        while true {
            if let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[0..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            }
            from = buffer.count
            if buffer.count > 8 * 1024 { return nil }
            if !fill() { return nil }
        }
    }

    func writeAll(_ bytes: [UInt8]) -> WriteOutcome {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                guard wait(Int16(POLLOUT), timeout: 100) != nil else { return .stopped }
                continue
            }
            return .peerClosed
        }
        return .ok
    }

    /// Waits until `deadline` (forever if nil), noticing whether the client hangs up.
    /// Anything the client sends meanwhile is discarded.
    func waitForHangUp(deadline: Double?) -> WaitOutcome {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            if let deadline, monotonicNow() >= deadline { return .elapsed }
            guard let revents = wait(Int16(POLLIN) | pollRDHUP, timeout: pollTimeout(until: deadline, cap: 20)) else {
                return .stopped
            }
            if revents & (Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL) | pollRDHUP) != 0 {
                return .hungUp
            }
            if revents & Int16(POLLIN) != 0 {
                let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n == 0 { return .hungUp }
                if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return .hungUp }
            }
        }
    }

    /// Graceful close: half-close our side, then read until the client closes (or a
    /// short timeout), so that unread input cannot turn our close into a RST that
    /// would destroy the response before the client reads it.
    func finish() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = monotonicNow() + lingerTimeout
        var scratch = [UInt8](repeating: 0, count: 4096)
        while monotonicNow() < deadline {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return }
            if n < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
                guard wait(Int16(POLLIN), timeout: pollTimeout(until: deadline, cap: 100)) != nil else { return }
            }
        }
    }
}
