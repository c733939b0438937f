import CommandLineParsing
import Foundation
import NewsCore
import TerminalRender

struct ReadCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "read",
        abstract: "Read a story: by id, slug or URL, or by its number in the last list shown.",
        discussion: """
            On a terminal the article goes through $PAGER (less -R by default). Its lines \
            are at most [reader] max_width columns (80; 0 for the terminal's width), as \
            in the app's reader, unless --width says otherwise.

            Examples:
              wpnews read 1234
              wpnews read some-slug --no-pager
              wpnews read https://news.example.org/some-slug/ --comments
              wpnews read -n 3                  # the 3rd story of the last list shown
              wpnews read 1234 --password xyz   # a password-protected story
              wpnews read 1234 --json | jq -r .content_text
              wpnews read 1234 --images none    # placeholders instead of pictures
              wpnews read 1234 --full           # the whole article, from the story's web page

            --full reads the story's own web page and shows the article on it, for a site whose \
            feed carries only summaries; a site added with --full-text always does. The page \
            is kept in the cache like any article. The summary stays, with a notice, when the \
            page cannot be read or holds no more than it. A site read through its REST API \
            has whole articles already: there --full only says so.

            Links are numbered [N] in the text and listed at the end; the author, \
            categories and tags of the header are numbered after them (a site read through \
            its feed has no lists by author, so its author has none), so the body's \
            numbers never change.
            """,
        arguments: [ArgumentDescription("story", optional: true, help: "The story's id, slug or URL.")],
        options: [
            .value("number", short: "n", shortOnly: true, takesDashedValue: true, help: "The story with this number in the last list shown."),
            .flag("comments", help: "Threaded comments after the article."),
            .value("password", help: "The password of a password-protected story; what it opens is not kept in the cache."),
            .flag("full", help: "Read the story's own web page and show the whole article on it (for a feed of summaries)."),
            .flag("no-pager", help: "Print instead of using the pager."),
        ] + PictureOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let story: String?
    let number: Int?
    let comments: Bool
    let password: String?
    let full: Bool
    let noPager: Bool
    let pictureOptions: PictureOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    /// `--json` and `--images none` draw no picture, so a mistake in `[images]` cannot stop
    /// them; `--json` lays nothing out, so neither can one in `[reader]`.
    var settingsNeed: SettingsNeed {
        if global.json { return .stories }
        let sections: Set<Settings.Section> = [.freshness, .cache, .network, .reader]
        return .sections(pictureOptions.images == ImageMode.none ? sections : sections.union([.images]))
    }

    init(_ arguments: ParsedArguments) throws {
        story = arguments.argument("story")
        number = try arguments.value("number", as: Int.init)
        comments = arguments.flag("comments")
        password = arguments.value("password")
        full = arguments.flag("full")
        noPager = arguments.flag("no-pager")
        pictureOptions = try PictureOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
        guard (story == nil) != (number == nil) else {
            throw UsageError("name one story: its id, slug or URL, or -n NUMBER from the last list")
        }
        if let number, number < 1 { throw UsageError("-n must be 1 or more, not \(number)") }
    }

    func run(context: CommandContext) async throws {
        let (selection, reference) = try target(context)
        let content = try context.content(mode: fetch.mode, selection: selection)
        var article = try await content.article(reference, password: password)
        context.reportOrigin(article.origin, mode: fetch.mode)
        var fullText: Bool?
        if full || content.readsFullText {
            let page = await content.fullArticle(of: article, asked: full)
            if let notice = page.notice { context.output.note("wpnews: " + notice) }
            article = article.withHTML(page.html)
            fullText = page.isFullText
        }
        let threads = comments ? try await context.commentsOrNotice { try await content.comments(for: article.story, password: password) } : nil
        if global.json {
            return try context.printJSON(ArticleJSON(story: article.story, html: article.html, comments: threads, fullText: fullText, plainText: ArticlePlainText.text(html:baseURL:)))
        }
        // Parsed once, each comment once too; the layout and the pictures both read this.
        let parsed = Article(html: article.html, baseURL: article.story.link)
        let shown = threads.map { parsed.addingComments($0, baseURL: article.story.link) } ?? parsed
        let laidOut = StoryArticleView(width: context.articleWidth, dates: context.relativeDates).layout(of: article.story, article: shown, readThroughFeed: await content.readsThroughFeed)
        let pager = Pager(terminal: context.terminal, output: context.output)
        let encoder = ANSIEncoder(colors: context.colors)
        let text = if let pictures = Pictures(mode: pictureOptions.images, context: context, content: content, graphics: !pager.pages(enabled: !noPager)) {
            await pictures.render(laidOut, of: shown, story: article.story, width: context.articleWidth, content: content, encoder: encoder)
        } else {
            encoder.terminalText(laidOut.lines)
        }
        pager.show(text, enabled: !noPager)
        do {
            try content.markRead(article.story)
        } catch {
            context.output.note("wpnews: warning: could not remember that the story was read: \(ErrorMessage.line(for: error))")
        }
    }

    /// Which site to read from, and which story. `-n` names a story of the last list printed,
    /// on the site it came from; a URL names its own site (a followed one with that host, else
    /// the URL's); anything else is on the site `--site` or the default names.
    private func target(_ context: CommandContext) throws -> (SiteSelection?, StoryReference) {
        if let number {
            let item = try context.shownList.item(number: number)
            guard item.kind == .story else { throw NewsError.listNumberIsAPage(number, id: item.id) }
            let listed = SiteSelection.shown(via: item.via, root: item.siteRoot, sites: context.sites)
            if global.site != nil {
                try requireSameSite(asked: try context.siteSelection(), listed: listed, item: item, context: context)
            }
            return (listed, .id(item.id))
        }
        let text = story ?? ""
        guard text.contains("://") else { return (nil, StoryReference(text)) }
        let selection = SiteSelection.forStoryURL(text, sites: context.sites)
        context.output.note("reading it on \(selection.label)")
        return (selection, StoryReference(text))
    }

    /// `-n` reads the story the last list showed, on the site it came from (after a river,
    /// each number has its own): a `--site` naming another site is a mistake, said before
    /// anything is asked of either site.
    private func requireSameSite(asked: SiteSelection, listed: SiteSelection, item: ShownList.Item, context: CommandContext) throws {
        guard asked.via != item.via else { return }
        // The same site named another way (by name, or by an address the cache knows it by).
        let askedRoot = try context.content(mode: .offline, selection: asked).cachedRoot()
        guard askedRoot != item.siteRoot else { return }
        throw UsageError(
            "story \(item.number) of the last list is on \(listed.label), not \(asked.label): leave out --site, or name \(listed.label)"
        )
    }
}

extension CommandContext {
    /// The comments, or nil with a notice when they cannot be had now: the story or page is
    /// shown either way. A site read through its feed never has them: asking is refused.
    func commentsOrNotice(_ fetch: () async throws -> [Comment]) async throws -> [Comment]? {
        do {
            return try await fetch()
        } catch let error as NewsError {
            if error.isNotInFeed { throw error }
            output.note("wpnews: the comments cannot be shown: " + error.description)
            return nil
        } catch {
            output.note("wpnews: the comments cannot be shown: " + ErrorMessage.line(for: error))
            return nil
        }
    }
}
