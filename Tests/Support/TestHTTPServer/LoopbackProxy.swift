import Foundation
import ProcessSpawn

/// tinyproxy on a free loopback port, run with a configuration of the test's own (never the
/// system's daemon, which the Debian package also starts), logging every request it forwards.
public final class LoopbackProxy: Sendable {
    public let port: Int
    private let child: StartedChild
    private let folder: String

    public var url: String { "http://127.0.0.1:\(port)" }

    /// Waits until the proxy accepts connections.
    public static func start() async throws -> LoopbackProxy {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-tinyproxy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let port = try freePort()
        let configuration = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            MaxClients 20
            Allow 127.0.0.1
            LogFile "\(folder)/tinyproxy.log"
            LogLevel Info
            PidFile "\(folder)/tinyproxy.pid"

            """
        try configuration.write(toFile: folder + "/tinyproxy.conf", atomically: true, encoding: .utf8)
        let child = try StartedChild(.redirecting("/usr/bin/tinyproxy", ["-d", "-c", folder + "/tinyproxy.conf"], output: "/dev/null",
                                                  errors: "/dev/null", environment: ProcessInfo.processInfo.environment))
        let proxy = LoopbackProxy(port: port, child: child, folder: folder)
        guard await eventually(within: 10, { acceptsConnections(port: port) }) else {
            proxy.stop()
            throw LoopbackProxyError(message: "tinyproxy did not listen on 127.0.0.1:\(port) (is it installed? scripts/install-packages.sh tinyproxy)")
        }
        return proxy
    }

    private init(port: Int, child: StartedChild, folder: String) {
        self.port = port
        self.child = child
        self.folder = folder
    }

    /// Ends the proxy and removes its folder.
    public func stop() {
        child.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The URLs of the requests it forwarded, as its log names them ("Request (file descriptor 6): GET URL HTTP/1.1").
    public func forwardedURLs() -> [String] {
        let text = (try? String(contentsOfFile: folder + "/tinyproxy.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let request = line.range(of: "Request ("), let end = line[request.upperBound...].range(of: "): ") else { return nil }
            let words = line[end.upperBound...].split(separator: " ")
            return words.count >= 2 ? String(words[1]) : nil
        }
    }

    /// Sends a request of the test's own through the proxy and waits until its log names it.
    /// The proxy logs requests in the order they arrive, so once the marker is there every
    /// request that reached the proxy before it is there too: the log can then be checked
    /// for absence. Returns the marker's URL, the last the log holds.
    public func logMarker() async throws -> String {
        let marker = "http://127.0.0.1:9/wpnews-marker-\(UUID().uuidString)"
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        let request = Array("GET \(marker) HTTP/1.0\r\nHost: 127.0.0.1:9\r\n\r\n".utf8)
        guard connected, send(socket, request, request.count, 0) == request.count,
              await eventually(within: 10, { forwardedURLs().contains(marker) }) else {
            throw LoopbackProxyError(message: "tinyproxy on 127.0.0.1:\(port) did not log the marker request")
        }
        return marker
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw LoopbackProxyError(message: "no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func acceptsConnections(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

public struct LoopbackProxyError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
