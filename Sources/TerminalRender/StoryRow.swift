import DisplayWidth
import NewsModels

/// One story as every list draws it, printed or on a full screen: a gutter with its number,
/// the title after a NEW or UPDATED marker, a line of date · author · categories, and the
/// excerpt; or all of it on one line (`Layout.compact`). The variants differ only in the
/// gutter (`Gutter`), in how the parts meet the width (`Layout`) and in what follows the
/// categories (`Details`).
public struct StoryRow: Sendable {
    public let story: Story
    public let dates: RelativeDate
    /// The app's own read marks win over the story's state from the cache.
    public let isRead: Bool
    /// Saved (`s`, `wpnews save`): the app's own marks win here too.
    public let isSaved: Bool

    public init(_ story: Story, dates: RelativeDate, isRead: Bool? = nil, isSaved: Bool? = nil) {
        self.story = story
        self.dates = dates
        self.isRead = isRead ?? story.state.isRead
        self.isSaved = isSaved ?? story.state.isSaved
    }

    /// Where the row starts.
    public enum Gutter: Sendable {
        /// A printed list: "12." right-aligned in `indent` columns (with its space).
        case number(Int, indent: Int)
        /// A full screen: ">" at the cursor (where reverse video does not show), the number
        /// right-aligned in `digits`, then the story's mark: "*" for a saved story, else "·"
        /// for a read one, else ".".
        case cursor(number: Int, digits: Int, selected: Bool)

        /// The gutter's text, for a story read or not, saved or not.
        public func text(read: Bool, saved: Bool = false) -> String {
            switch self {
            case .number(let number, let indent):
                let label = "\(number)."
                return String(repeating: " ", count: max(indent - 1 - label.count, 0)) + label + " "
            case .cursor(let number, let digits, let selected):
                let number = String(number)
                return (selected ? ">" : " ") + String(repeating: " ", count: max(digits - number.count, 0)) + number + (saved ? "*" : read ? "·" : ".") + " "
            }
        }

        var isSelected: Bool {
            if case .cursor(_, _, selected: true) = self { true } else { false }
        }

        /// Whether the gutter shows a story's read and saved marks (a full screen's does).
        var marksStories: Bool {
            if case .cursor = self { true } else { false }
        }
    }

    /// How the parts meet the width.
    public enum Layout: Sendable, Equatable {
        /// Printed: the title and the metadata wrap, the excerpt takes two lines at most.
        case wrapped
        /// A screen of rows of one height: each part one line, cut with "…"; the excerpt
        /// only when `excerpt`.
        case clipped(excerpt: Bool)
        /// One line: the gutter, the date in a column of its own, the site (several sites'
        /// lists), NEW or UPDATED and the title, cut with "…". The selected row shows
        /// reversed only as far as its date, so moving the cursor rewrites a few columns.
        case compact
        /// One line, one sentence for a screen reader: "Unread. Title. 3 days ago, Jane
        /// Okafor, City Hall." (the site after the date in several sites' lists), cut with
        /// "…". No gutter: the terminal's cursor marks the selected row, shown reversed.
        /// With `excerpt`, the excerpt follows the sentence: the cards of this layout, which
        /// keeps a story a line for the reader that reads line by line.
        case sentence(excerpt: Bool)
    }

    /// What follows the categories on the metadata line.
    public struct Details: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// "pinned" for a sticky story.
        public static let pinned = Details(rawValue: 1)
        /// "read" in words, for where dimming does not show.
        public static let read = Details(rawValue: 2)
        /// "id 1234", what `read` takes.
        public static let id = Details(rawValue: 4)
        /// "saved" in words, for a gutter without the mark.
        public static let saved = Details(rawValue: 8)
    }

    /// Where a story of several sites names its site (`latest --sites`).
    public enum SiteLabel: Sendable {
        /// Before the title, padded to the column's width.
        case column([Span], width: Int)
        /// At the head of the metadata, when the screen is too narrow for a column.
        case metadata(Span)
    }

    public static let titleStyle = Style(bold: true)
    public static let numberStyle = Style(dim: true)
    public static let quietStyle = Style(dim: true)
    static let dateStyle = Style(color: .cyan)
    static let categoryStyle = Style(color: .magenta)
    static let newStyle = Style(bold: true, color: .green)
    static let updatedStyle = Style(bold: true, color: .yellow)
    /// A title that arrived with a refresh, while the app flashes it.
    static let arrivedStyle = Style(bold: true, color: .green)
    /// The compact row's date column: as wide as the longest date `RelativeDate` writes
    /// ("10 min ago", "25 Dec 2026"), so the titles start in one column.
    static let compactDateWidth = 11

    /// `arrived`: the app flashes the titles a refresh brought.
    public func lines(width: Int, gutter: Gutter, layout: Layout, details: Details, site: SiteLabel? = nil, arrived: Bool = false) -> [StyledLine] {
        var column: (spans: [Span], width: Int)?
        var siteInMetadata: Span?
        switch site {
        case .column(let spans, let width): column = (spans, width)
        case .metadata(let span): siteInMetadata = span
        case nil: break
        }
        let label = gutter.text(read: isRead, saved: isSaved)
        let gutterWidth = DisplayWidth.of(label) + (column?.width ?? 0)
        let margin = Span(String(repeating: " ", count: gutterWidth))
        let textWidth = max(width - gutterWidth, 10)
        var title = titleStyle
        if arrived { title = Self.arrivedStyle }
        // A compact row shows the selection on its gutter and date instead.
        title.inverse = gutter.isSelected && layout != .compact
        // What a card's first two lines start with; a compact row has no metadata line.
        func card() -> (head: [Span], metadata: [Span]) {
            ([Span(label, Self.numberStyle)] + (column?.spans ?? []) + (marker.map { [$0] } ?? []),
             (siteInMetadata.map { [$0] } ?? []) + metadata(width: textWidth, details: details))
        }
        switch layout {
        case .compact:
            let site = column?.spans ?? siteInMetadata.map { [$0, Span(" ")] } ?? []
            return [compactLine(width: width, gutter: label, selected: gutter.isSelected, marksStories: gutter.marksStories, site: site, title: title, details: details)]
        case .sentence(let excerpt):
            // The site's name without the column's padding.
            let site = (column?.spans ?? siteInMetadata.map { [$0] } ?? []).map(\.text).joined().split(separator: " ").joined(separator: " ")
            let said = sentence(site: site) + (excerpt && !story.excerpt.isEmpty ? " " + story.excerpt : "")
            return [StyledLine(cutting: [Span(said, Style(inverse: gutter.isSelected))], toWidth: width)]
        case .wrapped:
            let (head, metadata) = card()
            let markerWidth = marker.map { DisplayWidth.of($0.text) } ?? 0
            // Wrapped title lines hang under the title's first letter, after any marker.
            var lines = TextWrapper.wrap(story.displayTitle, width: textWidth - markerWidth).enumerated().map { index, line in
                StyledLine((index == 0 ? head : [Span(margin.text + String(repeating: " ", count: markerWidth))]) + [Span(line, title)])
            }
            lines += Self.wrapSpans(metadata, width: textWidth).map { StyledLine([margin] + $0) }
            for line in TextWrapper.wrap(story.excerpt, width: textWidth, maxLines: 2) where !story.excerpt.isEmpty {
                lines.append(StyledLine([margin, Span(line)]))
            }
            return lines
        case .clipped(let excerpt):
            let (head, metadata) = card()
            let separated = metadata.enumerated().flatMap { $0.offset == 0 ? [$0.element] : [Self.separator, $0.element] }
            return [
                StyledLine(cutting: head + [Span(story.displayTitle, title)], toWidth: width),
                StyledLine(cutting: [margin] + separated, toWidth: width),
            ] + (excerpt ? [StyledLine(cutting: [margin, Span(story.excerpt)], toWidth: width)] : [])
        }
    }

    /// `gutter`, the date, `site`, the marker, the read and saved words `details` asks for
    /// (before the title, which the width may cut) and the title on one line.
    private func compactLine(width: Int, gutter: String, selected: Bool, marksStories: Bool, site: [Span], title: Style, details: Details) -> StyledLine {
        let date = dates.describe(story.date)
        let datePadding = String(repeating: " ", count: max(Self.compactDateWidth - DisplayWidth.of(date), 0) + 1)
        var number = Self.numberStyle
        var dateStyle = Self.dateStyle
        number.inverse = selected
        dateStyle.inverse = selected
        // The app's gutter marks read and saved stories itself; a printed one says them in words.
        var words: [Span] = []
        if !marksStories && details.contains(.read) && isRead { words.append(Span("read ", Self.quietStyle)) }
        if !marksStories && details.contains(.saved) && isSaved { words.append(Span("saved ", Self.quietStyle)) }
        let head = [Span(gutter, number), Span(date, dateStyle), Span(datePadding)] + site + (marker.map { [$0] } ?? []) + words
        return StyledLine(cutting: head + [Span(story.displayTitle, title)], toWidth: width)
    }

    /// The row as `Layout.sentence` says it: its states in words, the title, then the date,
    /// `site` (when several sites' stories are listed), the author and the categories.
    func sentence(site: String) -> String {
        let states = [isRead ? "Read" : "Unread", story.state.isNew ? "new" : story.state.isUpdated ? "updated" : nil, isSaved ? "saved" : nil]
        let about = [dates.describe(story.date, spoken: true), site, story.author?.name ?? ""] + story.categories.map(\.name)
        return states.compactMap { $0 }.joined(separator: ", ") + ". " + Self.sentence(ending: story.displayTitle) + " "
            + about.filter { !$0.isEmpty }.joined(separator: ", ") + "."
    }

    /// `text` with a full stop, unless it ends a sentence itself ("Who won?").
    static func sentence(ending text: String) -> String {
        text.last.map { ".!?…".contains($0) } == true ? text : text + "."
    }

    /// NEW or UPDATED, in colours of their own: an update must not look new.
    var marker: Span? {
        story.state.isNew ? Span("NEW ", Self.newStyle) : story.state.isUpdated ? Span("UPDATED ", Self.updatedStyle) : nil
    }

    /// Read stories step back; untitled ones never stand out.
    var titleStyle: Style {
        isRead || story.title.isEmpty ? Self.quietStyle : Self.titleStyle
    }

    /// Date · author · categories · details, each part a span. The categories take what room
    /// the other parts leave on the line, or a line of their own when that is too little.
    func metadata(width: Int, details: Details) -> [Span] {
        var before = [Span(dates.describe(story.date), Self.dateStyle)]
        if let author = story.author, !author.name.isEmpty { before.append(Span(author.name)) }
        var after: [Span] = []
        if details.contains(.pinned) && story.sticky { after.append(Span("pinned", Self.quietStyle)) }
        if details.contains(.read) && isRead { after.append(Span("read")) }
        // A printed list's gutter has no mark: saved is said in words.
        if details.contains(.saved) && isSaved { after.append(Span("saved")) }
        if details.contains(.id) { after.append(Span("id \(story.id)", Self.quietStyle)) }
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

    static let separator = Span(" · ", quietStyle)

    /// Lays parts out joined by " · ", moving a part that does not fit to the next line and
    /// wrapping a part that is wider than a line on its own.
    static func wrapSpans(_ parts: [Span], width: Int) -> [[Span]] {
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
