import Glibc

/// `WPNEWS_TRACE=FILE` appends timestamped events to FILE: what a full screen cannot show,
/// such as how long live search takes from the end of the typing pause to results drawn
/// (`make bench` reads it). Each line is "<monotonic milliseconds> <event> <detail>"; an
/// HTTP exchange's detail is "<milliseconds> <URL> <bytes received, headers and body>".
struct Trace: Sendable {
    private let descriptor: Int32?

    init(environment: [String: String]) {
        guard let path = environment["WPNEWS_TRACE"], !path.isEmpty else {
            descriptor = nil
            return
        }
        let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        descriptor = opened >= 0 ? opened : nil
    }

    var isOn: Bool { descriptor != nil }

    func event(_ name: String, _ detail: String = "") {
        guard let descriptor else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let milliseconds = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
        Output.write(bytes: "\(milliseconds) \(name) \(detail)\n", to: descriptor)
    }
}
