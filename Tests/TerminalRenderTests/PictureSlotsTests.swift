import Testing
@testable import TerminalRender
import NewsModels

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
        let lines = [StyledLine([Span("Title")]), StyledLine([Span("────", ArticleStyle.meta)])] + ArticleLayout(width: 72).lines(for: article)
        let slots = PictureSlots(featured: "https://example.org/featured.jpg", galleries: article.galleries, width: 72)
        let addresses = (1...5).map(Self.address)
        #expect(slots.slots(in: lines) == [
            PictureSlot(addresses: ["https://example.org/featured.jpg"]),
            PictureSlot(addresses: Array(addresses[0..<3]), places: 3),
            PictureSlot(addresses: Array(addresses[3...]), places: 3),
        ])
        let rows = slots.insertingLines(into: lines) { slot in [StyledLine([Span("<\(slot.addresses.count) of \(slot.places)>")])] }
        let text = rows.map(\.plainText)
        #expect(Array(text.prefix(4)) == ["Title", "────", "", "<1 of 1>"])
        let first = try #require(text.firstIndex(of: "<3 of 3>"))
        #expect(Array(text[first...].prefix(4)) == ["<3 of 3>", "", "<2 of 3>", "[image: Photo 1][1]"])
        #expect(text.filter { $0.hasPrefix("<") }.count == 3, "\(text)")
    }

    @Test func narrowScreensHoldTwoThumbnailsAndWideOnesFour() {
        let galleries = [(1...8).map(Self.address)]
        let lines = ArticleLayout(width: 40).lines(for: Article(html: "<div class=\"gallery\">" + (1...8).map(Self.image).joined() + "</div>"))
        #expect(PictureSlots(featured: nil, galleries: galleries, width: 30).slots(in: lines).map(\.places) == [2, 2, 2, 2])
        #expect(PictureSlots(featured: nil, galleries: galleries, width: 100).slots(in: lines).map(\.places) == [4, 4])
    }

    /// The same pictures in a second gallery (the contest's runners-up) make a second row,
    /// and a gallery picture shown again on its own gets its own picture.
    @Test func galleriesAreMatchedInOrderNotByAddress() {
        let html = "<figure class=\"wp-block-gallery\">" + [1, 2, 3].map(Self.image).joined() + "</figure>"
            + "<div class=\"gallery\">" + [2, 3].map(Self.image).joined() + "</div>" + Self.image(1)
        let article = Article(html: html)
        #expect(article.galleries == [[1, 2, 3].map(Self.address), [2, 3].map(Self.address)])
        let lines = ArticleLayout(width: 72).lines(for: article)
        let rows = PictureSlots(featured: nil, galleries: article.galleries, width: 72).insertingLines(into: lines) { slot in
            [StyledLine([Span("<" + slot.addresses.map { String($0.dropFirst(20).prefix(1)) }.joined() + ">")])]
        }
        #expect(rows.map(\.plainText).filter { $0.hasPrefix("<") } == ["<123>", "<23>", "<1>"])
    }
}
