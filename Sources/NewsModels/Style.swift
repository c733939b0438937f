/// How a run of text looks. A value: only `ANSIEncoder` turns it into escape codes.
public struct Style: Sendable, Hashable {
    public enum Color: UInt8, Sendable, Hashable {
        case black = 30, red, green, yellow, blue, magenta, cyan, white
    }

    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var inverse = false
    public var strikethrough = false
    public var color: Color?
    /// Finer colours than `color`, for pictures drawn with symbols: each cell's own.
    public var foreground: CellColor?
    public var background: CellColor?

    public init(
        bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
        inverse: Bool = false, strikethrough: Bool = false, color: Color? = nil,
        foreground: CellColor? = nil, background: CellColor? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.inverse = inverse
        self.strikethrough = strikethrough
        self.color = color
        self.foreground = foreground
        self.background = background
    }

    public static let plain = Style()
}

/// A colour of the 16 every colour terminal has, of the 256-colour palette, or a true colour.
public enum CellColor: Sendable, Hashable {
    /// 0-7 the normal colours, 8-15 their bright forms.
    case standard(UInt8)
    case indexed(UInt8)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
}

/// Text with one style, and the address it links to, if any.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style
    /// Where the text points; a terminal that knows hyperlinks makes it clickable.
    public var link: String?
    /// The text starts the placeholder of the picture at `link` (`[image: alt]`): set by the
    /// article's parser, kept by its layout on the piece of a line where the placeholder
    /// starts, so that the layout can tell where the picture goes (`ArticleAnchor`).
    public var isPicturePlaceholder = false

    public init(_ text: String, _ style: Style = .plain, link: String? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }
}
