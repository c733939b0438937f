/// Where an article's pictures go: the featured picture under the header, each inline
/// picture above its `[image: alt]` placeholder, which stays as its caption (and is all
/// that shows when the picture does not come).
public enum PictureSlots {
    /// The address of the picture whose placeholder starts on this line, if one does.
    public static func address(in line: StyledLine) -> String? {
        line.spans.first { $0.text.hasPrefix("[image") && $0.style.color == ArticleStyle.media.color && $0.link != nil }?.link
    }

    /// Every picture address of an article's lines, featured first, each once.
    public static func addresses(in lines: [StyledLine], featured: String?) -> [String] {
        var seen: Set<String> = []
        return ([featured] + lines.map(address(in:))).compactMap { $0 }.filter { seen.insert($0).inserted }
    }

    /// A row of an article with its pictures: a line of text, or a picture however it is drawn.
    public enum Row<Picture> {
        case line(StyledLine)
        case picture(Picture)
    }

    /// `lines` (a `StoryArticleView` layout) with the pictures `picture` draws put in place.
    /// `picture` is called once per slot, in order, so only one picture is decoded at a time.
    public static func inserting<Picture>(
        into lines: [StyledLine], featured: String?, picture: (String) -> Picture?
    ) -> [Row<Picture>] {
        var result: [Row<Picture>] = []
        result.reserveCapacity(lines.count)
        var featuredPending = featured
        for line in lines {
            if let address = address(in: line), let drawn = picture(address) {
                result.append(.picture(drawn))
            }
            result.append(.line(line))
            // The header ends with the first rule: the featured picture goes under it.
            if let address = featuredPending, isHeaderRule(line) {
                featuredPending = nil
                if let drawn = picture(address) { result += [.line(StyledLine()), .picture(drawn)] }
            }
        }
        return result
    }

    /// `inserting` for pictures drawn as lines (symbols).
    public static func insertingLines(
        into lines: [StyledLine], featured: String?, picture: (String) -> [StyledLine]?
    ) -> [StyledLine] {
        inserting(into: lines, featured: featured, picture: picture).flatMap { row in
            switch row {
            case .line(let line): [line]
            case .picture(let picture): picture
            }
        }
    }

    private static func isHeaderRule(_ line: StyledLine) -> Bool {
        line.spans.count == 1 && line.spans[0].style == ArticleStyle.meta && line.spans[0].text.allSatisfy { $0 == "─" }
    }
}
