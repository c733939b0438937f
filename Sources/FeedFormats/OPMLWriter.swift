import CLibXML2
import TextSafety

/// Writes an OPML 2.0 subscription list with libxml2's writer, which escapes the attribute
/// values. Each feed is one outline, as newsboat and the web readers import them:
/// `<outline type="rss" text="…" title="…" xmlUrl="…" htmlUrl="…"/>`; a feed in no group
/// is at the top level, and each group is a folder (an outline with only `text` and `title`)
/// holding its feeds, so a feed in two groups is written in both.
public enum OPMLWriter {
    public static func document(title: String, feeds: [ListedFeed]) -> String {
        // The writer looks up its encoder too: libxml2's globals set up first, under its lock.
        xmlInitParser()
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return "" }
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        start("opml", writer)
        attribute("version", "2.0", writer)
        start("head", writer)
        start("title", writer)
        XMLText.withXMLChars(clean(title)) { _ = xmlTextWriterWriteString(writer, $0) }
        xmlTextWriterEndElement(writer)
        xmlTextWriterEndElement(writer)
        start("body", writer)
        for feed in feeds where feed.groups.compactMap(XMLText.oneLine).isEmpty { outline(feed, writer) }
        let groups = Set(feeds.flatMap { $0.groups.compactMap(XMLText.oneLine) }).sorted()
        for group in groups {
            start("outline", writer)
            attribute("text", group, writer)
            attribute("title", group, writer)
            for feed in feeds where feed.groups.contains(where: { XMLText.oneLine($0) == group }) { outline(feed, writer) }
            xmlTextWriterEndElement(writer)
        }
        // Closes body and opml, and flushes into the buffer.
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)
        return XMLText.string(xmlBufferContent(buffer))
    }

    private static func outline(_ feed: ListedFeed, _ writer: xmlTextWriterPtr) {
        start("outline", writer)
        attribute("type", "rss", writer)
        attribute("text", clean(feed.title ?? ""), writer)
        if let title = feed.title { attribute("title", clean(title), writer) }
        attribute("xmlUrl", clean(feed.feedURL), writer)
        if let home = feed.homeURL { attribute("htmlUrl", clean(home), writer) }
        xmlTextWriterEndElement(writer)
    }

    private static func start(_ element: String, _ writer: xmlTextWriterPtr) {
        XMLText.withXMLChars(element) { _ = xmlTextWriterStartElement(writer, $0) }
    }

    private static func attribute(_ name: String, _ value: String, _ writer: xmlTextWriterPtr) {
        XMLText.withXMLChars(name) { name in
            XMLText.withXMLChars(value) { value in _ = xmlTextWriterWriteAttribute(writer, name, value) }
        }
    }

    /// libxml2 escapes markup but writes control characters as they are, which no XML
    /// parser would read back: they never get that far.
    private static func clean(_ text: String) -> String {
        XMLText.oneLine(text) ?? ""
    }
}
