import FoundationEssentials

/// Categories, tags (`WPTerm`) and users (`WPUser`) read from their bytes with `JSONFields`,
/// as posts are (`PostsJSON`): a cold `latest --all` of 10,000 posts looks up some 15,000
/// terms, and `JSONDecoder` spent about 25,000 instructions on each.
///
/// They read what the types' Codable reading read, and fail where it failed, in the same
/// words: a field missing or of the wrong type is reported for the first object that has
/// one, the first such field in the order id, name, slug, count, parent; a document that is
/// not JSON at all says so whatever else is wrong with it; a key given twice counts the
/// first time; keys not read are passed over, whatever their value.
enum NamesJSON {
    /// A page of `/wp/v2/categories` or `/wp/v2/tags`: a JSON array of terms.
    static func terms(_ body: Data) throws(JSONReadError) -> [WPTerm] {
        try JSONFields.list(body) { reader, path throws(JSONReadError) in
            let fields = try fields(&reader, at: path, ofTerm: true)
            let (id, name, slug) = try fields.named(at: path)
            // Asked for only by some lookups; a site's own code may also send null.
            return WPTerm(id: id, name: name, slug: slug, count: try fields.count.optional(), parent: try fields.parent.optional())
        }
    }

    /// A page of `/wp/v2/users`: a JSON array of users.
    static func users(_ body: Data) throws(JSONReadError) -> [WPUser] {
        try JSONFields.list(body) { reader, path throws(JSONReadError) in
            let (id, name, slug) = try fields(&reader, at: path, ofTerm: false).named(at: path)
            return WPUser(id: id, name: name, slug: slug)
        }
    }

    /// The object at the cursor; `ofTerm`: whether `count` and `parent` are read (a user has
    /// neither, and Codable passed those keys over whatever they held).
    private static func fields(_ reader: inout JSONReader, at path: () -> String, ofTerm: Bool) throws(JSONReadError) -> NameFields {
        var fields = NameFields()
        try JSONFields.object(&reader, at: path) { reader, key throws(JSONReadError) in
            guard let field = NameField(key), ofTerm || !field.isTermOnly, fields.isAbsent(field) else { return try reader.skipValue() }
            let at = { JSONFields.path(path(), field.name) }
            switch field {
            case .id: fields.id = try JSONFields.integer(&reader, at: at)
            case .name: fields.name = try JSONFields.rendered(&reader, at: at)
            case .slug: fields.slug = try JSONFields.string(&reader, at: at)
            case .count: fields.count = try JSONFields.integer(&reader, at: at)
            case .parent: fields.parent = try JSONFields.integer(&reader, at: at)
            }
        }
        return fields
    }
}

/// The fields of a term or a user wpnews reads, by their JSON names.
private enum NameField {
    case id, name, slug, count, parent

    init?(_ key: UnsafeBufferPointer<UInt8>) {
        // By length first: a key is then told apart by one comparison at most.
        let matches = { (field: NameField) in JSONFields.matches(key, field.jsonName) }
        switch key.count {
        case 2 where matches(.id): self = .id
        case 4 where matches(.name): self = .name
        case 4 where matches(.slug): self = .slug
        case 5 where matches(.count): self = .count
        case 6 where matches(.parent): self = .parent
        default: return nil
        }
    }

    var jsonName: StaticString {
        switch self {
        case .id: "id"
        case .name: "name"
        case .slug: "slug"
        case .count: "count"
        case .parent: "parent"
        }
    }

    var name: String { jsonName.description }

    var isTermOnly: Bool { self == .count || self == .parent }
}

/// A term's or a user's fields as the reader finds them.
private struct NameFields {
    var id = Slot<Int>.absent
    var name = Slot<String>.absent
    var slug = Slot<String>.absent
    var count = Slot<Int>.absent
    var parent = Slot<Int>.absent

    /// Whether the field has not been given yet: a key given again is passed over.
    func isAbsent(_ field: NameField) -> Bool {
        switch field {
        case .id: id.isAbsent
        case .name: name.isAbsent
        case .slug: slug.isAbsent
        case .count: count.isAbsent
        case .parent: parent.isAbsent
        }
    }

    /// What terms and users both must have, in the order Codable read them, so the same
    /// field is named when several are wrong.
    func named(at path: () -> String) throws(JSONReadError) -> (id: Int, name: RenderedText, slug: ServerText) {
        let id = try id.required("id", in: path)
        let name = try name.required("name", in: path)
        let slug = try slug.required("slug", in: path)
        return (id, RenderedText(html: name), ServerText(slug))
    }
}
