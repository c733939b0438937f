import FoundationEssentials
import NewsCore
import Synchronization
import Testing

/// The merge behind `latest --sites`, with sites made of story dates.
@Suite struct RiverTests {
    /// A site whose stories are dated `hours` hours after 2026-01-01 (newest first), served
    /// `perPage` at a time; it counts the pages it was asked for.
    final class FakeSite: Sendable {
        let hours: [Int]
        let failsFromPage: Int?
        let asked = Mutex<[Int]>([])

        init(_ hours: [Int], failsFromPage: Int? = nil) {
            self.hours = hours
            self.failsFromPage = failsFromPage
        }

        func pages(perPage: Int) -> River.Pages {
            { [self] page in
                asked.withLock { $0.append(page) }
                if let failsFromPage, page >= failsFromPage { throw NewsError.notInCopy("page \(page)", site: "fake") }
                let stories = hours.dropFirst((page - 1) * perPage).prefix(perPage).map(RiverTests.story)
                return StoryList(stories: Array(stories), page: page, perPage: perPage, total: hours.count,
                                 totalPages: max(1, (hours.count + perPage - 1) / perPage))
            }
        }
    }

    static func story(hour: Int) -> Story {
        let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(hour) * 3600)
        return Story(id: hour, slug: "s\(hour)", title: "at \(hour)", link: "https://example.org/?p=\(hour)", date: date, modified: date,
                     author: nil, categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
    }

    func merged(_ page: River.Page) -> [String] {
        page.entries.map { "\($0.site):\($0.story.id)" }
    }

    @Test func storiesAreMergedNewestFirstAndEqualDatesKeepTheSitesOrder() async {
        let campus = FakeSite([9, 7, 5, 3]), club = FakeSite([8, 7, 1])
        let river = River(sites: [campus.pages(perPage: 10), club.pages(perPage: 10)], perPage: 10)
        let page = await river.page(1)
        #expect(merged(page) == ["0:9", "1:8", "0:7", "1:7", "0:5", "0:3", "1:1"])
        #expect(page.total == 7 && page.totalPages == 1 && !page.hasNextPage)
    }

    @Test func aLaterPageAsksEachSiteOnlyForWhatItNeeds() async {
        // campus is all newer: page 2 of 2-story pages takes campus's first four stories and
        // needs no more of club than its first page, to know its newest is older.
        let campus = FakeSite([20, 19, 18, 17, 16, 15]), club = FakeSite([4, 3, 2, 1])
        let river = River(sites: [campus.pages(perPage: 2), club.pages(perPage: 2)], perPage: 2)
        let page = await river.page(2)
        #expect(merged(page) == ["0:18", "0:17"])
        #expect(campus.asked.withLock { $0 } == [1, 2])
        #expect(club.asked.withLock { $0 } == [1])
        #expect(page.hasNextPage && page.total == 10 && page.totalPages == 5)
        // The last page runs into club's stories, then out of stories.
        #expect(merged(await river.page(5)) == ["1:2", "1:1"])
        #expect(!(await river.page(5)).hasNextPage)
        #expect(await river.page(6).entries.isEmpty)
    }

    @Test func anEmptySiteAndAFailingSiteLeaveTheOthersAndAreNamed() async {
        let campus = FakeSite([5, 3]), empty = FakeSite([]), down = FakeSite([9], failsFromPage: 1)
        let page = await River(sites: [campus.pages(perPage: 10), empty.pages(perPage: 10), down.pages(perPage: 10)], perPage: 10).page(1)
        #expect(merged(page) == ["0:5", "0:3"])
        guard case .answered = page.outcomes[1], case .missing = page.outcomes[2] else {
            Issue.record("outcomes: \(page.outcomes)")
            return
        }
        // The failing site told no total: the river's total counts the sites that answered.
        #expect(page.total == 2)
    }

    @Test func aSiteThatFailsOnALaterPageIsCutShortNotLost() async {
        let campus = FakeSite([10, 9, 8, 7], failsFromPage: 2), club = FakeSite([6, 5, 4, 3])
        let page = await River(sites: [campus.pages(perPage: 2), club.pages(perPage: 2)], perPage: 2).page(2)
        #expect(merged(page) == ["1:6", "1:5"], "campus's first page is merged, then the river goes on with club")
        guard case .cutShort(page: 2, _) = page.outcomes[0] else {
            Issue.record("campus: \(page.outcomes[0])")
            return
        }
    }
}
