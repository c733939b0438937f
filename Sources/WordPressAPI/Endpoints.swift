/// Which posts a list asks for.
public struct PostQuery: Sendable, Hashable {
    public var page: Int
    public var perPage: Int
    public var tagIDs: [Int]
    public var sticky: Bool?

    public init(page: Int = 1, perPage: Int = 10, tagIDs: [Int] = [], sticky: Bool? = nil) {
        self.page = page
        self.perPage = perPage
        self.tagIDs = tagIDs
        self.sticky = sticky
    }
}

/// The routes wpnews uses, each asking only for the fields it decodes.
public enum Endpoints {
    /// What a story list shows. Never `content`: rendering it is what makes a list slow.
    static let postListFields = "id,slug,link,title,excerpt,date_gmt,modified_gmt,author,featured_media,sticky,categories,tags"

    public static func posts(_ query: PostQuery) -> Endpoint<[WPPost]> {
        Endpoint(route: "/wp/v2/posts", query: postParameters(query, fields: postListFields))
    }

    /// Only the ids of a list's posts: enough to learn its totals.
    public static func postIDs(_ query: PostQuery) -> Endpoint<[WPID]> {
        Endpoint(route: "/wp/v2/posts", query: postParameters(query, fields: "id"))
    }

    private static func postParameters(_ query: PostQuery, fields: String) -> [(String, String)] {
        var parameters = [
            ("_fields", fields),
            ("page", String(query.page)),
            ("per_page", String(query.perPage)),
            ("orderby", "date"),
            ("order", "desc"),
            // WordPress 6.8+ would otherwise lead page 1 with the sticky posts; older versions ignore it.
            ("ignore_sticky", "true"),
        ]
        if !query.tagIDs.isEmpty { parameters.append(("tags", joined(query.tagIDs))) }
        if let sticky = query.sticky { parameters.append(("sticky", String(sticky))) }
        return parameters
    }

    public static func tags(slug: String) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: [("slug", slug), ("_fields", "id,name,slug,count")])
    }

    public static func tags(ids: [Int]) -> Endpoint<[WPTerm]> {
        Endpoint(route: "/wp/v2/tags", query: lookup(ids, fields: "id,name,slug"))
    }

    /// The categories with these ids; without ids, the hundred most used.
    public static func categories(ids: [Int]? = nil) -> Endpoint<[WPTerm]> {
        let fields = "id,name,slug,parent"
        guard let ids else {
            return Endpoint(route: "/wp/v2/categories", query: [("orderby", "count"), ("order", "desc"), ("per_page", "100"), ("_fields", fields)])
        }
        return Endpoint(route: "/wp/v2/categories", query: lookup(ids, fields: fields))
    }

    /// The users with these ids; without ids, the first hundred (a public site lists its authors).
    public static func users(ids: [Int]? = nil) -> Endpoint<[WPUser]> {
        let fields = "id,name,slug"
        guard let ids else { return Endpoint(route: "/wp/v2/users", query: [("per_page", "100"), ("_fields", fields)]) }
        return Endpoint(route: "/wp/v2/users", query: lookup(ids, fields: fields))
    }

    public static func media(ids: [Int]) -> Endpoint<[WPMedia]> {
        Endpoint(route: "/wp/v2/media", query: lookup(ids, fields: "id,source_url"))
    }

    /// One request for many ids (`include=`), so a list never costs a request per story.
    private static func lookup(_ ids: [Int], fields: String) -> [(String, String)] {
        [("include", joined(ids)), ("per_page", "100"), ("_fields", fields)]
    }

    private static func joined(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}
