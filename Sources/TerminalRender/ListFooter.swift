import DisplayWidth
import NewsModels

/// The dim lines under a list: "page 2 of 7 · 1 hidden · next: <command> --page 3", on two
/// lines when that is wider than the screen; the command itself is never broken, so it can be
/// copied. Hidden stories are counted, or a short page would look like the end of the list.
public struct ListFooter: Sendable {
    /// The command as the user would type it again, with the options that change the list.
    let command: String
    let width: Int

    public init(command: String, width: Int) {
        self.command = command
        self.width = width
    }

    public func texts(page: Int, totalPages: Int?, hasNextPage: Bool, hidden: Int) -> [String]? {
        let hidden = Self.hiddenNote(hidden)
        guard let totalPages, totalPages > 1 else { return hidden.map { [$0] } }
        let position = (["page \(page) of \(totalPages)"] + (hidden.map { [$0] } ?? [])).joined(separator: " · ")
        guard hasNextPage else { return [position] }
        let next = "next: \(command) --page \(page + 1)"
        let oneLine = "\(position) · \(next)"
        return DisplayWidth.of(oneLine) <= width ? [oneLine] : [position, next]
    }

    /// "3 hidden", when any were.
    public static func hiddenNote(_ count: Int) -> String? {
        count > 0 ? "\(count) hidden" : nil
    }

    /// A footer's lines: dim, after a blank line.
    public static func lines(_ texts: [String]) -> [StyledLine] {
        [StyledLine()] + texts.map { StyledLine([Span($0, Style(dim: true))]) }
    }
}
