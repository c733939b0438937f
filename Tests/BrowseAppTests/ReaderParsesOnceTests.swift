import BrowseApp
import NewsCore
import Testing
@testable import HTMLParsing
@testable import TerminalRender

/// The reader parses an article's HTML once, when it comes: the pictures that join it and
/// the resizes after them lay out what was kept.
@Suite struct ReaderParsesOnceTests {
    @Test func fivePicturesAndTwoResizesParseTheArticleOnce() throws {
        let counter = HTMLParseCounter()
        try HTMLParseCounter.$current.withValue(counter) {
            var (state, _) = try UpdateTests.started(showsPictures: true)
            guard case .loadArticle(let reader, _, _)? = state.update(.key(.enter)).first else {
                throw UpdateTests.Unexpected("Enter opens the story")
            }
            let html = (1...5).map { "<p>Picture \($0):</p><figure><img src=\"https://example.org/\($0).png\" alt=\"Photo \($0)\"></figure>" }.joined()
            let asked = state.update(.articleLoaded(reader, html: html, story: UpdateTests.story(1), link: nil)).compactMap { effect in
                if case .loadPictures(_, let slots, _, _, _) = effect { slots } else { nil }
            }
            let slots = try #require(asked.first)
            #expect(slots.count == 5)
            for slot in slots {
                _ = state.update(.pictureLoaded(reader, slot, .symbols([StyledLine([Span("picture of \(slot.addresses[0].suffix(5))")])])))
            }
            _ = state.update(.resized(width: 100, height: 30))
            _ = state.update(.resized(width: 60, height: 20))
            guard case .reader(let content)? = state.screen?.content else { throw UpdateTests.Unexpected("the reader stays") }
            let text = content.lines.map(\.plainText)
            for number in 1...5 {
                let picture = try #require(text.firstIndex(of: "picture of \(number).png"), "\(text)")
                #expect(text[picture + 1].hasPrefix("[image: Photo \(number)]"), "each picture above its placeholder")
            }
        }
        #expect(counter.count(by: ArticleBuilder.self) == 1)
    }
}
