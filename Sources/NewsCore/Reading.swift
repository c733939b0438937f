import Foundation
import URLSyntax
import WordPressAPI

/// How the user named the story to read.
public enum StoryReference: Sendable, Hashable, CustomStringConvertible {
    case id(Int)
    case slug(String)

    /// `1234`, `some-slug`, or any URL of the story (`https://site/some-slug/`, `https://site/?p=1234`).
    public init(_ text: String) {
        if let id = Int(text), id > 0 {
            self = .id(id)
            return
        }
        guard text.contains("://") else {
            self = .slug(text)
            return
        }
        let address = WebAddress(text)
        for parameter in (address.query ?? "").split(separator: "&") where parameter.hasPrefix("p=") {
            if let id = Int(parameter.dropFirst(2)) {
                self = .id(id)
                return
            }
        }
        self = .slug(address.path.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? text)
    }

    var id: Int? {
        if case .id(let id) = self { id } else { nil }
    }

    public var description: String {
        switch self {
        case .id(let id): "\(id)"
        case .slug(let slug): "'\(slug)'"
        }
    }
}

/// A story with its content, ready for the renderer.
public struct StoryArticle: Sendable, Hashable {
    public let story: Story
    /// WordPress's rendered HTML; the renderer strips control characters from its text.
    public let html: String
    public let origin: StoryList.Origin

    /// The same story shown with other content (its full article from its web page).
    public func withHTML(_ html: String) -> StoryArticle {
        StoryArticle(story: story, html: html, origin: origin)
    }
}

extension Page {
    init(_ page: WPPage) {
        self.init(
            id: page.id, slug: page.slug.value.removingPercentEncoding ?? page.slug.value, title: page.title.plain, link: page.link.value,
            parent: page.parent == 0 ? nil : page.parent, menuOrder: page.menuOrder, modified: page.modifiedGMT.date, html: page.content?.html
        )
    }
}

extension [Page] {
    /// As WordPress's page lists order them (`wp_list_pages`): by menu order, then title. The
    /// REST API's `orderby=menu_order` leaves pages that share one in no set order.
    var inMenuOrder: [Page] {
        sorted { ($0.menuOrder, $0.title, $0.id) < ($1.menuOrder, $1.title, $1.id) }
    }
}

extension Page {
    init(_ record: PageRecord) {
        self.init(id: record.id, slug: record.slug, title: record.title, link: record.link, parent: record.parent,
                  menuOrder: record.menuOrder, modified: record.modified, html: record.content)
    }
}

extension Comment {
    init(_ comment: WPComment) {
        self.init(
            id: comment.id, parent: comment.parent == 0 ? nil : comment.parent, author: comment.authorName.plain,
            date: comment.dateGMT.date, html: comment.content.html
        )
    }
}
