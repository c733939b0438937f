/// Polls `condition` until it holds or `seconds` pass, without blocking a thread of the
/// test's executor (in-process servers and parallel tests keep running meanwhile).
public func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
