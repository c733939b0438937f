import TextSafety
import URLSyntax

/// Addresses from `href` and `src` attributes, made absolute against the article's own
/// address and safe to print.
struct LinkAddress {
    /// The article's address, e.g. its permalink; without one, relative links stay as written.
    private let base: WebAddress
    /// The article's address without its fragment: a link to it with a fragment stays on the page.
    private let page: Substring

    init(base: String?) {
        self.base = WebAddress(base ?? "")
        page = (base ?? "").prefix { $0 != "#" }
    }

    /// A place in the article itself: `#...`, or the article's own address with a fragment.
    func isInPage(_ attribute: String?) -> Bool {
        guard let attribute else { return false }
        let address = Self.clean(attribute)
        if address.hasPrefix("#") { return true }
        guard !page.isEmpty, let fragment = address.firstIndex(of: "#") else { return false }
        return address[..<fragment] == page
    }

    /// nil for what a reader cannot follow from a terminal: in-page anchors, `javascript:`,
    /// and `data:` addresses, which can be megabytes long.
    func resolve(_ attribute: String?) -> String? {
        guard let attribute else { return nil }
        let address = Self.clean(attribute)
        // Nearly every link is absolute http(s) already, and reading its scheme any further
        // (lowercasing it) would cost the renderer more than the rest of this does.
        if address.utf8.starts(with: "https://".utf8) || address.utf8.starts(with: "http://".utf8) { return address }
        guard !address.isEmpty, !address.hasPrefix("#") else { return nil }
        if let scheme = WebAddress.scheme(of: address) {
            return ["javascript", "data", "vbscript", "about", "blob"].contains(scheme.lowercased()) ? nil : address
        }
        return base.resolve(address)
    }

    /// The page to open for an embedded player: a YouTube or Vimeo embed becomes the video's
    /// own page.
    static func pageForEmbed(_ address: String) -> (address: String, isVideo: Bool) {
        let parts = WebAddress(address)
        let host = parts.host.lowercased()
        let path = parts.path
        let id = { (prefix: String) in path.dropFirst(prefix.count).prefix { $0 != "/" } }
        if ["youtube.com", "www.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"].contains(host),
           path.hasPrefix("/embed/"), !id("/embed/").isEmpty {
            return ("https://www.youtube.com/watch?v=" + id("/embed/"), true)
        }
        if host == "player.vimeo.com", path.hasPrefix("/video/"), !id("/video/").isEmpty {
            return ("https://vimeo.com/" + id("/video/"), true)
        }
        return (address, false)
    }

    static func host(of address: String) -> String {
        WebAddress(address).host.lowercased()
    }

    /// The last part of an address's path, e.g. a file name.
    static func lastPathComponent(of address: String) -> Substring {
        let path = address.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").last ?? ""
    }

    /// Browsers drop the white space around an address and the line ends and tabs inside it
    /// (`SafeText.oneLine`); a space left inside is written as `%20`, so that an address stays
    /// one word.
    private static func clean(_ attribute: String) -> String {
        // Nearly every address is printable ASCII with no spaces: nothing to clean.
        if attribute.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return attribute }
        let words = SafeText.oneLine(attribute, lineEnds: .removed).split(separator: " ", omittingEmptySubsequences: false)
        let first = words.firstIndex { !$0.isEmpty } ?? words.endIndex
        let last = words.lastIndex { !$0.isEmpty } ?? words.startIndex
        return first <= last ? words[first...last].joined(separator: "%20") : ""
    }
}
