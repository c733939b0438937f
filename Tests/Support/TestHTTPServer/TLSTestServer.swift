import Foundation
import ProcessSpawn

/// `openssl s_server` on 127.0.0.1 with a certificate made for the test.
///
/// It answers `GET /NAME` with the file NAME from `responses`, which holds the whole answer,
/// status line and headers too (`-HTTP`), one connection at a time. `stop()` (also run by
/// `deinit`) ends it and removes its folder.
public final class TLSTestServer: Sendable {
    public enum Certificate: Sendable {
        /// Self-signed and made out for 127.0.0.1: trusted only through `caFile`.
        case forThisHost
        /// Self-signed and made out for other.example alone.
        case forAnotherHost
        /// Self-signed for 127.0.0.1, and valid only on 1 January 2020.
        case expired
    }

    public static let okResponse = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\nsecure"

    public let port: Int
    /// The server's certificate, which is its own issuer: a CA file that trusts it.
    public let caFile: String
    private let folder: URL
    private let server: StartedChild

    private init(port: Int, caFile: String, folder: URL, server: StartedChild) {
        self.port = port
        self.caFile = caFile
        self.folder = folder
        self.server = server
    }

    /// Makes the certificate and starts the server (well under a second), waiting for both
    /// without holding a thread the tests share.
    /// `redirectTo`: answer every request, HEAD too (which s_server never answers), with a
    /// 301 to this address, from a small Python server instead of s_server.
    private static func launch(_ certificate: Certificate, responses: [String: String], redirectTo target: String? = nil) async throws -> TLSTestServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, response) in responses {
            try response.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try await makeCertificate(certificate, in: folder)

        // Its stdout goes to a file, read until it says where it listens.
        let said = folder.appendingPathComponent("stdout").path
        let server = try StartedChild(target.map { tool(["python3", "-c", redirectServer, $0], in: folder, output: said) }
            ?? tool(["openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", "cert.pem", "-key", "key.pem", "-HTTP"], in: folder, output: said))
        _ = await eventually { server.exit != nil || acceptedPort(saidIn: said) != nil }
        guard let port = acceptedPort(saidIn: said) else {
            server.stop()
            let text = (try? String(contentsOfFile: said, encoding: .utf8)) ?? ""
            throw TLSTestServerError(message: "openssl s_server ended or did not listen: \(text)")
        }
        return TLSTestServer(port: port, caFile: folder.appendingPathComponent("cert.pem").path, folder: folder, server: server)
    }

    public static func start(_ certificate: Certificate, responses: [String: String] = ["ok": okResponse]) async throws -> TLSTestServer {
        try await launch(certificate, responses: responses)
    }

    /// A server (trusted through `caFile`) that sends every request on to `target`.
    public static func redirecting(to target: String) async throws -> TLSTestServer {
        try await launch(.forThisHost, responses: [:], redirectTo: target)
    }

    deinit {
        stop()
    }

    public func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: openssl

    private static func makeCertificate(_ certificate: Certificate, in folder: URL) async throws {
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "key.pem"]
        let thisHost = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        switch certificate {
        case .forThisHost:
            try await run(["req", "-x509"] + key + thisHost + ["-days", "2", "-out", "cert.pem"], in: folder)
        case .forAnotherHost:
            try await run(["req", "-x509"] + key + ["-subj", "/CN=other.example", "-addext", "subjectAltName=DNS:other.example", "-days", "2", "-out", "cert.pem"], in: folder)
        case .expired:
            // `req -x509` only makes certificates that start now; `ca` takes any dates.
            let configuration = """
                [ca]
                default_ca = test
                [test]
                database = index.txt
                serial = serial
                new_certs_dir = .
                default_md = sha256
                policy = any
                copy_extensions = copy
                [any]
                commonName = supplied
                """
            try configuration.write(to: folder.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
            try "".write(to: folder.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
            try "01\n".write(to: folder.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
            try await run(["req", "-new"] + key + thisHost + ["-out", "request.pem"], in: folder)
            try await run(["ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", "key.pem", "-in", "request.pem",
                           "-out", "cert.pem", "-startdate", "20200101000000Z", "-enddate", "20200102000000Z"], in: folder)
        }
    }

    /// `/usr/bin/env NAME ...` in the server's folder, with the tests' environment (PATH finds
    /// it), its stderr dropped.
    private static func tool(_ words: [String], in folder: URL, output: String? = nil) -> ChildProcess {
        .redirecting("/usr/bin/env", words, output: output, errors: "/dev/null", in: folder.path, environment: ProcessInfo.processInfo.environment)
    }

    /// Answers GET and HEAD with a 301 to argv[1]; says where it listens as s_server does.
    private static let redirectServer = """
        import http.server, ssl, sys
        class Redirect(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(301)
                self.send_header("Location", sys.argv[1])
                self.send_header("Content-Length", "0")
                self.end_headers()
            do_HEAD = do_GET
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain("cert.pem", "key.pem")
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print("ACCEPT 127.0.0.1:%d" % server.server_address[1], flush=True)
        server.serve_forever()
        """

    private static func run(_ arguments: [String], in folder: URL) async throws {
        let finished = try await tool(["openssl"] + arguments, in: folder, output: "/dev/null").finish(input: .nothing)
        guard finished.exit == .exited(0) else {
            throw TLSTestServerError(message: "openssl \(arguments.prefix(2).joined(separator: " ")) \(finished.exit)")
        }
    }

    /// s_server prints "ACCEPT 127.0.0.1:PORT" once it listens.
    private static func acceptedPort(saidIn file: String) -> Int? {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        // The last piece may be a line still being written.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() where line.hasPrefix("ACCEPT ") {
            if let port = line.split(separator: ":").last.flatMap({ Int($0) }) { return port }
        }
        return nil
    }
}

struct TLSTestServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { "TLSTestServer: \(message) (is openssl installed?)" }
}
