import CCurl
import Glibc
import Synchronization

/// One libcurl multi handle driven by a thread of its own.
///
/// Other threads only call `enqueue`, `cancel` and `cancelAll`, which queue work under a
/// lock and wake the thread with `curl_multi_wakeup`; the multi handle, the running
/// transfers and the per-host queue in front of them belong to the curl thread alone.
final class CurlMulti: @unchecked Sendable {
    private struct Inbox {
        var additions: [CurlTransfer] = []
        var cancellations: [CurlTransfer] = []
        /// Counts `cancelAll` calls: a transfer enqueued for an older generation was sent
        /// before the last one, so it is cancelled on arrival.
        var generation = 0
        var cancelEverything = false
        var shuttingDown = false
        /// Every transfer ever handed to `enqueue`, for tests to wait on instead of sleeping.
        var enqueuedCount = 0
    }

    /// Loads libcurl (the first time) and initialises it; `nil` once it is ready.
    private static let libcurlProblem: String? = {
        if let problem = wpnews_curl_load() { return String(cString: problem) }
        wpnews_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return nil
    }()

    /// The longest a poll sleeps when nothing wakes it, in milliseconds.
    private static let idlePollMilliseconds = 1000

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// A server's pause longer than this fails the requests it holds instead.
    private let longestWait: Duration
    private let onBackoff: (@Sendable (HTTPBackoff) -> Void)?
    /// Curl thread only: running transfers by easy handle.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Curl thread only: transfers not yet handed to libcurl.
    private var queue: HostQueue<CurlTransfer>
    /// Curl thread only: hosts whose pause was reported. A server answers each retry with
    /// the same pause; the user hears of it once.
    private var hostsThatAskedToWait: Set<String> = []

    init(configuration: HTTPClientConfiguration) throws(HTTPError) {
        if let problem = Self.libcurlProblem { throw .libcurlUnavailable(detail: problem) }
        multi = wpnews_curl_multi_init()
        longestWait = .seconds(configuration.retry.maxDelay)
        onBackoff = configuration.onBackoff
        queue = HostQueue(limit: configuration.requestsPerHost)
        startThread()
    }

    /// Runs once both the thread and the client have let go, so no wakeup can reach a freed handle.
    deinit {
        wpnews_curl_multi_cleanup(multi)
    }

    /// What a request reads when it starts and hands to `enqueue` with each attempt.
    var generation: Int { inbox.withLock { $0.generation } }

    /// How many transfers were handed in so far: once a request is counted, the curl thread
    /// sees it before anything cancelled after it.
    var enqueuedCount: Int { inbox.withLock { $0.enqueuedCount } }

    func enqueue(_ transfer: CurlTransfer, generation: Int) {
        inbox.withLock { inbox in
            if generation != inbox.generation { transfer.requestCancel() }
            inbox.additions.append(transfer)
            inbox.enqueuedCount += 1
        }
        wpnews_curl_multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        transfer.requestCancel()
        inbox.withLock { $0.cancellations.append(transfer) }
        wpnews_curl_multi_wakeup(multi)
    }

    /// Cancels every transfer enqueued so far, running or waiting, and every later attempt
    /// of a request that started before this call.
    func cancelAll() {
        inbox.withLock { inbox in
            inbox.generation += 1
            inbox.cancelEverything = true
            for transfer in inbox.additions { transfer.requestCancel() }
        }
        wpnews_curl_multi_wakeup(multi)
    }

    /// Ends the thread once the running and waiting transfers are dropped; they finish as cancelled.
    func shutDown() {
        inbox.withLock { $0.shuttingDown = true }
        wpnews_curl_multi_wakeup(multi)
    }

    private func startThread() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let multi = Unmanaged<CurlMulti>.fromOpaque(context!).takeRetainedValue()
            multi.runLoop()
            return nil
        }, context)
        precondition(created == 0, "could not start the HTTP thread")
        pthread_detach(thread)
    }

    private func runLoop() {
        while true {
            let work = inbox.withLock { inbox in
                defer { inbox.additions = []; inbox.cancellations = []; inbox.cancelEverything = false }
                return inbox
            }
            if work.shuttingDown {
                for transfer in work.additions { transfer.end(.failure(CancellationError())) }
                break
            }
            if work.cancelEverything { dropEverything() }
            for transfer in work.additions { accept(transfer) }
            for transfer in work.cancellations { withdraw(transfer) }
            refuseLongWaits()
            startReady()

            var stillRunning: Int32 = 0
            wpnews_curl_multi_perform(multi, &stillRunning)
            // A finished transfer makes room for a waiting one: start it without sleeping first.
            if collectFinished() { continue }
            if wpnews_curl_multi_poll(multi, nil, 0, pollMilliseconds(), nil) != CURLM_OK {
                // Not expected; waiting a little keeps a broken poll from spinning the CPU.
                usleep(10_000)
            }
        }
        dropEverything()
    }

    private func accept(_ transfer: CurlTransfer) {
        // A cancel can arrive before the transfer is added: it is then never queued.
        if transfer.cancelRequested {
            transfer.end(.failure(CancellationError()))
        } else {
            queue.append(transfer)
        }
    }

    private func withdraw(_ transfer: CurlTransfer) {
        if queue.remove(transfer) {
            transfer.end(.failure(CancellationError()))
        } else if running[transfer.easy] != nil {
            stop(transfer, result: .failure(CancellationError()))
        }
    }

    private func dropEverything() {
        for transfer in Array(running.values) { stop(transfer, result: .failure(CancellationError())) }
        for transfer in queue.takeAllWaiting() { transfer.end(.failure(CancellationError())) }
    }

    /// Waiting out a pause longer than the retry policy would is not worth it: the requests
    /// it holds fail with the server's answer instead.
    private func refuseLongWaits() {
        let now = ContinuousClock.now
        for (transfer, pause) in queue.takeHeld(longerThan: longestWait, now: now) {
            let seconds = (pause.until - now).inSeconds.rounded(.up)
            transfer.end(.failure(HTTPError.serverAskedToWait(host: transfer.host, seconds: seconds, status: pause.status)))
        }
    }

    private func startReady() {
        for transfer in queue.takeStartable(now: .now) {
            // Added here, not when enqueued, so its timeout starts only now.
            guard wpnews_curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
                queue.finished(transfer)
                transfer.end(.success(transfer.outcome(code: CURLE_FAILED_INIT)))
                continue
            }
            running[transfer.easy] = transfer
        }
    }

    private func stop(_ transfer: CurlTransfer, result: Result<CurlOutcome, any Error>) {
        wpnews_curl_multi_remove_handle(multi, transfer.easy)
        running[transfer.easy] = nil
        queue.finished(transfer)
        transfer.end(result)
    }

    /// True when a transfer finished.
    private func collectFinished() -> Bool {
        var finishedAny = false
        var queued: Int32 = 0
        while let message = wpnews_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = running[easy] else { continue }
            let outcome = transfer.outcome(code: message.pointee.data.result)
            notePause(askedBy: outcome, for: transfer)
            stop(transfer, result: .success(outcome))
            finishedAny = true
        }
        return finishedAny
    }

    /// A 429 or 503 that says when to come back holds every request to that host that has
    /// not started, not only this one's retry.
    private func notePause(askedBy outcome: CurlOutcome, for transfer: CurlTransfer) {
        guard let seconds = RetryPolicy.pauseAsked(status: outcome.status, retryAfter: outcome.headers["Retry-After"]) else {
            return
        }
        let now = ContinuousClock.now
        let started = queue.pause(transfer.origin, until: now + .seconds(seconds), status: outcome.status, now: now)
        if started && .seconds(seconds) <= longestWait && hostsThatAskedToWait.insert(transfer.host).inserted {
            onBackoff?(HTTPBackoff(host: transfer.host, seconds: seconds, status: outcome.status))
        }
    }

    /// Until the next pause that holds a request ends, at most `idlePollMilliseconds`; libcurl
    /// shortens it further for its own timers.
    private func pollMilliseconds() -> Int32 {
        guard let end = queue.nextPauseEnd else { return Int32(Self.idlePollMilliseconds) }
        let milliseconds = ((end - .now).inSeconds * 1000).rounded(.up)
        return Int32(min(max(milliseconds, 0), Double(Self.idlePollMilliseconds)))
    }
}
