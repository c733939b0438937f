import FoundationEssentials
import NewsModels
import Testing
@testable import TerminalRender

/// Galleries as WordPress writes them, and where their rows of thumbnails go.
@Suite struct PictureSlotsTests {
    static func image(_ number: Int) -> String {
        "<figure class=\"gallery-item\"><img src=\"https://example.org/\(number).jpg\" alt=\"Photo \(number)\"><figcaption>Caption \(number)</figcaption></figure>"
    }

    static func address(_ number: Int) -> String { "https://example.org/\(number).jpg" }

    @Test func theBlockEditorsGalleryIsOne() {
        let html = "<figure class=\"wp-block-gallery has-nested-images\">" + (1...3).map(Self.image).joined() + "</figure>"
        #expect(Article(html: html).galleries == [[1, 2, 3].map(Self.address)])
    }

    /// `[gallery]` as themes without HTML5 support print it: `dl`/`dt`/`dd`, links around the pictures.
    @Test func theClassicShortcodesGalleryIsOne() {
        let items = (1...2).map {
            "<dl class=\"gallery-item\"><dt class=\"gallery-icon\"><a href=\"https://example.org/?attachment_id=\($0)\"><img src=\"\(Self.address($0))\" alt=\"\"></a></dt><dd class=\"wp-caption-text gallery-caption\">Caption \($0)</dd></dl>"
        }
        let html = "<div id=\"gallery-1\" class=\"gallery galleryid-9 gallery-columns-2 gallery-size-thumbnail\">" + items.joined() + "<br style=\"clear: both\"></div>"
        #expect(Article(html: html).galleries == [[1, 2].map(Self.address)])
    }

    @Test func aGalleryOfOnePictureOrPicturesOutsideGalleriesAreNone() {
        let html = "<figure class=\"wp-block-gallery\">" + Self.image(1) + "</figure>" + Self.image(2) + Self.image(3)
        #expect(Article(html: html).galleries.isEmpty)
    }

    /// Nested gallery classes (a gallery block inside a classic one) make one gallery, and
    /// the same picture twice is one thumbnail.
    @Test func aGalleryInsideAGalleryIsOneGallery() {
        let html = "<div class=\"gallery\"><figure class=\"wp-block-gallery\">" + [1, 2, 2].map(Self.image).joined() + "</figure>" + Self.image(3) + "</div>"
        #expect(Article(html: html).galleries == [[1, 2, 3].map(Self.address)])
    }

    /// Five pictures at 72 columns: rows of three and two, both above the first placeholder;
    /// the featured picture under the header rule; no picture for the others' placeholders.
    @Test func rowsOfThumbnailsGoAboveTheGallerysFirstPlaceholder() throws {
        let html = "<p>Text.</p><figure class=\"wp-block-gallery\">" + (1...5).map(Self.image).joined() + "</figure><p>More.</p>"
        let article = Article(html: html)
        var laidOut = LaidOutArticle(lines: [StyledLine([Span("Title")]), StyledLine([Span("────", ArticleStyle.meta)])])
        laidOut.mark(.headerEnd)
        laidOut.append(ArticleLayout(width: 72).layout(of: article))
        let slots = PictureSlots(featured: "https://example.org/featured.jpg", galleries: article.galleries, width: 72)
        let addresses = (1...5).map(Self.address)
        #expect(slots.slots(in: laidOut) == [
            PictureSlot(addresses: ["https://example.org/featured.jpg"]),
            PictureSlot(addresses: Array(addresses[0..<3]), places: 3),
            PictureSlot(addresses: Array(addresses[3...]), places: 3),
        ])
        let rows = slots.insertingLines(into: laidOut) { slot in [StyledLine([Span("<\(slot.addresses.count) of \(slot.places)>")])] }
        let text = rows.map(\.plainText)
        #expect(Array(text.prefix(4)) == ["Title", "────", "", "<1 of 1>"])
        let first = try #require(text.firstIndex(of: "<3 of 3>"))
        #expect(Array(text[first...].prefix(4)) == ["<3 of 3>", "", "<2 of 3>", "[image: Photo 1][1]"])
        #expect(text.filter { $0.hasPrefix("<") }.count == 3, "\(text)")
    }

    @Test func narrowScreensHoldTwoThumbnailsAndWideOnesFour() {
        let galleries = [(1...8).map(Self.address)]
        let laidOut = ArticleLayout(width: 40).layout(of: Article(html: "<div class=\"gallery\">" + (1...8).map(Self.image).joined() + "</div>"))
        #expect(PictureSlots(featured: nil, galleries: galleries, width: 30).slots(in: laidOut).map(\.places) == [2, 2, 2, 2])
        #expect(PictureSlots(featured: nil, galleries: galleries, width: 100).slots(in: laidOut).map(\.places) == [4, 4])
    }

    /// The same pictures in a second gallery (the contest's runners-up) make a second row,
    /// and a gallery picture shown again on its own gets its own picture.
    @Test func galleriesAreMatchedInOrderNotByAddress() {
        let html = "<figure class=\"wp-block-gallery\">" + [1, 2, 3].map(Self.image).joined() + "</figure>"
            + "<div class=\"gallery\">" + [2, 3].map(Self.image).joined() + "</div>" + Self.image(1)
        let article = Article(html: html)
        #expect(article.galleries == [[1, 2, 3].map(Self.address), [2, 3].map(Self.address)])
        let laidOut = ArticleLayout(width: 72).layout(of: article)
        let rows = PictureSlots(featured: nil, galleries: article.galleries, width: 72).insertingLines(into: laidOut) { slot in
            [StyledLine([Span("<" + slot.addresses.map { String($0.dropFirst(20).prefix(1)) }.joined() + ">")])]
        }
        #expect(rows.map(\.plainText).filter { $0.hasPrefix("<") } == ["<123>", "<23>", "<1>"])
    }

    /// The layout anchors each placeholder where it ended up: in a quotation, in a table's
    /// cell, wrapped onto a later line; one picture a line (the line's first placeholder); a
    /// picture with no address of its own has none.
    @Test func placeholdersAreAnchoredWhereTheLayoutPutThem() throws {
        let html = "<p>Lead text that is long enough to wrap before its picture <img src=\"https://example.org/w.png\" alt=\"Wrapped\"></p>"
            + "<blockquote><p><img src=\"https://example.org/q.png\" alt=\"Quoted\"></p></blockquote>"
            + "<table><tr><td>Cell</td><td><img src=\"https://example.org/t.png\" alt=\"Tabled\"></td></tr></table>"
            + "<p><img src=\"https://example.org/a.png\" alt=\"A\"> <img src=\"https://example.org/b.png\" alt=\"B\"></p>"
            + "<p><a href=\"https://example.org/page\"><img alt=\"Nowhere\"></a></p>"
        let laidOut = ArticleLayout(width: 40).layout(of: Article(html: html))
        let text = laidOut.lines.map(\.plainText)
        func line(of label: String) throws -> Int { try #require(text.firstIndex { $0.contains(label) }, "\(text)") }
        #expect(laidOut.anchors == [
            ArticleAnchor(.picture("https://example.org/w.png"), line: try line(of: "[image: Wrapped")),
            ArticleAnchor(.picture("https://example.org/q.png"), line: try line(of: "[image: Quoted")),
            ArticleAnchor(.picture("https://example.org/t.png"), line: try line(of: "[image: Tabled")),
            ArticleAnchor(.picture("https://example.org/a.png"), line: try line(of: "[image: A]")),
        ])
        #expect(try line(of: "[image: Wrapped") > 0 && line(of: "[image: A]") == line(of: "[image: B]"))
    }

    /// The comments' heading is anchored, and the pictures in comments are too.
    @Test func theCommentsAreAnchored() throws {
        let comment = NewsModels.Comment(id: 1, parent: nil, author: "Ada", date: .now, html: "<p><img src=\"https://example.org/c.png\" alt=\"Comment\"></p>")
        let laidOut = ArticleLayout(width: 72).layout(of: Article(html: "<p>Text.</p>").addingComments([comment], baseURL: nil))
        let text = laidOut.lines.map(\.plainText)
        let heading = try #require(text.firstIndex(of: "Comments (1)"))
        let placeholder = try #require(text.firstIndex { $0.hasPrefix("[image: Comment]") })
        #expect(laidOut.anchors == [ArticleAnchor(.comments, line: heading), ArticleAnchor(.picture("https://example.org/c.png"), line: placeholder)])
    }
}
