import DisplayWidth
import NewsModels

/// A story list laid out for the terminal:
///
///      3. Title of the story, wrapped with a hanging indent
///         3 h ago · Author · Category, Category · id 1234
///         The first two lines of the excerpt, cut with an …
///
/// or, `compact`, one line a story (`StoryRow.Layout.compact`):
///
///      3. 3 h ago     Title of the story, cut with an …
public struct StoryListView: Sendable {
    public let width: Int
    public let dates: RelativeDate
    /// Without colour, dimming does not show: a read story says "read" in words.
    public let colors: Bool
    /// One line a story, with no blank line between stories (`--compact`).
    public let compact: Bool

    public init(width: Int, dates: RelativeDate, colors: Bool = true, compact: Bool = false) {
        self.width = width
        self.dates = dates
        self.colors = colors
        self.compact = compact
    }

    /// The list's stories, or those of them in `shown`, numbered as `numbered` says.
    public func lines(for list: StoryList, showing shown: [Story]? = nil) -> [StyledLine] {
        let lastNumber = (list.page - 1) * list.perPage + max(list.stories.count, 1)
        let indent = String(lastNumber).count + 2
        var lines: [StyledLine] = []
        for (number, story) in Self.numbered(list, showing: shown) {
            if !lines.isEmpty && !compact { lines.append(StyledLine()) }
            lines += self.lines(for: story, number: number, indent: indent)
        }
        return lines
    }

    /// Several sites' stories in one list (`latest --sites`), numbered from `firstNumber`, each
    /// with its site's name in a column before the title, a colour per site:
    ///
    ///      1. campus  Title of the story
    ///                 3 h ago · Author · Category · id 1234
    ///
    /// A narrow screen keeps its width for the titles: the site leads the metadata line instead.
    public func lines(forSites entries: [(site: Int, story: Story)], siteNames: [String], firstNumber: Int) -> [StyledLine] {
        let labels = siteNames.map(Self.siteLabel)
        let column = (entries.map { DisplayWidth.of(labels[$0.site]) }.max() ?? 0) + 2
        let indent = String(firstNumber + max(entries.count, 1) - 1).count + 2
        let inColumn = width - indent - column >= 30
        var lines: [StyledLine] = []
        for (offset, entry) in entries.enumerated() {
            if !lines.isEmpty && !compact { lines.append(StyledLine()) }
            let label = Span(labels[entry.site], Self.siteStyles[entry.site % Self.siteStyles.count])
            let site: StoryRow.SiteLabel = inColumn
                ? .column([label, Span(String(repeating: " ", count: column - DisplayWidth.of(label.text)))], width: column)
                : .metadata(label)
            lines += self.lines(for: entry.story, number: firstNumber + offset, indent: indent, site: site)
        }
        return lines
    }

    /// One colour per site, in the order the sites were named.
    static let siteStyles: [Style] = [.blue, .yellow, .green, .red, .magenta, .cyan].map { Style(bold: true, color: $0) }

    /// A site's name as the column shows it: at most twelve columns.
    static func siteLabel(_ name: String) -> String {
        DisplayWidth.truncated(name, fitting: 12)
    }

    /// The stories printed and their numbers: each story's place in the whole list, so a
    /// number always names the same story whatever is left out.
    public static func numbered(_ list: StoryList, showing shown: [Story]? = nil) -> [(number: Int, story: Story)] {
        let firstNumber = (list.page - 1) * list.perPage + 1
        let shownIDs = Set((shown ?? list.stories).map(\.id))
        return list.stories.enumerated().filter { shownIDs.contains($0.element.id) }.map { (firstNumber + $0.offset, $0.element) }
    }

    /// `site`: in a list of several sites, where the story's site is named.
    func lines(for story: Story, number: Int, indent: Int, site: StoryRow.SiteLabel? = nil) -> [StyledLine] {
        // Without colour, dimming does not show: a read story says "read" in words.
        StoryRow(story, dates: dates).lines(width: width, gutter: .number(number, indent: indent), layout: compact ? .compact : .wrapped,
                                            details: colors ? [.pinned, .id, .saved] : [.pinned, .read, .id, .saved], site: site)
    }
}
