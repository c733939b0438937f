import TerminalInput

/// More → "Follow a site…": the address, then the name, typed on the status line; the
/// runtime then does what `wpnews sites add NAME URL` does, and says how it went there.
extension AppState {
    mutating func askForSiteToFollow() -> [Effect] {
        prompt = Prompt(purpose: .followSite(url: nil), editor: LineEditor())
        return []
    }

    /// Keys while the address (`url` nil) or the name is typed: Enter takes it, Esc gives up.
    /// An empty name is no mistake: the site is named from its title or address.
    mutating func typeSiteToFollow(_ key: Key, url: String?) -> [Effect] {
        guard var prompt else { return [] }
        switch key {
        case .escape:
            self.prompt = nil
            status = "no site followed"
            return []
        case .enter:
            let typed = prompt.editor.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let url else {
                guard !typed.isEmpty else {
                    self.prompt = nil
                    status = "no site followed: no address given"
                    return []
                }
                self.prompt = Prompt(purpose: .followSite(url: typed), editor: LineEditor())
                return []
            }
            self.prompt = nil
            status = "following \(url): looking the site up…"
            return [.followSite(url: url, name: typed.isEmpty ? nil : typed)]
        default:
            _ = prompt.editor.apply(key)
            self.prompt = prompt
            return []
        }
    }

    /// The status line says what was followed, and More, if open, asks for its rows again.
    mutating func siteFollowed(_ line: String) -> [Effect] {
        status = line
        guard let more = stacks[.more]?.first else { return [] }
        stacks[.more]?[0].loading = true
        return [.loadTerms(more.id, .more, refresh: false)]
    }
}
