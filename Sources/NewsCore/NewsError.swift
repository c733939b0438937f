/// Failures that belong to wpnews's own rules rather than to HTTP or WordPress.
public enum NewsError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageOutOfRange(page: Int, totalPages: Int)
    /// `--offline` (or the demo) and nothing cached for what was asked.
    case notCached(site: String)
    /// The bundled demo holds the first pages of ten stories, and nothing else.
    case notInDemo
    /// What was just written to the cache could not be read back.
    case cacheLost

    public var description: String {
        switch self {
        case .pageOutOfRange(let page, let totalPages):
            totalPages == 0
                ? "page \(page) does not exist: the list is empty"
                : "page \(page) of \(totalPages) does not exist: the last page is \(totalPages)"
        case .notCached(let site):
            "nothing cached for \(site) yet: run the command once without --offline while the site can be reached"
        case .notInDemo:
            "the demo site is a snapshot of the first pages of ten stories: ask for one of those, or add your own site with `wpnews sites add NAME URL`"
        case .cacheLost:
            "the cache lost what was just written to it: run `wpnews cache clear` and try again"
        }
    }
}
