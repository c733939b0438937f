import DisplayWidth
import NewsModels

/// One output line: spans that together are at most the layout width.
public struct StyledLine: Sendable, Hashable {
    public var spans: [Span]

    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    public var plainText: String { spans.map(\.text).joined() }
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}
