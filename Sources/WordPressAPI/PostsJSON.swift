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
        try reading(body) { reader throws(JSONReadError) in
            guard try reader.peek() == .array else { throw .unexpected(path: "") }
            var posts: [WPPost] = []
            try reader.readArray { reader, place throws(JSONReadError) in
                posts.append(try post(&reader, place: place))
            }
            return posts
        }
    }

    /// One post (`/wp/v2/posts/ID`): a post object.
    static func post(_ body: Data) throws(JSONReadError) -> WPPost {
        try reading(body) { reader throws(JSONReadError) in try post(&reader, place: nil) }
    }

    private static func reading<Value>(
        _ body: Data, _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        let result = body.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONReadError) -> Value in
                let value = try read(&reader)
                try reader.end()
                return value
            }
        }
        switch result {
        case .success(let value): return value
        // JSONDecoder reads the whole text before any value: a document that is not JSON says
        // so, even where its first post already lacks a field.
        case .failure(let error): throw error == .invalid || JSONReader.isWellFormed(body) ? error : .invalid
        }
    }

    /// The post object at the cursor; `place`: where it is in a page, for what a failure says.
    private static func post(_ reader: inout JSONReader, place: Int?) throws(JSONReadError) -> WPPost {
        // Made only for a failure's words: a page has a hundred posts.
        let path = { place.map { "[\($0)]" } ?? "" }
        guard try reader.peek() == .object else {
            try reader.skipValue()
            throw .unexpected(path: path())
        }
        var fields = PostFields()
        try reader.readObject { reader, key throws(JSONReadError) in
            guard let field = PostField(key), fields.isAbsent(field) else { return try reader.skipValue() }
            let at = { Self.path(path(), field.name) }
            switch field {
            case .id: fields.id = try integer(&reader, at: at)
            case .slug: fields.slug = try string(&reader, at: at)
            case .link: fields.link = try string(&reader, at: at)
            case .title: fields.title = try rendered(&reader, at: at)
            case .excerpt: fields.excerpt = try rendered(&reader, at: at)
            case .dateGMT: fields.dateGMT = try date(&reader, at: at)
            case .modifiedGMT: fields.modifiedGMT = try date(&reader, at: at)
            case .author: fields.author = try integer(&reader, at: at)
            case .featuredMedia: fields.featuredMedia = try integer(&reader, at: at)
            case .sticky: fields.sticky = try bool(&reader, at: at)
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

    // MARK: Fields

    /// A value of the kind `read` reads; null kept as such; any other kind passed over and
    /// kept as the mismatch Codable reports.
    private static func value<Value>(
        _ reader: inout JSONReader, _ kind: JSONReader.Kind, at path: () -> String,
        _ read: (inout JSONReader) throws(JSONReadError) -> Slot<Value>
    ) throws(JSONReadError) -> Slot<Value> {
        switch try reader.peek() {
        case kind: return try read(&reader)
        case .null:
            try reader.null()
            return .null
        default:
            try reader.skipValue()
            return .failed(.unexpected(path: path()))
        }
    }

    private static func integer(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Int> {
        try value(&reader, .number, at: path) { reader throws(JSONReadError) in
            try reader.integer().map { .value($0) } ?? .failed(.invalid)
        }
    }

    private static func string(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<String> {
        try value(&reader, .string, at: path) { reader throws(JSONReadError) in .value(try reader.string()) }
    }

    private static func bool(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Bool> {
        try value(&reader, .bool, at: path) { reader throws(JSONReadError) in .value(try reader.bool()) }
    }

    /// A `..._gmt` date; one that is no date is data JSONDecoder calls corrupted.
    private static func date(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Date> {
        try value(&reader, .string, at: path) { reader throws(JSONReadError) in
            try reader.withString(GMTDate.parse).map { .value($0) } ?? .failed(.invalid)
        }
    }

    /// A list of ids: the first element that is not one is what fails.
    private static func integers(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<[Int]> {
        try value(&reader, .array, at: path) { reader throws(JSONReadError) in
            var ids: [Int] = []
            var failure: JSONReadError?
            try reader.readArray { reader, place throws(JSONReadError) in
                guard failure == nil else { return try reader.skipValue() }
                switch try integer(&reader, at: { Self.path(path(), "[\(place)]") }) {
                case .value(let id): ids.append(id)
                case .failed(let error): failure = error
                case .null: failure = .unexpected(path: Self.path(path(), "[\(place)]"))
                case .absent: break
                }
            }
            return failure.map { .failed($0) } ?? .value(ids)
        }
    }

    /// A title or an excerpt: `{"rendered": html}`, or the plain string some endpoints send.
    private static func rendered(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<String> {
        if try reader.peek() == .string { return .value(try reader.string()) }
        return try value(&reader, .object, at: path) { reader throws(JSONReadError) in try renderedObject(&reader, at: path).map(\.html) }
    }

    /// `content`: `{"rendered": html, "protected": bool}`.
    private static func content(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<RenderedContent> {
        try value(&reader, .object, at: path) { reader throws(JSONReadError) in
            try renderedObject(&reader, at: path).map { RenderedContent(html: $0.html, isProtected: $0.isProtected ?? false) }
        }
    }

    private static func renderedObject(
        _ reader: inout JSONReader, at path: () -> String
    ) throws(JSONReadError) -> Slot<(html: String, isProtected: Bool?)> {
        var html = Slot<String>.absent
        var isProtected = Slot<Bool>.absent
        try reader.readObject { reader, key throws(JSONReadError) in
            if Self.matches(key, "rendered"), case .absent = html {
                html = try string(&reader, at: { Self.path(path(), "rendered") })
            } else if Self.matches(key, "protected"), case .absent = isProtected {
                isProtected = try bool(&reader, at: { Self.path(path(), "protected") })
            } else {
                try reader.skipValue()
            }
        }
        do throws(JSONReadError) {
            return .value((try html.required(field: "rendered", at: { Self.path(path(), "rendered") }), try isProtected.optional()))
        } catch {
            return .failed(error)
        }
    }

    /// A path as Codable's error context gives it: keys and `[index]`es joined by dots.
    static func path(_ outer: String, _ inner: String) -> String {
        outer.isEmpty ? inner : outer + "." + inner
    }

    static func matches(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in key.count == name.count && key.elementsEqual(name) }
    }
}

/// A field of a post as read so far: not there, null, its value, or why it cannot be one.
private enum Slot<Value> {
    case absent
    case null
    case value(Value)
    case failed(JSONReadError)

    func required(_ field: PostField, in post: () -> String) throws(JSONReadError) -> Value {
        try required(field: field.name) { PostsJSON.path(post(), field.name) }
    }

    /// A value that must be there: missing, null or of another type, it fails.
    func required(field: String, at path: () -> String) throws(JSONReadError) -> Value {
        switch self {
        case .absent: throw .missing(field: field)
        case .null: throw .unexpected(path: path())
        case .value(let value): return value
        case .failed(let error): throw error
        }
    }

    /// A value that may be left out or null.
    func optional() throws(JSONReadError) -> Value? {
        switch self {
        case .absent, .null: return nil
        case .value(let value): return value
        case .failed(let error): throw error
        }
    }

    func map<Other>(_ transform: (Value) -> Other) -> Slot<Other> {
        switch self {
        case .absent: .absent
        case .null: .null
        case .value(let value): .value(transform(value))
        case .failed(let error): .failed(error)
        }
    }
}

/// The fields of a post wpnews reads, by their JSON names.
private enum PostField {
    case id, slug, link, title, excerpt, dateGMT, modifiedGMT, author, featuredMedia, sticky, categories, tags, content

    init?(_ key: UnsafeBufferPointer<UInt8>) {
        // By length first: most keys are then told apart by one comparison.
        let matches = { (field: PostField) in PostsJSON.matches(key, field.jsonName) }
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

extension Slot {
    var isAbsent: Bool {
        if case .absent = self { true } else { false }
    }
}
