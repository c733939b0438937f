import FoundationEssentials

/// Which posts a list asks for.
public struct PostQuery: Sendable, Hashable {
    public var page: Int
    public var perPage: Int
    public var tagIDs: [Int]
    /// WordPress matches only these ids, not their children: pass the children's too.
    public var categoryIDs: [Int]
    public var authorID: Int?
    public var sticky: Bool?
    /// Words to search for: the posts come most relevant first.
    public var search: String?
    /// Only posts modified after this (WordPress 5.7+), to bring a cached list up to date.
    public var modifiedAfter: Date?
    /// Only posts dated after this: with `modifiedAfter`, to catch scheduled posts, which
    /// WordPress publishes without touching their modified time.
    public var publishedAfter: Date?
    /// Only posts dated before this (`--before`, the app's jump to a date).
    public var publishedBefore: Date?
    /// By date, the oldest first (the app loading the stories above a date it jumped to).
    public var oldestFirst = false

    public init(
        page: Int = 1, perPage: Int = 10, tagIDs: [Int] = [], categoryIDs: [Int] = [], authorID: Int? = nil, sticky: Bool? = nil
    ) {
        self.page = page
        self.perPage = perPage
        self.tagIDs = tagIDs
        self.categoryIDs = categoryIDs
        self.authorID = authorID
        self.sticky = sticky
    }

    public init(search: String, page: Int = 1, perPage: Int = 10) {
        self.init(page: page, perPage: perPage)
        self.search = search
    }
}

/// The routes wpnews uses, each asking only for the fields it decodes.
public enum Endpoints {
    /// What a story list shows. Never `content`: rendering it is what makes a list slow.
    static let postListFields = "id,slug,link,title,excerpt,date_gmt,modified_gmt,author,featured_media,sticky,categories,tags"

    public static func posts(_ query: PostQuery) -> Endpoint<[WPPost]> {
        Endpoint(route: "/wp/v2/posts", query: postParameters(query, fields: postListFields), listsPosts: true, read: PostsJSON.posts)
    }

    /// Only the ids of a list's posts: enough to learn its totals.
    public static func postIDs(_ query: PostQuery) -> Endpoint<[WPID]> {
        Endpoint(route: "/wp/v2/posts", query: postParameters(query, fields: "id"), listsPosts: true)
    }

    private static func postParameters(_ query: PostQuery, fields: String) -> [(String, String)] {
        var parameters = [
            ("_fields", fields),
            ("page", String(query.page)),
            ("per_page", String(query.perPage)),
        ]
        if let search = query.search {
            parameters += [("search", search), ("orderby", "relevance")]
        } else {
            parameters += [
                ("orderby", "date"),
                ("order", query.oldestFirst ? "asc" : "desc"),
                // WordPress 6.8+ would otherwise lead page 1 with the sticky posts; older versions ignore it.
                ("ignore_sticky", "true"),
            ]
        }
        if !query.tagIDs.isEmpty { parameters.append(("tags", joined(query.tagIDs))) }
        if !query.categoryIDs.isEmpty { parameters.append(("categories", joined(query.categoryIDs))) }
        if let author = query.authorID { parameters.append(("author", String(author))) }
        if let sticky = query.sticky { parameters.append(("sticky", String(sticky))) }
        if let modifiedAfter = query.modifiedAfter { parameters.append(("modified_after", modifiedAfter.formatted(.iso8601))) }
        if let publishedAfter = query.publishedAfter { parameters.append(("after", publishedAfter.formatted(.iso8601))) }
        // An instant in UTC: WordPress compares it with each post's date in the site's own zone.
        if let publishedBefore = query.publishedBefore { parameters.append(("before", publishedBefore.formatted(.iso8601))) }
        return parameters
    }

    /// One post with its content; `password` opens a protected one.
    public static func post(id: Int, password: String? = nil) -> Endpoint<WPPost> {
        Endpoint(route: "/wp/v2/posts/\(id)", query: [("_fields", postListFields + ",content")], postPassword: password, read: PostsJSON.post)
    }

    /// The post with a slug, with its content (a list of at most one).
    public static func posts(slug: String) -> Endpoint<[WPPost]> {
        Endpoint(route: "/wp/v2/posts", query: [("slug", slug), ("_fields", postListFields + ",content")], read: PostsJSON.posts)
    }

    static let pageFields = "id,slug,link,title,parent,menu_order,modified_gmt"

    /// Every page's title and place in the tree, without content.
    public static func pages() -> Endpoint<[WPPage]> {
        Endpoint(route: "/wp/v2/pages", query: [("per_page", "100"), ("orderby", "menu_order"), ("order", "asc"), ("_fields", pageFields)])
    }

    public static func pages(slug: String) -> Endpoint<[WPPage]> {
        Endpoint(route: "/wp/v2/pages", query: [("slug", slug), ("_fields", pageFields + ",content")])
    }

    public static func page(id: Int) -> Endpoint<WPPage> {
        Endpoint(route: "/wp/v2/pages/\(id)", query: [("_fields", pageFields + ",content")])
    }

    /// A post's comments, oldest first, for threading.
    public static func comments(postID: Int, password: String? = nil) -> Endpoint<[WPComment]> {
        Endpoint(route: "/wp/v2/comments", query: [
            ("post", String(postID)), ("per_page", "100"), ("orderby", "date_gmt"), ("order", "asc"),
            ("_fields", "id,parent,author_name,date_gmt,content"),
        ], postPassword: password)
    }

    /// One page of a site's terms, a hundred at a time, with what the tree and the cloud need.
    public static func allCategories(page: Int) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/categories", query: [("per_page", "100"), ("page", String(page)), ("_fields", "id,name,slug,parent,count")], read: NamesJSON.terms)
    }

    /// A page of tags, the most used first, as WordPress's own tag cloud asks for them.
    public static func heaviestTags(page: Int, perPage: Int) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: [
            ("orderby", "count"), ("order", "desc"), ("per_page", String(perPage)), ("page", String(page)), ("_fields", "id,name,slug,count"),
        ], read: NamesJSON.terms)
    }

    public static func allTags(page: Int) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: [("per_page", "100"), ("page", String(page)), ("_fields", "id,name,slug,count")], read: NamesJSON.terms)
    }

    /// What is left of search words once WordPress has cleaned them (`sanitize_text_field`:
    /// tags stripped, white space trimmed); nil when nothing is, and WordPress would answer
    /// with every post or an error.
    public static func searchableWords(_ text: String) -> String? {
        var words = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            words += rest[..<open]
            let after = rest[rest.index(after: open)...]
            // As `strip_tags`: `<` before a letter, `/`, `!` or `?` opens a tag, to its `>` or the end.
            guard let first = after.first, first.isLetter || "/!?".contains(first) else {
                words += "<"
                rest = after
                continue
            }
            rest = after.firstIndex(of: ">").map { after[after.index(after: $0)...] } ?? ""
        }
        words += rest
        let trimmed = words.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Posts and pages matching `text`, most relevant first (`/wp/v2/search`: titles only).
    public static func search(_ text: String, page: Int, perPage: Int) -> Endpoint<[WPSearchResult]> {
        Endpoint(route: "/wp/v2/search", query: [
            ("search", text), ("type", "post"), ("subtype", "post,page"), ("page", String(page)), ("per_page", String(perPage)),
            ("_fields", "id,title,url,subtype"),
        ])
    }

    /// The posts with these ids, with the fields lists show.
    /// Which of these posts the site still publishes: ids only, one small answer.
    public static func postIDs(ids: [Int]) -> Endpoint<[WPID]> {
        Endpoint(route: "/wp/v2/posts", query: [("include", joined(ids)), ("per_page", "100"), ("_fields", "id")])
    }

    public static func posts(ids: [Int]) -> Endpoint<[WPPost]> {
        Endpoint(route: "/wp/v2/posts", query: [("include", joined(ids)), ("per_page", "100"), ("_fields", postListFields)], read: PostsJSON.posts)
    }

    /// Users whose slug is `slug`, or whose name contains it.
    public static func users(matching text: String, bySlug: Bool) -> Endpoint<[WPUser]> {
        Endpoint(route: "/wp/v2/users", query: [(bySlug ? "slug" : "search", text), ("_fields", "id,name,slug")], read: NamesJSON.users)
    }

    public static func tags(slug: String) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: [("slug", slug), ("_fields", "id,name,slug,count")], read: NamesJSON.terms)
    }

    /// Tags whose name or slug contains `text`, the most used first.
    public static func tags(search text: String, perPage: Int = 100) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: [
            ("search", text), ("per_page", String(perPage)), ("orderby", "count"), ("order", "desc"), ("_fields", "id,name,slug,count"),
        ], read: NamesJSON.terms)
    }

    public static func tags(ids: [Int]) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: lookup(ids, fields: "id,name,slug"), read: NamesJSON.terms)
    }

    /// The categories with these ids; without ids, the hundred most used.
    public static func categories(ids: [Int]? = nil) -> Endpoint<[WPTerm]> {
        let fields = "id,name,slug,parent"
        guard let ids else {
            return Endpoint(route: "/wp/v2/categories", query: [("orderby", "count"), ("order", "desc"), ("per_page", "100"), ("_fields", fields)], read: NamesJSON.terms)
        }
        return Endpoint(route: "/wp/v2/categories", query: lookup(ids, fields: fields), read: NamesJSON.terms)
    }

    /// The user a login belongs to, with what their role allows (`context=edit`: a user may
    /// read their own record in full). Answers 401 for a wrong password.
    public static let currentUser = Endpoint<WPCurrentUser>(
        route: "/wp/v2/users/me", query: [("context", "edit"), ("_fields", "id,name,capabilities")]
    )

    /// The users with these ids; without ids, the first hundred (a public site lists its authors).
    public static func users(ids: [Int]? = nil) -> Endpoint<[WPUser]> {
        let fields = "id,name,slug"
        guard let ids else { return Endpoint(route: "/wp/v2/users", query: [("per_page", "100"), ("_fields", fields)], read: NamesJSON.users) }
        return Endpoint(route: "/wp/v2/users", query: lookup(ids, fields: fields), read: NamesJSON.users)
    }

    /// `media_details` whole: the media route fills it in only when `_fields` names it so
    /// (it looks for that name alone), and `media_details.sizes` brings nothing.
    public static func media(ids: [Int]) -> Endpoint<[WPMedia]> {
        Endpoint(route: "/wp/v2/media", query: lookup(ids, fields: "id,source_url,media_details"))
    }

    /// One request for many ids (`include=`), so a list never costs a request per story.
    private static func lookup(_ ids: [Int], fields: String) -> [(String, String)] {
        [("include", joined(ids)), ("per_page", "100"), ("_fields", fields)]
    }

    private static func joined(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}
