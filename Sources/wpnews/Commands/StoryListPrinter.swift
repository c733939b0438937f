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
        var lines = context.storyListView().lines(for: list)
        if let footer = footer(for: list) {
            lines += [StyledLine(), StyledLine([Span(footer, Style(dim: true))])]
        }
        context.print(lines)
    }

    func footer(for list: StoryList) -> String? {
        guard let totalPages = list.totalPages, totalPages > 1 else { return nil }
        let position = "page \(list.page) of \(totalPages)"
        return list.hasNextPage ? "\(position) · next: \(command) --page \(list.page + 1)" : position
    }
}
