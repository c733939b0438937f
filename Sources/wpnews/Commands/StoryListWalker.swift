import Foundation
import NewsCore
import TerminalRender

/// `--all`: every page, printed in order. Pages are asked for a few ahead of the one being
/// printed (the HTTP client keeps each site to its per-host limit); with `--json` one array
/// is written as the pages come, so a big archive is never held whole. A progress line says
/// how far it has got.
struct StoryListWalker {
    let printer: StoryListPrinter
    let fetch: @Sendable (Int) async throws -> StoryList
    /// Pages asked for ahead of the one being printed: enough to keep the site's per-host
    /// limit busy, few enough that memory stays flat.
    static let window = 12

    func run(first: StoryList) async throws {
        let lastPage = first.totalPages ?? first.page
        // A site read through its feed says nothing of how many pages it has: they are asked
        // for until one past the end.
        let endKnown = first.totalPages != nil
        guard lastPage > first.page || !endKnown || printer.context.options.json else { return try printer.print(first, alone: true) }
        let progress = printer.context.progressLine()
        defer { progress.finish() }
        let output = printer.context.output
        var json = printer.context.options.json ? JSONArrayText() : nil
        var (stories, hidden) = (0, 0)
        let emit = { (list: StoryList) throws in
            stories += list.stories.count
            hidden += list.hiddenCount
            progress.update("page \(list.page)\(endKnown ? " of \(lastPage)" : "") · \(stories) stories")
            if var array = json {
                let text = array.adding(printer.shown(of: list).map(StoryJSON.init))
                if !text.isEmpty { output.write(json: text) }
                json = array
            } else {
                try printer.print(list, alone: false)
            }
        }
        try emit(first)
        if endKnown {
            try await forEachPage(after: first.page, through: lastPage, emit)
        } else {
            try await forEachPageToTheEnd(after: first, emit)
        }
        if let json { output.write(json: json.end) }
        // Pages printed one after another have no footers: the whole archive's count goes last.
        if json == nil, let note = ListFooter.hiddenNote(hidden) {
            printer.context.print(ListFooter.lines([note]))
        }
    }

    /// Pages of a list whose end is not known, one after another, until a page past the end
    /// (WordPress answers 404 there), an empty one, or one that brings nothing new: a server
    /// that ignores `paged` (a cache, a plugin dropping the query) answers the first page
    /// for every page, and would otherwise be asked forever.
    private func forEachPageToTheEnd(after first: StoryList, _ body: (StoryList) throws -> Void) async throws {
        var seen = Set(first.stories.map(\.id))
        var previous = first
        for page in (first.page + 1)... {
            let list: StoryList
            do {
                list = try await fetch(page)
            } catch NewsError.pageOutOfRange {
                return
            }
            guard !list.stories.isEmpty || list.hiddenCount > 0 else { return }
            let ids = list.stories.map(\.id)
            // A page of hidden stories only says nothing new by its ids: the same count again does.
            let repeats = ids.isEmpty ? previous.stories.isEmpty && previous.hiddenCount == list.hiddenCount : ids.allSatisfy(seen.contains)
            guard !repeats else { return }
            seen.formUnion(ids)
            previous = list
            try body(list)
        }
    }

    private func forEachPage(after first: Int, through last: Int, _ body: (StoryList) throws -> Void) async throws {
        guard last > first else { return }
        try await withThrowingTaskGroup(of: StoryList.self) { group in
            var asked = first
            func ask() {
                guard asked < last else { return }
                asked += 1
                let page = asked
                group.addTask { try await fetch(page) }
            }
            for _ in 0..<Self.window { ask() }
            var waiting: [Int: StoryList] = [:]
            var next = first + 1
            for try await list in group {
                waiting[list.page] = list
                while let ready = waiting.removeValue(forKey: next) {
                    try body(ready)
                    next += 1
                    ask()
                }
            }
        }
    }
}
