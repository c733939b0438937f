import Foundation
import NewsCore
import TerminalInput
import TerminalRender

/// Which page of a list opened at a date (`:`) to ask for.
public enum DatedPage: Sendable, Hashable {
    /// Page `page` of the stories published before `before`, newest first: down the list.
    case older(before: Date, page: Int)
    /// The stories published from `after` on, oldest first: those just above the list's top.
    case newer(after: Date)
}

/// Where a list was opened at a date, and whether anything newer may still come above it.
public struct ListDate: Sendable, Hashable {
    /// The list holds what was published before this: the end of the day (month ...) typed.
    public let before: Date
    /// The date as typed, for the status line.
    public let typed: String
    public internal(set) var newerMayCome = true
    /// The stories above the first are asked for. Apart from the screen's `loading`, which is
    /// the older pages': a compact list shows its whole first page and asks for the next at
    /// once, and up must not wait for that.
    var newerLoading = false
}

/// `:` (action `go_to_date`): a story list opened at a date, loading on in both directions.
extension AppState {
    /// `:` in a story list: the date is typed on the status line.
    mutating func askForDate(in list: StoryListContent) -> [Effect] {
        guard list.request != .featured else {
            status = "Featured has no dates to go to: try Latest (\(keys.firstName(of: .latestTab))), a category or a tag"
            return []
        }
        prompt = Prompt(purpose: .goToDate, editor: LineEditor())
        return []
    }

    /// The date typed: the list opens over the current one (back returns to it) at the
    /// newest story on or before it; a second jump takes the first one's place.
    mutating func goToDate(_ text: String) -> [Effect] {
        guard !text.allSatisfy(\.isWhitespace), let screen, case .stories(let list) = screen.content else { return [] }
        let span: DateSpan
        do {
            span = try DateInput.span(of: text, now: dates.now, utcOffset: dates.utcOffset)
        } catch {
            status = error.description
            return []
        }
        var dated = StoryListContent(title: list.title, request: list.request)
        dated.dated = ListDate(before: span.end, typed: text)
        if list.dated != nil { shownStack.removeLast() }
        status = "\(list.title) from \(text) back · \(keys.firstName(of: .up)) at the top loads newer stories"
        return push(.stories(dated)) { id in [.loadDatedList(id, list.request, .older(before: span.end, page: 1), refresh: false)] }
    }

    /// Up at the first row of a list opened at a date: the stories just above it are asked
    /// for, once at a time.
    func askForNewer(_ screen: inout Screen) -> [Effect] {
        guard case .stories(var list) = screen.content, var dated = list.dated, dated.newerMayCome, !dated.newerLoading,
              let first = list.stories.first else { return [] }
        dated.newerLoading = true
        list.dated = dated
        screen.content = .stories(list)
        return [.loadDatedList(screen.id, list.request, .newer(after: first.date), refresh: false)]
    }

    /// The stories above the first came, oldest first: they go on top, newest first, and the
    /// cursor moves up onto the nearest of them, as the key asked.
    mutating func receivedNewer(_ list: StoryList, on screen: inout Screen) -> [Effect] {
        guard case .stories(var content) = screen.content, var dated = content.dated else { return [] }
        let known = Set(content.stories.map(\.id))
        let newer = list.stories.filter { !known.contains($0.id) }
        let selected = content.story(atRow: screen.cursor)?.id
        let wasAtTop = screen.cursor == 0
        let rowsBefore = content.rows.count
        content.stories = newer.reversed() + content.stories
        // A short page reached the newest story: nothing more above.
        dated.newerMayCome = !newer.isEmpty && list.stories.count >= list.perPage
        dated.newerLoading = false
        content.dated = dated
        content.rows = rows(of: content)
        screen.content = .stories(content)
        let added = content.rows.count - rowsBefore
        let row = content.row(of: selected) ?? 0
        screen.cursor = wasAtTop && added > 0 ? row - 1 : row
        screen.top += added
        screen.error = nil
        if newer.isEmpty { status = "nothing newer: the newest story is at the top" }
        return []
    }
}
