import NewsCore
import TerminalRender

/// How `latest` and `featured` print a page of stories: the list, the empty state, and how
/// to get the next page.
struct StoryListPrinter {
    let context: CommandContext
    /// The command line that shows this list again, without `--page` (for the "next" hint).
    let command: String

    func print(_ list: StoryList) throws {
        if context.options.json {
            try context.printJSON(list.stories.map(StoryJSON.init))
            return
        }
        guard !list.stories.isEmpty else {
            context.print([StyledLine([Span("No stories here yet.")])])
            return
        }
        let footer = footer(for: list).map { [StyledLine()] + $0.map { StyledLine([Span($0, Style(dim: true))]) } }
        context.print(context.storyListView().lines(for: list) + (footer ?? []))
    }

    /// "page 2 of 7 · next: <command> --page 3", on two lines when that is wider than the
    /// screen; the command itself is never broken, so it can be copied.
    func footer(for list: StoryList) -> [String]? {
        guard let totalPages = list.totalPages, totalPages > 1 else { return nil }
        let position = "page \(list.page) of \(totalPages)"
        guard list.hasNextPage else { return [position] }
        let next = "next: \(command) --page \(list.page + 1)"
        let oneLine = "\(position) · \(next)"
        return DisplayWidth.of(oneLine) <= context.width ? [oneLine] : [position, next]
    }
}
