import Foundation
import NewsModels
import TerminalRender

/// Text found by a search in the article: where it is on a line, and the line with it marked.
enum FoundText {
    /// Where `text` first is in `line` from `start` on, any case and any accents: the one rule
    /// of the reader's find and the lists' filter (`ListFilter`). No locale: Foundation folds
    /// by the standard library's Unicode tables whatever locale it is given, and asking for
    /// `Locale.current` only sent ICU looking for data the release build leaves out
    /// (docs/ARCHITECTURE.md, ICU).
    static func range(of text: String, in line: String, from start: String.Index? = nil) -> Range<String.Index>? {
        line.range(of: text, options: [.caseInsensitive, .diacriticInsensitive], range: (start ?? line.startIndex)..<line.endIndex, locale: nil)
    }

    /// Every place `text` is in `line`, as character offsets.
    static func ranges(of text: String, in line: String) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var from = line.startIndex
        while let found = range(of: text, in: line, from: from), !found.isEmpty {
            ranges.append(line.distance(from: line.startIndex, to: found.lowerBound)..<line.distance(from: line.startIndex, to: found.upperBound))
            from = found.upperBound
        }
        return ranges
    }

    /// The line with each match of `text` a span of its own: on the current match's line
    /// the first one reversed, every other one underlined, so both show without colour.
    static func marked(_ text: String, in line: StyledLine, current: Bool) -> StyledLine {
        let found = ranges(of: text, in: line.plainText)
        var spans: [Span] = []
        var offset = 0
        for span in line.spans {
            let characters = Array(span.text)
            let cuts = Set(found.flatMap { [$0.lowerBound - offset, $0.upperBound - offset] }.filter { $0 > 0 && $0 < characters.count })
            var start = 0
            for end in cuts.sorted() + [characters.count] where end > start {
                var piece = Span(String(characters[start..<end]), span.style, link: span.link)
                if let match = found.firstIndex(where: { $0.contains(offset + start) }) {
                    if current && match == 0 { piece.style.inverse = true } else { piece.style.underline = true }
                }
                spans.append(piece)
                start = end
            }
            offset += characters.count
        }
        return StyledLine(spans)
    }
}
