/// An article laid out at a width: its lines, the links in the order the text numbers them,
/// and the places in it that the reader needs (where each picture goes, where the header
/// ends, where the comments start), noted while laying out rather than found in the text.
public struct LaidOutArticle: Sendable {
    public internal(set) var lines: [StyledLine]
    public internal(set) var links: [String]
    /// The header's names that open a list, numbered after `links`.
    public internal(set) var headerLinks: [HeaderLink]
    /// In the order of their lines.
    public internal(set) var anchors: [ArticleAnchor]

    public init(lines: [StyledLine] = [], links: [String] = [], headerLinks: [HeaderLink] = [], anchors: [ArticleAnchor] = []) {
        self.lines = lines
        self.links = links
        self.headerLinks = headerLinks
        self.anchors = anchors
    }

    /// The line of the first anchor at `place`, if the article has one.
    public func line(of place: ArticleAnchor.Place) -> Int? {
        anchors.first { $0.place == place }?.line
    }

    mutating func append(_ lines: [StyledLine]) {
        self.lines += lines
    }

    /// `other`'s lines after these, its anchors moved down with them.
    mutating func append(_ other: LaidOutArticle) {
        anchors += other.anchors.map { ArticleAnchor($0.place, line: $0.line + lines.count) }
        lines += other.lines
        links += other.links
        headerLinks += other.headerLinks
    }

    mutating func mark(_ place: ArticleAnchor.Place) {
        anchors.append(ArticleAnchor(place, line: lines.count))
    }
}

/// A place in a laid-out article, by line.
public struct ArticleAnchor: Sendable, Hashable {
    public enum Place: Sendable, Hashable {
        /// The line where the placeholder of the picture at this address starts: the picture
        /// goes above it, and the placeholder stays as its caption. Only a line's first
        /// placeholder is anchored.
        case picture(String)
        /// The first line after the header (the title, the byline, the rule under them):
        /// where the featured picture goes.
        case headerEnd
        /// The heading over the comments.
        case comments
    }

    public let place: Place
    public let line: Int

    public init(_ place: Place, line: Int) {
        self.place = place
        self.line = line
    }
}
