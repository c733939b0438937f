import CCurl
import FoundationEssentials
import Synchronization
import URLSyntax

/// What the curl thread hands back when a transfer ends.
struct CurlOutcome: Sendable {
    var code: CURLcode
    var errorDetail: String
    var status: Int
    var headers: HTTPHeaders
    var body: Data
    /// The bytes of the status lines and headers received (all of them, redirects included).
    var headerBytes: Int
    var effectiveURL: String
    /// The status of each redirect followed, in order.
    var redirects: [Int] = []
    /// Where a redirect that was not followed pointed (a request with a body follows none).
    var redirectNotFollowed: String?
    var exceededSizeLimit: Bool
    var milliseconds: Double
    /// Where each redirect followed led, in order.
    var redirectTargets: [String] = []
    /// The address a connection reached, or a redirect named, that the request refuses: the
    /// host (and port) as written, the address and what kind it is.
    var refusedAddress: (host: String, address: String, kind: AddressKind)?
}

/// One easy handle and the buffers it fills.
///
/// Threading rule: the creating task configures it, then hands it to `CurlMulti.enqueue`;
/// from then on only the curl thread touches the handle, the buffers and the continuation.
/// The one exception is `cancelRequested`, which is guarded by its own lock.
final class CurlTransfer: HostBound, @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let url: String
    let origin: String
    /// Host and port as a person reads them.
    let host: String
    private let maxResponseBytes: Int
    private let followsRedirects: Bool
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headers = HTTPHeaders()
    /// The status of every status line so far: all but the last are redirects followed
    /// (or a 100 Continue).
    private var statuses: [Int] = []
    private var body = Data()
    private var exceededSizeLimit = false
    /// Checked on each connection: none behind a proxy, whose address the connection reaches.
    private let refusedAddresses: Set<AddressKind>
    /// Checked on each redirect's target before it is followed, proxy or not.
    private let redirectCheck: HTTPRequest
    private var refusedAddress: (host: String, address: String, kind: AddressKind)?
    /// The address each status line so far answered for, redirects resolved in turn.
    private var currentURL: String
    private var redirectTargets: [String] = []
    private var continuation: CheckedContinuation<CurlOutcome, any Error>?
    private let cancelFlag = Mutex(false)

    init(request: HTTPRequest, configuration: HTTPClientConfiguration) throws(HTTPError) {
        if let refused = request.refusedHost {
            throw .refusedAddress(host: request.host, address: refused.address, kind: refused.kind)
        }
        guard let easy = wpnews_curl_easy_init() else {
            throw .transferFailed(url: request.displayURL, detail: "libcurl could not create a handle")
        }
        if request.credential != nil, !request.mayCarryCredentials {
            wpnews_curl_easy_cleanup(easy)
            throw .credentialsOverPlainHTTP(host: request.host)
        }
        self.easy = easy
        self.url = request.url
        origin = request.origin
        host = request.host
        self.maxResponseBytes = request.maxResponseBytes ?? configuration.maxResponseBytes
        followsRedirects = request.followsRedirects
        currentURL = request.url
        // A proxy connects on our behalf: the address reached would be the proxy's (the host
        // as written was checked above).
        refusedAddresses = configuration.proxy.proxy(forHTTPS: request.isHTTPS) == nil ? request.refusedAddresses : []
        redirectCheck = request
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(to: 0)
        try configure(request: request, configuration: configuration)
    }

    deinit {
        wpnews_curl_easy_cleanup(easy)
        wpnews_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    var cancelRequested: Bool { cancelFlag.withLock { $0 } }

    func requestCancel() { cancelFlag.withLock { $0 = true } }

    func attach(_ continuation: CheckedContinuation<CurlOutcome, any Error>) {
        self.continuation = continuation
    }

    /// Curl thread only: hands the caller its answer, or why there is none (`CancellationError`,
    /// or an `HTTPError` for a request that was never handed to libcurl). Later calls do nothing.
    func end(_ result: Result<CurlOutcome, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }

    /// Curl thread only, once libcurl is done with the handle.
    func outcome(code: CURLcode) -> CurlOutcome {
        var status = 0
        wpnews_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafeMutablePointer<CChar>?
        wpnews_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        var headerBytes = 0
        wpnews_easy_getinfo_long(easy, CURLINFO_HEADER_SIZE, &headerBytes)
        var microseconds: curl_off_t = 0
        wpnews_easy_getinfo_off_t(easy, CURLINFO_TOTAL_TIME_T, &microseconds)
        var redirect: UnsafeMutablePointer<CChar>?
        if !followsRedirects { wpnews_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &redirect) }
        return CurlOutcome(
            code: code,
            errorDetail: String(cString: errorBuffer),
            status: status,
            headers: headers,
            body: body,
            headerBytes: headerBytes,
            effectiveURL: effective.map { String(cString: $0) } ?? url,
            redirects: statuses.dropLast().filter { (300..<400).contains($0) },
            redirectNotFollowed: redirect.map { String(cString: $0) },
            exceededSizeLimit: exceededSizeLimit,
            milliseconds: Double(microseconds) / 1000,
            redirectTargets: redirectTargets,
            refusedAddress: refusedAddress
        )
    }

    private func configure(request: HTTPRequest, configuration: HTTPClientConfiguration) throws(HTTPError) {
        let timeout = request.timeout ?? configuration.timeout
        wpnews_easy_setopt_string(easy, CURLOPT_URL, request.url)
        wpnews_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        // An https request may not be redirected to plain http: that would drop the encryption unasked.
        wpnews_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, request.isHTTPS ? "https" : "http,https")
        wpnews_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, request.followsRedirects ? 1 : 0)
        wpnews_easy_setopt_long(easy, CURLOPT_MAXREDIRS, request.maxRedirects ?? configuration.maxRedirects)
        wpnews_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        wpnews_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout, configuration.connectTimeout) * 1000))
        wpnews_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)
        // An empty string asks for every encoding this libcurl decodes (gzip, br, zstd).
        wpnews_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        wpnews_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        wpnews_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        wpnews_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.caFile {
            wpnews_easy_setopt_string(easy, CURLOPT_CAINFO, caFile)
        }
        // Always set, empty for none: an unset CURLOPT_PROXY would let libcurl read the
        // process's environment behind the configuration's back.
        wpnews_easy_setopt_string(easy, CURLOPT_PROXY, configuration.proxy.proxy(forHTTPS: request.isHTTPS) ?? "")
        // A request that refuses addresses is checked on its connection only when it connects
        // directly, so behind a proxy none of it may: a no_proxy host would go unchecked.
        wpnews_easy_setopt_string(easy, CURLOPT_NOPROXY, request.refusedAddresses.isEmpty ? configuration.proxy.noProxy ?? "" : "")
        if let credential = request.credential {
            // CURLOPT_HTTPAUTH defaults to Basic. libcurl keeps the credential from hosts a
            // redirect leads to (CURLOPT_UNRESTRICTED_AUTH stays off).
            wpnews_easy_setopt_string(easy, CURLOPT_USERNAME, credential.user)
            wpnews_easy_setopt_string(easy, CURLOPT_PASSWORD, credential.password)
        }
        wpnews_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        wpnews_easy_setopt_long(easy, CURLOPT_MAXFILESIZE_LARGE, maxResponseBytes)
        wpnews_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        if request.method == .head {
            wpnews_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        }
        if request.method == .post {
            // Copied by libcurl, and what makes the request a POST.
            wpnews_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, request.body ?? "")
        }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = wpnews_curl_slist_append(headerList, "\(name): \(value)")
        }
        if let headerList {
            wpnews_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
        }

        let context = Unmanaged.passUnretained(self).toOpaque()
        wpnews_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        wpnews_easy_setopt_data_fn(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        wpnews_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        wpnews_easy_setopt_data_fn(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        if !refusedAddresses.isEmpty {
            wpnews_easy_setopt_pointer(easy, CURLOPT_PREREQDATA, context)
            let checked = wpnews_easy_setopt_prereq_fn(easy, CURLOPT_PREREQFUNCTION) { context, primaryIP, _, _, _ in
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                return transfer.mayUse(address: primaryIP.map { String(cString: $0) } ?? "") ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT
            }
            try Self.requireAddressCheck(accepted: checked, url: request.displayURL)
        }
    }

    /// A request that refuses addresses goes ahead only when libcurl took the check
    /// (`CURLOPT_PREREQFUNCTION`, libcurl 7.80 or later): an older one would connect anywhere.
    static func requireAddressCheck(accepted code: CURLcode, url: String) throws(HTTPError) {
        guard code == CURLE_OK else { throw .addressCheckUnavailable(url: url) }
    }

    /// Curl thread only: whether a connection that reached `address` may carry the request.
    private func mayUse(address: String) -> Bool {
        guard let kind = AddressKind.of(address: address), refusedAddresses.contains(kind) else { return true }
        refusedAddress = (String(WebAddress(typed: currentURL).hostAndPort), address, kind)
        return false
    }

    private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
        // CURLOPT_MAXFILESIZE only catches responses that announce their length.
        guard body.count + chunk.count <= maxResponseBytes else {
            exceededSizeLimit = true
            return 0
        }
        body.append(contentsOf: chunk)
        return chunk.count
    }

    private func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            // A new status line: the headers so far belonged to a redirect or a 100 Continue.
            headers = HTTPHeaders()
            // "HTTP/1.1 301 Moved Permanently", "HTTP/2 308".
            if let code = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { statuses.append(code) }
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingWhitespace()
            let value = text[text.index(after: colon)...].trimmingWhitespace()
            headers.append(name: name, value: value)
            if followsRedirects, (300..<400).contains(statuses.last ?? 0), name.lowercased() == "location" {
                currentURL = WebAddress(typed: currentURL).resolve(value)
                redirectTargets.append(currentURL)
                // Before libcurl follows it: through a proxy no connection of ours reaches it.
                if let refused = redirectCheck.refusedHost(of: currentURL) {
                    refusedAddress = (String(WebAddress(typed: currentURL).hostAndPort), refused.address, refused.kind)
                    return 0  // anything but the line's length ends the transfer
                }
            }
        }
        return line.count
    }
}
