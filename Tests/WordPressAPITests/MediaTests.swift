import FoundationEssentials
import Testing
@testable import WordPressAPI

/// The media lookup names featured images; the sizes WordPress made of them come along in
/// whatever shape the site sends, and no shape of theirs may cost the lookup.
@Suite struct MediaTests {
    static func media(_ json: String) throws -> [WPMedia] {
        try JSONDecoder().decode([WPMedia].self, from: Data(json.utf8))
    }

    static func widths(_ media: WPMedia) -> [Int] { media.renditions.map(\.width) }

    /// What WordPress 6 sends: the square thumbnail is a crop, another picture, and is left out.
    @Test func theCopiesOfTheOriginalsShapeComeNarrowestFirst() throws {
        let media = try Self.media("""
            [{"id": 2, "source_url": "https://news.example.org/up/bridge.jpg", "media_details": {"width": 1600, "height": 900,
              "file": "bridge.jpg", "filesize": 91234, "image_meta": {"keywords": []}, "sizes": {
                "medium_large": {"file": "bridge-768x432.jpg", "width": 768, "height": 432, "filesize": 40100, "mime_type": "image/jpeg",
                                 "source_url": "https://news.example.org/up/bridge-768x432.jpg"},
                "thumbnail": {"file": "bridge-150x150.jpg", "width": 150, "height": 150, "mime_type": "image/jpeg",
                              "source_url": "https://news.example.org/up/bridge-150x150.jpg"},
                "medium": {"file": "bridge-300x169.jpg", "width": 300, "height": 169, "mime_type": "image/jpeg",
                           "source_url": "https://news.example.org/up/bridge-300x169.jpg"},
                "full": {"file": "bridge.jpg", "width": 1600, "height": 900, "mime_type": "image/jpeg",
                         "source_url": "https://news.example.org/up/bridge.jpg"}}}}]
            """)
        #expect(media.first?.renditions == [
            WPImageSize(sourceURL: ServerText("https://news.example.org/up/bridge-300x169.jpg"), width: 300),
            WPImageSize(sourceURL: ServerText("https://news.example.org/up/bridge-768x432.jpg"), width: 768),
            WPImageSize(sourceURL: ServerText("https://news.example.org/up/bridge.jpg"), width: 1600),
        ])
    }

    @Test func awkwardDetailsNameThePictureWithoutItsSizes() throws {
        let media = try Self.media("""
            [{"id": 1, "source_url": "https://news.example.org/up/a.png", "media_details": {}},
             {"id": 2, "source_url": "https://news.example.org/up/b.png", "media_details": {"width": 480, "height": 270, "sizes": []}},
             {"id": 3, "source_url": "https://news.example.org/up/c.png", "media_details": []},
             {"id": 4, "source_url": "https://news.example.org/up/d.png"},
             {"id": 5, "source_url": "https://news.example.org/up/e.png", "media_details": {"width": "wide", "sizes": {}}},
             {"id": 6, "source_url": "https://news.example.org/up/f.png", "media_details": {"width": 480, "height": 270, "sizes": "none"}}]
            """)
        #expect(media.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(media.map(\.sourceURL.value).last == "https://news.example.org/up/f.png")
        #expect(media.map(Self.widths) == [[], [480], [], [], [], [480]], "the original alone where its size is known")
    }

    /// An entry without an address, with a width that is no number, or no object at all, is
    /// left out alone; a width PHP kept as a string of digits is still a width.
    @Test func aMalformedSizeIsLeftOutAndTheOthersKept() throws {
        let media = try Self.media("""
            [{"id": 7, "source_url": "https://news.example.org/up/g.jpg", "media_details": {"width": "1200", "height": 800, "sizes": {
                "medium": {"file": "g-300x200.jpg", "width": 300, "height": 200},
                "large": {"width": "big", "height": 683, "source_url": "https://news.example.org/up/g-1024x683.jpg"},
                "medium_large": {"width": "768", "height": "512", "source_url": "https://news.example.org/up/g-768x512.jpg"},
                "odd": "g-odd.jpg",
                "nothing": null,
                "huge": {"width": 9223372036854775807, "height": 9223372036854775807, "source_url": "https://news.example.org/up/g-huge.jpg"},
                "empty": {"width": 0, "height": 0, "source_url": "https://news.example.org/up/g-0x0.jpg"}}}}]
            """)
        #expect(media.first?.renditions.map(\.sourceURL.value) == ["https://news.example.org/up/g-768x512.jpg", "https://news.example.org/up/g.jpg"])
        #expect(media.first.map(Self.widths) == [768, 1200])
    }

    @Test func theLookupAsksForTheDetails() {
        let fields = Endpoints.media(ids: [4, 5]).query.first { $0.0 == "_fields" }?.1
        #expect(fields == "id,source_url,media_details")
    }
}
