import FoundationEssentials
import Testing
@testable import HTMLParsing

/// The extractor on real pages (`Tests/Fixtures/web/pages`): the test WordPress's own post
/// pages as two of its themes draw them (`scripts/save-web-pages.sh`), and pages made in the
/// shapes other sites have. Beside each page, `NAME.expected.txt` holds what a person calls
/// its article, reviewed by eye; the extractor must find at least 95% of its words, and at
/// most 5% of what it gives may be words from elsewhere on the page.
@Suite struct ArticleExtractorTests {
    static let pages = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../Fixtures/web/pages")

    /// Every page with an expected article.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.txt") }.map { String($0.dropLast(".expected.txt".count)) }.sorted()
    }()

    static func page(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: pages.appending(path: name + ".html")))
    }

    static func extract(_ name: String, pageURL: String = "https://news.example/2026/11/story/", postID: Int? = nil, selector: String? = nil) throws -> ExtractedArticle? {
        ArticleExtractor.extract(page: try page(name), charset: nil, pageURL: pageURL, selector: selector, postID: postID)
    }

    @Test func thereArePagesOfEveryKind() {
        #expect(Self.names.count >= 10)
        #expect(Self.names.contains { $0.hasPrefix("wp-tt3-") })
        #expect(Self.names.contains { $0.hasPrefix("wp-tt1-") })
    }

    @Test(arguments: names)
    func findsTheArticle(name: String) throws {
        let expected = try String(contentsOf: Self.pages.appending(path: name + ".expected.txt"), encoding: .utf8)
        let found = try #require(try Self.extract(name), "no article found in \(name)")
        let comparison = WordBag.compare(found: HTMLPlainText.of(found.html), expected: expected)
        print("\(name): \(Int(comparison.recall * 100))% of the article's words found, \(Int(comparison.foreignShare * 100))% of those found from elsewhere")
        #expect(comparison.recall >= 0.95, "\(name): found \(comparison.recall) of the article's words; missing: \(comparison.missing.prefix(20))")
        #expect(comparison.foreignShare <= 0.05, "\(name): \(comparison.foreignShare) of the words found are not the article's: \(comparison.foreign.prefix(20))")
    }

    /// The post id the story names picks the post's content on a page that has others'.
    @Test func postIDChoosesThePostsOwnContent() throws {
        let other = "<article id=\"post-9\"><div class=\"entry-content\"><p>" + String(repeating: "Another post's words, longer than this one's. ", count: 10) + "</p></div></article>"
        let own = "<article id=\"post-5\"><div class=\"entry-content\"><p>This post's own words, the ones to find.</p></div></article>"
        let page = Array(("<html><body>" + own + other + "</body></html>").utf8)
        let found = try #require(ArticleExtractor.extract(page: page, charset: nil, pageURL: "https://a.example/", selector: nil, postID: 5))
        #expect(HTMLPlainText.of(found.html) == "This post's own words, the ones to find.")
        let unnamed = try #require(ArticleExtractor.extract(page: page, charset: nil, pageURL: "https://a.example/", selector: nil, postID: nil))
        #expect(HTMLPlainText.of(unnamed.html).hasPrefix("Another post's words"))
    }

    @Test func withoutASelectorNothingMissed() throws {
        #expect(try Self.extract("news-layout")?.selectorMissed == false)
    }

    @Test func aPageWithNoArticleGivesNil() throws {
        #expect(try Self.extract("no-article") == nil)
        #expect(ArticleExtractor.extract(page: [], charset: nil, pageURL: "", selector: nil, postID: nil) == nil)
        #expect(ArticleExtractor.extract(page: Array("just a few words".utf8), charset: nil, pageURL: "", selector: nil, postID: nil) == nil)
    }

    // MARK: - Pages of a post

    @Test func nextPageComesFromWordPressPageLinks() throws {
        let found = try #require(try Self.extract("wp-paged-post"))
        #expect(found.nextPageURL == "http://127.0.0.1:8765/river-history/3/")
        #expect(!found.html.contains("page-links"))
    }

    @Test(arguments: [
        // Older WordPress: the current page is a number outside any link.
        ("<div class=\"page-links\">Pages: <a href=\"/p/\">1</a> 2 <a href=\"/p/3/\">3</a></div>", "https://a.example/p/3/"),
        // Block themes: `.post-nav-links`, relative links.
        ("<nav class=\"post-nav-links\"><span class=\"current\">1</span> <a href=\"2/\">2</a></nav>", "https://a.example/p/2/"),
        // The last page links back only.
        ("<div class=\"page-links\"><a href=\"/p/\">1</a> <span class=\"current\">2</span></div>", nil),
        // "Next page" links, with no numbers.
        ("<div class=\"page-links\"><a href=\"/p/\">Previous page</a> <a rel=\"next\" href=\"/p/3/\">Next page</a></div>", "https://a.example/p/3/"),
    ] as [(String, String?)])
    func nextPageFromEachShapeOfPageLinks(links: String, next: String?) throws {
        let page = "<html><body><div class=\"entry-content\"><p>The story's second page, with enough words to count as one.</p>\(links)</div></body></html>"
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "https://a.example/p/", selector: nil, postID: nil))
        #expect(found.nextPageURL == next)
    }

    // MARK: - Addresses

    @Test func addressesAreMadeAbsoluteAgainstTheBase() throws {
        let found = try #require(try Self.extract("gallery-table", pageURL: "https://coastwise.example/guides/tides/"))
        // gallery-table.html has <base href="https://coastwise.example/guides/">.
        #expect(found.html.contains("href=\"https://coastwise.example/guides/photos/low-water.jpg\""))
        #expect(found.html.contains("src=\"https://coastwise.example/guides/photos/low-water-thumb.jpg\""))
    }

    @Test func srcsetAndLazyPicturesAreResolved() throws {
        let page = """
            <html><body><div class="entry-content"><p>A picture, and a lazy one, in a story long enough.</p>
            <img src="a.jpg" srcset="a-640.jpg 640w, /img/a-1280.jpg 1280w" onerror="steal()" style="width:1px">
            <img src="data:image/gif;base64,R0lGOD" data-src="lazy.jpg" data-srcset="lazy-2x.jpg 2x">
            </div></body></html>
            """
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "https://a.example/2026/post/", selector: nil, postID: nil))
        #expect(found.html.contains("srcset=\"https://a.example/2026/post/a-640.jpg 640w, https://a.example/img/a-1280.jpg 1280w\""))
        #expect(found.html.contains("src=\"https://a.example/2026/post/lazy.jpg\""))
        #expect(found.html.contains("srcset=\"https://a.example/2026/post/lazy-2x.jpg 2x\""))
        #expect(!found.html.contains("onerror"))
        #expect(!found.html.contains("style="))
        #expect(!found.html.contains("data:image"))
    }

    // MARK: - What is left out

    @Test func scriptsStylesFramesAndFormsAreLeftOut() throws {
        let page = """
            <html><body><div class="entry-content"><p>The story's words, the only ones that belong here.</p>
            <script>alert("script")</script><style>p { color: red }</style>
            <iframe src="https://video.example/embed/1"></iframe>
            <form action="/subscribe"><input name="email"><button>Subscribe now</button></form>
            <div class="sharedaddy"><a href="https://social.example/">Share this</a></div>
            <!-- a comment -->
            </div></body></html>
            """
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "https://a.example/", selector: nil, postID: nil))
        // The frame leaves a link to its address (anEmbeddedFrameLeavesALinkInItsPlace).
        #expect(HTMLPlainText.of(found.html) == "The story's words, the only ones that belong here. [embed]")
        for left in ["script", "style", "<iframe", "form", "button", "<!--"] {
            #expect(!found.html.contains(left), "\(left) kept")
        }
    }

    /// An embedded player or map is never loaded, but the reader learns it was there and
    /// where it is: a line linking to its address, where the frame was.
    @Test func anEmbeddedFrameLeavesALinkInItsPlace() throws {
        let page = """
            <html><body><div class="entry-content"><p>Before the frame, the story's first words.</p>
            <iframe src="/embed/harbour?autoplay=1&amp;t=3" title="The harbour
              at dawn"></iframe>
            <p>After the frame, the story goes on.</p>
            <iframe data-lazy-src="https://maps.example/pier" src="about:blank"></iframe>
            <iframe src="javascript:alert(1)" title="Script"></iframe>
            <iframe src="data:text/html,hello" title="Data"></iframe>
            <iframe src="https://track.example/pixel" width="0" height="0"></iframe>
            <iframe src="https://hidden.example/" style="display: none"></iframe>
            <iframe src="https://ads.example/slot" class="ad-frame"></iframe>
            </div></body></html>
            """
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "https://a.example/news/", selector: nil, postID: nil))
        #expect(found.html.contains("""
            <p><a href="https://a.example/embed/harbour?autoplay=1&amp;t=3">[embed: The harbour at dawn]</a></p>
            """), "\(found.html)")
        #expect(found.html.contains("<p><a href=\"https://maps.example/pier\">[embed]</a></p>"), "\(found.html)")
        let text = HTMLPlainText.of(found.html)
        #expect(text.hasPrefix("Before the frame, the story's first words. [embed: The harbour at dawn] After the frame"), "\(text)")
        for left in ["<iframe", "javascript", "Script", "data:", "track.example", "hidden.example", "ads.example", "about:blank"] {
            #expect(!found.html.contains(left), "\(left) kept")
        }
    }

    @Test func theArticlesOwnBlocksAreKept() throws {
        let found = try #require(try Self.extract("gallery-table"))
        for kept in ["<table", "<caption>", "<figure", "<figcaption>", "<img", "<pre>", "<code>", "<ul>", "<h2>"] {
            #expect(found.html.contains(kept), "\(kept) dropped")
        }
    }

    // MARK: - A site's own selector

    @Test(arguments: [
        ("div.storytext", "The appeal to mend"),
        (".maincol .storytext", "The appeal to mend"),
        ("#nowhere, .storyhead", "Library roof fund reaches its target"),
        ("DIV.storyhead", "Library roof fund reaches its target"),
    ])
    func selectorPicksTheElement(selector: String, start: String) throws {
        let found = try #require(try Self.extract("div-paragraphs", selector: selector))
        #expect(HTMLPlainText.of(found.html).hasPrefix(start))
        #expect(!found.selectorMissed)
    }

    /// A site's layout changes and its selector stops matching: the extractor's own choice
    /// is better than no article.
    @Test(arguments: [".nothing-has-this", "div > p", "a[href]", "p:first-child", "", " , "])
    func selectorThatMatchesNothingOrCannotBeReadFallsBackToTheExtractor(selector: String) throws {
        let found = try #require(try Self.extract("div-paragraphs", selector: selector))
        #expect(found.html == (try Self.extract("div-paragraphs"))?.html)
        #expect(found.selectorMissed)
    }

    /// A selector may name page furniture (a site's story in an `aside`), but never what
    /// runs or loads something, or is never shown: the extractor chooses instead.
    @Test(arguments: ["script", "style", "iframe", "form", "button", "head"])
    func selectorNeverPicksWhatIsNeverShown(selector: String) throws {
        let found = try #require(try Self.extract("news-layout", selector: selector))
        #expect(found.html == (try Self.extract("news-layout"))?.html)
        #expect(found.selectorMissed)
    }

    /// Elements the selector names that hold no text and no picture are no article either.
    @Test func selectorMatchingOnlyEmptyElementsFallsBack() throws {
        let page = "<html><body><div class=\"story\"> </div><div class=\"entry-content\"><p>The story itself, as WordPress marks it.</p></div></body></html>"
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "", selector: ".story", postID: nil))
        #expect(HTMLPlainText.of(found.html) == "The story itself, as WordPress marks it.")
        #expect(found.selectorMissed)
    }

    @Test func selectorMayPickFurniture() throws {
        let found = try #require(try Self.extract("news-layout", selector: "aside.sidebar"))
        #expect(HTMLPlainText.of(found.html).hasPrefix("Most read"))
        #expect(!found.selectorMissed)
    }

    /// Matches nested inside another match are not repeated.
    @Test func selectorKeepsOutermostMatchesInOrder() throws {
        let page = "<html><body><div class=\"x\">one <div class=\"x\">two</div></div><p>between</p><div class=\"x\">three</div></body></html>"
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "", selector: ".x", postID: nil))
        #expect(HTMLPlainText.of(found.html) == "one two three")
    }

    // MARK: - Awkward pages

    /// The charset from Content-Type comes before the page's own declaration.
    @Test func charsetFromTheAnswerWins() throws {
        let page = Array("<html><head><meta charset=\"utf-8\"></head><body><div class=\"entry-content\"><p>Caf\u{E9} cr\u{E8}me, with enough words to be an article.</p></div></body></html>".utf8)
        let latin1 = Array("<html><head><meta charset=\"utf-8\"></head><body><div class=\"entry-content\"><p>Caf".utf8) + [0xE9]
            + Array(" cr".utf8) + [0xE8] + Array("me, with enough words to be an article.</p></div></body></html>".utf8)
        let fromMeta = try #require(ArticleExtractor.extract(page: page, charset: nil, pageURL: "", selector: nil, postID: nil))
        let fromAnswer = try #require(ArticleExtractor.extract(page: latin1, charset: "ISO-8859-1", pageURL: "", selector: nil, postID: nil))
        #expect(HTMLPlainText.of(fromMeta.html) == HTMLPlainText.of(fromAnswer.html))
        #expect(HTMLPlainText.of(fromAnswer.html).hasPrefix("Café crème"))
        // A charset libxml2 does not know leaves the page's own.
        let unknown = try #require(ArticleExtractor.extract(page: page, charset: "x-no-such-charset", pageURL: "", selector: nil, postID: nil))
        #expect(HTMLPlainText.of(unknown.html).hasPrefix("Café crème"))
    }

    /// Ten thousand nested elements, the article at the bottom: no recursion, nothing lost.
    @Test func tenThousandLevelsDeep() throws {
        let article = "<p>Deep down, the story, with commas, words and more words to count as an article's paragraph.</p>"
        let page = "<html><body>" + String(repeating: "<div>", count: 10_000) + article + article + article
            + String(repeating: "</div>", count: 10_000) + "</body></html>"
        let found = try #require(ArticleExtractor.extract(page: Array(page.utf8), charset: nil, pageURL: "", selector: nil, postID: nil))
        #expect(HTMLPlainText.of(found.html).components(separatedBy: "Deep down").count == 4)
    }
}

/// Two texts compared as bags of words: which of the expected words were found, and which
/// words found were not expected, each counted as often as it occurs.
struct WordBag {
    let recall: Double
    let foreignShare: Double
    let missing: [String]
    let foreign: [String]

    static func compare(found: String, expected: String) -> WordBag {
        let foundWords = words(found)
        let expectedWords = words(expected)
        var unmatched = counts(expectedWords)
        var foreign: [String] = []
        for word in foundWords {
            if let left = unmatched[word], left > 0 {
                unmatched[word] = left - 1
            } else {
                foreign.append(word)
            }
        }
        let missing = unmatched.flatMap { word, left in Array(repeating: word, count: left) }.sorted()
        return WordBag(
            recall: expectedWords.isEmpty ? 1 : Double(expectedWords.count - missing.count) / Double(expectedWords.count),
            foreignShare: foundWords.isEmpty ? 0 : Double(foreign.count) / Double(foundWords.count),
            missing: missing, foreign: foreign)
    }

    /// Lowercase runs of letters and digits.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func counts(_ words: [String]) -> [String: Int] {
        words.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}

@Suite struct WordBagTests {
    @Test func countsRepeatedWordsAsOftenAsTheyOccur() {
        let bag = WordBag.compare(found: "the cat, the hat; a mat", expected: "The cat the cat")
        #expect(bag.missing == ["cat"])
        #expect(bag.foreign == ["hat", "a", "mat"])
        #expect(bag.recall == 0.75)
        #expect(bag.foreignShare == 0.5)
    }
}

/// Class and id are read as words, and a few classes whole, straight from libxml2's bytes.
@Suite struct ElementHintsTests {
    static func hints(_ value: String, isClass: Bool = true) -> ElementHints {
        value.withCString { $0.withMemoryRebound(to: UInt8.self, capacity: value.utf8.count + 1) { FurnitureRules.hints(of: $0, isClass: isClass) } }
    }

    @Test(arguments: [
        ("site-footer widget_area", [.furniture, .doubtful]),
        ("SHARE-bar", [.furniture, .doubtful]),
        ("header shadow headline", []),
        ("content-with-sidebar", [.article, .furniture, .doubtful]),
        ("screen-reader-text", [.hiding, .article]),
        ("has-global-padding entry-content wp-block-post-content", [.postContent, .article]),
        ("post-content", [.postContentInArticle, .article]),
        ("page-links", [.pageLinks, .doubtful]),
        ("a-word-far-longer-than-sixteen-letters-comments", [.furniture, .doubtful]),
        ("supercalifragilisticexpialidocious-ad", [.furniture, .doubtful]),
        ("", []),
    ] as [(String, ElementHints)])
    func readsWordsAndWholeClasses(value: String, expected: ElementHints) {
        #expect(Self.hints(value) == expected)
    }

    /// An id has no whole class names.
    @Test func anIdIsReadAsWordsOnly() {
        #expect(Self.hints("screen-reader-text", isClass: false) == [.article])
        #expect(Self.hints("comments", isClass: false) == [.furniture, .doubtful])
    }
}
