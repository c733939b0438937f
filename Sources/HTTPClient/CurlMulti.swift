import CCurl
import Glibc
import Synchronization

/// One libcurl multi handle driven by a thread of its own.
///
/// Other threads only call `enqueue` and `cancel`, which queue work under a lock and wake
/// the thread with `curl_multi_wakeup`; the multi handle and the running transfers belong
/// to the curl thread alone.
final class CurlMulti: @unchecked Sendable {
    private struct Inbox {
        var additions: [CurlTransfer] = []
        var cancellations: [CurlTransfer] = []
        var shuttingDown = false
    }

    /// Loads libcurl (the first time) and initialises it; `nil` once it is ready.
    private static let libcurlProblem: String? = {
        if let problem = wpnews_curl_load() { return String(cString: problem) }
        wpnews_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return nil
    }()

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Curl thread only: running transfers by easy handle.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    init() throws(HTTPError) {
        if let problem = Self.libcurlProblem { throw .libcurlUnavailable(detail: problem) }
        multi = wpnews_curl_multi_init()
        startThread()
    }

    /// Runs once both the thread and the client have let go, so no wakeup can reach a freed handle.
    deinit {
        wpnews_curl_multi_cleanup(multi)
    }

    func enqueue(_ transfer: CurlTransfer) {
        inbox.withLock { $0.additions.append(transfer) }
        wpnews_curl_multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        transfer.requestCancel()
        inbox.withLock { $0.cancellations.append(transfer) }
        wpnews_curl_multi_wakeup(multi)
    }

    /// Ends the thread once the running transfers are dropped; they finish as cancelled.
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
                defer { inbox.additions = []; inbox.cancellations = [] }
                return inbox
            }
            if work.shuttingDown {
                for transfer in work.additions { transfer.finish(code: nil) }
                break
            }
            for transfer in work.additions { start(transfer) }
            for transfer in work.cancellations where running[transfer.easy] != nil { stop(transfer, code: nil) }

            var stillRunning: Int32 = 0
            wpnews_curl_multi_perform(multi, &stillRunning)
            collectFinished()
            if wpnews_curl_multi_poll(multi, nil, 0, 1000, nil) != CURLM_OK {
                // Not expected; waiting a little keeps a broken poll from spinning the CPU.
                usleep(10_000)
            }
        }
        for transfer in Array(running.values) { stop(transfer, code: nil) }
    }

    private func start(_ transfer: CurlTransfer) {
        // A cancel can arrive before the transfer is added: it is then never started.
        guard !transfer.cancelRequested else {
            transfer.finish(code: nil)
            return
        }
        guard wpnews_curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            transfer.finish(code: CURLE_FAILED_INIT)
            return
        }
        running[transfer.easy] = transfer
    }

    private func stop(_ transfer: CurlTransfer, code: CURLcode?) {
        wpnews_curl_multi_remove_handle(multi, transfer.easy)
        running[transfer.easy] = nil
        transfer.finish(code: code)
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = wpnews_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = running[easy] else { continue }
            stop(transfer, code: message.pointee.data.result)
        }
    }
}
