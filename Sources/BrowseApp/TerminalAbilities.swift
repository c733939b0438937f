import NewsCore
import TerminalImages
import TerminalInput
import TerminalRender

/// What the app learns about the terminal's pictures. The environment answers at once;
/// when it cannot tell (`auto` and no variable names a terminal with graphics), the app asks
/// the terminal after its first frame (`ControlSequence.queryTerminal`) and reads the replies
/// as they come among the keys. Nothing waits for them: until they come, and if they never
/// do, pictures are symbols.
public struct TerminalAbilities: Sendable {
    /// `--images`, else `[images] mode`, else auto.
    public let configured: ImageMode
    /// What the replies found: kitty graphics, else sixels.
    private var found: ImageMode?
    public private(set) var cellPixels: PixelSize?
    /// Replies are read until the device attributes come (every terminal sends them, last)
    /// or the time is up: one arriving later is left alone.
    public private(set) var listening: Bool
    private let deadline: ContinuousClock.Instant

    public static let patience = Duration.seconds(1)

    public init(configured: ImageMode, environment: [String: String], cellPixels: PixelSize?, now: ContinuousClock.Instant = .now) {
        self.configured = configured
        self.cellPixels = cellPixels
        let detected = configured == .auto ? ImageMode.detected(environment: environment) : configured
        // tmux and screen show no graphics, and tmux takes an `ESC _` string as the pane's title.
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil
        listening = !multiplexed && (detected == .symbols && configured == .auto || detected.graphicsProtocol != nil && cellPixels == nil)
        deadline = now + Self.patience
    }

    /// The mode pictures are drawn in now.
    public var mode: ImageMode { found ?? configured }

    public mutating func read(_ reply: TerminalReply, now: ContinuousClock.Instant = .now) {
        guard listening else { return }
        guard now <= deadline else {
            listening = false
            return
        }
        switch reply {
        case .kittyGraphics(let ok):
            if ok, configured == .auto { found = .kitty }
        case .cellSize(let width, let height):
            cellPixels = cellPixels ?? PixelSize(width: width, height: height)
        case .deviceAttributes(let features):
            if configured == .auto, found == nil, features.contains(4) { found = .sixel }
            listening = false
        }
    }
}
