import FoundationEssentials
import Synchronization

/// An HTTP client over libcurl: one multi handle on its own thread, bridged to async/await.
///
/// Cancelling the calling task removes its transfer from the multi handle.
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
            let started = try CurlMulti()
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

    /// Sends a request, retrying connection failures and "try again later" statuses
    /// (429, 502, 503, 504) with backoff that honours `Retry-After`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let policy = configuration.retry
        var retry = 0
        while true {
            do {
                let response = try await sendOnce(request, attempt: retry + 1)
                guard retry < policy.maxRetries, RetryPolicy.isRetryable(status: response.status) else {
                    return response
                }
                try await Task.sleep(for: .seconds(policy.delay(beforeRetry: retry, retryAfter: response.headers["Retry-After"])))
            } catch let error as HTTPError where error.isTransient && retry < policy.maxRetries {
                try await Task.sleep(for: .seconds(policy.delay(beforeRetry: retry)))
            }
            retry += 1
        }
    }

    private func sendOnce(_ request: HTTPRequest, attempt: Int) async throws -> HTTPResponse {
        let multi = try self.multi()  // before the first easy handle: it loads libcurl
        let transfer = try CurlTransfer(request: request, configuration: configuration)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.attach(continuation)
                multi.enqueue(transfer)
            }
        } onCancel: {
            multi.cancel(transfer)
        }
        guard let outcome else { throw CancellationError() }

        let error = CurlErrorMapping.failed(outcome)
            ? CurlErrorMapping.error(for: outcome, request: request, configuration: configuration)
            : nil
        configuration.onExchange?(HTTPExchange(
            method: request.method, url: request.url,
            status: outcome.status == 0 ? nil : outcome.status,
            bytes: outcome.body.count, milliseconds: outcome.milliseconds, attempt: attempt,
            error: error
        ))
        if let error { throw error }
        return HTTPResponse(status: outcome.status, headers: outcome.headers, body: outcome.body, url: outcome.effectiveURL)
    }
}
