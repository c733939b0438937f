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

    /// Read back from the cache, as every list, search and watch shows it, a feed's story keeps
    /// its own author and categories, whose ids no site has.
    @Test func aFeedsAuthorAndCategoriesComeBackFromTheCache() throws {
        let item = FeedItem(guid: "https://quay.example/?p=7", postID: 7, title: "T", author: "Ana Ruiz", categories: ["City Hall", "Ferry"])
        let (store, site) = try StoreTests().store()
        try store.saveChanges(FeedStories(Feed(items: [item]), at: now).fetched, site: site, at: now, withContent: true)
        let story = try #require(try store.stories(site: site, ids: [7]).first)
        #expect(story.author?.name == "Ana Ruiz")
        #expect(story.categories.map(\.name) == ["City Hall", "Ferry"])
    }

    @Test func anExcerptOnlyFeedSaysWhereTheWholeStoryIs() {
        let item = FeedItem(guid: "g", postID: 8, title: "T", link: "https://site.example/t/?a=1&b=2", summary: "<p>Only this.</p>")
        let html = FeedStories(Feed(items: [item]), at: now).fetched.posts[0].content?.html ?? ""
        #expect(html.hasPrefix("<p>Only this.</p>"))
        #expect(html.contains("gives only this excerpt") && html.contains("href=\"https://site.example/t/?a=1&amp;b=2\""))
    }

    @Test func enclosuresAreListedAsLinksWithTypeAndSizeAndOnlyOverTheWeb() {
        let item = FeedItem(key: "ep-12", title: "Episode 12", content: "<p>Notes.</p>", enclosures: [
            FeedEnclosure(url: "https://cdn.example/ep12.mp3", type: "audio/mpeg", length: 12_345_678),
            FeedEnclosure(url: "javascript:alert(1)", type: "video/mp4"),
            FeedEnclosure(url: "http://cdn.example/ep12.mp4", type: "video/mp4"),
        ])
        let html = FeedStories(Feed(items: [item]), at: now).fetched.posts[0].content?.html ?? ""
        #expect(html == "<p>Notes.</p><ul><li>Audio: <a href=\"https://cdn.example/ep12.mp3\">https://cdn.example/ep12.mp3</a> (audio/mpeg, 12.3 MB)</li>"
            + "<li>Video: <a href=\"http://cdn.example/ep12.mp4\">http://cdn.example/ep12.mp4</a> (video/mp4)</li></ul>")
    }

    /// A web feed's items: seven-digit ids from their keys, the first-seen date for an item
    /// with none, and a changed text with no date of its own an update.
    @Test func aWebFeedsItemsKeepTheirIdsAndFirstSightAndAChangeIsAnUpdate() throws {
        let seen = now.addingTimeInterval(-86_400)
        let items = ["k": FeedItemIdentity(id: FeedIDs.short("k"), firstSeen: seen)]
        let item = FeedItem(key: "k", title: "Undated", summary: "<p>Before.</p>")
        let first = try #require(FeedStories(Feed(items: [item]), at: now, webFeedItems: items).fetched.posts.first)
        #expect(FeedIDs.shortRange.contains(first.id) && first.id == FeedIDs.short("k"))
        #expect(first.dateGMT.date == seen && first.modifiedGMT.date == seen)

        let record = StoryRecord(first, site: 1, at: seen)
        var kept = record
        kept.content = first.content?.html
        let same = try #require(FeedStories(Feed(items: [item]), at: now, webFeedItems: items, kept: [first.id: kept]).fetched.posts.first)
        #expect(same.modifiedGMT.date == seen, "unchanged: not modified")
        var changed = item
        changed.summary = "<p>After.</p>"
        let updated = try #require(FeedStories(Feed(items: [changed]), at: now, webFeedItems: items, kept: [first.id: kept]).fetched.posts.first)
        #expect(updated.modifiedGMT.date == now && updated.dateGMT.date == seen)
    }

    @Test func aTakenShortIdGoesToTheNextFreeOneRoundTheRange() {
        #expect(FeedIDs.nextShort(after: 1_234_567) == 1_234_568)
        #expect(FeedIDs.nextShort(after: FeedIDs.shortRange.upperBound) == FeedIDs.shortRange.lowerBound)
    }

    @Test(arguments: [("City Hall", "city-hall"), ("Arts & Culture", "arts-culture"), ("ferry", "ferry"), ("snake_case", "snake_case")])
    func termSlugsAreWordPresss(name: String, slug: String) {
        #expect(Slug.of(name) == slug)
    }
}
