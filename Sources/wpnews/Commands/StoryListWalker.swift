import NewsCore

/// `--all`: the first page, then every other page at once, printed in order as each arrives.
struct StoryListWalker {
    let printer: StoryListPrinter
    let fetch: @Sendable (Int) async throws -> StoryList

    func run(first: StoryList) async throws {
        let lastPage = first.totalPages ?? first.page
        guard lastPage > first.page else { return try printer.print(first, alone: true) }
        if printer.context.options.json {
            // One JSON document: every page's stories in one array.
            var stories = first.stories
            try await forEachPage(after: first.page, through: lastPage) { stories += $0.stories }
            return try printer.printJSON(stories)
        }
        try printer.print(first, alone: false)
        try await forEachPage(after: first.page, through: lastPage) { try printer.print($0, alone: false) }
    }

    private func forEachPage(after first: Int, through last: Int, _ body: (StoryList) throws -> Void) async throws {
        try await withThrowingTaskGroup(of: StoryList.self) { group in
            for page in (first + 1)...last {
                group.addTask { try await fetch(page) }
            }
            var waiting: [Int: StoryList] = [:]
            var next = first + 1
            for try await list in group {
                waiting[list.page] = list
                while let ready = waiting.removeValue(forKey: next) {
                    try body(ready)
                    next += 1
                }
            }
        }
    }
}
