import Foundation
import NewsCore
import Testing

/// What a site's list and the river of several sites print alike.
@Suite struct ListShowingTests {
    static func story(read: Bool) -> Story {
        Story(id: read ? 1 : 2, slug: "s", title: "T", link: "https://example.org/s/", date: Date(timeIntervalSince1970: 0),
              modified: Date(timeIntervalSince1970: 0), author: nil, categories: [], tags: [], excerpt: "", sticky: false,
              featuredImage: nil, state: ReadingState(isRead: read))
    }

    static let plain = ListShowing(perPage: 10, unreadOnly: false)
    static let unread = ListShowing(perPage: 10, unreadOnly: true)

    @Test func unreadLeavesOutTheReadOnes() {
        let (read, unread) = (Self.story(read: true), Self.story(read: false))
        #expect(Self.plain.shows(read))
        #expect(!Self.unread.shows(read))
        #expect(Self.unread.shows(unread))
    }

    @Test func theEmptyMessageSaysWhyAndWhere() {
        let (plain, unread) = (Self.plain, Self.unread)
        #expect(plain.emptyMessage(place: "in Opinion", listed: false, hidden: 0) == "No stories in Opinion yet.")
        #expect(plain.emptyMessage(place: "here", listed: false, hidden: 2) == "Only hidden stories here.")
        #expect(unread.emptyMessage(place: "here", listed: true, hidden: 2) == "No unread stories here.")
        #expect(unread.emptyMessage(place: "here", listed: false, hidden: 0) == "No stories here yet.", "nothing to be read or unread")
        // The river names no place.
        #expect(plain.emptyMessage(place: nil, listed: false, hidden: 0) == "No stories yet.")
        #expect(unread.emptyMessage(place: nil, listed: true, hidden: 0) == "No unread stories.")
    }

    @Test func theNextPageHintRepeatsWhatChangesTheList() {
        #expect(Self.plain.repeatedWords == [])
        #expect(ListShowing(perPage: 20, unreadOnly: true).repeatedWords == ["--per-page", "20", "--unread"])
        #expect(ListShowing(perPage: 20, unreadOnly: false, compact: true).repeatedWords == ["--per-page", "20", "--compact"])
    }
}
