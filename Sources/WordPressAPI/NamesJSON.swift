import FoundationEssentials

/// Categories, tags (`WPTerm`) and users (`WPUser`) read from their bytes with `JSONFields`,
/// as posts are (`PostsJSON`): a cold `latest --all` of 10,000 posts looks up some 15,000
/// terms, and `JSONDecoder` spent some 30,000 instructions on each.
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
            // Only some lookups ask for `count` and `parent`; null is read as left out, as Codable read it.
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
            // The key is `name`, and that field is not given yet: the first of a key given twice counts.
            func names(_ name: StaticString, _ slot: Slot<some Any>) -> Bool {
                slot.isAbsent && JSONFields.matches(key, name)
            }
            func at(_ name: String) -> String { JSONFields.path(path(), name) }
            // By length first: a key is then told apart by one comparison at most.
            switch key.count {
            case 2 where names("id", fields.id): fields.id = try JSONFields.integer(&reader, at: { at("id") })
            case 4 where names("name", fields.name): fields.name = try JSONFields.rendered(&reader, at: { at("name") })
            case 4 where names("slug", fields.slug): fields.slug = try JSONFields.string(&reader, at: { at("slug") })
            case 5 where ofTerm && names("count", fields.count): fields.count = try JSONFields.integer(&reader, at: { at("count") })
            case 6 where ofTerm && names("parent", fields.parent): fields.parent = try JSONFields.integer(&reader, at: { at("parent") })
            default: try reader.skipValue()
            }
        }
        return fields
    }
}

/// A term's or a user's fields as the reader finds them.
private struct NameFields {
    var id = Slot<Int>.absent
    var name = Slot<String>.absent
    var slug = Slot<String>.absent
    var count = Slot<Int>.absent
    var parent = Slot<Int>.absent

    /// What terms and users both must have, in the order Codable read them, so the same
    /// field is named when several are wrong.
    func named(at path: () -> String) throws(JSONReadError) -> (id: Int, name: RenderedText, slug: ServerText) {
        let id = try id.required("id", in: path)
        let name = try name.required("name", in: path)
        let slug = try slug.required("slug", in: path)
        return (id, RenderedText(html: name), ServerText(slug))
    }
}
