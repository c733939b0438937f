import BrowseApp
import CommandLineParsing
import Foundation
import NewsCore
import TerminalImages
import TerminalRender

/// `--images MODE`, for the commands that show articles.
struct PictureOptions {
    static let descriptions: [OptionDescription] = [
        .value("images", valueName: "mode", completion: .values(ImageMode.allCases.map(\.rawValue)),
               help: "Pictures: auto, kitty, sixel, iterm, symbols or none (default: [images] mode in config.toml, else auto)."),
    ]

    /// `--images MODE`, else `[images] mode`, else `auto`.
    let images: ImageMode?

    init(_ arguments: ParsedArguments) throws {
        images = try arguments.value("images", as: ImageMode.self)
    }
}

/// The pictures of one article: which may be fetched, how long to wait for them, and how
/// they are drawn. Made from the options, the settings and where the output goes.
struct Pictures: Sendable {
    enum Drawing: Sendable {
        case symbols(SymbolPicture)
        case graphics(GraphicsPicture)
    }

    let drawing: Drawing
    let cache: ImageCache
    /// The saved stories' pictures, which answer first.
    let kept: ImageCache
    let policy: ImageSourcePolicy
    let wait: Duration
    /// The most cells a picture takes: the text's width, half the screen's height.
    let box: CellSize
    let limits = ImageLimits()

    /// Nil when pictures are not shown: `none`, `--json`, or `auto` on output that is not a
    /// colour terminal; also when chafa or gdk-pixbuf is not installed, which is said.
    /// Graphics need the terminal itself: through a pager (less shows no graphics), in the
    /// app or into a file, they become symbols.
    /// `graphics`: whether the output can take graphics sequences (not through a pager).
    /// `cellPixels`: the terminal's cell size, when known better than the terminal reports it.
    /// A picture takes no more cells than its pixels fill at that size, nor more than `box`.
    init?(mode option: ImageMode?, context: CommandContext, content: SiteContent, graphics: Bool, cellPixels: PixelSize? = nil) {
        guard let mode = Self.drawnMode(option, context: context) else { return nil }
        // Said before any picture is fetched: without the libraries every one would stay its placeholder.
        if let missing = ImageLibraries.problem() {
            context.output.note("wpnews: " + ErrorMessage.line(for: missing))
            return nil
        }
        let cellPixels = cellPixels ?? context.terminal.cellPixels
        if let graphicsProtocol = mode.graphicsProtocol, context.terminal.stdoutIsTerminal, graphics {
            drawing = .graphics(GraphicsPicture(graphicsProtocol, limits: limits, cellPixels: cellPixels ?? GraphicsPicture.typicalCell))
        } else {
            drawing = .symbols(SymbolPicture(colors: .offered(environment: context.environment), limits: limits,
                                             cellPixels: cellPixels ?? SymbolPicture.typicalCell))
        }
        cache = context.imageCache
        kept = context.savedPictures
        policy = content.imageSourcePolicy(remote: context.settings.images?.remote ?? true)
        wait = .milliseconds(context.settings.images?.waitMilliseconds ?? 1_500)
        box = CellSize(columns: context.width, rows: max(4, (context.terminal.rows ?? 24) / 2))
    }

    /// Keeps a saved story's pictures with the user's data, whether or not pictures are drawn
    /// now: those its article places (`PictureSlots`), each whole. Returns how many are kept.
    static func keep(_ saved: SavedStory, content: SiteContent, context: CommandContext) async -> Int {
        await content.keepPictures(keptAddresses(of: saved, context: context), in: context.savedPictures, cache: context.imageCache,
                                          policy: content.imageSourcePolicy(remote: context.settings.images?.remote ?? true),
                                          maxBytes: ImageLimits().maxBytes)
    }

    /// Removes an unsaved story's kept pictures: those of its article that no story still
    /// saved shows too.
    static func forget(_ unsaved: SavedStory, content: SiteContent, context: CommandContext) {
        // Left as they are when the others cannot be read: a picture kept too long costs less than one lost.
        guard let others = try? content.savedStories.all() else { return }
        let stillShown = Set(others.flatMap { keptAddresses(of: $0, context: context) })
        for address in Set(keptAddresses(of: unsaved, context: context)).subtracting(stillShown) {
            context.savedPictures.remove(address)
        }
    }

    /// The pictures a saved story's article places (`PictureSlots`), by their addresses.
    private static func keptAddresses(of saved: SavedStory, context: CommandContext) -> [String] {
        let article = Article(html: saved.html, baseURL: saved.story.link)
        let laidOut = StoryArticleView(width: 80, dates: context.relativeDates).layout(of: saved.story, article: article)
        return PictureSlots(featured: nil, galleries: article.galleries, width: 80).slots(in: laidOut).flatMap(\.addresses)
    }

    /// Whether an article's pictures are shown at all, whatever draws them.
    static func areShown(mode option: ImageMode?, context: CommandContext) -> Bool {
        drawnMode(option, context: context) != nil
    }

    /// The mode pictures are drawn in, `auto` resolved; nil when they are not shown.
    private static func drawnMode(_ option: ImageMode?, context: CommandContext) -> ImageMode? {
        .drawn(option ?? context.settings.images?.mode ?? .auto, json: context.options.json, colors: context.colors, environment: context.environment)
    }

    /// The pixels wide a picture is drawn at, at most: the rendition to fetch.
    private var neededWidth: Int {
        switch drawing {
        case .symbols(let symbols): box.columns * symbols.cellPixels.width
        case .graphics(let graphics): box.columns * graphics.cellPixels.width
        }
    }

    /// Where to fetch the picture whose placeholder links to `address`: the smallest of its
    /// `srcset` renditions that is wide enough, else the address itself.
    private func source(of address: String, in sources: [String: ImageSources]) -> String {
        sources[address]?.address(forWidth: neededWidth) ?? address
    }

    /// The picture of each address that arrives within the wait; cached ones answer at once.
    func fetch(_ addresses: [String], sources: [String: ImageSources], content: SiteContent) async -> [String: PictureFile] {
        await content.pictureFiles(addresses.map { ($0, source(of: $0, in: sources)) }, cache: cache, kept: kept, policy: policy,
                                   maxBytes: limits.maxBytes, wait: wait)
    }

    /// One slot for the app's reader, or nil when none of its pictures comes or can be drawn.
    /// A gallery row's thumbnails are fetched at once, as `read` fetches, without its wait:
    /// the app shows each slot whenever it comes.
    func readerPicture(_ slot: PictureSlot, sources: [String: ImageSources], box: CellSize, content: SiteContent) async -> ReaderPicture? {
        let files = await content.pictureFiles(slot.addresses.map { ($0, source(of: $0, in: sources)) }, cache: cache, kept: kept, policy: policy,
                                               maxBytes: limits.maxBytes, wait: nil)
        let pictures = slot.addresses.compactMap { files[$0] }
        switch drawing {
        case .symbols(let symbols): return drawn(symbols, pictures, places: slot.places, box: box).map(ReaderPicture.symbols)
        case .graphics(let graphics): return drawn(graphics, pictures, places: slot.places, box: box).map(ReaderPicture.graphics)
        }
    }

    /// A slot in symbols: its drawing kept in the image cache for this size, cell size and palette,
    /// else drawn and kept, so a cached article's
    /// pictures cost no decoding.
    private func drawn(_ symbols: SymbolPicture, _ pictures: [PictureFile], places: Int, box: CellSize) -> [StyledLine]? {
        guard !pictures.isEmpty else { return nil }
        let kept = cache.rendition(for: pictures.map(\.source), variant: "\(box.columns)x\(box.rows)x\(places)-\(symbols.colors.cacheName)-\(symbols.cellPixels.width)x\(symbols.cellPixels.height)")
        if let bytes = FileManager.default.contents(atPath: kept), let cells = SymbolCells(decoding: Array(bytes)) {
            return symbols.lines(cells)
        }
        guard let cells = Self.decoding(pictures, places: places, single: { try symbols.cells(path: $0, box: box) },
                                        row: { try symbols.cells(thumbnails: $0, places: places, box: box) })
        else { return nil }
        // A drawing that cannot be kept is drawn again next time: slower, never wrong.
        try? Data(cells.encoded).write(to: URL(filePath: kept), options: .atomic)
        return symbols.lines(cells)
    }

    /// A slot as graphics, drawn each time: the
    /// sequences are as big as the picture, not worth keeping.
    private func drawn(_ graphics: GraphicsPicture, _ pictures: [PictureFile], places: Int, box: CellSize) -> TerminalGraphics? {
        guard !pictures.isEmpty else { return nil }
        return Self.decoding(pictures, places: places, single: { try graphics.graphics(path: $0, box: box) },
                             row: { try graphics.graphics(thumbnails: $0, places: places, box: box) })
    }

    /// A slot's files drawn by `single` (a picture of its own) or `row` (a gallery's row);
    /// nil when it cannot be drawn: a broken or hostile picture keeps its placeholder, which
    /// names it.
    private static func decoding<Drawing>(
        _ pictures: [PictureFile], places: Int, single: (String) throws -> Drawing, row: ([String]) throws -> Drawing
    ) -> Drawing? {
        places == 1 ? try? single(pictures[0].file) : try? row(pictures.map(\.file))
    }

    /// The article's lines with the pictures that came drawn in place, ready for the
    /// terminal; the rest stay placeholders.
    func render(
        _ laidOut: LaidOutArticle, of article: Article, story: Story, width: Int, content: SiteContent, encoder: ANSIEncoder
    ) async -> TerminalText {
        let slots = PictureSlots(featured: story.featuredImage, galleries: article.galleries, width: width)
        let sources = article.imageSources(featured: story.featuredImage, renditions: story.featuredImageRenditions)
        let files = await fetch(slots.slots(in: laidOut).flatMap(\.addresses), sources: sources, content: content)
        switch drawing {
        case .symbols(let symbols):
            return encoder.terminalText(slots.insertingLines(into: laidOut) { slot in
                drawn(symbols, slot.addresses.compactMap { files[$0] }, places: slot.places, box: box)
            })
        case .graphics(let graphics):
            let rows = slots.inserting(into: laidOut) { slot in
                drawn(graphics, slot.addresses.compactMap { files[$0] }, places: slot.places, box: box)
            }
            // The terminal leaves the cursor beside a picture's last row: a line feed moves past it.
            return encoder.terminalText(rows.flatMap { row -> [ScreenPiece] in
                switch row {
                case .line(let line): [.line(line), .control(.lineFeed)]
                case .picture(let picture): [.control(.picture(picture)), .control(.lineFeed)]
                }
            })
        }
    }
}
