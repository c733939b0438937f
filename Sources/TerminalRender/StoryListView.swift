import NewsCore

/// A story list laid out for the terminal:
///
///      3. Title of the story, wrapped with a hanging indent
///         3 h ago · Author · Category, Category · id 1234
///         The first two lines of the excerpt, cut with an …
public struct StoryListView: Sendable {
    public let width: Int
    public let dates: RelativeDate
    /// Without colour, dimming does not show: a read story says "read" in words.
    public let colors: Bool

    public init(width: Int, dates: RelativeDate, colors: Bool = true) {
        self.width = width
        self.dates = dates
        self.colors = colors
    }

    static let titleStyle = Style(bold: true)
    static let numberStyle = Style(dim: true)
    static let dateStyle = Style(color: .cyan)
    static let categoryStyle = Style(color: .magenta)
    static let quietStyle = Style(dim: true)
    static let newStyle = Style(bold: true, color: .green)
    static let updatedStyle = Style(bold: true, color: .yellow)

    /// The list's stories, or those of them in `shown`, numbered as `numbered` says.
    public func lines(for list: StoryList, showing shown: [Story]? = nil) -> [StyledLine] {
        let lastNumber = (list.page - 1) * list.perPage + max(list.stories.count, 1)
        let indent = String(lastNumber).count + 2
        var lines: [StyledLine] = []
        for (number, story) in Self.numbered(list, showing: shown) {
            if !lines.isEmpty { lines.append(StyledLine()) }
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
            if !lines.isEmpty { lines.append(StyledLine()) }
            let label = Span(labels[entry.site], Self.siteStyles[entry.site % Self.siteStyles.count])
            let site: SiteLabel = inColumn
                ? .column([label, Span(String(repeating: " ", count: column - DisplayWidth.of(label.text)))], width: column)
                : .metadata(label)
            lines += self.lines(for: entry.story, number: firstNumber + offset, indent: indent, site: site)
        }
        return lines
    }

    /// Where a story of several sites names its site.
    enum SiteLabel {
        case column([Span], width: Int)
        case metadata(Span)
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
    func lines(for story: Story, number: Int, indent: Int, site: SiteLabel? = nil) -> [StyledLine] {
        var column: (spans: [Span], width: Int)?
        var siteInMetadata: Span?
        switch site {
        case .column(let spans, let width): column = (spans, width)
        case .metadata(let span): siteInMetadata = span
        case nil: break
        }
        let gutterWidth = indent + (column?.width ?? 0)
        let textWidth = max(width - gutterWidth, 10)
        let margin = String(repeating: " ", count: gutterWidth)
        let label = "\(number)."
        let title = story.displayTitle
        // Read stories step back; untitled ones never stand out.
        let titleStyle = story.state.isRead || story.title.isEmpty ? Self.quietStyle : Self.titleStyle
        let marker = story.state.isNew ? Span("NEW ", Self.newStyle) : story.state.isUpdated ? Span("UPDATED ", Self.updatedStyle) : nil
        var lines: [StyledLine] = []
        let markerWidth = marker.map { DisplayWidth.of($0.text) } ?? 0
        // Wrapped title lines hang under the title's first letter, after any marker.
        for (index, line) in TextWrapper.wrap(title, width: textWidth - markerWidth).enumerated() {
            let gutter = index == 0
                ? [Span(String(repeating: " ", count: indent - 1 - label.count) + label + " ", Self.numberStyle)] + (column?.spans ?? []) + (marker.map { [$0] } ?? [])
                : [Span(margin + String(repeating: " ", count: markerWidth))]
            lines.append(StyledLine(gutter + [Span(line, titleStyle)]))
        }
        let metadata = (siteInMetadata.map { [$0] } ?? []) + metadata(for: story, width: textWidth)
        lines += wrapSpans(metadata, width: textWidth).map { StyledLine([Span(margin)] + $0) }
        for line in TextWrapper.wrap(story.excerpt, width: textWidth, maxLines: 2) where !story.excerpt.isEmpty {
            lines.append(StyledLine([Span(margin), Span(line)]))
        }
        return lines
    }

    /// Date · author · categories · id, each part a span. The categories take what room the
    /// other parts leave on the line, or a line of their own when that is too little.
    func metadata(for story: Story, width: Int) -> [Span] {
        var before = [Span(dates.describe(story.date), Self.dateStyle)]
        if let author = story.author, !author.name.isEmpty { before.append(Span(author.name)) }
        var after: [Span] = []
        if story.sticky { after.append(Span("pinned", Self.quietStyle)) }
        if story.state.isRead && !colors { after.append(Span("read")) }
        after.append(Span("id \(story.id)", Self.quietStyle))
        guard !story.categories.isEmpty else { return before + after }
        let others = (before + after).reduce(0) { $0 + DisplayWidth.of($1.text) + 3 }
        let room = width - others >= 20 ? width - others : width
        return before + [Span(Self.categories(story.categories.map(\.name), fitting: room), Self.categoryStyle)] + after
    }

    /// As many category names as fit on one line, and how many more there are ("+27"): a
    /// story filed in thirty categories must not take a screen of every list.
    static func categories(_ names: [String], fitting width: Int) -> String {
        var shown = names[...]
        while shown.count > 1 {
            let rest = names.count - shown.count
            let text = shown.joined(separator: ", ") + (rest > 0 ? " +\(rest)" : "")
            if DisplayWidth.of(text) <= width { return text }
            shown = shown.dropLast()
        }
        let rest = names.count - shown.count
        return (shown.first ?? "") + (rest > 0 ? " +\(rest)" : "")
    }

    /// Lays parts out joined by " · ", moving a part that does not fit to the next line and
    /// wrapping a part that is wider than a line on its own.
    func wrapSpans(_ parts: [Span], width: Int) -> [[Span]] {
        let separator = Span(" · ", Self.quietStyle)
        var lines: [[Span]] = []
        var line: [Span] = []
        var used = 0
        for part in parts {
            let partWidth = DisplayWidth.of(part.text)
            if !line.isEmpty, used + 3 + partWidth <= width {
                line += [separator, part]
                used += 3 + partWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let pieces = TextWrapper.wrap(part.text, width: width)
            lines += pieces.dropLast().map { [Span($0, part.style)] }
            line = [Span(pieces.last ?? "", part.style)]
            used = DisplayWidth.of(pieces.last ?? "")
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
