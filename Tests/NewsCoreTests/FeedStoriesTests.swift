import FeedFormats
import Foundation
import Testing
@testable import NewsCore

/// Feed items as the site's posts: ids that meet the REST API's, or can never meet them.
@Suite struct FeedStoriesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theGUIDsPostIDIsTheStoryIDAndOtherGUIDsGetStableNegativeOnes() {
        let items = [
            FeedItem(guid: "https://site.example/?p=123", postID: 123, title: "Editor's", link: "https://site.example/editors/"),
            FeedItem(guid: "https://old.example.net/story/imported", title: "Imported", link: "https://site.example/imported/"),
        ]
        let posts = FeedStories(Feed(items: items), at: now).fetched.posts
        #expect(posts[0].id == 123)
        #expect(posts[1].id < 0)
        #expect(posts[1].id == FeedStories(Feed(items: items), at: now).fetched.posts[1].id, "the same on every run")
        #expect(posts[1].id > -(1 << 48) - 1, "exact as a JSON double")
        #expect(posts[1].slug.value == "imported")
    }

    @Test func authorsAndTermsAreNamedWithTheirOwnIDs() throws {
        let item = FeedItem(guid: "g", postID: 7, title: "T", author: "Ana Ruiz", categories: ["City Hall", "Ferry"])
        let page = FeedStories(Feed(items: [item]), at: now).fetched
        let post = try #require(page.posts.first)
        #expect(page.names.authors[post.author]?.name == "Ana Ruiz")
        #expect(post.categories.map { page.names.categories[$0]?.slug } == ["city-hall", "ferry"])
        #expect(post.categories.allSatisfy { $0 < 0 } && post.author < 0)
    }

    @Test func anExcerptOnlyFeedSaysWhereTheWholeStoryIs() {
        let item = FeedItem(guid: "g", postID: 8, title: "T", link: "https://site.example/t/?a=1&b=2", summary: "<p>Only this.</p>")
        let html = FeedStories(Feed(items: [item]), at: now).fetched.posts[0].content?.html ?? ""
        #expect(html.hasPrefix("<p>Only this.</p>"))
        #expect(html.contains("gives only this excerpt") && html.contains("href=\"https://site.example/t/?a=1&amp;b=2\""))
    }

    @Test(arguments: [("City Hall", "city-hall"), ("Arts & Culture", "arts-culture"), ("ferry", "ferry"), ("snake_case", "snake_case")])
    func termSlugsAreWordPresss(name: String, slug: String) {
        #expect(Slug.of(name) == slug)
    }
}
