import CommandRuns
import Foundation
import Testing

/// `sites set --full-text-selector` keeps only a selector the extractor can read.
@Suite struct FullTextSelectorCommandTests {
    /// A selector the extractor cannot read would find no article on any page, silently: it
    /// is refused when it is set, and the followed sites stay as they were.
    @Test(arguments: ["div > p", "a[href]", "p:first-child", "article .", ",", "#"])
    func aSelectorTheExtractorCannotReadIsRefusedAndSitesTomlIsUntouched(selector: String) async throws {
        let (home, _) = try await FullTextCommandTests.following()
        let file = home + "/.config/wpnews/sites.toml"
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let set = try await CommandRun.run(["sites", "set", "summaries", "--full-text-selector", selector], environment: ["HOME": home])
        #expect(set.status == 64, "\(set.stderr)")
        #expect(set.stderrLines.first?.hasPrefix("wpnews: cannot read the selector '\(selector)'") == true, "\(set.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    @Test func aSelectorTheExtractorReadsIsKept() async throws {
        let (home, _) = try await FullTextCommandTests.following()
        let set = try await CommandRun.run(["sites", "set", "summaries", "--full-text-selector", "article .story-body, #main"], environment: ["HOME": home])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("full_text_selector = \"article .story-body, #main\""))
    }
}
