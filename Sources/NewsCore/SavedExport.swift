import Foundation
import HTMLParsing
import URLSyntax

/// `wpnews saved --export`: the saved stories as one HTML file to open in a browser. Every
/// string from a server is escaped, and each article goes through `AllowedHTML`: no script,
/// style, frame or event attribute, links and pictures only over http and https.
public enum SavedExport {
    public static func document(_ stories: [SavedStory]) -> String {
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https:; style-src 'unsafe-inline'">
            <title>Saved stories</title>
            <style>body { max-width: 42em; margin: auto; font-family: serif; } article { border-top: 1px solid #888; } img { max-width: 100%; }</style>
            </head><body>
            <h1>Saved stories</h1>

            """
        for saved in stories {
            let story = saved.story
            let page = WebAddress(story.link)
            let link = AllowedHTML.isWebAddress(story.link) ? story.link : nil
            let title = AllowedHTML.escape(story.displayTitle)
            html += "<article>\n<h2>" + (link.map { "<a href=\"\(AllowedHTML.escape($0))\">\(title)</a>" } ?? title) + "</h2>\n"
            let byline = [AllowedHTML.escape(saved.siteName), ISODate.text(story.date)] + (story.author.map { [AllowedHTML.escape($0.name)] } ?? [])
            html += "<p><small>" + byline.joined(separator: " · ") + "</small></p>\n"
            html += AllowedHTML.clean(saved.html, resolve: page.resolve) + "\n</article>\n"
        }
        return html + "</body></html>\n"
    }
}

/// A saved story as `saved --json` prints it: a river story's fields (its `site` the name it
/// was saved under), with `api_root` and `saved_at`.
public struct SavedStoryJSON: Encodable, Sendable {
    let saved: SavedStory

    public init(_ saved: SavedStory) {
        self.saved = saved
    }

    enum CodingKeys: String, CodingKey {
        case apiRoot = "api_root", savedAt = "saved_at"
    }

    public func encode(to encoder: any Encoder) throws {
        try RiverStoryJSON(story: saved.story, site: saved.siteName).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(saved.siteRoot, forKey: .apiRoot)
        try container.encode(ISODate.text(saved.savedAt), forKey: .savedAt)
    }
}
