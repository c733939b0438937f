/// Text with SGR colour escapes as a terminal would show it: rows of cells, each a character
/// with its foreground and background colour. The tests' own reading, apart from the code
/// that writes the escapes, so a picture drawn in symbols becomes a golden file a person can
/// review: the symbols, then each cell's colours by a two-letter key, then what each key is.
public struct SGRGrid {
    public struct Cell: Equatable, Sendable {
        public let character: Character
        /// `#rrggbb`, `256:N` or `16:N`; nil for the terminal's own colour.
        public let foreground: String?
        public let background: String?

        public init(character: Character, foreground: String?, background: String?) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    public private(set) var rows: [[Cell]] = [[]]
    /// Escapes this reader does not know, which a golden file must not hide.
    public private(set) var unknown: [String] = []

    public init(_ text: String) {
        var (foreground, background): (String?, String?) = (nil, nil)
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                var sequence = ""
                while let next = scalars.next(), next != "m" { sequence.unicodeScalars.append(next) }
                guard sequence.hasPrefix("[") else {
                    unknown.append(sequence)
                    continue
                }
                var parameters = sequence.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }.makeIterator()
                while let parameter = parameters.next() {
                    switch parameter {
                    case 0: (foreground, background) = (nil, nil)
                    case 30...37, 90...97: foreground = "16:\(parameter < 90 ? parameter - 30 : parameter - 82)"
                    case 40...47, 100...107: background = "16:\(parameter < 100 ? parameter - 40 : parameter - 92)"
                    case 39: foreground = nil
                    case 49: background = nil
                    case 38, 48:
                        let colour = Self.extendedColour(&parameters)
                        if parameter == 38 { foreground = colour } else { background = colour }
                    default: unknown.append(sequence)
                    }
                }
            case "\n":
                rows.append([])
            default:
                rows[rows.count - 1].append(Cell(character: Character(scalar), foreground: foreground, background: background))
            }
        }
        if rows.last?.isEmpty == true, rows.count > 1 { rows.removeLast() }
    }

    /// `5;N` (256 colours) or `2;R;G;B` (true colour), after a 38 or 48.
    private static func extendedColour(_ parameters: inout IndexingIterator<[Int]>) -> String {
        switch parameters.next() {
        case 5: return "256:\(parameters.next() ?? -1)"
        case 2:
            let rgb = [parameters.next(), parameters.next(), parameters.next()].map { $0 ?? 0 }
            return "#" + rgb.map { (value: Int) in
                let hex = String(value, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        default: return "?"
        }
    }

    /// The grid for a golden file: symbols, foregrounds, backgrounds, the colours' keys.
    public var readable: String {
        var keys: [String: String] = [:]
        var legend: [String] = []
        func key(_ colour: String?) -> String {
            guard let colour else { return ".." }
            if let key = keys[colour] { return key }
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            let key = String([letters[keys.count / 26 % 26], letters[keys.count % 26]])
            keys[colour] = key
            legend.append("\(key) \(colour)")
            return key
        }
        let columns = rows.map(\.count).max() ?? 0
        var text = ["\(columns)x\(rows.count) cells", "symbols"] + rows.map { String($0.map(\.character)) }
        text += ["foreground"] + rows.map { $0.map { key($0.foreground) }.joined() }
        text += ["background"] + rows.map { $0.map { key($0.background) }.joined() }
        text += ["colours (.. the terminal's own)"] + legend
        text += unknown.isEmpty ? [] : ["unknown escapes"] + unknown
        return text.joined(separator: "\n") + "\n"
    }
}
