import CCurl
import FoundationEssentials
import Synchronization

/// An HTTP client over libcurl: one multi handle on its own thread, bridged to async/await.
///
/// Cancelling the calling task removes just its transfer: from the multi handle, or from the
/// queue in front of it before it ever reaches libcurl.
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    /// Made on the first request: a run answered from the cache starts no thread.
    private let lazyMulti = Mutex<CurlMulti?>(nil)

    public init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
    }

    deinit {
        lazyMulti.withLock { $0?.shutDown() }
    }

    private func multi() throws(HTTPError) -> CurlMulti {
        try lazyMulti.withLock { (multi) throws(HTTPError) in
            if let multi { return multi }
            let started = try CurlMulti(configuration: configuration)
            multi = started
            return started
        }
    }

    /// Loads libcurl and starts its thread ahead of the first request, for a screen that will
    /// surely ask (live search): the first answer then does not wait for them. A problem is
    /// left for that request to report.
    public func prepare() {
        _ = try? multi()
    }

    /// Ends every request sent before this call, for Ctrl-C: transfers under way are removed
    /// from libcurl (their connections close), queued ones never start, and a retry waiting
    /// to be sent is not sent. Each caller gets `CancellationError`; later requests run as usual.
    public func cancelAll() {
        lazyMulti.withLock { $0?.cancelAll() }
    }

    /// How many attempts were handed to the transfer thread so far: tests wait on it to know a
    /// request is in the client's queue, where sleeping would only make it likely.
    var attemptsHandedIn: Int {
        lazyMulti.withLock { $0?.enqueuedCount ?? 0 }
    }

    /// Sends a request, retrying connection failures and "try again later" statuses
    /// (429, 502, 503, 504) with backoff that honours `Retry-After`. A server that asks for
    /// a longer pause than the policy waits gets `HTTPError.serverAskedToWait` at once.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let multi = try self.multi()  // before the first easy handle: it loads libcurl
        // Read before the first suspension: a `cancelAll()` from here on ends every attempt.
        let generation = multi.generation
        let policy = configuration.retry
        var retry = 0
        while true {
            do {
                let response = try await sendOnce(request, attempt: retry + 1, on: multi, generation: generation)
                let retryAfter = response.headers["Retry-After"]
                if let pause = RetryPolicy.pauseAsked(status: response.status, retryAfter: retryAfter), pause > policy.maxDelay {
                    throw HTTPError.serverAskedToWait(host: request.host, seconds: pause, status: response.status)
                }
                guard retry < policy.maxRetries, RetryPolicy.isRetryable(status: response.status) else {
                    return response
                }
                try await Task.sleep(for: .seconds(policy.delay(beforeRetry: retry, retryAfter: retryAfter)))
            } catch let error as HTTPError where error.isTransient && retry < policy.maxRetries {
                try await Task.sleep(for: .seconds(policy.delay(beforeRetry: retry)))
            }
            retry += 1
        }
    }

    private func sendOnce(_ request: HTTPRequest, attempt: Int, on multi: CurlMulti, generation: Int) async throws -> HTTPResponse {
        let transfer = try CurlTransfer(request: request, configuration: configuration)
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.attach(continuation)
                multi.enqueue(transfer, generation: generation)
            }
        } onCancel: {
            multi.cancel(transfer)
        }

        let error = CurlErrorMapping.failed(outcome)
            ? CurlErrorMapping.error(for: outcome, request: request, configuration: configuration)
            : nil
        configuration.onExchange?(HTTPExchange(
            method: request.method, url: request.displayURL,
            status: outcome.status == 0 ? nil : outcome.status,
            bytes: outcome.body.count, headerBytes: outcome.headerBytes, milliseconds: outcome.milliseconds, attempt: attempt,
            error: error, redirectedTo: outcome.redirectTargets.map(request.displayForm(of:))
        ))
        if let error { throw error }
        return HTTPResponse(status: outcome.status, headers: outcome.headers, body: outcome.body, url: outcome.effectiveURL, redirects: outcome.redirects)
    }
}

extension HTTPClient {
    /// The version of the libcurl found at run time (`wpnews -v --version`), loading it;
    /// nil when it cannot be loaded.
    public static var libcurlVersion: String? {
        wpnews_curl_load() == nil ? String(cString: wpnews_curl_version()) : nil
    }
}
