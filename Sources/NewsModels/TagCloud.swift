import Glibc

/// Tags weighed as WordPress's own cloud weighs them: `log10(count + 1)`, scaled linearly
/// from the lightest tag to the heaviest of those it is given, before its own limit. Given
/// only the site's heaviest N tags, it weighs them among themselves, as WordPress's tag
/// cloud widget weighs the heaviest tags it asks for.
public struct TagCloud: Sendable {
    public struct Entry: Sendable, Hashable {
        public let tag: Tag
        /// 0 for the lightest tag given, 1 for the heaviest.
        public let weight: Double
        /// 1 (lightest) to `TagCloud.levels`.
        public let level: Int
    }

    public enum Order: String, Sendable, CaseIterable {
        case name, count
    }

    public static let levels = 5
    /// How many tags a cloud shows unless told otherwise, as WordPress's tag cloud widget.
    public static let defaultLimit = 100

    public let entries: [Entry]
    /// Tags that passed `minCount` but not the limit.
    public let leftOut: Int

    /// `limit`: the heaviest this many of those given; nil for all of them.
    public init(tags: [Tag], minCount: Int = 1, limit: Int? = nil, order: Order = .name) {
        let weights = tags.map { log10(Double(($0.count ?? 0) + 1)) }
        let lightest = weights.min() ?? 0
        let spread = (weights.max() ?? 0) - lightest
        let weighed = zip(tags, weights).map { tag, weight in
            // One weight for all (spread 0): every tag is as light as the lightest, as in WordPress.
            let scaled = spread > 0 ? (weight - lightest) / spread : 0
            return Entry(tag: tag, weight: scaled, level: 1 + Int((scaled * Double(Self.levels - 1)).rounded()))
        }
        let eligible = weighed.filter { ($0.tag.count ?? 0) >= minCount }
        let kept = limit ?? eligible.count
        let heaviest = eligible.sorted(by: Self.byCount).prefix(kept)
        entries = order == .count ? Array(heaviest) : heaviest.sorted(by: Self.byName)
        leftOut = eligible.count - entries.count
    }

    private static func byCount(_ a: Entry, _ b: Entry) -> Bool {
        (a.tag.count ?? 0, b.tag.name.lowercased()) > (b.tag.count ?? 0, a.tag.name.lowercased())
    }

    private static func byName(_ a: Entry, _ b: Entry) -> Bool {
        let (left, right) = (a.tag.name.lowercased(), b.tag.name.lowercased())
        return left == right ? a.tag.id < b.tag.id : left < right
    }
}
