import BrowseApp
import Foundation
import GoldenFiles
import NewsCore
import TerminalRender
import Testing

/// Whole frames of the app for given states, at 80x24 and 120x40: `Golden/*.golden`,
/// reviewed by eye. Text only, but for one frame kept with its escape codes (ESC as "␛").
struct AppScreenGoldenTests {
    static let jane = Author(id: 2, name: "Jane Okafor", slug: "jane")
    static let news = NewsCore.Category(id: 3, name: "News", slug: "news", parent: nil)
    static let culture = NewsCore.Category(id: 4, name: "Arts & Culture", slug: "arts", parent: nil)

    static func story(_ id: Int, _ title: String, excerpt: String, hoursAgo: Double, state: ReadingState = ReadingState()) -> Story {
        Story(id: id, slug: "s\(id)", title: title, link: "https://ledger.example/?p=\(id)",
              date: UpdateTests.dates.now.addingTimeInterval(-hoursAgo * 3600), modified: UpdateTests.dates.now,
              author: id.isMultiple(of: 2) ? jane : nil, categories: id.isMultiple(of: 3) ? [news, culture] : [news],
              tags: [], excerpt: excerpt, sticky: false, featuredImage: nil, state: state)
    }

    static let stories = [
        story(1, "Storm recovery: where to get help, drop off debris and report damage",
              excerpt: "Everything in one place: debris drop-off, damage reports, emergency grants and the numbers to call.", hoursAgo: 5,
              state: ReadingState(isNew: true)),
        story(2, "Herons clinch a playoff berth with a last-second kick", excerpt: "A 38-yard field goal as time expired.", hoursAgo: 30,
              state: ReadingState(isRead: true)),
        story(3, "河畔市中秋灯会：三千盏灯照亮老码头", excerpt: "星期六晚上，三千盏红灯笼沿着老码头一字排开。", hoursAgo: 80),
        story(4, "", excerpt: "A story that came without a title.", hoursAgo: 200, state: ReadingState(isUpdated: true)),
    ] + (5...12).map { story($0, "Council notes, week \($0)", excerpt: "What the council decided in week \($0).", hoursAgo: Double($0) * 100) }

    /// Latest with `stories`, the second selected; as cards unless `density` says otherwise.
    static func latest(width: Int, height: Int, density: ListDensity = .cards, readerMaxWidth: Int? = 80) throws -> AppState {
        var state = AppState(siteName: "The Riverside Ledger", dates: UpdateTests.dates, width: width, height: height,
                             density: density, readerMaxWidth: readerMaxWidth)
        guard case .loadList(let id, _, _, _)? = state.start(on: .latest).first else {
            throw UpdateTests.Unexpected("no list asked for")
        }
        _ = state.update(.listLoaded(id, StoryList(stories: stories, page: 1, perPage: 20, total: 12, totalPages: 1, origin: .network), refreshed: false))
        _ = state.update(.key(.character("j")))
        return state
    }

    static func text(_ state: AppState) -> String {
        AppView(state).lines.map(\.plainText).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func latestList(width: Int, height: Int) throws {
        try Golden.check(Self.text(try Self.latest(width: width, height: height)), named: "latest-\(width)x\(height)")
    }

    /// A title or excerpt with line ends in it (a site's slip) still reads on its own row:
    /// each run of line ends and tabs is one space, as terminal readers print it.
    @Test func lineEndsInATitleOrExcerptBecomeOneSpace() throws {
        var state = AppState(siteName: "The Riverside Ledger", dates: UpdateTests.dates, width: 120, height: 40, density: .cards)
        guard case .loadList(let id, _, _, _)? = state.start(on: .latest).first else {
            throw UpdateTests.Unexpected("no list asked for")
        }
        let story = Self.story(1, "Storm \n\n recovery", excerpt: "Debris\r\n\tdrop-off", hoursAgo: 5)
        _ = state.update(.listLoaded(id, StoryList(stories: [story], page: 1, perPage: 20, total: 1, totalPages: 1, origin: .network), refreshed: false))
        let text = Self.text(state)
        #expect(text.contains("Storm recovery") && text.contains("Debris drop-off"), "\(text)")
    }

    @Test func latestListWithItsEscapeCodes() throws {
        let lines = AppView(try Self.latest(width: 80, height: 24)).lines
        let text = ANSIEncoder(styles: .color).terminalText(lines.flatMap { [ScreenPiece.line($0), .control(.lineFeed)] })
        try Golden.check(text.string.replacing("\u{1B}", with: "␛").replacing("\r\n", with: "\n"), named: "latest-80x24-escapes")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func reader(width: Int, height: Int) throws {
        var state = try Self.latest(width: width, height: height)
        guard case .loadArticle(let id, _, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("Enter reads") }
        let html = """
            <p>Sophomore kicker Lucía Ferreira made a <a href="/sports/">38-yard field goal</a> as time expired.</p>
            <h2>What comes next</h2><ul><li>Lakeport, away</li><li>The final, at home</li></ul>
            <blockquote><p>“I just pretended it was a penalty.”</p></blockquote>
            """
        _ = state.update(.articleLoaded(id, html: html, story: Self.stories[1], link: Self.stories[1].link))
        try Golden.check(Self.text(state), named: "reader-\(width)x\(height)")
    }

    /// The default list: a line a story, dates in a column, titles cut by display width.
    @Test(arguments: [(80, 24), (120, 40)])
    func compactLatestList(width: Int, height: Int) throws {
        try Golden.check(Self.text(try Self.latest(width: width, height: height, density: .compact)), named: "latest-compact-\(width)x\(height)")
    }

    @Test func compactLatestListWithItsEscapeCodes() throws {
        let lines = AppView(try Self.latest(width: 80, height: 24, density: .compact)).lines
        let text = ANSIEncoder(styles: .color).terminalText(lines.flatMap { [ScreenPiece.line($0), .control(.lineFeed)] })
        try Golden.check(text.string.replacing("\u{1B}", with: "␛").replacing("\r\n", with: "\n"), named: "latest-compact-80x24-escapes")
    }

    /// A wide window reads a column of at most `[reader] max_width` (80) set in from the left,
    /// the position at the status line's end; `0` gives the whole width.
    @Test(arguments: [80, 0])
    func wideReader(maxWidth: Int) throws {
        var state = try Self.latest(width: 120, height: 40, readerMaxWidth: maxWidth == 0 ? nil : maxWidth)
        guard case .loadArticle(let id, _, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("Enter reads") }
        let paragraph = "<p>Sophomore kicker Lucía Ferreira made a 38-yard field goal as time expired, and the Herons clinched a playoff berth "
            + "in front of the biggest crowd the stadium has seen since the bridge opened. Coach Ortiz called it the kick of the decade.</p>"
        _ = state.update(.articleLoaded(id, html: String(repeating: paragraph, count: 14), story: Self.stories[1], link: Self.stories[1].link))
        _ = state.update(.key(.character("j")))
        try Golden.check(Self.text(state), named: "reader-wide-120x40-max-\(maxWidth)")
    }

    /// A category's list names itself in the tab bar, with the stories loaded of its total.
    @Test(arguments: [(80, 24), (120, 40)])
    func categoryListWithItsTotals(width: Int, height: Int) throws {
        var state = AppState(siteName: "The Riverside Ledger", dates: UpdateTests.dates, width: width, height: height)
        guard case .loadTerms(let terms, .categories, _)? = state.start(on: .categories).first else { throw UpdateTests.Unexpected("the categories") }
        _ = state.update(.termsLoaded(terms, TermRow.categories([NewsCore.Category(id: 5, name: "Design", slug: "design", parent: nil, count: 141)])))
        guard case .loadList(let id, _, _, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("Enter opens Design") }
        _ = state.update(.listLoaded(id, StoryList(stories: Self.stories, page: 1, perPage: 20, total: 141, totalPages: 8, origin: .network), refreshed: false))
        try Golden.check(Self.text(state), named: "category-list-\(width)x\(height)")
    }

    @Test func tagCloud() throws {
        var state = AppState(siteName: "The Riverside Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .tags, _)? = state.start(on: .tags).first else { throw UpdateTests.Unexpected("the tags") }
        let names = ["Bridges", "Budget", "City Council", "Ferry", "Flooding", "Herons", "Library", "Old Quay", "Parks", "Tamsin River", "Transit", "Volunteers"]
        _ = state.update(.termsLoaded(id, names.enumerated().map { index, name in
            TermRow(label: name, count: index * 3, level: index % 5 + 1, target: .stories(.latest))
        }))
        _ = state.update(.key(.right))
        try Golden.check(Self.text(state), named: "tags-80x24")
    }

    @Test func help() throws {
        var state = try Self.latest(width: 80, height: 24)
        _ = state.update(.key(.character("?")))
        try Golden.check(Self.text(state), named: "help-80x24")
    }
}
