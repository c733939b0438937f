import Foundation
import NewsCore
import Testing

/// The shapes of `--json` that scripts read, pinned key by key: every key always there (null
/// when empty), dates in ISO 8601 UTC with `Z`.
@Suite struct OutputJSONTests {
    /// 2026-11-22T09:48:01Z and an hour later.
    static let published = Date(timeIntervalSince1970: 1_795_340_881)

    static let story = Story(
        id: 7, slug: "ferry", title: "Ferry back", link: "https://example.org/ferry/", date: published,
        modified: published.addingTimeInterval(3600), author: nil, categories: [Category(id: 3, name: "City", slug: "city", parent: nil)],
        tags: [], excerpt: "It sails.", sticky: false, featuredImage: nil, state: ReadingState(isRead: true)
    )

    /// The story's own keys as `--json` writes them, in sorted order.
    static let storyKeys = #""author":null,"categories":["City"],"date":"2026-11-22T09:48:01Z","excerpt":"It sails.","#
        + #""featured_image":null,"id":7,"link":"https://example.org/ferry/","modified":"2026-11-22T10:48:01Z","#
        + #""new":false,"read":true,"slug":"ferry","sticky":false,"tags":[],"title":"Ferry back","updated":false"#

    @Test func aRiverStoryIsTheStoryWithItsSitesName() throws {
        let json = try JSONText.line(RiverStoryJSON(story: Self.story, site: "Ledger"))
        #expect(json == "{" + Self.storyKeys.replacing(#""slug""#, with: #""site":"Ledger","slug""#) + "}")
    }

    @Test func aSearchHitSaysWhetherItIsAPostOrAPage() throws {
        let post = try JSONText.line(SearchHitJSON(.story(Self.story)))
        #expect(post == "{" + Self.storyKeys.replacing(#""updated""#, with: #""type":"post","updated""#) + "}")
        let page = try JSONText.line(SearchHitJSON(.page(id: 12, title: "About", link: "https://example.org/about/")))
        #expect(page == #"{"id":12,"link":"https://example.org/about/","title":"About","type":"page"}"#)
    }

    /// Stands in for the renderer's plain text, and shows which address each text was made against.
    static func plainText(_ html: String, _ baseURL: String) -> String {
        "text of \(html) at \(baseURL)"
    }

    static let comments = [
        Comment(id: 40, parent: nil, author: "Ana", date: published.addingTimeInterval(7200), html: "<p>Yes</p>"),
        Comment(id: 41, parent: 40, author: "Bo", date: published.addingTimeInterval(7260), html: "No"),
    ]

    /// The two comments as both `read --json` and `page --json` write them.
    static let commentsJSON = #"[{"author":"Ana","content_html":"<p>Yes</p>","content_text":"text of <p>Yes</p> at https://example.org/ferry/","#
        + #""date":"2026-11-22T11:48:01Z","id":40,"parent":0},"#
        + #"{"author":"Bo","content_html":"No","content_text":"text of No at https://example.org/ferry/","#
        + #""date":"2026-11-22T11:49:01Z","id":41,"parent":40}]"#

    @Test func anArticleIsTheStoryWithItsContentAndCommentsOnlyWhenAskedFor() throws {
        let content = #""content_html":"<p>Hi</p>","content_text":"text of <p>Hi</p> at https://example.org/ferry/","#
        let storyWithContent = Self.storyKeys.replacing(#""date""#, with: content + #""date""#)

        let alone = try JSONText.line(ArticleJSON(story: Self.story, html: "<p>Hi</p>", comments: nil, plainText: Self.plainText))
        #expect(alone == "{" + storyWithContent + "}", "no comments key when they were not asked for")
        let none = try JSONText.line(ArticleJSON(story: Self.story, html: "<p>Hi</p>", comments: [], plainText: Self.plainText))
        #expect(none == "{" + storyWithContent.replacing(#""content_html""#, with: #""comments":[],"content_html""#) + "}")
        let some = try JSONText.line(ArticleJSON(story: Self.story, html: "<p>Hi</p>", comments: Self.comments, plainText: Self.plainText))
        #expect(some == "{" + storyWithContent.replacing(#""content_html""#, with: #""comments":"# + Self.commentsJSON + #","content_html""#) + "}")
    }

    @Test func aPageHasItsOwnFewKeysAndNoContentIsEmptyText() throws {
        let page = Page(id: 12, slug: "about", title: "About", link: "https://example.org/ferry/", parent: 3, menuOrder: 1,
                        modified: Self.published, html: nil)
        let json = try JSONText.line(PageJSON(page: page, comments: nil, plainText: Self.plainText))
        #expect(json == #"{"content_html":"","content_text":"text of  at https://example.org/ferry/","id":12,"#
            + #""link":"https://example.org/ferry/","slug":"about","title":"About"}"#)
        let withComments = try JSONText.line(PageJSON(page: page, comments: Self.comments, plainText: Self.plainText))
        #expect(withComments == #"{"comments":"# + Self.commentsJSON + #","content_html":"","content_text":"text of  at https://example.org/ferry/","#
            + #""id":12,"link":"https://example.org/ferry/","slug":"about","title":"About"}"#)
    }
}
