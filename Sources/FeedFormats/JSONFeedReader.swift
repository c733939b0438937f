import FoundationEssentials
import URLSyntax

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org). A field of the wrong type is read as
/// absent, and an item that is not an object is skipped, rather than losing the feed.
enum JSONFeedReader {
    static func feed(in bytes: ArraySlice<UInt8>, address: String?) throws(FeedError) -> Feed {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch let DecodingError.dataCorrupted(context) {
            let reason = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            throw .malformedJSON(reason: XMLText.oneLine(reason) ?? "unreadable")
        } catch {
            throw .malformedJSON(reason: XMLText.oneLine("\(error)") ?? "unreadable")
        }
        guard document.version?.contains("jsonfeed.org") == true || document.items != nil else { throw .notAJSONFeed }
        let home = document.home_page_url.flatMap { absolute($0, base: address) }
        let base = address ?? home
        return Feed(
            format: .jsonFeed, title: document.title.flatMap(XMLText.oneLine), home: home,
            items: (document.items ?? []).compactMap(\.value).map { item($0, base: base, feedAuthors: document.byline?.names) }
        )
    }

    private static func item(_ entry: Item, base: String?, feedAuthors: String?) -> FeedItem {
        let link = (entry.url ?? entry.external_url).flatMap { absolute($0, base: base) }
        var content = entry.content_html ?? entry.content_text.map(XMLText.html(fromPlain:))
        // The item's main picture, unless its content shows it already.
        if let image = entry.image.flatMap({ absolute($0, base: link ?? base) }), let shown = content, !shown.contains(image) {
            content = "<p><img src=\"\(XMLText.html(fromPlain: image).replacing("\"", with: "&quot;"))\" alt=\"\"></p>" + shown
        }
        let published = entry.date_published.flatMap(FeedDate.read)
        let updated = entry.date_modified.flatMap(FeedDate.read)
        return FeedItem(
            guid: entry.id.flatMap(XMLText.oneLine), title: entry.title.flatMap { XMLText.oneLine(XMLText.html(fromPlain: $0)) } ?? "",
            link: link, published: published ?? updated, updated: updated, author: entry.byline?.names ?? feedAuthors,
            categories: (entry.tags ?? []).compactMap(\.value).compactMap(XMLText.oneLine),
            summary: entry.summary.map(XMLText.html(fromPlain:)), content: content,
            enclosures: (entry.attachments ?? []).compactMap(\.value).compactMap { attachment in
                attachment.url.flatMap { absolute($0, base: link ?? base) }.flatMap {
                    FeedEnclosure(web: $0, type: attachment.mime_type, length: attachment.size_in_bytes.flatMap { Int(exactly: $0.rounded()) })
                }
            }
        )
    }

    private static func absolute(_ reference: String, base: String?) -> String? {
        guard let link = XMLText.oneLine(reference) else { return nil }
        // The base is the caller's address or the feed's home: made safe as well.
        return base.flatMap { XMLText.oneLine(WebAddress($0).resolve(link)) } ?? link
    }

    // The fields keep the format's own names: they are its keys.

    private struct Document: Decodable {
        var version, title, home_page_url: String?
        var items: [Lenient<Item>]?
        var byline: Byline?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            version = fields.text(.version)
            title = fields.text(.title)
            home_page_url = fields.text(.home_page_url)
            items = fields.lenient(.items)
            byline = try? Byline(from: decoder)
        }

        enum CodingKeys: String, CodingKey {
            case version, title, home_page_url, items
        }
    }

    private struct Item: Decodable {
        var id, url, external_url, title, content_html, content_text, summary, image, date_published, date_modified: String?
        var byline: Byline?
        var tags: [Lenient<String>]?
        var attachments: [Lenient<Attachment>]?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            id = fields.text(.id)
            url = fields.text(.url)
            external_url = fields.text(.external_url)
            title = fields.text(.title)
            content_html = fields.text(.content_html)
            content_text = fields.text(.content_text)
            summary = fields.text(.summary)
            image = fields.text(.image)
            date_published = fields.text(.date_published)
            date_modified = fields.text(.date_modified)
            byline = try? Byline(from: decoder)
            tags = fields.lenient(.tags)
            attachments = fields.lenient(.attachments)
        }

        enum CodingKeys: String, CodingKey {
            case id, url, external_url, title, content_html, content_text, summary, image, date_published, date_modified, tags, attachments
        }
    }

    /// Who wrote a feed or an item: JSON Feed 1.1's `authors`, else 1.0's `author`, their
    /// names joined.
    private struct Byline: Decodable {
        var names: String?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            let authors: [Lenient<Author>]? = fields.lenient(.authors)
            let author: Author? = fields.lenient(.author)
            let named = (authors?.compactMap(\.value) ?? [author].compactMap { $0 }).compactMap { $0.name.flatMap(XMLText.oneLine) }
            names = named.isEmpty ? nil : named.joined(separator: ", ")
        }

        enum CodingKeys: String, CodingKey {
            case author, authors
        }
    }

    private struct Author: Decodable {
        var name: String?
    }

    private struct Attachment: Decodable {
        var url: String?
        var mime_type: String?
        var size_in_bytes: Double?
    }

    /// A value that is read as nil when it is not of its type, rather than failing the feed.
    private struct Lenient<Value: Decodable>: Decodable {
        var value: Value?

        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(Value.self)
        }
    }
}

private extension KeyedDecodingContainer {
    /// A string field; a number is read as its digits (some feeds number their ids).
    func text(_ key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
        return nil
    }

    /// A field of its type, or nil when it is absent or of another.
    func lenient<Value: Decodable>(_ key: Key) -> Value? {
        try? decodeIfPresent(Value.self, forKey: key)
    }
}
