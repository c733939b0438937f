import CommandLineParsing
import Foundation
import NewsCore
import TerminalRender

/// `--before` and `--after`: a list kept to the stories published within dates, each date
/// read by `DateInput` in local time.
struct DateWindowOptions {
    static let forms = "2024, 2024-03, 2024-03-15, 3d or 2w (ago), today, yesterday, 'last week'"
    static let descriptions: [OptionDescription] = [
        .value("before", valueName: "date", help: "Only stories published on or before this date: \(forms)."),
        .value("after", valueName: "date", help: "Only stories published on or after this date, in the same forms."),
    ]

    let before: String?
    let after: String?

    init(_ arguments: ParsedArguments) throws {
        (before, after) = (arguments.value("before"), arguments.value("after"))
        _ = try window(dates: RelativeDate.local(now: Date()))
    }

    /// Neither option given.
    var isOpen: Bool { before == nil && after == nil }

    /// The window the options name, as of `dates`' time: before the end of `--before`'s
    /// day (month, year ...), from the start of `--after`'s.
    func window(dates: RelativeDate) throws -> DateWindow {
        func span(_ text: String?, option: String) throws -> DateSpan? {
            guard let text else { return nil }
            do {
                return try DateInput.span(of: text, now: dates.now, utcOffset: dates.utcOffset)
            } catch {
                throw UsageError("\(option): \(error.description)")
            }
        }
        let window = DateWindow(before: try span(before, option: "--before")?.end, after: try span(after, option: "--after")?.start)
        if let end = window.before, let start = window.after, start >= end {
            throw UsageError("--after \(after ?? "") is not earlier than --before \(before ?? ""): no story can be published between them")
        }
        return window
    }

    /// The options as the user would type them again.
    var repeatedWords: [String] {
        (before.map { ["--before", StoryListPrinter.shellQuoted($0)] } ?? []) + (after.map { ["--after", StoryListPrinter.shellQuoted($0)] } ?? [])
    }
}
