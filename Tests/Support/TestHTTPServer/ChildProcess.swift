import Foundation

extension Process {
    /// Starts the child with no signals blocked. Tests run on dispatch worker threads, which
    /// block most signals, and a child inherits its spawning thread's mask: without this a
    /// wpnews under test could not be stopped with SIGHUP, and a helper server ignores
    /// SIGTERM and outlives the test. The thread's own mask is put back at once.
    public func runWithSignalsUnblocked() throws {
        var none = sigset_t()
        sigemptyset(&none)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }
}
