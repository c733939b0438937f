/// Failures that belong to wpnews's own rules rather than to HTTP or WordPress.
public enum NewsError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageOutOfRange(page: Int, totalPages: Int)
    /// `--offline` (or the demo) and nothing cached for what was asked.
    case notCached(site: String)
    /// The bundled demo holds the first pages of ten stories, and nothing else.
    case notInDemo
    case noStory(String, site: String)
    /// No category, tag or author by that name; `suggestions` are slugs that exist.
    case noTerm(kind: String, String, suggestions: [String])
    case noPage(String, site: String)
    case passwordRequired(id: Int)
    case wrongPassword(id: Int)
    /// `read -n` with no list shown yet, or a number not in it.
    case noListNumber(Int, shown: Int?)
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
        case .noStory(let reference, let site):
            "no story \(reference) on \(site): check the id or slug (lists show them)"
        case .noTerm(let kind, let text, let suggestions):
            "no \(kind) '\(text)'" + (suggestions.isEmpty ? "" : " (some there are: \(suggestions.prefix(5).joined(separator: ", ")))")
        case .noPage(let reference, let site):
            "no page '\(reference)' on \(site): `wpnews pages` lists them"
        case .passwordRequired(let id):
            "story \(id) is password-protected: pass its password with --password"
        case .wrongPassword(let id):
            "the password for story \(id) is not right: check it and try again"
        case .noListNumber(let number, let shown):
            shown.map { "the last list showed \($0) stories, so there is no number \(number): pick one it showed" }
                ?? "no list shown yet: run `wpnews latest` first, then `wpnews read -n \(number)`"
        case .cacheLost:
            "the cache lost what was just written to it: run `wpnews cache clear` and try again"
        }
    }
}
