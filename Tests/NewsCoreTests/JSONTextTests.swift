import Foundation
import NewsCore
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

    /// However the elements come (one page, several, some empty), the array is the document's bytes.
    @Test(arguments: [[3], [1, 2], [1, 0, 1, 1], [0, 3]])
    func anArrayWrittenInPartsIsTheWholeDocument(parts: [Int]) throws {
        var array = JSONArrayText()
        var text = ""
        var start = 0
        for count in parts {
            text += try array.adding(Array(Self.items[start..<(start + count)]))
            start += count
        }
        text += array.end
        #expect(text == (try JSONText.document(Self.items)) + "\n")
    }

    @Test func anEmptyArrayIsTheDocumentOfNone() throws {
        var array = JSONArrayText()
        #expect(try array.adding([Item]()).isEmpty)
        #expect(array.end == (try JSONText.document([Item]())) + "\n")
    }
}
