/// What the status line says when no browser could be started for a link. It lives here,
/// not in the runtime that starts the browser, so that it names the keys the user bound and
/// a test can read it.
public enum BrowserNotice {
    /// `browser`: the command that was tried (`$BROWSER`, else xdg-open).
    public static func noBrowser(_ browser: String, keys: KeyMap) -> String {
        "no browser to open it with (\(browser)): set BROWSER, or \(keys.firstName(of: .copyLink)) copies the link"
    }
}
