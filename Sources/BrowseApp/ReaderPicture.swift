import TerminalRender

/// A picture in the reader, as the runtime drew it. Symbols are lines like the text's;
/// graphics keep blank rows free, and the runtime places them over those rows after each
/// frame (`AppView.pictures`), so the line diffing only ever sees text.
public enum ReaderPicture: Sendable, Hashable {
    case symbols([StyledLine])
    case graphics(TerminalGraphics)

    /// The rows it takes in the reader.
    var lines: [StyledLine] {
        switch self {
        case .symbols(let lines): lines
        case .graphics(let graphics): Array(repeating: StyledLine(), count: graphics.rows)
        }
    }

    var columns: Int {
        switch self {
        case .symbols(let lines): lines.map(\.width).max() ?? 0
        case .graphics(let graphics): graphics.columns
        }
    }
}
