import NewsCore
import TerminalRender

extension ImageMode {
    /// `auto` on a terminal: a graphics protocol the environment names (kitty sets
    /// `KITTY_WINDOW_ID`, iTerm2 and WezTerm set `TERM_PROGRAM`, foot and mlterm have a `TERM`
    /// of their own and draw sixels), else symbols. Other terminals with sixels (xterm built
    /// with them) cannot be told from the environment: `sixel` chooses them.
    public static func detected(environment: [String: String]) -> ImageMode {
        let term = environment["TERM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
        if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        if ["foot", "foot-extra", "mlterm"].contains(term) { return .sixel }
        return .symbols
    }

    /// The graphics sequences a mode draws with; nil for symbols, none and `auto`.
    public var graphicsProtocol: TerminalGraphics.GraphicsProtocol? {
        switch self {
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm: .iterm
        case .auto, .symbols, .none: nil
        }
    }

    /// The mode pictures are drawn in, `auto` resolved; nil when they are not shown: `none`,
    /// `--json`, or `auto` on output that is not a colour terminal.
    public static func drawn(_ chosen: ImageMode, json: Bool, colors: Bool, environment: [String: String]) -> ImageMode? {
        guard !json, chosen != .none else { return nil }
        guard chosen == .auto else { return chosen }
        return colors ? detected(environment: environment) : nil
    }
}
