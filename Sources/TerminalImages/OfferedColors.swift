extension SymbolPicture.Colors {
    /// The colours the terminal says it has: true colour with a `COLORTERM` of truecolor or
    /// 24bit (or a `TERM` ending in -direct), 256 with a `TERM` that says 256
    /// (xterm-256color, tmux-256color ...), else the 16 every colour terminal has.
    public static func offered(environment: [String: String]) -> Self {
        let term = environment["TERM"] ?? ""
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") || term.hasSuffix("-direct") { return .trueColor }
        return term.contains("256") ? .indexed256 : .indexed16
    }
}
