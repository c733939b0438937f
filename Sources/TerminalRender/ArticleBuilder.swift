import HTMLParsing
import NewsModels
import TextSafety

/// Reads the elements of a post, in document order, into blocks of spans.
///
/// Block elements open and close containers (a list, a quotation, a table cell...) on a
/// stack; inline elements change the current style. Each open element leaves a frame that
/// says what its end does, so closing never needs to look at the tree again.
struct ArticleBuilder: HTMLVisitor {
    /// Lists, quotations, tables and figures nest at most this deep; deeper ones join the
    /// one around them. No terminal is wide enough for more indentation, and the blocks stay
    /// shallow enough to lay out recursively.
    static let maximumNesting = 12

    private let addresses: LinkAddress
    private var links = LinkNumbers()
    /// The `srcset` of each image that has one, by the address its placeholder links to.
    private var imageSources: [String: ImageSources] = [:]
    /// The picture addresses of each gallery read so far, and of the one being read.
    private var galleries: [[String]] = []
    private var gallery: [String]?
    private var containers: [any BlockContainer] = [BlockSequence()]
    private var inline = InlineText()
    private var format = Format()
    private var frames: [Frame] = []
    /// The text of the preformatted block being read, if any.
    private var code: [UInt8] = []
    private var preformattedDepth = 0
    /// Inside a heading, a caption or a term only spans are gathered: blocks inside them
    /// become line breaks.
    private var inSpansOnly = false
    private var quotationDepth = 0
    private var player: Player?
    /// A formula or a search form being read: each takes every element inside it until its end.
    private var math: MathFormula?
    private var searchForm: SearchForm?
    private var explainedAbbreviations: Set<String> = []
    /// The last link number written, and where: a link around an image to the same address
    /// needs no second number.
    private var lastNumber: (number: Int, position: InlineText.Position)?

    /// `numberingAfter`: the links numbered before this document (a comment's links go on
    /// from the article's); an address among them keeps its number.
    init(baseURL: String?, numberingAfter numbered: [String] = []) {
        addresses = LinkAddress(base: baseURL)
        for address in numbered { _ = links.number(for: address) }
    }

    /// The inline state an element can change, restored when it closes.
    private struct Format {
        var style = Style.plain
        var link: String?
    }

    private struct Frame {
        let saved: Format
        let closing: Closing
        /// The element is a gallery: its end closes the gallery being read.
        var endsGallery = false
    }

    /// What the end of an element does.
    private enum Closing {
        case restoreFormat
        case endBlock
        case popContainer
        case endListItem(value: Int?)
        case endTableRow
        case endTableCell(columnSpan: Int, rowSpan: Int, isHeader: Bool)
        case endTableHead
        case endDefinitionDetails
        case endSpans(SpanTarget)
        case endPreformatted(verse: Bool)
        case endLink(address: String, start: InlineText.Position)
        case endScript(superscript: Bool, mark: Int)
        case endInPageLink(mark: Int)
        case endAbbreviation(title: String)
        case endDeletion
        case endQuotation
        case endPlayer
        case endEmbedWrapper
    }

    /// An `audio` or `video` being read: its label is written at its end, once its `source`
    /// elements have given it an address. Its fallback text is not shown.
    private struct Player {
        let kind: String
        let title: String?
        var source: String?
    }

    /// Where the spans of a spans-only element go.
    private enum SpanTarget {
        case heading(level: Int)
        case figureCaption, tableCaption, term, citation, summary
    }

    mutating func finish() -> Article {
        flushParagraph()
        return Article(blocks: containers[0].build(), links: links.addresses, wordCount: inline.wordCount,
                       imageSources: imageSources, galleries: galleries)
    }

    // MARK: - Visiting

    mutating func open(_ element: HTMLElement) -> Bool {
        let tag = element.tag
        if player != nil {
            if tag == .source, player?.source == nil { player?.source = element.attribute("src") }
            return false
        }
        if math != nil {
            math?.open(element)
            return true
        }
        if searchForm != nil {
            searchForm?.open(element)
            return true
        }
        if SearchForm.isSearchForm(element) {
            endBlock()
            searchForm = SearchForm()
            return true
        }
        // `aria-hidden` marks what is only decoration: icons, an accordion's `+`.
        if tag.isDropped || element.attribute("hidden") != nil || element.attribute("aria-hidden") == "true" { return false }
        switch tag {
        case .math:
            guard preformattedDepth == 0 else { break }
            math = MathFormula()
            return true
        case .br:
            lineBreak()
            return false
        case .hr:
            endBlock()
            add(.rule(element.hasClass("is-style-dots") ? .dots : .line))
            return false
        case .img:
            image(element)
            return false
        case .iframe, .object:
            writeEmbed(element, source: element.attribute(tag == .object ? "data" : "src"))
            return false
        case .embed:
            // libxml2 2.9 does not know `embed` is empty and puts what follows it inside it:
            // that is read as usual.
            writeEmbed(element, source: element.attribute("src"))
        default:
            break
        }
        let saved = format
        let startsGallery = gallery == nil && Self.isGallery(element)
        if startsGallery { gallery = [] }
        frames.append(Frame(saved: saved, closing: begin(element), endsGallery: startsGallery))
        return true
    }

    mutating func close() {
        if math != nil {
            guard math?.close() == true, let line = math.map({ Self.plainText($0.line) }) else { return }
            math = nil
            inline.append(line, style: format.style, link: format.link)
            return
        }
        if searchForm != nil {
            guard searchForm?.close() == true, let line = searchForm?.line else { return }
            searchForm = nil
            add(.paragraph([Span(line, ArticleStyle.media)]))
            return
        }
        guard let frame = frames.popLast() else { return }
        end(frame)
        if frame.endsGallery, let pictures = gallery {
            if pictures.count > 1 { galleries.append(pictures) }
            gallery = nil
        }
    }

    /// The block editor's gallery, the classic `[gallery]` shortcode's and Jetpack's tiled one.
    private static func isGallery(_ element: HTMLElement) -> Bool {
        guard element.tag == .figure || element.tag == .div else { return false }
        return element.hasClass("wp-block-gallery") || element.hasClass("gallery") || element.hasClass("tiled-gallery")
    }

    mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) {
        if player != nil {
            return
        } else if math != nil {
            math?.text(String(decoding: utf8, as: UTF8.self))
        } else if searchForm != nil {
            searchForm?.text(String(decoding: utf8, as: UTF8.self))
        } else if preformattedDepth > 0 {
            code.append(contentsOf: utf8)
        } else {
            inline.append(html: utf8, style: format.style, link: format.link)
        }
    }

    // MARK: - Elements

    /// Starts an element that has content, and says what its end will do.
    private mutating func begin(_ element: HTMLElement) -> Closing {
        let tag = element.tag
        if let level = tag.headingLevel { return beginSpans(.heading(level: level)) }
        let top = containers[containers.count - 1]
        switch tag {
        case .div where element.hasClass("wp-block-embed__wrapper"):
            endBlock()
            return .endEmbedWrapper
        case _ where tag.isPlainBlock, .details:
            endBlock()
            return .endBlock
        case .audio, .video:
            guard preformattedDepth == 0 else { return .restoreFormat }
            player = Player(kind: tag.rawValue, title: element.attribute("title"), source: element.attribute("src"))
            return .endPlayer
        case _ where tag.isPreformatted:
            return beginPreformatted(verse: element.hasClass("wp-block-verse"))
        case .blockquote:
            return push(QuoteContainer(source: addresses.resolve(element.attribute("cite"))))
        case .figure:
            return push(FigureContainer())
        case _ where tag.isList:
            let depth = containers.count(where: { $0 is ListContainer })
            let numbering: ListContainer.Numbering = tag == .ol
                ? .numbers(.init(typeAttribute: element.attribute("type")), start: element.integer("start"), reversed: element.attribute("reversed") != nil)
                : .bullets(depth: depth)
            return push(ListContainer(numbering: numbering))
        case .li where top is ListContainer:
            return pushPart(BlockSequence(), closing: .endListItem(value: element.integer("value")))
        case .dl:
            return push(DefinitionListContainer())
        case .dt where top is DefinitionListContainer:
            return beginSpans(.term)
        case .dd where top is DefinitionListContainer:
            return pushPart(BlockSequence(), closing: .endDefinitionDetails)
        case .table:
            return push(TableContainer())
        case .thead where top is TableContainer:
            (top as? TableContainer)?.inHead = true
            return .endTableHead
        case .tr where top is TableContainer:
            return pushPart(TableRowContainer(), closing: .endTableRow)
        case .td where top is TableRowContainer, .th where top is TableRowContainer:
            let cell = Closing.endTableCell(
                columnSpan: min(max(element.integer("colspan") ?? 1, 1), 1_000),
                rowSpan: min(max(element.integer("rowspan") ?? 1, 1), 65_534),
                isHeader: tag == .th)
            return pushPart(BlockSequence(), closing: cell)
        case .caption where top is TableContainer:
            return beginSpans(.tableCaption)
        case .figcaption where top is FigureContainer:
            return beginSpans(.figureCaption)
        case .cite where element.parentTag == .blockquote && top is QuoteContainer:
            return beginSpans(.citation)
        case .summary:
            return beginSpans(.summary)
        case .li, .dt, .dd, .tr, .td, .th, .caption, .figcaption:
            // Out of place: a block, like a `div`.
            endBlock()
            return .endBlock
        case .a:
            return beginLink(element)
        case .sup, .sub:
            return .endScript(superscript: tag == .sup, mark: inline.mark())
        case .abbr, .acronym:
            guard let title = element.attribute("title").map(Self.plainText), !title.isEmpty else { return .restoreFormat }
            return .endAbbreviation(title: title)
        case .del, .s, .strike:
            // Struck-out text must read as struck out without colour, and on terminals that
            // cannot strike through: `~~` says so, as in chat apps and Markdown.
            inline.append("~~", style: ArticleStyle.deletionMark, link: format.link)
            format.style = format.style.adding(Style(strikethrough: true))
            return .endDeletion
        case .q:
            inline.append(quotationDepth.isMultiple(of: 2) ? "“" : "‘", style: format.style, link: format.link)
            quotationDepth += 1
            return .endQuotation
        default:
            if let style = Self.inlineStyle(of: tag) { format.style = format.style.adding(style) }
            return .restoreFormat
        }
    }

    private static func inlineStyle(of tag: HTMLTag) -> Style? {
        switch tag {
        case .b, .strong: ArticleStyle.strong
        case .i, .em, .cite, .dfn, .var: Style(italic: true)
        case .u, .ins: Style(underline: true)
        case .code, .samp, .tt: ArticleStyle.code
        case .kbd: ArticleStyle.keyboard
        case .mark: Style(inverse: true)
        case .small: Style(dim: true)
        default: nil
        }
    }

    private mutating func end(_ frame: Frame) {
        format = frame.saved
        switch frame.closing {
        case .restoreFormat:
            break
        case .endBlock:
            endBlock()
        case .popContainer:
            closeContainer()
        case .endListItem(let value):
            let blocks = popSequence()
            (containers.last as? ListContainer)?.addItem(blocks, value: value)
        case .endTableRow:
            endBlock()
            guard let row = containers.popLast() as? TableRowContainer else { return }
            (containers.last as? TableContainer)?.addRow(row.cells)
        case .endTableCell(let columnSpan, let rowSpan, let isHeader):
            let cell = Table.Cell(blocks: popSequence(), columnSpan: columnSpan, rowSpan: rowSpan, isHeader: isHeader)
            (containers.last as? TableRowContainer)?.addCell(cell)
        case .endTableHead:
            (containers.last as? TableContainer)?.inHead = false
        case .endDefinitionDetails:
            let blocks = popSequence()
            (containers.last as? DefinitionListContainer)?.addDetails(blocks)
        case .endSpans(let target):
            endSpans(target)
        case .endPreformatted(let verse):
            endPreformatted(verse: verse)
        case .endLink(let address, let start):
            let position = inline.position
            let hasText = position.block == start.block ? position != start : inline.contains(link: address)
            if hasText { numberLink(address) }
        case .endScript(let superscript, let mark):
            endScript(superscript: superscript, mark: mark)
        case .endInPageLink(let mark):
            endInPageLink(mark: mark)
        case .endAbbreviation(let title):
            if explainedAbbreviations.insert(title).inserted {
                inline.append(" (\(title))", style: format.style, link: format.link)
            }
        case .endDeletion:
            inline.append("~~", style: ArticleStyle.deletionMark, link: format.link)
        case .endPlayer:
            if let player { writeMedia(kind: player.kind, title: player.title, source: player.source, namesFile: true) }
            player = nil
        case .endEmbedWrapper:
            endEmbedWrapper()
        case .endQuotation:
            quotationDepth -= 1
            inline.append(quotationDepth.isMultiple(of: 2) ? "”" : "’", style: format.style, link: format.link)
        }
    }

    // MARK: - Blocks

    private mutating func add(_ block: Block) {
        containers[containers.count - 1].add(block)
    }

    /// The end of a block of text, or the start of the next one.
    private mutating func endBlock() {
        if preformattedDepth > 0 {
            if let last = code.last, last != 0x0A { code.append(0x0A) }
        } else if inSpansOnly {
            inline.lineBreak()
        } else {
            flushParagraph()
        }
    }

    private mutating func lineBreak() {
        if preformattedDepth > 0 {
            code.append(0x0A)
        } else {
            inline.lineBreak()
        }
    }

    private mutating func flushParagraph() {
        let spans = takeSpans()
        if !spans.isEmpty { add(.paragraph(spans)) }
    }

    /// The spans of the block that ends. A link still open (libxml2 lets `a` hold blocks)
    /// gets its number here, after its text in this block.
    private mutating func takeSpans() -> [Span] {
        if let link = format.link, inline.contains(link: link) { numberLink(link) }
        return inline.take()
    }

    /// Opens a list, quotation, table... unless too deep, or inside a heading or `pre`,
    /// where it is only a block boundary.
    private mutating func push(_ container: any BlockContainer) -> Closing {
        endBlock()
        let structures = containers.count(where: { !($0 is BlockSequence || $0 is TableRowContainer) })
        guard structures <= Self.maximumNesting, preformattedDepth == 0, !inSpansOnly else { return .endBlock }
        containers.append(container)
        return .popContainer
    }

    /// Opens a list item, a row, a cell or a description: only ever inside the structure it
    /// belongs to, which `begin` has checked is on top.
    private mutating func pushPart(_ container: any BlockContainer, closing: Closing) -> Closing {
        endBlock()
        containers.append(container)
        return closing
    }

    private mutating func closeContainer() {
        flushParagraph()
        let container = containers.removeLast()
        if let quote = container as? QuoteContainer, quote.citation.isEmpty, let source = quote.source {
            let number = links.number(for: source)
            quote.citation = [Span(LinkAddress.host(of: source), ArticleStyle.link, link: source),
                              Span("[\(number)]", ArticleStyle.linkNumber, link: source)]
        }
        for block in container.build() { add(block) }
    }

    /// The blocks of a list item, table cell or description, which its parent takes.
    private mutating func popSequence() -> [Block] {
        flushParagraph()
        return (containers.popLast() as? BlockSequence)?.blocks ?? []
    }

    private mutating func beginSpans(_ target: SpanTarget) -> Closing {
        guard !inSpansOnly, preformattedDepth == 0 else { return .restoreFormat }
        endBlock()
        inSpansOnly = true
        return .endSpans(target)
    }

    private mutating func endSpans(_ target: SpanTarget) {
        inSpansOnly = false
        let spans = takeSpans()
        guard !spans.isEmpty else { return }
        let top = containers[containers.count - 1]
        switch target {
        case .heading(let level):
            add(.heading(level: level, spans))
        case .figureCaption:
            (top as? FigureContainer)?.caption.append(contentsOf: spans)
        case .tableCaption:
            (top as? TableContainer)?.caption.append(contentsOf: spans)
        case .term:
            (top as? DefinitionListContainer)?.addTerm(spans)
        case .citation:
            (top as? QuoteContainer)?.citation.append(contentsOf: spans)
        case .summary:
            add(.paragraph([Span("▸ ", ArticleStyle.summary)] + spans.map { Span($0.text, $0.style.adding(ArticleStyle.summary), link: $0.link) }))
        }
    }

    /// Poetry is preformatted too: its indentation is part of the poem. (Its inline styles
    /// are not kept, as in any `pre`.)
    private mutating func beginPreformatted(verse: Bool) -> Closing {
        guard !inSpansOnly else { return .restoreFormat }
        endBlock()
        preformattedDepth += 1
        return .endPreformatted(verse: verse)
    }

    /// The outermost `pre` makes the block, and says whether it is verse.
    private mutating func endPreformatted(verse: Bool) {
        preformattedDepth -= 1
        guard preformattedDepth == 0 else { return }
        let text = PreformattedText.normalize(code)
        code.removeAll(keepingCapacity: true)
        if !text.isEmpty { add(verse ? .verse(text) : .code(text)) }
    }

    // MARK: - Inline

    private mutating func beginLink(_ element: HTMLElement) -> Closing {
        guard preformattedDepth == 0 else { return .restoreFormat }
        // A place in the article itself (a footnote, a heading): nothing to open, no number.
        if addresses.isInPage(element.attribute("href")) { return .endInPageLink(mark: inline.mark()) }
        guard let address = addresses.resolve(element.attribute("href")) else { return .restoreFormat }
        format.link = address
        format.style = format.style.adding(ArticleStyle.link)
        return .endLink(address: address, start: inline.position)
    }

    /// Numbers a link after its content, so that an image inside is numbered first; a link
    /// around an image of the same address needs no second number. (A link with nothing in
    /// it, an icon, is not numbered at all.)
    private mutating func numberLink(_ address: String) {
        let number = links.number(for: address)
        if let lastNumber, lastNumber.number == number, lastNumber.position == inline.position { return }
        writeNumber(number, address: address)
    }

    private mutating func writeNumber(_ number: Int, address: String) {
        inline.appendNumber("[\(number)]", style: ArticleStyle.linkNumber, link: address)
        lastNumber = (number, inline.position)
    }

    /// A document's own footnote reference, `[1]` linking to `#_ftn1`, becomes `¹`: in
    /// brackets it would read as one of wpnews's link numbers.
    private mutating func endInPageLink(mark: Int) {
        guard Self.isFootnoteReference(inline.text(from: mark)) else { return }
        _ = inline.transformSpans(from: mark) { text in Self.scripted(text, forms: Self.superscripts, droppingBrackets: true) }
    }

    private mutating func endScript(superscript: Bool, mark: Int) {
        let forms = superscript ? Self.superscripts : Self.subscripts
        let text = inline.text(from: mark)
        let dropsBrackets = superscript && Self.isFootnoteReference(text)
        guard !inline.transformSpans(from: mark, { Self.scripted($0, forms: forms, droppingBrackets: dropsBrackets) }) else { return }
        // Other bracketed text (`[a]`, `[citation needed]`) reads well as it is.
        if text.hasPrefix("["), text.hasSuffix("]") { return }
        let sign = superscript ? "^" : "_"
        if text.count == 1 {
            inline.insert(Span(sign, format.style), at: mark)
        } else {
            inline.insert(Span(sign + "(", format.style), at: mark)
            inline.append(")", style: format.style)
        }
    }

    /// `text` in superscript or subscript forms, or nil when a character has none. Forms
    /// already there stay (a footnote reference inside `sup` was converted at its link's end).
    private static func scripted(_ text: String, forms: [Character: Character], droppingBrackets: Bool) -> String? {
        var result = ""
        for character in text {
            if droppingBrackets, character == "[" || character == "]" { continue }
            if let form = forms[character] {
                result.append(form)
            } else if scriptForms.contains(character) {
                result.append(character)
            } else {
                return nil
            }
        }
        return result
    }

    /// `[` digits `]`, as word processors number their footnotes.
    private static func isFootnoteReference(_ text: String) -> Bool {
        text.count >= 3 && text.first == "[" && text.last == "]" && text.dropFirst().dropLast().allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static let scriptForms = Set(superscripts.values).union(subscripts.values)

    private static let superscripts: [Character: Character] = Dictionary(uniqueKeysWithValues: zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ"))

    private static let subscripts: [Character: Character] = Dictionary(uniqueKeysWithValues: zip(
        "0123456789+-−=()aehijklmnoprstuvx",
        "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))

    /// `[image: alt text][n]`; an emoji drawn as an image is its alt text.
    private mutating func image(_ element: HTMLElement) {
        guard preformattedDepth == 0 else { return }
        guard !isDecoration(element) else { return }
        let alt = element.attribute("alt").map(Self.plainText) ?? ""
        if !alt.isEmpty, element.hasClass("emoji") || element.hasClass("wp-smiley") {
            inline.append(alt, style: format.style, link: format.link)
            return
        }
        let address = imageAddress(element)
        if let address, gallery?.contains(address) == false { gallery?.append(address) }
        if let address, let srcset = element.attribute("srcset") {
            let sources = ImageSources(srcset: srcset) { [addresses] in addresses.resolve($0) }
            if !sources.candidates.isEmpty { imageSources[address] = sources }
        }
        inline.startLabel()
        let label = alt.isEmpty ? "[image]" : "[image: \(alt)]"
        if let address {
            inline.appendPicturePlaceholder(label, style: format.style.adding(ArticleStyle.media), link: address)
        } else {
            inline.append(label, style: format.style.adding(ArticleStyle.media), link: format.link)
        }
        if let address { writeNumber(links.number(for: address), address: address) }
    }

    /// A picture with nothing to read, so no placeholder: a cover block's background, or one
    /// whose `alt` is empty on purpose. WordPress also writes an empty `alt` for a photo
    /// nobody described, so a picture in a figure, a gallery or a link is content all the same.
    private func isDecoration(_ element: HTMLElement) -> Bool {
        if element.hasClass("wp-block-cover__image-background") { return true }
        return element.attribute("alt") == "" && gallery == nil && format.link == nil && !containers.contains { $0 is FigureContainer }
    }

    /// `src`, or where lazy-loading scripts keep the real address when `src` is a
    /// placeholder (`data:`, which `resolve` refuses).
    private func imageAddress(_ element: HTMLElement) -> String? {
        if let address = addresses.resolve(element.attribute("src")) { return address }
        if let address = addresses.resolve(element.attribute("data-src") ?? element.attribute("data-lazy-src")) { return address }
        let firstCandidate = element.attribute("srcset")?.split(whereSeparator: { $0 == " " || $0 == "," }).first
        return addresses.resolve(firstCandidate.map(String.init))
    }

    /// An `iframe`, `object` or `embed`: a page or a player inside the post. An `iframe` is
    /// named by its title, the others by their file's name when they have no title.
    private mutating func writeEmbed(_ element: HTMLElement, source: String?) {
        let title = element.attribute("title") ?? element.attribute("aria-label")
        writeMedia(kind: "embed", title: title, source: source, namesFile: element.tag != .iframe)
    }

    /// Players and embedded pages: `[video: title][n]`, numbered like links. A YouTube or
    /// Vimeo player is a video, linked to the video's own page.
    private mutating func writeMedia(kind: String, title: String?, source: String?, namesFile: Bool) {
        guard preformattedDepth == 0 else { return }
        var address = addresses.resolve(source)
        var kind = kind
        if let embedded = address {
            let page = LinkAddress.pageForEmbed(embedded)
            address = page.address
            if page.isVideo { kind = "video" }
        }
        var label = title.map(Self.plainText) ?? ""
        if label.isEmpty, namesFile, let address { label = String(LinkAddress.lastPathComponent(of: address)) }
        mediaLink(kind: kind, title: label, address: address)
    }

    /// An embed WordPress could not fetch is left as its bare address: a link, then.
    private mutating func endEmbedWrapper() {
        let spans = takeSpans()
        if spans.count == 1, spans[0].link == nil, !spans[0].text.contains(" "),
           spans[0].text.hasPrefix("http://") || spans[0].text.hasPrefix("https://"),
           let address = addresses.resolve(spans[0].text) {
            mediaLink(kind: "embed", title: LinkAddress.host(of: address), address: address)
            flushParagraph()
        } else if !spans.isEmpty {
            add(.paragraph(spans))
        }
    }

    private mutating func mediaLink(kind: String, title: String, address: String?) {
        let label = title.isEmpty ? "[\(kind)]" : "[\(kind): \(title)]"
        inline.startLabel()
        inline.append(label, style: format.style.adding(ArticleStyle.media), link: address ?? format.link)
        if let address { writeNumber(links.number(for: address), address: address) }
    }

    /// An attribute shown as text: control characters stripped, white space collapsed.
    static func plainText(_ attribute: String) -> String {
        let clean = SafeText.sanitize(attribute)
        return isCollapsed(clean) ? clean : clean.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// No line end, no run of spaces and no space at either end, as most attributes are.
    private static func isCollapsed(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x20 && previous == 0x20 { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }
}

/// Links and images in the order they are first met, each address numbered once.
private struct LinkNumbers {
    private(set) var addresses: [String] = []
    private var numbers: [String: Int] = [:]

    mutating func number(for address: String) -> Int {
        if let number = numbers[address] { return number }
        addresses.append(address)
        numbers[address] = addresses.count
        return addresses.count
    }
}
