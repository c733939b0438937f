import TextSafety

/// Addresses from `href` and `src` attributes, made absolute against the article's own
/// address and safe to print.
struct LinkAddress {
    /// The article's address, e.g. its permalink; relative links stay as written without one.
    let base: String?

    /// nil for what a reader cannot follow from a terminal: in-page anchors, `javascript:`,
    /// and `data:` addresses, which can be megabytes long.
    func resolve(_ attribute: String?) -> String? {
        guard let attribute else { return nil }
        let address = Self.clean(attribute)
        if address.utf8.starts(with: "https://".utf8) || address.utf8.starts(with: "http://".utf8) { return address }
        guard !address.isEmpty, !address.hasPrefix("#") else { return nil }
        if let scheme = Self.scheme(of: address) {
            return ["javascript", "data", "vbscript", "about", "blob"].contains(scheme) ? nil : address
        }
        if address.hasPrefix("//") { return (base.flatMap(Self.scheme) ?? "https") + ":" + address }
        guard let base, Self.scheme(of: base) != nil else { return address }
        let origin = Self.origin(of: base)
        if address.hasPrefix("/") { return origin + address }
        let page = base.prefix { $0 != "#" && $0 != "?" }
        if address.hasPrefix("?") { return page + address }
        let path = page[origin.endIndex...]
        let directory = path.lastIndex(of: "/").map { path[...$0] } ?? "/"
        return origin + directory + address
    }

    /// The page to open for an embedded player: a YouTube or Vimeo embed becomes the video's
    /// own page.
    static func pageForEmbed(_ address: String) -> (address: String, isVideo: Bool) {
        let host = host(of: address)
        let path = address[origin(of: address).endIndex...]
        let id = { (prefix: String) in path.dropFirst(prefix.count).prefix { $0 != "?" && $0 != "/" && $0 != "#" } }
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
        let origin = origin(of: address)
        guard let start = Self.authorityStart(in: origin) else { return "" }
        return origin[start...].prefix { $0 != ":" }.lowercased()
    }

    /// Where the part after `scheme://` starts, found on the bytes: a `String` search would
    /// compare graphemes.
    private static func authorityStart(in address: Substring) -> Substring.Index? {
        let utf8 = address.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              utf8[colon...].starts(with: "://".utf8) else { return nil }
        return utf8.index(colon, offsetBy: 3)
    }

    /// The last part of an address's path, e.g. a file name.
    static func lastPathComponent(of address: String) -> Substring {
        let path = address.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").last ?? ""
    }

    /// Browsers drop the white space around an address and the line ends inside it; a space
    /// left inside is written as `%20`, so that an address stays one word.
    private static func clean(_ attribute: String) -> String {
        // Nearly every address is printable ASCII with no spaces: nothing to clean.
        if attribute.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return attribute }
        let sanitized = SafeText.sanitize(attribute)
        let trimmed = sanitized.split(separator: "\n", omittingEmptySubsequences: true).joined()
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: false)
        let first = words.firstIndex { !$0.isEmpty } ?? words.endIndex
        let last = words.lastIndex { !$0.isEmpty } ?? words.startIndex
        return first <= last ? words[first...last].joined(separator: "%20") : ""
    }

    private static func scheme(of address: String) -> String? {
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let scheme = address[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// `https://host:port`, or the whole address when it has no `://`.
    private static func origin(of address: String) -> Substring {
        guard let start = authorityStart(in: address[...]) else { return address[...] }
        let end = address.utf8[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        return address[..<(end ?? address.endIndex)]
    }
}
