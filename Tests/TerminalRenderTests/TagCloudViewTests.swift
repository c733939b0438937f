import GoldenFiles
import NewsModels
import Testing
@testable import TerminalRender

@Suite struct TagCloudViewTests {
    static let cloud = TagCloud(tags: [
        ("City Council", 22), ("Tamsin River", 13), ("Featured", 8), ("Budget", 6), ("Ferry", 5), ("Storms", 5),
        ("Eastbank", 3), ("Library", 3), ("Transit", 3), ("Books", 1), ("Cafés", 1), ("中秋节", 1), ("Pie", 1),
        ("Sister City", 2), ("Adult Learning", 1), ("Photography", 2), ("Recycling", 1), ("Robotics", 1),
    ].enumerated().map { NewsModels.Tag(id: $0.offset, name: $0.element.0, slug: "t\($0.offset)", count: $0.element.1) })

    @Test(arguments: [40, 80, 120], [false, true])
    func matchesGolden(width: Int, colors: Bool) throws {
        let lines = TagCloudView(width: width, colors: colors).lines(for: Self.cloud)
        // Escape codes made visible, so the golden file can be read.
        let text = ANSIEncoder(colors: colors).encode(lines).replacing("\u{1B}", with: "␛")
        try Golden.check(text, named: "tag-cloud-\(width)\(colors ? "-color" : "")")
    }

    @Test(arguments: [20, 33, 40, 61, 80])
    func wordsAreNeverSplitAndNoLineIsTooWide(width: Int) {
        let lines = TagCloudView(width: width, colors: false, showCounts: true).lines(for: Self.cloud)
        for line in lines { #expect(line.width <= width, "\(line.plainText)") }
        let words = lines.flatMap { $0.plainText.components(separatedBy: "  ") }
        #expect(words.contains("*Tamsin\u{00A0}River* 13"))
        #expect(words.count == Self.cloud.entries.count)
    }

    @Test func withoutColourEveryLevelLooksDifferent() {
        let view = TagCloudView(width: 80, colors: false)
        let shown = Dictionary(Self.cloud.entries.map { ($0.level, view.word(for: $0)[0].text) }, uniquingKeysWith: { first, _ in first })
        #expect(shown[5] == "**City\u{00A0}Council**")
        #expect(shown[1]?.hasPrefix("(") == true)
        // What is left of each word without its letters: the marks that set the levels apart.
        let marks = shown.values.map { $0.filter { "*_()".contains($0) } }
        #expect(Set(marks) == ["****", "**", "__", "", "()"])
    }

    /// Upper case would change names: Straße is not STRASSE, and ı or a final ς have no
    /// capital of their own. No level may change a word, with colour or without.
    @Test(arguments: [false, true])
    func namesAreShownAsWritten(colors: Bool) {
        let names = ["Straße", "ıslak yol", "Οδός", "Çarşı", "σοφός"]
        let cloud = TagCloud(tags: zip(names, [50, 20, 10, 5, 1]).enumerated().map {
            NewsModels.Tag(id: $0.offset, name: $0.element.0, slug: "t\($0.offset)", count: $0.element.1)
        })
        #expect(Set(cloud.entries.map(\.level)) == [1, 2, 3, 4, 5])
        let view = TagCloudView(width: 80, colors: colors)
        for entry in cloud.entries {
            let shown = view.word(for: entry)[0].text
            #expect(shown.contains(entry.tag.name.replacing(" ", with: "\u{00A0}")), "level \(entry.level): \(shown)")
        }
    }
}
