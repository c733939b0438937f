import FoundationEssentials

/// Posts read from `/wp/v2/posts`'s answer straight into `WPPost`s, byte by byte
/// (`JSONReader`), for the fields `Endpoints.postListFields` asks for and `content`. A cold
/// `latest --all` of 10,000 posts spent more on `JSONDecoder` and Codable's containers than on
/// storing the posts.
///
/// It reads what `WPPost`'s Codable reading read, and fails where it failed, in the same
/// words: a field missing or of the wrong type is reported for the first post that has one,
/// the first such field in the order below; a document that is not JSON at all says so
/// whatever else is wrong with it; a key given twice counts the first time.
enum PostsJSON {
    /// A page of posts: a JSON array of post objects.
    static func posts(_ body: Data) throws(JSONReadError) -> [WPPost] {
        try JSONFields.list(body, post)
    }

    /// One post (`/wp/v2/posts/ID`): a post object.
    static func post(_ body: Data) throws(JSONReadError) -> WPPost {
        try JSONFields.reading(body) { reader throws(JSONReadError) in try post(&reader, at: { "" }) }
    }

    /// The post object at the cursor; `path`: where it is in a page, for what a failure says.
    private static func post(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> WPPost {
        var fields = PostFields()
        try JSONFields.object(&reader, at: path) { reader, key throws(JSONReadError) in
            guard let field = PostField(key), fields.isAbsent(field) else { return try reader.skipValue() }
            let at = { JSONFields.path(path(), field.name) }
            switch field {
            case .id: fields.id = try JSONFields.integer(&reader, at: at)
            case .slug: fields.slug = try JSONFields.string(&reader, at: at)
            case .link: fields.link = try JSONFields.string(&reader, at: at)
            case .title: fields.title = try JSONFields.rendered(&reader, at: at)
            case .excerpt: fields.excerpt = try JSONFields.rendered(&reader, at: at)
            case .dateGMT: fields.dateGMT = try date(&reader, at: at)
            case .modifiedGMT: fields.modifiedGMT = try date(&reader, at: at)
            case .author: fields.author = try JSONFields.integer(&reader, at: at)
            case .featuredMedia: fields.featuredMedia = try JSONFields.integer(&reader, at: at)
            case .sticky: fields.sticky = try JSONFields.bool(&reader, at: at)
            case .categories: fields.categories = try integers(&reader, at: at)
            case .tags: fields.tags = try integers(&reader, at: at)
            case .content: fields.content = try Self.content(&reader, at: at)
            }
        }
        // In the order Codable read them, so the same field is named when several are wrong.
        let id = try fields.id.required(.id, in: path)
        let slug = try fields.slug.required(.slug, in: path)
        let link = try fields.link.required(.link, in: path)
        let title = try fields.title.required(.title, in: path)
        let excerpt = try fields.excerpt.optional()
        let dateGMT = try fields.dateGMT.required(.dateGMT, in: path)
        let modifiedGMT = try fields.modifiedGMT.required(.modifiedGMT, in: path)
        // Posts of custom types or with plugins can lack these; defaults keep the list readable.
        let author = try fields.author.optional() ?? 0
        let featuredMedia = try fields.featuredMedia.optional() ?? 0
        let sticky = try fields.sticky.optional() ?? false
        let categories = try fields.categories.optional() ?? []
        let tags = try fields.tags.optional() ?? []
        let content = try fields.content.optional()
        return WPPost(
            id: id, slug: ServerText(slug), link: ServerText(link), title: RenderedText(html: title),
            excerpt: excerpt.map(RenderedText.init(html:)), dateGMT: GMTDate(dateGMT), modifiedGMT: GMTDate(modifiedGMT),
            author: author, featuredMedia: featuredMedia, sticky: sticky, categories: categories, tags: tags, content: content
        )
    }

    // MARK: Fields only posts have

    /// A `..._gmt` date; one that is no date is data JSONDecoder calls corrupted.
    private static func date(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Date> {
        try JSONFields.value(&reader, .string, at: path) { reader throws(JSONReadError) in
            try reader.withString(GMTDate.parse).map { .value($0) } ?? .failed(.invalid)
        }
    }

    /// A list of ids: the first element that is not one is what fails.
    private static func integers(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<[Int]> {
        try JSONFields.value(&reader, .array, at: path) { reader throws(JSONReadError) in
            var ids: [Int] = []
            var failure: JSONReadError?
            try reader.readArray { reader, place throws(JSONReadError) in
                guard failure == nil else { return try reader.skipValue() }
                switch try JSONFields.integer(&reader, at: { JSONFields.path(path(), "[\(place)]") }) {
                case .value(let id): ids.append(id)
                case .failed(let error): failure = error
                case .null: failure = .unexpected(path: JSONFields.path(path(), "[\(place)]"))
                case .absent: break
                }
            }
            return failure.map { .failed($0) } ?? .value(ids)
        }
    }

    /// `content`: `{"rendered": html, "protected": bool}`.
    private static func content(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<RenderedContent> {
        try JSONFields.value(&reader, .object, at: path) { reader throws(JSONReadError) in
            try JSONFields.renderedObject(&reader, at: path, readsProtected: true).map { RenderedContent(html: $0.html, isProtected: $0.isProtected ?? false) }
        }
    }
}

extension Slot {
    /// A post's field that must be there, named as Codable named it.
    fileprivate func required(_ field: PostField, in post: () -> String) throws(JSONReadError) -> Value {
        try required(field.name, in: post)
    }
}

/// The fields of a post wpnews reads, by their JSON names.
private enum PostField {
    case id, slug, link, title, excerpt, dateGMT, modifiedGMT, author, featuredMedia, sticky, categories, tags, content

    init?(_ key: UnsafeBufferPointer<UInt8>) {
        // By length first: most keys are then told apart by one comparison.
        let matches = { (field: PostField) in JSONFields.matches(key, field.jsonName) }
        switch key.count {
        case 2 where matches(.id): self = .id
        case 4 where matches(.slug): self = .slug
        case 4 where matches(.link): self = .link
        case 4 where matches(.tags): self = .tags
        case 5 where matches(.title): self = .title
        case 6 where matches(.author): self = .author
        case 6 where matches(.sticky): self = .sticky
        case 7 where matches(.excerpt): self = .excerpt
        case 7 where matches(.content): self = .content
        case 8 where matches(.dateGMT): self = .dateGMT
        case 10 where matches(.categories): self = .categories
        case 12 where matches(.modifiedGMT): self = .modifiedGMT
        case 14 where matches(.featuredMedia): self = .featuredMedia
        default: return nil
        }
    }

    var jsonName: StaticString {
        switch self {
        case .id: "id"
        case .slug: "slug"
        case .link: "link"
        case .title: "title"
        case .excerpt: "excerpt"
        case .dateGMT: "date_gmt"
        case .modifiedGMT: "modified_gmt"
        case .author: "author"
        case .featuredMedia: "featured_media"
        case .sticky: "sticky"
        case .categories: "categories"
        case .tags: "tags"
        case .content: "content"
        }
    }

    var name: String { jsonName.description }
}

/// A post's fields as the reader finds them.
private struct PostFields {
    var id = Slot<Int>.absent
    var slug = Slot<String>.absent
    var link = Slot<String>.absent
    var title = Slot<String>.absent
    var excerpt = Slot<String>.absent
    var dateGMT = Slot<Date>.absent
    var modifiedGMT = Slot<Date>.absent
    var author = Slot<Int>.absent
    var featuredMedia = Slot<Int>.absent
    var sticky = Slot<Bool>.absent
    var categories = Slot<[Int]>.absent
    var tags = Slot<[Int]>.absent
    var content = Slot<RenderedContent>.absent

    /// Whether the field has not been given yet: a key given again is passed over.
    func isAbsent(_ field: PostField) -> Bool {
        switch field {
        case .id: id.isAbsent
        case .slug: slug.isAbsent
        case .link: link.isAbsent
        case .title: title.isAbsent
        case .excerpt: excerpt.isAbsent
        case .dateGMT: dateGMT.isAbsent
        case .modifiedGMT: modifiedGMT.isAbsent
        case .author: author.isAbsent
        case .featuredMedia: featuredMedia.isAbsent
        case .sticky: sticky.isAbsent
        case .categories: categories.isAbsent
        case .tags: tags.isAbsent
        case .content: content.isAbsent
        }
    }
}
