import WordPressAPI

/// Failures that belong to wpnews's own rules rather than to HTTP or WordPress.
public enum NewsError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageOutOfRange(page: Int, totalPages: Int)
    /// `--offline` (or the site unreachable) and the copy does not hold what was asked:
    /// "page 2 of the latest stories", on the site as the user named it; `plural` when what
    /// is missing is several things ("the site's tags").
    case notInCopy(String, site: String, plural: Bool = false)
    /// The bundled demo is a snapshot: it holds what its examples need, not everything.
    case notInDemo(String, plural: Bool = false)
    case noStory(String, site: String)
    /// A story's own web page answered with an error status.
    case storyPageStatus(Int, url: String)
    /// The pages of a post split into pages took longer together than their limit, in seconds.
    case storyPagesTookTooLong(seconds: Int)
    /// No category, tag or author by that name; `suggestions` are slugs that exist.
    case noTerm(kind: String, String, suggestions: [String])
    case noPage(String, site: String)
    case passwordRequired(id: Int)
    /// The story as the user named it: its id or slug.
    case wrongPassword(story: String)
    /// A slug (or a page's address) given to `read` names a page.
    case storyIsAPage(slug: String, site: String)
    /// `read -n` with no list shown yet, or a number it did not show (`shown`: the numbers it did).
    case noListNumber(Int, shown: ClosedRange<Int>?)
    /// `read -n` of a number that named a page, not a story.
    case listNumberIsAPage(Int, id: Int)
    /// What was just written to the cache could not be read back.
    case cacheLost
    /// `latest --sites`: not one of the sites could be read, nor a copy of it.
    case noSiteAnswered(count: Int)
    /// The site ignores `modified_after` (WordPress before 5.7): watch would have to fetch whole pages.
    case watchNeedsModifiedAfter(site: String)
    /// The site is read through its feed (its REST API is closed to visitors), and a feed has
    /// no such thing: "the site's tags", "the comments of story 12".
    case notInFeed(String, site: String)
    /// The site is a web feed, which carries only its items (and their categories).
    case notInWebFeed(String, site: String)
    /// The user's state file was written by a later wpnews (its schema is newer than this one's).
    case stateFromNewerWpnews(path: String)
    /// The site's feed answered 410 Gone; `followed`: the name the user follows it by.
    case feedGone(site: String, followed: String?)
    /// `unsave` of a story that is not saved.
    case notSaved(id: Int, site: String)
    /// `mark` of ids the cache does not hold for the site: nothing was marked.
    case storiesNotCached([Int], site: String)

    /// What a site read through its feed (`root.readFeed`) cannot give.
    static func missing(_ what: String, from root: APIRoot, site: String) -> NewsError {
        root.isWebFeed ? .notInWebFeed(what, site: site) : .notInFeed(what, site: site)
    }

    /// A site read through a feed (WordPress's or a web feed) and a feed has no such thing.
    public var isNotInFeed: Bool {
        switch self {
        case .notInFeed, .notInWebFeed: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .pageOutOfRange(let page, let totalPages):
            totalPages == 0
                ? "page \(page) does not exist: the list is empty"
                : "page \(page) of \(totalPages) does not exist: the last page is \(totalPages)"
        case .notInCopy(let what, let site, let plural):
            "\(what) \(plural ? "are" : "is") not in the offline copy of \(site): run the command again when \(site) can be reached"
        case .notInDemo(let what, let plural):
            "\(what) \(plural ? "are" : "is") not in the demo site, a snapshot: read what its lists show, or follow your own site with `wpnews sites add NAME URL`"
        case .noStory(let reference, let site):
            "no story \(reference) on \(site): check the id or slug (lists show them)"
        case .storyPageStatus(let status, let url):
            "the story's page \(url) answered HTTP \(status)"
        case .storyPagesTookTooLong(let seconds):
            "the story's pages took longer than \(seconds) s together: try again, or a longer --timeout"
        case .notSaved(let id, let site):
            "story \(id) of \(site) is not saved: `wpnews saved` lists the saved stories"
        case .storiesNotCached(let ids, let site):
            "no story \(ids.map(String.init).joined(separator: ", ")) in the cache of \(site), so nothing was marked: list the site first (`wpnews latest`), then mark"
        case .noTerm(let kind, let text, let suggestions):
            "no \(kind) '\(text)'" + (suggestions.isEmpty ? "" : " (some there are: \(suggestions.prefix(5).joined(separator: ", ")))")
        case .noPage(let reference, let site):
            "no page '\(reference)' on \(site): `wpnews pages` lists them"
        case .passwordRequired(let id):
            "story \(id) is password-protected: pass its password with --password"
        case .wrongPassword(let story):
            "the password for story \(story) is not right: check it and try again"
        case .storyIsAPage(let slug, let site):
            "'\(slug)' is a page, not a story: read it with `wpnews page \(slug) --site \(site)`"
        case .noListNumber(let number, let shown):
            shown.map { "the last list showed numbers \($0.lowerBound) to \($0.upperBound), not \(number): pick one it showed" }
                ?? "no list shown yet: run `wpnews latest` first, then `wpnews read -n \(number)`"
        case .listNumberIsAPage(let number, let id):
            "number \(number) of the last list is a page, not a story: read it with `wpnews page \(id)`"
        case .cacheLost:
            "the cache lost what was just written to it: run `wpnews cache clear` and try again"
        case .noSiteAnswered(let count):
            (count == 1 ? "the site could not be read, and has no copy" : "none of the \(count) sites could be read, and none has a copy")
                + ": check your connection and try again"
        case .watchNeedsModifiedAfter(let site):
            "\(site) runs a WordPress older than 5.7, which cannot say what changed: watch cannot follow it; use `wpnews latest` instead"
        case .notInFeed(let what, let site):
            "\(site) closes its REST API to visitors and its feed does not carry \(what): only its stories can be read (latest, featured, category, tag, search, read)"
        case .notInWebFeed(let what, let site):
            "\(site) is a web feed, not a WordPress site, and does not carry \(what): only its stories and their categories can be read (latest, featured, category, search, read)"
        case .stateFromNewerWpnews(let path):
            "your reading state \(path) was written by a newer wpnews: upgrade wpnews to read it (the file is left as it was)"
        case .feedGone(let site, let name?):
            "\(site)'s feed is gone (its server answered 410 Gone), so wpnews no longer asks for it: stop following it with `wpnews sites remove \(name)`, "
                + "or, if it lives on at another address, remove it and `wpnews sites add \(name) NEW-URL`"
        case .feedGone(let site, nil):
            "the feed of \(site) is gone (its server answered 410 Gone): the site no longer publishes it"
        }
    }
}
