import CommandLineParsing
import BrowseApp

/// `wpnews browse`: the full-screen reader. Also what `wpnews` alone opens on a terminal.
struct BrowseCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "browse",
        abstract: "Read the site in a full-screen app: tabs, lists, the reader, live search.",
        discussion: """
            Tabs: 1 Featured, 2 Latest, 3 Categories, 4 Tags, 5 Search, 6 More (the site's \
            pages, the followed sites and "Follow a site...", which asks for an address and \
            a name and does what sites add does, hidden stories). The tab bar names a \
            category's or tag's list and says how many of its stories are loaded of how many \
            it has (Design, 20 of 141). Lists show a line a story; v \
            switches to cards (with the excerpt) and back. j/k move, Enter opens, q goes back \
            (quits from a tab), n/p step through the stories from the reader, . opens the \
            next unread one, d hides a \
            story, m marks it read or unread, / filters any list as you type, case and \
            accents aside (the status line says how many rows match; Enter keeps the \
            filter, Esc clears it; on Tags the site is asked for its other tags by name) or \
            finds in the article, o opens in the browser, y copies the link, r refreshes, c \
            shows the comments of a story or page, ? shows every key, Ctrl-C quits. A \
            password-protected story asks for its password on the status line, without \
            showing it, and keeps it in memory until the app exits. SIGTERM, SIGINT and \
            SIGHUP end it with 143, 130 and 129, the terminal restored. Keys can be bound \
            again in config.toml's [keys] table (see the README). The reader keeps its \
            lines to [reader] max_width columns (80; 0 for the whole width), set in towards \
            the middle of a wider window, and its status line ends with Top, a percentage, \
            Bot, or All. In the reader a number then Enter follows that link: one to a \
            story of a followed site or a page of the site opens in the reader (back \
            returns), any other in the browser; the author, categories and tags of the \
            header are numbered after the article's links and open their lists. A left \
            click on a row selects it, on the selected row opens it, on a tab opens the tab, \
            on a link's number ([3]) in the reader follows it; [app] mouse = false leaves \
            clicks to the terminal (selecting text without Shift). \
            Every frame leaves the terminal's cursor at the start of the \
            selected row (the first line of text in the reader, the line being typed in a \
            prompt), where screen readers look; --accessible (or [app] accessible = true) \
            also shows it, writes each story as one sentence, draws no box-drawing or block \
            characters and no pictures, and keeps what changes to the status line.
              wpnews browse --site https://news.example.org
              wpnews                          # the same, on a terminal
            """,
        options: [
            .flag("accessible", help: "For screen readers and braille displays: the cursor shown, a story a sentence, no box-drawing characters or pictures."),
        ] + PictureOptions.descriptions + FetchOptions.descriptions + GlobalOptionsWithoutJSON.descriptions
    )

    let accessible: Bool
    let pictureOptions: PictureOptions
    let fetch: FetchOptions
    let global: GlobalOptionsWithoutJSON

    var settingsNeed: SettingsNeed { .app }

    init(_ arguments: ParsedArguments) throws {
        accessible = arguments.flag("accessible")
        pictureOptions = try PictureOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        guard context.terminal.isInteractive else { throw SetupError.needsTerminal("browse") }
        let status = try await AppRuntime(context: context, mode: fetch.mode, images: pictureOptions.images, accessible: accessible).run(.tabs(try context.siteSelection()))
        if status != 0 { throw ExitStatus(code: status) }
    }
}
