import NewsCore
import TerminalRender

/// What a followed link turned out to be.
public enum FollowedLink: Sendable, Hashable {
    /// A story or page of the site the app shows: read as any of its stories is.
    case inSite(LinkedContent)
    /// A story or page of another followed site, with its text: read as it came, its marks
    /// left to its own site.
    case otherSite(title: String, html: String, link: String)
}

/// Following a link from the reader: the header's names open their lists, and a link to a
/// story or page of a followed site opens in the reader; any other link goes to the browser.
extension AppState {
    /// The link a typed number names: the article's own, then the header's names after them.
    mutating func followLink(number: Int, of reader: ReaderContent, from id: ScreenID) -> [Effect] {
        if reader.links.indices.contains(number - 1) { return follow(reader.links[number - 1], from: id) }
        let header = number - 1 - reader.links.count
        guard reader.headerLinks.indices.contains(header) else {
            status = "no link [\(number)] in this article"
            return []
        }
        return open(reader.headerLinks[header])
    }

    /// The author's, category's or tag's list, over the reader: back returns to it.
    mutating func open(_ link: HeaderLink) -> [Effect] {
        let request: ListRequest = switch link {
        case .author(let author): .author(author)
        // Its own stories only: the Categories tab adds those of the categories under it,
        // which only the whole tree knows.
        case .category(let category): .category(category, descendants: [])
        case .tag(let tag): .tag(tag)
        }
        return pushList(request, title: link.name)
    }

    /// A list of stories over the screen shown, its first page asked for.
    mutating func pushList(_ request: ListRequest, title: String) -> [Effect] {
        push(.stories(StoryListContent(title: title, request: request))) { id in [.loadList(id, request, page: 1, refresh: false)] }
    }

    /// A web address is looked up first (the runtime answers with `linkFollowed`); anything
    /// else goes where `o` sends it.
    mutating func follow(_ address: String, from id: ScreenID) -> [Effect] {
        guard LinkKey(address) != nil else { return linkAction(.openInBrowser, address) }
        status = "looking for the link among the followed sites…"
        return [.followLink(id, address)]
    }

    /// The answer to `follow`: the story or page in the reader, or the link in the browser.
    /// Dropped when the screen that asked is no longer shown.
    mutating func followed(_ address: String, to found: FollowedLink?, from id: ScreenID) -> [Effect] {
        guard screen?.id == id else { return [] }
        switch found {
        case .inSite(.story(let story)):
            status = nil
            return pushReader(for: story)
        case .inSite(.page(let page)):
            status = nil
            return push(.reader(ReaderContent(title: page.title, story: nil, pageID: page.id, link: page.link))) { id in [.loadPage(id, pageID: page.id)] }
        case .otherSite(let title, let html, let link):
            status = nil
            let opened = push(.reader(ReaderContent(title: title, story: nil, link: link))) { _ in [] }
            guard let readerID = screen?.id else { return opened }
            return opened + update(.articleLoaded(readerID, html: html, story: nil, link: link))
        case nil:
            status = "not a story of a followed site: opened in the browser"
            return linkAction(.openInBrowser, address)
        }
    }
}
