import HTMLParsing
import TextSafety

/// A string field from the server, stripped of control characters as it is decoded, so no
/// unsanitized server text exists past the decoder.
public struct ServerText: Decodable, Sendable, Hashable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) {
        value = SafeText.sanitize(raw)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public var description: String { value }
}

/// A `{"rendered": "<html>"}` field (title, excerpt) decoded straight into plain text.
public struct RenderedText: Decodable, Sendable, Hashable {
    public let plain: String

    public init(html: String) {
        plain = HTMLPlainText.of(html)
    }

    private enum CodingKeys: String, CodingKey { case rendered }

    public init(from decoder: any Decoder) throws {
        // Some endpoints (e.g. /wp/v2/search) send a plain string where posts send an object.
        // The object comes first: a failed attempt builds a DecodingError, and lists of
        // posts are the common case.
        if let object = try? decoder.container(keyedBy: CodingKeys.self) {
            self.init(html: try object.decode(String.self, forKey: .rendered))
        } else {
            self.init(html: try decoder.singleValueContainer().decode(String.self))
        }
    }
}
