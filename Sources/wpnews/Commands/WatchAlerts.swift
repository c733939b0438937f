import Glibc
import NewsCore
import Synchronization

/// What `watch` does besides printing: `--exec` once per new story, `--notify` once per batch.
/// Neither ever writes on stdout, which may carry JSON Lines.
final class WatchAlerts: Sendable {
    private let notify: Bool
    private let exec: String?
    private let environment: [String: String]
    private let output: Output
    /// A failing `--exec` is said once, not once per story.
    private let execFailureNoted = Mutex(false)

    static let execLimit: Duration = .seconds(30)
    static let notifyLimit: Duration = .seconds(10)

    init(notify: Bool, exec: String?, environment: [String: String], output: Output) {
        self.notify = notify
        self.exec = exec
        self.environment = environment
        self.output = output
    }

    func deliver(_ events: [WatchEvent], site: String) async {
        let stories = events.filter { $0.kind != .removed }.compactMap(\.story)
        if notify && !stories.isEmpty { await self.notify(stories, site: site) }
        guard let exec else { return }
        for event in events where event.kind == .published {
            guard let story = event.story else { continue }
            await run(exec, for: story, site: site)
        }
    }

    /// The story only in the environment, never in the command's text: no title can run anything.
    private func run(_ command: String, for story: Story, site: String) async {
        let variables = environment.merging([
            "WPNEWS_TITLE": story.title, "WPNEWS_LINK": story.link, "WPNEWS_SITE": site, "WPNEWS_ID": String(story.id),
        ]) { _, story in story }
        let outcome = await SideCommand.run(command, environment: variables, limit: Self.execLimit)
        guard outcome != .exited(0), !execFailureNoted.withLock({ noted in defer { noted = true }; return noted }) else { return }
        output.note("wpnews: --exec failed for story \(story.id) (\(outcome)): later failures are not reported; check the command")
    }

    /// A desktop notification through `notify-send` when there is a display to show it on,
    /// else the terminal's bell. The body is markup to notification daemons: escaped.
    private func notify(_ stories: [Story], site: String) async {
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        if hasDisplay {
            let title = stories.count == 1 ? stories[0].displayTitle : "\(stories.count) new stories on \(site)"
            let body = stories.count == 1 ? site : stories.prefix(5).map(\.displayTitle).joined(separator: "\n")
                + (stories.count > 5 ? "\n…and \(stories.count - 5) more" : "")
            // The shell finds notify-send on the PATH given; 127 says it is not there.
            let outcome = await SideCommand.run(
                "command -v notify-send >/dev/null 2>&1 || exit 127; exec notify-send -- \"$1\" \"$2\"",
                arguments: [title, Self.escapingMarkup(body)], environment: environment, limit: Self.notifyLimit
            )
            if outcome != .exited(127) { return }
        }
        ringBell()
    }

    /// On the terminal itself, never stdout.
    private func ringBell() {
        let terminal = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return }
        Output.write(bytes: "\u{07}", to: terminal)
        close(terminal)
    }

    static func escapingMarkup(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
