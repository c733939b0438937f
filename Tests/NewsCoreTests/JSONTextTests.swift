import Foundation
@testable import NewsCore
import Testing

/// The output contract's JSON, whole or element by element.
@Suite struct JSONTextTests {
    struct Item: Encodable {
        let title: String
        let link: String
        let date: Date
        let tags: [String]
    }

    static let items = [
        Item(title: "One", link: "https://example.org/one/", date: Date(timeIntervalSince1970: 0), tags: []),
        Item(title: "Two", link: "https://example.org/two/", date: Date(timeIntervalSince1970: 86_400), tags: ["a", "b"]),
        Item(title: "Three", link: "https://example.org/3/", date: Date(timeIntervalSince1970: 1_700_000_000), tags: ["c"]),
    ]

    @Test func keysSortedSlashesKeptDatesInUTC() throws {
        #expect(try JSONText.document(Self.items[0]) == """
            {
              "date" : "1970-01-01T00:00:00Z",
              "link" : "https://example.org/one/",
              "tags" : [

              ],
              "title" : "One"
            }
            """)
    }

    @Test func aLineIsTheSameDataOnOneLine() throws {
        #expect(try JSONText.line(Self.items[1]) == #"{"date":"1970-01-02T00:00:00Z","link":"https://example.org/two/","tags":["a","b"],"title":"Two"}"#)
    }

    /// Stories with what JSON must escape or keep as it is: quotes, backslashes, every kind of
    /// control character, slashes, text beyond ASCII, empty and missing values, many names.
    static let stories = [
        Story(id: 1, slug: "one", title: #"Say "hi" \ go/stay"#, link: "https://example.org/one/?a=1&b=2",
              date: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 59),
              author: Author(id: 2, name: "Zoë ✓ 👍🏽", slug: "zoe"), categories: [], tags: [],
              excerpt: "Tab\there, line\nbreak, return\r, \u{8}\u{C}\u{1}\u{1F}\u{7F}\u{85}\u{202E}, 1/2", sticky: true,
              featuredImage: "https://example.org/a.jpg", state: ReadingState(isNew: true)),
        Story(id: 22_000, slug: "two", title: "", link: "", date: Date(timeIntervalSince1970: 951_782_400),
              modified: Date(timeIntervalSince1970: 1_795_340_881.5), author: nil,
              categories: [Category(id: 3, name: "City", slug: "city", parent: nil), Category(id: 4, name: "中文", slug: "zh", parent: 3)],
              tags: [Tag(id: 5, name: "\"quoted\"", slug: "q")], excerpt: "", sticky: false, featuredImage: nil,
              state: ReadingState(isUpdated: true, isRead: true)),
        Story(id: -3, slug: "three", title: "Three", link: "https://example.org/3/", date: Date(timeIntervalSince1970: -86_400),
              modified: Date(timeIntervalSince1970: 253_402_300_799), author: Author(id: 0, name: "", slug: ""),
              categories: [Category(id: 1, name: "A", slug: "a", parent: nil)], tags: [Tag(id: 6, name: "b", slug: "b"), Tag(id: 7, name: "c", slug: "c")],
              excerpt: "Three.", sticky: false, featuredImage: "", state: ReadingState()),
    ].map(StoryJSON.init)

    /// However the stories come (one page, several, some empty), the array is the document's
    /// bytes, written by the encoder.
    @Test(arguments: [[3], [1, 2], [1, 0, 1, 1], [0, 3]])
    func anArrayWrittenInPartsIsTheWholeDocument(parts: [Int]) throws {
        var array = JSONArrayText()
        var text = ""
        var start = 0
        for count in parts {
            text += array.adding(Array(Self.stories[start..<(start + count)]))
            start += count
        }
        text += array.end
        #expect(text == (try JSONText.document(Self.stories)) + "\n")
    }

    @Test func anEmptyArrayIsTheDocumentOfNone() throws {
        var array = JSONArrayText()
        #expect(array.adding([]).isEmpty)
        #expect(array.end == (try JSONText.document([StoryJSON]())) + "\n")
    }

    /// Dates are written without a formatter where they can be: the same text as the formatter's.
    @Test(arguments: [0.0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 1_795_340_881, 4_107_542_399, 253_402_300_799,
                      1_795_340_881.5, -1, 253_402_300_800])
    func aDateIsWrittenAsTheFormatterWritesIt(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISODate.text(date) == date.formatted(.iso8601))
    }

    /// Every day of four centuries, leap days and the century years among them.
    @Test func everyDayOfFourCenturiesIsWrittenAsTheFormatterWritesIt() {
        for day in stride(from: 0, to: 146_097 + 365, by: 1) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 3_723)
            guard ISODate.text(date) == date.formatted(.iso8601) else {
                Issue.record("day \(day): \(ISODate.text(date)) against \(date.formatted(.iso8601))")
                return
            }
        }
    }
}
