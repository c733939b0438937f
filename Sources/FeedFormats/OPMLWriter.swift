import CLibXML2
import TextSafety

/// Writes an OPML 2.0 subscription list with libxml2's writer, which escapes the attribute
/// values. Each feed is one outline, as newsboat and the web readers import them:
/// `<outline type="rss" text="…" title="…" xmlUrl="…" htmlUrl="…"/>`.
public enum OPMLWriter {
    public static func document(title: String, feeds: [OPMLFeed]) -> String {
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
        for feed in feeds {
            start("outline", writer)
            attribute("type", "rss", writer)
            attribute("text", clean(feed.title ?? ""), writer)
            if let title = feed.title { attribute("title", clean(title), writer) }
            attribute("xmlUrl", clean(feed.feedURL), writer)
            if let home = feed.homeURL { attribute("htmlUrl", clean(home), writer) }
            xmlTextWriterEndElement(writer)
        }
        // Closes body and opml, and flushes into the buffer.
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)
        return XMLText.string(xmlBufferContent(buffer))
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
