import HTTPClient
import URLSyntax

/// The URLs to try for what a user typed as a site's address.
public enum SiteAddress {
    public static func candidates(for input: String) throws(HTTPError) -> [String] {
        let trimmed = input.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace }) else { throw .invalidURL(input) }
        let withoutFragment = String(trimmed.prefix { $0 != "#" })
        let address = WebAddress(typed: withoutFragment)
        guard address.scheme != nil else { return ["https://" + withoutFragment, "http://" + withoutFragment] }
        guard address.hasScheme("http") || address.hasScheme("https") else { throw .unsupportedScheme(url: input) }
        guard !address.hostAndPort.isEmpty else { throw .invalidURL(input) }
        return [withoutFragment]
    }

    /// Where WordPress keeps its API on a site given by its bare home URL with a scheme
    /// (`https://news.example.org`): `/wp-json/`. Nil for any other address, whose API root
    /// only discovery can tell.
    public static func conventionalRoot(for input: String) -> APIRoot? {
        guard let url = try? candidates(for: input), url.count == 1 else { return nil }
        let origin = origin(of: url[0])
        guard url[0] == origin || url[0] == origin + "/" else { return nil }
        return APIRoot(base: origin + "/wp-json/", style: .path)
    }

    /// `https://host:port` of a URL, with any user info: the requests built on it log in the same.
    public static func origin(of url: String) -> String {
        String(WebAddress(url).schemeAndAuthority)
    }
}
