import NewsModels
import TextSafety

/// The one place that writes escape codes: SGR for styles, OSC 8 for hyperlinks, and the
/// control sequences of full-screen screens. Whatever text it is given, from a server or
/// not, leaves it stripped of what `SafeText` forbids, so no text can become a sequence.
public struct ANSIEncoder: Sendable {
    /// How much of a style reaches the terminal.
    public enum Styles: Sendable, Hashable {
        /// Text alone: one-shot output without colour has no escape codes at all.
        case none
        /// Bold, dim, italic, underline, reverse and strike-through, but no colour: a
        /// full-screen screen under `NO_COLOR` still needs reverse video for its cursor.
        case monochrome
        case color
    }

    public let styles: Styles

    public init(styles: Styles) {
        self.styles = styles
    }

    public init(colors: Bool) {
        self.init(styles: colors ? .color : .none)
    }

    public var colors: Bool { styles == .color }

    /// Lines, each ended by a line feed.
    public func encode(_ lines: [StyledLine]) -> String {
        var output = Output()
        output.bytes.reserveCapacity(lines.count * 96)
        for line in lines {
            encode(line, into: &output)
            output.bytes.append(0x0A)
        }
        return output.text
    }

    /// Lines for the terminal, in the only form `Output` writes.
    public func terminalText(_ lines: [StyledLine]) -> TerminalText {
        TerminalText(encode(lines))
    }

    /// A screen's worth of lines and control sequences, in order.
    public func terminalText(_ pieces: [ScreenPiece]) -> TerminalText {
        var output = Output()
        for piece in pieces {
            switch piece {
            case .line(let line): encode(line, into: &output)
            case .control(let control): output.append(control.code)
            }
        }
        return TerminalText(output.text)
    }

    /// Written as bytes: appending to a `String` span by span costs several times more.
    private struct Output {
        var bytes: [UInt8] = []
        /// An article uses a handful of styles: each one's escape code is made once.
        var codes: [(style: Style, code: String)] = []

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// Text that is not wpnews's own: stripped of control characters on its way out, and
        /// kept on its line.
        mutating func appendText(_ text: String) {
            append(SafeText.oneLine(text))
        }

        mutating func appendCode(for style: Style, _ styles: Styles) {
            // A picture's cells have hundreds of colours, each used a few times: looking
            // them up among the known codes would cost more than making them.
            if style.foreground != nil || style.background != nil {
                append(ANSIEncoder.code(for: style, styles))
            } else if let known = codes.first(where: { $0.style == style }) {
                append(known.code)
            } else {
                let code = ANSIEncoder.code(for: style, styles)
                codes.append((style, code))
                append(code)
            }
        }
    }

    /// A hyperlink opens where its first span starts and closes where its last span ends,
    /// and never stays open past the end of a line, so a pager that cuts lines cannot leak it.
    private func encode(_ line: StyledLine, into output: inout Output) {
        guard styles != .none else {
            for span in line.spans { output.appendText(span.text) }
            return
        }
        var openLink: String?
        for span in line.spans where !span.text.isEmpty {
            if span.link != openLink {
                if openLink != nil { output.append(Self.closeHyperlink) }
                if let link = span.link {
                    output.append(Self.hyperlink)
                    output.append(Self.safeAddress(link))
                    output.append(Self.stringTerminator)
                }
                openLink = span.link
            }
            if Self.parameters(span.style, styles).isEmpty {
                output.appendText(span.text)
            } else {
                output.appendCode(for: span.style, styles)
                output.appendText(span.text)
                output.append(Self.reset)
            }
        }
        if openLink != nil { output.append(Self.closeHyperlink) }
    }

    static func code(for style: Style, _ styles: Styles = .color) -> String {
        "\u{1B}[" + parameters(style, styles).joined(separator: ";") + "m"
    }

    static let reset = "\u{1B}[0m"

    static func parameters(_ style: Style, _ styles: Styles = .color) -> [String] {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if style.strikethrough { codes.append("9") }
        if let color = style.color, styles == .color { codes.append(String(color.rawValue)) }
        if styles == .color {
            if let foreground = style.foreground { codes.append(parameter(foreground, plane: 38)) }
            if let background = style.background { codes.append(parameter(background, plane: 48)) }
        }
        return codes
    }

    /// `38;5;n` / `38;2;r;g;b` for the foreground (plane 38), `48;...` for the background;
    /// the 16 standard colours as `30-37`/`90-97` and `40-47`/`100-107`, which terminals of
    /// only 16 colours (the Linux console) understand.
    private static func parameter(_ color: CellColor, plane: Int) -> String {
        switch color {
        case .standard(let index):
            let base = plane == 38 ? 30 : 40
            return String(index < 8 ? base + Int(index) : base + 60 + Int(index % 8))
        case .indexed(let index): return "\(plane);5;\(index)"
        case .rgb(let red, let green, let blue): return "\(plane);2;\(red);\(green);\(blue)"
        }
    }

    /// An address is made safe once more here (clean ones, nearly all, are found so by one
    /// scan): an ESC or BEL inside an address would end the sequence early and let the rest
    /// drive the terminal, and a line end or tab is no part of an address.
    static func safeAddress(_ address: String) -> String {
        SafeText.oneLine(address, lineEnds: .removed)
    }

    /// OSC 8 with no parameters; the address follows, then the string terminator.
    static let hyperlink = "\u{1B}]8;;"
    static let stringTerminator = "\u{1B}\\"
    static let closeHyperlink = hyperlink + stringTerminator
}

/// Text ready for the terminal: made only by `ANSIEncoder`, from styled lines (their text
/// sanitized) and wpnews's own control sequences. The executable writes nothing else to a
/// terminal, so server text can never reach it raw.
public struct TerminalText: Sendable, Hashable {
    public let string: String

    fileprivate init(_ string: String) {
        self.string = string
    }

    public static func + (left: TerminalText, right: TerminalText) -> TerminalText {
        TerminalText(left.string + right.string)
    }

    public var isEmpty: Bool { string.isEmpty }
}

/// What a full-screen frame is made of.
public enum ScreenPiece: Sendable, Hashable {
    case line(StyledLine)
    case control(ControlSequence)
}

/// wpnews's own terminal control: values, so only `ANSIEncoder` turns them into bytes.
public enum ControlSequence: Sendable, Hashable {
    case enterAlternateScreen
    case leaveAlternateScreen
    case hideCursor
    case showCursor
    case enableBracketedPaste
    case disableBracketedPaste
    /// Mouse reports (SGR encoding): the wheel scrolls, a click selects or opens what it is on.
    case enableMouse
    case disableMouse
    case home
    case clearToEndOfLine
    case clearBelow
    case carriageReturn
    case lineFeed
    /// 1-based row and column.
    case moveCursor(row: Int, column: Int)
    /// A picture in a terminal graphics protocol, drawn at the cursor.
    case picture(TerminalGraphics)
    /// Removes every picture kitty's graphics protocol placed, and frees them: they sit on
    /// a layer of their own that writing text does not clear.
    case removeKittyPictures
    /// Asks what the terminal can show: kitty graphics, the cell size in pixels, then the
    /// device attributes (sixels), which every terminal answers last (`TerminalReply`).
    case queryTerminal
    /// OSC 52: the terminal puts this text on the clipboard. Control characters and line
    /// ends are removed from it first.
    case copyToClipboard(String)

    var code: String {
        switch self {
        case .enterAlternateScreen: "\u{1B}[?1049h"
        case .leaveAlternateScreen: "\u{1B}[?1049l"
        case .hideCursor: "\u{1B}[?25l"
        case .showCursor: "\u{1B}[?25h"
        case .enableBracketedPaste: "\u{1B}[?2004h"
        case .disableBracketedPaste: "\u{1B}[?2004l"
        case .enableMouse: "\u{1B}[?1000h\u{1B}[?1006h"
        case .disableMouse: "\u{1B}[?1006l\u{1B}[?1000l"
        case .home: "\u{1B}[H"
        case .clearToEndOfLine: "\u{1B}[K"
        case .clearBelow: "\u{1B}[J"
        case .carriageReturn: "\r"
        case .lineFeed: "\r\n"
        case .moveCursor(let row, let column): "\u{1B}[\(max(row, 1));\(max(column, 1))H"
        case .picture(let graphics): graphics.escapes
        case .removeKittyPictures: "\u{1B}_Ga=d,d=A\u{1B}\\"
        case .queryTerminal: "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"
        case .copyToClipboard(let text):
            "\u{1B}]52;c;" + Base64.encode(Array(ANSIEncoder.safeAddress(text).utf8)) + "\u{1B}\\"
        }
    }
}

/// A picture as kitty graphics, sixels or an iTerm2 inline image: escape sequences that
/// `TerminalImages` has chafa make from decoded pixels, never bytes from a server. Only this
/// package can make one.
public struct TerminalGraphics: Sendable, Hashable {
    public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
        case kitty, sixel, iterm
    }

    public let graphicsProtocol: GraphicsProtocol
    /// Cells the picture covers.
    public let columns: Int
    public let rows: Int
    let escapes: String

    package init(graphicsProtocol: GraphicsProtocol, columns: Int, rows: Int, escapes: String) {
        self.graphicsProtocol = graphicsProtocol
        self.columns = columns
        self.rows = rows
        self.escapes = escapes
    }
}

/// Standard base64, for OSC 52 (Foundation is not imported here).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
