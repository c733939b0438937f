import Foundation
import NewsCore
import TerminalInput
import TerminalRender

/// The reader: stepping through the list it came from, links, comments, search in the text.
extension AppState {
    mutating func performInReader(_ action: Action, _ screen: inout Screen) -> [Effect]? {
        guard case .reader(var reader) = screen.content else { return nil }
        switch action {
        case .open:
            guard let number = Int(linkNumber) else {
                status = "type a link's number, then \(keys.firstName(of: .open)) (\(keys.names(of: .links)) lists them)"
                return []
            }
            return followLink(number: number, of: reader, from: screen.id)
        // While a search in the article is on, n is the next match, even with none found.
        case .nextStory where reader.find.isEmpty, .previousStory:
            return step(action == .nextStory ? 1 : -1)
        case .nextUnread:
            return stepToNextUnread()
        case .nextMatch, .previousMatch:
            guard !reader.find.isEmpty else { return nil }
            guard !reader.matches.isEmpty else {
                status = notFound(reader.find)
                return []
            }
            // From the match shown last, round the article: the top may not reach a match near the end.
            let count = reader.matches.count
            show(match: (reader.currentMatch + (action == .nextMatch ? 1 : count - 1)) % count, of: &reader, on: &screen)
            return []
        case .refresh:
            guard let story = reader.story else { return nil }
            screen.loading = true
            return [Self.loadArticle(screen.id, story: story, password: passwords[story.id], refresh: true)]
        case .save:
            guard let story = reader.story else {
                status = "only a story of this site's lists can be saved from here"
                return []
            }
            return toggleSaved(story)
        case .openInBrowser, .copyLink:
            guard let link = reader.link else { return [] }
            return linkAction(action, link)
        case .find:
            prompt = Prompt(purpose: .find, editor: LineEditor())
            return []
        case .back where !reader.find.isEmpty:
            reader.find = ""
            reader.matches = []
            screen.content = .reader(reader)
            return []
        case .close:
            // In the reader q always goes back to the list, even on the Search tab.
            pop()
            return []
        case .links:
            let rows = reader.links.enumerated().map { number, address in
                TermRow(label: LinkLabel.of(address, number: number + 1, in: reader.lines), target: .link(address))
            } + reader.headerLinks.enumerated().map { offset, link in
                TermRow(label: "[\(reader.links.count + offset + 1)] " + link.label, target: .headerLink(link))
            }
            guard !rows.isEmpty else {
                status = "this article has no links"
                return []
            }
            return push(.terms(TermListContent(kind: .links, rows: rows))) { _ in [] }
        case .comments:
            let protected = reader.story.flatMap { story in passwords[story.id].map { Commented.protectedStory(story, password: $0) } }
            guard let commented = protected ?? reader.story.map(Commented.story) ?? reader.pageID.map(Commented.page) else { return nil }
            if let lineOfComments = commentsHeading(in: reader) {
                screen.top = lineOfComments
                return []
            }
            screen.loading = true
            return [.loadComments(screen.id, commented)]
        case .fullText:
            guard let story = reader.story else { return nil }
            guard let summary = reader.summary else {
                screen.loading = true
                return [.loadFullText(screen.id, storyID: story.id)]
            }
            reader.summary = nil
            // Kept as it was shown: with the comments, when they had come by then.
            show(summary.article, in: &reader, on: &screen, addingComments: !summary.hadComments)
            status = "the summary · \(keys.firstName(of: .fullText)) the whole article"
            return pictureRequest(for: reader, on: screen.id)
        default:
            return nil
        }
    }

    /// `n` and `p` in the reader: the next or previous story of the list below it.
    private mutating func step(_ offset: Int) -> [Effect] {
        if tab == .search, stacks[.search]?.count == 1 { return stepThroughHits(offset) }
        guard var stack = stacks[tab], stack.count >= 2, case .stories(let list) = stack[stack.count - 2].content else {
            status = "no list to step through"
            return []
        }
        let row = stack[stack.count - 2].cursor + offset
        guard let story = list.story(atRow: row) else {
            status = offset > 0 ? "this is the last story loaded" : "this is the first story"
            return []
        }
        stack[stack.count - 2].cursor = row
        stack[stack.count - 2] = keepingCursorInView(stack[stack.count - 2])
        let more = askForMore(&stack[stack.count - 2])
        stack.removeLast()
        stacks[tab] = stack
        return pushReader(for: story) + more
    }

    /// `.` in the reader: the next story of the list below it that is not read, past any read
    /// ones; the reader stays when there is none among the stories loaded.
    private mutating func stepToNextUnread() -> [Effect] {
        if tab == .search, stacks[.search]?.count == 1 {
            let next = search.hits.indices.dropFirst(search.selection + 1).first { index in
                if case .story(let story) = search.hits[index] { !isRead(story) } else { false }
            }
            guard let next else {
                status = "no unread story after this one in the results"
                return []
            }
            return stepThroughHits(next - search.selection)
        }
        guard let stack = stacks[tab], stack.count >= 2, case .stories(let list) = stack[stack.count - 2].content else {
            status = "no list to step through"
            return []
        }
        let from = stack[stack.count - 2].cursor
        guard let next = list.rows.indices.dropFirst(from + 1).first(where: { !isRead(list.stories[list.rows[$0]]) }) else {
            status = list.hasMore
                ? "no unread story after this one among those loaded: \(keys.firstName(of: .nextStory)) goes on and loads more"
                : "no unread story after this one in \(list.title)"
            return []
        }
        return step(next - from)
    }

    /// `n` and `p` in a story opened from the search results: the next or previous hit.
    private mutating func stepThroughHits(_ offset: Int) -> [Effect] {
        let index = search.selection + offset
        guard search.hits.indices.contains(index) else {
            status = offset > 0 ? "this is the last result" : "this is the first result"
            return []
        }
        search.selection = index
        pop()
        return openSelectedHit()
    }

    /// Finds every line with the text (any case) and shows the first at or after the top.
    mutating func find(_ text: String, in screen: inout Screen) {
        guard case .reader(var reader) = screen.content else { return }
        reader.find = text
        reader.matches = Self.lines(of: reader.lines, containing: text)
        screen.content = .reader(reader)
        guard !text.isEmpty else { return }
        guard let first = reader.matches.firstIndex(where: { $0 >= screen.top }) ?? reader.matches.indices.first else {
            status = notFound(text)
            return
        }
        show(match: first, of: &reader, on: &screen)
    }

    private func notFound(_ text: String) -> String {
        "'\(text)' is not in this article · \(keys.firstName(of: .back)) ends the search"
    }

    /// Scrolls to a match, makes it the current one and says which it is, of how many.
    private mutating func show(match index: Int, of reader: inout ReaderContent, on screen: inout Screen) {
        reader.currentMatch = index
        screen.content = .reader(reader)
        screen.top = reader.matches[index]
        status = "'\(reader.find)': \(index + 1) of \(reader.matches.count) · \(keys.names(of: .nextMatch))/\(keys.names(of: .previousMatch)) next/previous"
    }

    /// The article from the story's web page in the summary's place, or why the summary stays.
    mutating func showFullText(_ html: String?, notice: String?, on screen: inout Screen, id: ScreenID) -> [Effect] {
        screen.loading = false
        if let notice { status = notice }
        guard case .reader(var reader) = screen.content, let html, reader.summary == nil, let summary = reader.article else { return [] }
        reader.summary = (summary, reader.comments != nil)
        show(Article(html: html, baseURL: reader.baseURL), in: &reader, on: &screen, addingComments: true)
        if notice == nil { status = "the whole article, from the story's page · \(keys.firstName(of: .fullText)) the summary" }
        return pictureRequest(for: reader, on: id)
    }

    /// Another text of the same story (its summary, its full article) laid out in the reader
    /// from the top, with the comments already fetched under it and its own pictures.
    private mutating func show(_ article: Article, in reader: inout ReaderContent, on screen: inout Screen, addingComments: Bool) {
        let comments = addingComments ? reader.comments : nil
        reader.article = comments.map { article.addingComments($0, baseURL: reader.baseURL) } ?? article
        reader.imageSources = article.imageSources(featured: reader.featuredImage, renditions: reader.story?.featuredImageRenditions ?? [])
        reader.pictures = [:]
        reader.placements = [:]
        reader.laidOutWidth = 0
        layOut(&reader)
        screen.top = 0
        screen.content = .reader(reader)
    }

    mutating func showComments(_ comments: [Comment], on screen: inout Screen) -> [Effect] {
        guard case .reader(var reader) = screen.content else { return [] }
        reader.comments = comments
        reader.article = reader.article?.addingComments(comments, baseURL: reader.baseURL)
        layOut(&reader)
        screen.content = .reader(reader)
        screen.loading = false
        screen.error = nil
        if comments.isEmpty {
            status = reader.story == nil ? "no comments on this page" : "no comments on this story"
        } else if let line = commentsHeading(in: reader) {
            screen.top = line
        }
        return []
    }

    private func commentsHeading(in reader: ReaderContent) -> Int? {
        guard let comments = reader.comments, !comments.isEmpty, let line = reader.text.line(of: .comments) else { return nil }
        return reader.shownLines[line]
    }

    /// The pictures of an article just laid out, when pictures are on: the text is on
    /// screen first, each picture joins it when it comes.
    func pictureRequest(for reader: ReaderContent, on id: ScreenID) -> [Effect] {
        pictureRequest(pictureSlots(of: reader).slots(in: reader.text), of: reader, on: id)
    }

    private func missingPictures(of reader: ReaderContent, on id: ScreenID) -> [Effect] {
        guard !reader.pictures.isEmpty else { return [] }
        let slots = pictureSlots(of: reader).slots(in: reader.text)
        return pictureRequest(slots.filter { reader.pictures[$0] == nil }, of: reader, on: id)
    }

    private func pictureRequest(_ slots: [PictureSlot], of reader: ReaderContent, on id: ScreenID) -> [Effect] {
        guard showsPictures, !slots.isEmpty else { return [] }
        return [.loadPictures(id, slots: slots, sources: reader.imageSources, columns: readerWidth, rows: max(4, (height - 2) / 2))]
    }

    private func pictureSlots(of reader: ReaderContent) -> PictureSlots {
        PictureSlots(featured: reader.featuredImage, galleries: reader.article?.galleries ?? [], width: readerWidth)
    }

    /// A picture joins the reader: the text keeps its layout, and only the picture's rows are
    /// put in. The text on screen stays where it is when the picture goes above it.
    mutating func showPicture(_ picture: ReaderPicture, in slot: PictureSlot, on screen: inout Screen) {
        guard case .reader(var reader) = screen.content else { return }
        let linesBefore = reader.lines.count
        // The featured picture goes under the header, whether or not the text shows it too.
        let isFeatured = slot == PictureSlot(addresses: [reader.featuredImage ?? ""])
        let line = isFeatured ? 0 : reader.text.line(of: .picture(slot.addresses[0])).map { reader.shownLines[$0] } ?? 0
        reader.pictures[slot] = picture
        insertPictures(&reader)
        if line < screen.top { screen.top += reader.lines.count - linesBefore }
        screen.content = .reader(reader)
    }

    /// Lays the kept article out at the reader's width (the window's, at most `[reader]
    /// max_width`): no parsing, and the pictures that came go back in place.
    func layOut(_ reader: inout ReaderContent) {
        let width = readerWidth
        defer { insertPictures(&reader) }
        guard let article = reader.article else {
            // Not a blank screen: what the list knows of the story, and why that is all.
            if let story = reader.story, let why = reader.unreadable {
                let note = (TextWrapper.wrap(story.excerpt, width: width) + [""] + TextWrapper.wrap(why, width: width)).map { StyledLine([Span($0)]) }
                reader.text = LaidOutArticle(lines: StoryArticleView(width: width, dates: dates).header(for: story, readingMinutes: 0) + [StyledLine()] + note)
                reader.laidOutWidth = width
            }
            return
        }
        reader.unreadable = nil
        let view = StoryArticleView(width: width, dates: dates)
        reader.text = reader.story.map { view.layout(of: $0, article: article, readThroughFeed: reader.readThroughFeed) } ?? view.layout(ofPage: reader.title, link: reader.link, article: article)
        reader.laidOutWidth = width
    }

    /// The shown lines: the text with the pictures that came put in by its anchors. Pictures
    /// drawn for a wider screen are left out after a resize: their placeholders show.
    private func insertPictures(_ reader: inout ReaderContent) {
        reader.placements = [:]
        let fitting = reader.pictures.filter { $0.value.columns <= readerWidth }
        var lines: [StyledLine] = []
        var shownLines: [Int] = []
        shownLines.reserveCapacity(reader.text.lines.count)
        if fitting.isEmpty {
            lines = reader.text.lines
            shownLines = Array(lines.indices)
        } else {
            for row in pictureSlots(of: reader).inserting(into: reader.text, picture: { fitting[$0] }) {
                switch row {
                case .line(let line):
                    shownLines.append(lines.count)
                    lines.append(line)
                case .picture(let picture):
                    if case .graphics(let graphics) = picture { reader.placements[lines.count] = graphics }
                    lines += picture.lines
                }
            }
        }
        reader.lines = lines
        reader.shownLines = shownLines
        reader.matches = Self.lines(of: reader.lines, containing: reader.find)
        reader.currentMatch = min(reader.currentMatch, max(reader.matches.count - 1, 0))
    }

    /// The lines a search in the article matches.
    private static func lines(of lines: [StyledLine], containing text: String) -> [Int] {
        text.isEmpty ? [] : lines.indices.filter { !FoundText.ranges(of: text, in: lines[$0].plainText).isEmpty }
    }

    /// Only the reader on screen is laid out again at once; the others when they are shown.
    /// Pictures not drawn for the new width (a gallery's rows hold more or fewer thumbnails)
    /// are asked for again.
    mutating func relayOutReaders() -> [Effect] {
        guard var screen, case .reader(var reader) = screen.content, reader.laidOutWidth != readerWidth else { return [] }
        let fraction = reader.lines.isEmpty ? 0 : Double(screen.top) / Double(reader.lines.count)
        layOut(&reader)
        screen.content = .reader(reader)
        // About the same place in the text, at the new width.
        screen.top = Int(fraction * Double(reader.lines.count))
        replaceTop(keepingCursorInView(screen))
        return missingPictures(of: reader, on: screen.id)
    }
}
