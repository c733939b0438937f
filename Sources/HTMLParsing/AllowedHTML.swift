import TextSafety

/// An article's HTML made safe to open in a browser, by an allow-list: the article is read
/// by libxml2 as the reader reads it, and written again with only the elements of text
/// (paragraphs, headings, lists, quotations, code, tables, figures, links and pictures) and,
/// of their attributes, a link's `href` and a picture's `src` and `alt`, with addresses that
/// are http or https after `resolve`. Everything else is left out: scripts, styles, frames,
/// forms and embedded objects with what they hold, every other element's tag (its text
/// stays), every other attribute (`on*`, `style`, `class`). Text is escaped and loses its
/// control characters.
public enum AllowedHTML {
    /// `resolve`: the address an `href` or `src` names, read against the article's page.
    public static func clean(_ html: String, resolve: (String) -> String) -> String {
        withoutActuallyEscaping(resolve) { resolve in
            var writer = Writer(resolve: resolve)
            HTMLDocument.visit(html, with: &writer)
            return writer.output
        }
    }

    /// Text for an HTML document: `&`, `<`, `>` and both quotes as references, control and
    /// bidi characters dropped.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in SafeText.sanitize(text) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Whether an address may be a link or a picture's source in the export.
    public static func isWebAddress(_ address: String) -> Bool {
        let lowered = address.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    private struct Writer: HTMLVisitor {
        let resolve: (String) -> String
        var output = ""
        /// The end tag each open element writes: empty for one whose tag was left out.
        var endTags: [String] = []

        init(resolve: @escaping (String) -> String) {
            self.resolve = resolve
        }

        mutating func open(_ element: HTMLElement) -> Bool {
            let tag = element.tag
            if tag.isDropped { return false }
            switch tag {
            case .iframe, .audio, .video, .object, .button, .math: return false
            case .a:
                let href = element.attribute("href").map(resolve).flatMap { AllowedHTML.isWebAddress($0) ? $0 : nil }
                output += href.map { "<a href=\"\(AllowedHTML.escape($0))\">" } ?? ""
                endTags.append(href == nil ? "" : "</a>")
            case .img:
                if let source = element.attribute("src").map(resolve), AllowedHTML.isWebAddress(source) {
                    output += "<img src=\"\(AllowedHTML.escape(source))\" alt=\"\(AllowedHTML.escape(element.attribute("alt") ?? ""))\">"
                }
                endTags.append("")
            // Empty elements that libxml2 may read as holding what follows: only the tag goes.
            case .embed, .source:
                endTags.append("")
            case .br, .hr:
                output += "<\(tag.rawValue)>"
                endTags.append("")
            default:
                guard Self.kept.contains(tag) else {
                    endTags.append("")
                    return true
                }
                output += "<\(tag.rawValue)>"
                endTags.append("</\(tag.rawValue)>")
            }
            return true
        }

        mutating func close() {
            output += endTags.popLast() ?? ""
        }

        mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) {
            output += AllowedHTML.escape(String(decoding: utf8, as: UTF8.self))
        }

        /// Elements written as they came, without attributes.
        static let kept: Set<HTMLTag> = [
            .p, .div, .section, .article, .blockquote, .figure, .figcaption, .pre, .code, .kbd, .samp,
            .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .li, .dl, .dt, .dd,
            .table, .caption, .thead, .tbody, .tfoot, .tr, .td, .th,
            .b, .strong, .i, .em, .u, .ins, .s, .del, .mark, .sup, .sub, .small, .abbr, .q, .cite, .dfn,
        ]
    }
}
