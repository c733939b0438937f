import Glibc
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient

/// The queue in front of libcurl: the per-host limit, pauses a server asks for, cancellation.
/// Concurrency is counted at the server and waits are checked from below only: a loaded
/// machine stretches time, it does not create overlap. Tests move on when the client has
/// taken a request in (`attemptsHandedIn`) or the server has seen it, never after a sleep.
@Suite struct PerHostLimitTests {
    @Test func atMostTheLimitIsInFlightPerHostAndEachCallerGetsItsOwnAnswer() async throws {
        let server = try TestHTTPServer { request in TestResponse.text("answer to \(request.path)").delayed(0.05) }
        let client = HTTPClientTests.client(timeout: 30, requestsPerHost: 2)
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<50 {
                group.addTask {
                    let response = try await client.send(HTTPRequest(url: server.url("/\(index)")))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { index, body in body == "answer to /\(index)" })
        #expect(server.requests.count == 50)
        #expect(server.peakRequestsInProgress == 2, "never more than the limit, and the limit is used")
    }

    @Test func aSecondHostIsNotHeldUpByTheFirstHostsQueue() async throws {
        let busy = try TestHTTPServer { _ in .stall() }
        let other = try TestHTTPServer { _ in .text("other") }
        let client = HTTPClientTests.client(timeout: 60, requestsPerHost: 2)
        let waiting = (0..<4).map { index in Task { try await client.send(HTTPRequest(url: busy.url("/\(index)"))) } }
        #expect(await eventually { busy.requests.count == 2 })

        let response = try await client.send(HTTPRequest(url: other.baseURL))
        #expect(response.status == 200)
        #expect(busy.requests.count == 2)
        for task in waiting { task.cancel() }
        for task in waiting { await #expect(throws: CancellationError.self) { try await task.value } }
    }

    @Test func aQueuedRequestsTimeoutStartsWhenItIsHandedToLibcurl() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/slow" ? TestResponse.text("slow").delayed(3) : .text("quick")
        }
        let client = HTTPClientTests.client(timeout: 30, requestsPerHost: 1)
        let slow = Task { try await client.send(HTTPRequest(url: server.url("/slow"))) }
        #expect(await eventually { server.requests.count == 1 })

        // Waits about 3 s behind /slow, twice its own timeout, then is answered at once.
        let quick = try await client.send(HTTPRequest(url: server.url("/quick"), timeout: 1.5))
        #expect(String(decoding: quick.body, as: UTF8.self) == "quick")
        #expect(try await slow.value.status == 200)
    }

    @Test func cancellingAQueuedRequestTakesItOutOfTheQueueAtOnce() async throws {
        let release = Mutex(false)
        defer { release.withLock { $0 = true } }
        let server = try TestHTTPServer { request in
            if request.path == "/first" {
                let deadline = ContinuousClock.now + .seconds(60)
                while !release.withLock({ $0 }) && ContinuousClock.now < deadline { usleep(5_000) }
            }
            return .text(request.path)
        }
        let client = HTTPClientTests.client(timeout: 90, requestsPerHost: 1)
        let first = Task { try await client.send(HTTPRequest(url: server.url("/first"))) }
        #expect(await eventually { server.requests.count == 1 })
        let queued = Task { try await client.send(HTTPRequest(url: server.url("/queued"))) }
        // In the client's hands: cancelling it now must take it out of the queue, not stop it
        // before it was sent.
        #expect(await eventually { client.attemptsHandedIn == 2 })

        queued.cancel()
        // Ends while /first still holds the only place: it was not waiting for a turn.
        await #expect(throws: CancellationError.self) { try await queued.value }
        release.withLock { $0 = true }
        _ = try await first.value
        // Behind /first in the same line: had /queued stayed there, it would have gone before this.
        _ = try await client.send(HTTPRequest(url: server.url("/after")))
        #expect(server.requests.map(\.path) == ["/first", "/after"])
    }

    @Test func cancelAllEndsRunningAndQueuedRequestsAtOnce() async throws {
        let server = try TestHTTPServer { request in request.path == "/after" ? .text("after") : .stall() }
        let client = HTTPClientTests.client(timeout: 120, requestsPerHost: 2)
        let tasks = (0..<5).map { index in Task { try await client.send(HTTPRequest(url: server.url("/\(index)"))) } }
        // All five handed in, two of them running: `cancelAll` must end the three queued too.
        #expect(await eventually { server.requests.count == 2 && client.attemptsHandedIn == 5 })

        client.cancelAll()
        for task in tasks { await #expect(throws: CancellationError.self) { try await task.value } }
        #expect(await eventually { server.hungUpRequests.count == 2 })
        // The client still works, and the three that waited never reached the server.
        let after = try await client.send(HTTPRequest(url: server.url("/after")))
        #expect(after.status == 200)
        #expect(server.requests.count == 3)
    }

    @Test func aPauseAskedByOneAnswerHoldsTheOtherRequestsToThatHost() async throws {
        let clock = ContinuousClock()
        let pauseAskedAt = Mutex<ContinuousClock.Instant?>(nil)
        let arrivals = Mutex<[(path: String, at: ContinuousClock.Instant)]>([])
        let othersLinedUp = Mutex(false)
        let server = try TestHTTPServer { request in
            arrivals.withLock { $0.append((request.path, clock.now)) }
            guard request.path == "/a", pauseAskedAt.withLock({ $0 == nil }) else { return .text("ok") }
            // /a is answered only once /b and /c wait behind it in the client.
            let deadline = ContinuousClock.now + .seconds(60)
            while !othersLinedUp.withLock({ $0 }) && ContinuousClock.now < deadline { usleep(5_000) }
            pauseAskedAt.withLock { $0 = clock.now }
            return .status(429, headers: [("Retry-After", "1")])
        }
        let backoffs = Mutex<[HTTPBackoff]>([])
        let client = HTTPClientTests.client(timeout: 30, requestsPerHost: 1, onBackoff: { backoff in backoffs.withLock { $0.append(backoff) } })

        let a = Task { try await client.send(HTTPRequest(url: server.url("/a"))) }
        #expect(await eventually { server.requests.count == 1 })
        let others = ["/b", "/c"].map { path in Task { try await client.send(HTTPRequest(url: server.url(path))) } }
        #expect(await eventually { client.attemptsHandedIn == 3 })
        othersLinedUp.withLock { $0 = true }
        #expect(try await a.value.status == 200)
        for task in others { #expect(try await task.value.status == 200) }

        let askedAt = try #require(pauseAskedAt.withLock { $0 })
        let held = arrivals.withLock { $0 }.filter { $0.path != "/a" }
        #expect(held.count == 2)
        // Answered at `askedAt` or later, the 429 held the others for a second from then.
        #expect(held.allSatisfy { $0.at - askedAt >= .milliseconds(950) })
        #expect(backoffs.withLock { $0 } == [HTTPBackoff(host: "127.0.0.1:\(server.port)", seconds: 1, status: 429)])
    }

    @Test func aPauseLongerThanTheRetryPolicyWaitsFailsTheRequestsItHolds() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/a" ? TestResponse.status(429, headers: [("Retry-After", "120")]).delayed(0.3) : .text("never")
        }
        let backoffs = Mutex(0)
        let client = HTTPClientTests.client(requestsPerHost: 1, onBackoff: { _ in backoffs.withLock { $0 += 1 } })
        let host = "127.0.0.1:\(server.port)"

        let a = Task { try await client.send(HTTPRequest(url: server.url("/a"))) }
        #expect(await eventually { server.requests.count == 1 })
        let b = Task { try await client.send(HTTPRequest(url: server.url("/b"))) }

        await #expect(throws: HTTPError.serverAskedToWait(host: host, seconds: 120, status: 429)) { try await a.value }
        let heldBack = await #expect(throws: HTTPError.self) { try await b.value }
        guard case .serverAskedToWait(host, let seconds, 429)? = heldBack else {
            Issue.record("expected the pause's error, got \(String(describing: heldBack))")
            return
        }
        #expect(seconds > 60 && seconds <= 120)
        #expect(server.requests.map(\.path) == ["/a"], "neither retried nor sent while the server asks for a pause")
        #expect(backoffs.withLock { $0 } == 0, "a pause wpnews does not wait out is an error, not a notice")
        #expect(HTTPError.serverAskedToWait(host: host, seconds: 120, status: 429).description
            == "\(host) asked wpnews to wait 120 s before trying again (HTTP 429): try again later")
    }
}

@Suite struct HostQueueTests {
    final class Request: HostBound {
        let origin: String
        let name: String
        init(_ name: String, origin: String = "https://a.example:443") {
            self.name = name
            self.origin = origin
        }
    }

    let now = ContinuousClock.now

    @Test func letsOutAtMostTheLimitPerOriginInOrder() throws {
        var queue = HostQueue<Request>(limit: 2)
        for name in ["1", "2", "3"] { queue.append(Request(name)) }
        queue.append(Request("other", origin: "https://b.example:443"))
        let first = queue.takeStartable(now: now)
        let whileFull = queue.takeStartable(now: now)
        queue.finished(try #require(first.first { $0.name == "1" }))
        let next = queue.takeStartable(now: now)
        #expect(first.map(\.name).sorted() == ["1", "2", "other"])
        #expect(whileFull.isEmpty)
        #expect(next.map(\.name) == ["3"])
    }

    @Test func aRemovedRequestNeverGoesOut() {
        var queue = HostQueue<Request>(limit: 1)
        let (kept, removed) = (Request("kept"), Request("removed"))
        queue.append(removed)
        queue.append(kept)
        let removedOnce = queue.remove(removed)
        let removedTwice = queue.remove(removed)
        let startable = queue.takeStartable(now: now)
        #expect(removedOnce && !removedTwice)
        #expect(startable.map(\.name) == ["kept"])
    }

    @Test func aPauseHoldsItsOriginUntilItEndsAndStartsOnlyOnce() {
        var queue = HostQueue<Request>(limit: 6)
        queue.append(Request("held"))
        queue.append(Request("free", origin: "https://b.example:443"))
        let started = queue.pause("https://a.example:443", until: now + .seconds(1), status: 429, now: now)
        let startedAgain = queue.pause("https://a.example:443", until: now + .seconds(2), status: 503, now: now + .milliseconds(500))
        let atOnce = queue.takeStartable(now: now)
        let pauseEnd = queue.nextPauseEnd
        let beforeTheEnd = queue.takeStartable(now: now + .milliseconds(1_500))
        let atTheEnd = queue.takeStartable(now: now + .seconds(2))
        #expect(started && !startedAgain, "a second answer lengthens the pause without starting another")
        #expect(atOnce.map(\.name) == ["free"])
        #expect(pauseEnd == now + .seconds(2))
        #expect(beforeTheEnd.isEmpty)
        #expect(atTheEnd.map(\.name) == ["held"])
        #expect(queue.nextPauseEnd == nil)
    }

    @Test func onlyPausesLongerThanThePatienceGiveUpTheirRequests() {
        var queue = HostQueue<Request>(limit: 6)
        queue.append(Request("short"))
        queue.append(Request("long", origin: "https://b.example:443"))
        _ = queue.pause("https://a.example:443", until: now + .seconds(5), status: 503, now: now)
        _ = queue.pause("https://b.example:443", until: now + .seconds(120), status: 429, now: now)
        let held = queue.takeHeld(longerThan: .seconds(8), now: now)
        #expect(held.map(\.request.name) == ["long"])
        #expect(held.first?.pause.status == 429)
    }
}
