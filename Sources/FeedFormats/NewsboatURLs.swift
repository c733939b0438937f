/// Reads newsboat's `urls` file: a feed a line, its address first, then its tags, words
/// apart; a word in double quotes may hold spaces (`"local news"`) and backslash escapes
/// (`\"`, `\\`, `\t`). A tag `"~Title"` is the feed's title, one starting with `!` only hides
/// the feed in newsboat; a word starting with `#` ends the line (a comment), and blank lines
/// say nothing. `query:`, `exec:` and `filter:` lines are newsboat's searches and programs:
/// they are noted by kind and line, never read further.
public enum NewsboatURLs {
    public static func list(in bytes: [UInt8]) throws(SubscriptionListError) -> SubscriptionList {
        var feeds: [ListedFeed] = []
        var index: [String: Int] = [:]
        var skipped: [SkippedLine] = []
        for (number, line) in try lines(of: bytes).enumerated() {
            let words = self.words(of: line)
            guard let address = words.first.flatMap(XMLText.oneLine) else { continue }
            if let kind = SkippedLine.Kind.allCases.first(where: { address.hasPrefix($0.rawValue + ":") }) {
                skipped.append(SkippedLine(kind: kind, line: number + 1))
                continue
            }
            var feed = ListedFeed(feedURL: address)
            var groups = Set<String>()
            for tag in words.dropFirst() {
                if tag.hasPrefix("~") {
                    feed.title = XMLText.oneLine(String(tag.dropFirst()))
                } else if !tag.hasPrefix("!"), let group = XMLText.oneLine(tag) {
                    groups.insert(group)
                }
            }
            feed.groups = groups.sorted()
            if let earlier = index[address] {
                feeds[earlier].groups = Array(Set(feeds[earlier].groups).union(groups)).sorted()
                if feeds[earlier].title == nil { feeds[earlier].title = feed.title }
            } else {
                index[address] = feeds.count
                feeds.append(feed)
            }
        }
        return SubscriptionList(format: .newsboatURLs, feeds: feeds, skipped: skipped)
    }

    /// The file's lines as text: UTF-8, or, when it is not, Latin-1 (an older newsboat wrote
    /// the locale's encoding), so no byte is lost. A control byte other than tab and the line
    /// ends means the file is not text at all.
    private static func lines(of bytes: [UInt8]) throws(SubscriptionListError) -> [Substring] {
        var line = 1
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") || byte == 0x7F {
                throw .notText(line: line)
            }
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let text = String(validating: body, as: UTF8.self) ?? String(String.UnicodeScalarView(body.map { Unicode.Scalar($0) }))
        return text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// The line's words, as newsboat splits them: at spaces, tabs and line ends outside
    /// double quotes; an unclosed quote runs to the end of the line.
    static func words(of line: Substring) -> [String] {
        var words: [String] = []
        var rest = line.unicodeScalars[...]
        let separators: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n"]
        while true {
            rest = rest.drop { separators.contains($0) }
            guard let first = rest.first, first != "#" else { return words }
            var word = String.UnicodeScalarView()
            if first == "\"" {
                rest = rest.dropFirst()
                while let scalar = rest.popFirst(), scalar != "\"" {
                    guard scalar == "\\", let escaped = rest.popFirst() else {
                        word.append(scalar)
                        continue
                    }
                    switch escaped {
                    case "n": word.append("\n")
                    case "t": word.append("\t")
                    case "r": word.append("\r")
                    default: word.append(escaped)
                    }
                }
            } else {
                let plain = rest.prefix { !separators.contains($0) }
                word.append(contentsOf: plain)
                rest = rest.dropFirst(plain.count)
            }
            words.append(String(word))
        }
    }
}
