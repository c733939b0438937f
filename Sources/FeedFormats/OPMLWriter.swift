import CLibXML2
import TextSafety

/// Writes an OPML 2.0 subscription list with libxml2's writer, which escapes the attribute
/// values. Each feed is one outline, as newsboat and the web readers import them:
/// `<outline type="rss" text="…" title="…" xmlUrl="…" htmlUrl="…"/>`; a feed in no group
/// is at the top level, and each group is a folder (an outline with only `text` and `title`)
/// holding its feeds, so a feed in two groups is written in both.
public enum OPMLWriter {
    public static func document(title: String, feeds: [ListedFeed]) -> String {
        guard let buffer = wpnews_xmlBufferCreate() else { return "" }
        defer { wpnews_xmlBufferFree(buffer) }
        guard let writer = wpnews_xmlNewTextWriterMemory(buffer, 0) else { return "" }
        wpnews_xmlTextWriterSetIndent(writer, 1)
        wpnews_xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        start("opml", writer)
        attribute("version", "2.0", writer)
        start("head", writer)
        start("title", writer)
        XMLText.withXMLChars(clean(title)) { _ = wpnews_xmlTextWriterWriteString(writer, $0) }
        wpnews_xmlTextWriterEndElement(writer)
        wpnews_xmlTextWriterEndElement(writer)
        start("body", writer)
        for feed in feeds where feed.groups.compactMap(XMLText.oneLine).isEmpty { outline(feed, writer) }
        let groups = Set(feeds.flatMap { $0.groups.compactMap(XMLText.oneLine) }).sorted()
        for group in groups {
            start("outline", writer)
            attribute("text", group, writer)
            attribute("title", group, writer)
            for feed in feeds where feed.groups.contains(where: { XMLText.oneLine($0) == group }) { outline(feed, writer) }
            wpnews_xmlTextWriterEndElement(writer)
        }
        // Closes body and opml, and flushes into the buffer.
        wpnews_xmlTextWriterEndDocument(writer)
        wpnews_xmlFreeTextWriter(writer)
        return XMLText.string(wpnews_xmlBufferContent(buffer))
    }

    private static func outline(_ feed: ListedFeed, _ writer: xmlTextWriterPtr) {
        start("outline", writer)
        attribute("type", "rss", writer)
        attribute("text", clean(feed.title ?? ""), writer)
        if let title = feed.title { attribute("title", clean(title), writer) }
        attribute("xmlUrl", clean(feed.feedURL), writer)
        if let home = feed.homeURL { attribute("htmlUrl", clean(home), writer) }
        wpnews_xmlTextWriterEndElement(writer)
    }

    private static func start(_ element: String, _ writer: xmlTextWriterPtr) {
        XMLText.withXMLChars(element) { _ = wpnews_xmlTextWriterStartElement(writer, $0) }
    }

    private static func attribute(_ name: String, _ value: String, _ writer: xmlTextWriterPtr) {
        XMLText.withXMLChars(name) { name in
            XMLText.withXMLChars(value) { value in _ = wpnews_xmlTextWriterWriteAttribute(writer, name, value) }
        }
    }

    /// libxml2 escapes markup but writes control characters as they are, which no XML
    /// parser would read back: they never get that far.
    private static func clean(_ text: String) -> String {
        XMLText.oneLine(text) ?? ""
    }
}
