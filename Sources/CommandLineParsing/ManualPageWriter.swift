/// The manual page of a program, in mdoc, from its description: the root's discussion as the
/// DESCRIPTION, then every option and command with theirs, nested as they are typed.
public struct ManualPageWriter {
    public let root: CommandDescription
    /// `2026-11-27`: the page's date, written as mdoc wants it.
    public let date: String

    public init(_ root: CommandDescription, date: String) {
        (self.root, self.date) = (root, date)
    }

    public var text: String {
        var lines = [
            ".Dd " + Self.mdocDate(date),
            ".Dt \(root.name.uppercased()) 1",
            ".Os",
            ".Sh NAME",
            ".Nm \(root.name)",
            ".Nd " + Self.quoted(root.abstract),
            ".Sh SYNOPSIS",
            ".Nm",
            ".Ar subcommand",
            ".Op Fl -version",
            ".Op Fl -help",
            ".Sh DESCRIPTION",
        ]
        lines += Self.prose(root.discussion)
        lines.append(".Bl -tag -width 6n")
        lines += Self.items(root)
        lines += [".El", ".Sh \"EXIT STATUS\"", ".Ex -std"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The items of a command's list: its arguments, options and subcommands.
    private static func items(_ command: CommandDescription) -> [String] {
        var lines: [String] = []
        for argument in command.arguments {
            lines.append(".It Ar " + argument.name + (argument.isRepeated ? "..." : ""))
            lines.append(text(HelpText.listingValues(argument.help, of: argument.completion)))
        }
        for option in command.options + HelpText.builtInOptions {
            let name = option.short.map { "Fl \($0)" + (option.hasLongName ? " , -\(option.long)" : "") } ?? "Fl -\(option.long)"
            lines.append(".It " + name + (option.valueName.map { " Ar \($0)" } ?? ""))
            lines.append(text(HelpText.listingValues(option.help, of: option.completion)))
        }
        for subcommand in command.subcommands {
            let described = subcommand.description
            lines.append(".It Em " + subcommand.name)
            lines.append(text(described.abstract))
            if !described.discussion.isEmpty {
                lines.append(".Pp")
                lines += prose(described.discussion)
            }
            lines.append(".Bl -tag -width 6n")
            lines += items(described)
            lines.append(".El")
        }
        return lines
    }

    /// Paragraphs as lines of the page, blank lines as mdoc's paragraph break.
    private static func prose(_ discussion: String) -> [String] {
        discussion.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ".Pp" : text(String($0)) }
    }

    /// A line of text that groff reads as text: a backslash escaped, and a line that would
    /// start with a dot or a quote (a request to groff) begun with a zero-width character.
    static func text(_ line: String) -> String {
        let escaped = line.replacing("\\", with: "\\e")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\\(dq") + "\""
    }

    /// `2026-11-27` as `November 27, 2026`; anything else as given.
    static func mdocDate(_ date: String) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        guard parts.count == 3, (1...12).contains(parts[1]) else { return date }
        return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
    }
}
