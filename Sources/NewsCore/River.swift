import Foundation

/// Several sites' story lists merged into one by date: the river of `latest --sites`.
///
/// Each site's list is read page by page, as `latest --site` reads it (the same cache
/// entries), and only as far as the merged page needs: page 2 of ten stories needs at most
/// the newest twenty of each site, and fewer from a site whose stories are older than the
/// others'. First pages are asked for at once; a site that fails is left out and named,
/// never the end of the river.
public struct River: Sendable {
    /// One site's list, a page at a time.
    public typealias Pages = @Sendable (_ page: Int) async throws -> StoryList

    /// A merged page: its stories, each with the index of its site, and how each site fared.
    public struct Page: Sendable {
        public let entries: [Entry]
        public let page: Int
        public let perPage: Int
        /// Every site's total added up, when every site that answered told its total.
        public let total: Int?
        public let hasNextPage: Bool
        /// What each site's first page was, or why it could not be had; by site index.
        public let outcomes: [Outcome]
        /// The stories the user hid on the sites' pages read for it, which each site's list
        /// leaves out (`StoryList.hiddenCount`) and the footer counts, as a site's list does.
        public let hiddenCount: Int

        public var totalPages: Int? { total.map { max(1, ($0 + perPage - 1) / perPage) } }
    }

    public struct Entry: Sendable, Hashable {
        public let site: Int
        public let story: Story
    }

    public enum Outcome: Sendable {
        case answered(StoryList.Origin)
        /// Neither the site nor a copy of it: the error says why.
        case missing(any Error)
        /// Its first pages came, a later one did not: the river stops short for it.
        case cutShort(page: Int, any Error)
    }

    let sites: [Pages]
    let perPage: Int

    public init(sites: [Pages], perPage: Int) {
        self.sites = sites
        self.perPage = perPage
    }

    /// Page `page` (from 1) of the merge: stories newest first; equal dates keep the sites'
    /// order, then each site's own.
    public func page(_ page: Int) async -> Page {
        var streams = await firstPages()
        var outcomes = streams.map(\.outcome)
        let wanted = page * perPage
        var merged: [Entry] = []
        while merged.count < wanted {
            for index in streams.indices where streams[index].needsNextPage {
                await streams[index].fetchNext(from: sites[index])
                if case .cutShort = streams[index].outcome { outcomes[index] = streams[index].outcome }
            }
            guard let newest = streams.indices.filter({ !streams[$0].buffer.isEmpty }).min(by: { streams[$0].isNewer(than: streams[$1]) })
            else { break }
            merged.append(Entry(site: newest, story: streams[newest].buffer.removeFirst()))
        }
        let totals = streams.compactMap(\.total)
        return Page(
            entries: Array(merged.dropFirst((page - 1) * perPage)),
            page: page, perPage: perPage,
            total: totals.count == streams.filter(\.answered).count && !totals.isEmpty ? totals.reduce(0, +) : nil,
            hasNextPage: streams.contains { !$0.buffer.isEmpty || $0.hasMorePages },
            outcomes: outcomes, hiddenCount: streams.map(\.hiddenCount).reduce(0, +)
        )
    }

    private func firstPages() async -> [Stream] {
        let answers = await withTaskGroup(of: (Int, Result<StoryList, any Error>).self) { group in
            for (index, pages) in sites.enumerated() {
                group.addTask {
                    // The answer is made before the tuple: Swift 6.3's optimizer loses the index
                    // of `return (index, .success(try await ...))` in a do/catch (in a release
                    // build every answer came back as site 0's).
                    let answer: Result<StoryList, any Error>
                    do { answer = .success(try await pages(1)) } catch { answer = .failure(error) }
                    return (index, answer)
                }
            }
            return await group.reduce(into: [:]) { answers, answer in answers[answer.0] = answer.1 }
        }
        var streams = [Stream](repeating: Stream(), count: sites.count)
        for (index, answer) in answers { streams[index].take(answer, page: 1) }
        return streams
    }

    /// How far one site has been read, and what of it is not merged yet.
    private struct Stream {
        var buffer: [Story] = []
        var lastPage = 0
        var hasMorePages = false
        var total: Int?
        var answered = false
        var outcome: Outcome = .missing(CancellationError())
        /// Hidden stories on the pages read so far.
        var hiddenCount = 0

        /// Its stories are all merged but the site has more.
        var needsNextPage: Bool { buffer.isEmpty && hasMorePages }

        mutating func take(_ result: Result<StoryList, any Error>, page: Int) {
            switch result {
            case .success(let list):
                buffer += list.stories
                hiddenCount += list.hiddenCount
                lastPage = page
                hasMorePages = list.hasNextPage && !list.stories.isEmpty
                if page == 1 {
                    total = list.total
                    answered = true
                    outcome = .answered(list.origin)
                }
            case .failure(let error):
                hasMorePages = false
                outcome = page == 1 ? .missing(error) : .cutShort(page: page, error)
            }
        }

        mutating func fetchNext(from pages: Pages) async {
            let page = lastPage + 1
            do { take(.success(try await pages(page)), page: page) } catch { take(.failure(error), page: page) }
        }

        /// Newer head story first; on equal dates the earlier site (the caller's order).
        func isNewer(than other: Stream) -> Bool {
            buffer[0].date > other.buffer[0].date
        }
    }
}
