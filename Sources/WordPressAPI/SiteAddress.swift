import HTTPClient

/// The URLs to try for what a user typed as a site's address.
public enum SiteAddress {
    public static func candidates(for input: String) throws(HTTPError) -> [String] {
        let trimmed = input.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace }) else { throw .invalidURL(input) }
        let withoutFragment = String(trimmed.prefix { $0 != "#" })
        if let separator = withoutFragment.firstRange(of: "://") {
            let scheme = withoutFragment[..<separator.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(url: input) }
            guard separator.upperBound < withoutFragment.endIndex else { throw .invalidURL(input) }
            return [withoutFragment]
        }
        return ["https://" + withoutFragment, "http://" + withoutFragment]
    }

    /// `https://host:port` of a URL.
    public static func origin(of url: String) -> String {
        guard let separator = url.firstRange(of: "://") else { return url }
        let authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<separator.upperBound]) + authority
    }
}
