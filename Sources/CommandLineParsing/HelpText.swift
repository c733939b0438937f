/// A command's help as `--help` prints it: what it is for, its discussion, how it is typed,
/// its arguments, options and subcommands. Prose is filled to the width (leaving the last
/// column free, as terminals wrap a line that fills it); indented lines stay as written.
public struct HelpText {
    public let command: CommandDescription
    /// The names from the root: `["wpnews", "sites", "add"]`.
    public let path: [String]
    public let columns: Int

    /// The options every command answers itself.
    public static let builtInOptions: [OptionDescription] = [
        .flag("version", help: "Show the version."),
        .flag("help", short: "h", help: "Show help information."),
    ]

    static let labelWidth = 22

    public init(_ command: CommandDescription, path: [String], columns: Int = 80) {
        (self.command, self.path, self.columns) = (command, path, max(columns, 40))
    }

    public var text: String {
        var sections = [fill("OVERVIEW: " + command.abstract)]
        if !command.discussion.isEmpty { sections.append(discussion) }
        sections.append(fill("USAGE: " + usage))
        if !command.arguments.isEmpty {
            sections.append((["ARGUMENTS:"] + command.arguments.flatMap { row("<\($0.name)>", Self.listingValues($0.help, of: $0.completion)) }).joined(separator: "\n"))
        }
        let options = command.options + Self.builtInOptions
        sections.append((["OPTIONS:"] + options.flatMap { row(Self.label(of: $0), help(of: $0)) }).joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.flatMap { subcommand in
                row(subcommand.name + (subcommand.name == command.defaultSubcommand ? " (default)" : ""), subcommand.description.abstract)
            }
            sections.append((["SUBCOMMANDS:"] + rows).joined(separator: "\n"))
            sections.append("  See '\(path[0]) help \((path.dropFirst() + ["<subcommand>"]).joined(separator: " "))' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `wpnews read [<story>] [<options>]`, `wpnews sites <subcommand>`.
    public var usage: String {
        var words = path
        if !command.subcommands.isEmpty {
            words.append(command.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]")
        } else {
            words += command.arguments.map { argument in
                let word = "<\(argument.name)>" + (argument.isRepeated ? " ..." : "")
                return argument.isOptional ? "[\(word)]" : word
            }
            if !command.options.isEmpty { words.append("[<options>]") }
        }
        return words.joined(separator: " ")
    }

    /// `-v, --verbose`, `--page <page>`, `-n <number>`.
    static func label(of option: OptionDescription) -> String {
        let names = option.short.map { "-\($0)" + (option.hasLongName ? ", --\(option.long)" : "") } ?? "--\(option.long)"
        return option.valueName.map { "\(names) <\($0)>" } ?? names
    }

    private func help(of option: OptionDescription) -> String {
        Self.listingValues(option.defaultValue.map { option.help + " (default: \($0))" } ?? option.help, of: option.completion)
    }

    /// A help followed by the words it may be, for a value from a fixed set: the words the
    /// description offers to TAB, which are its type's cases.
    static func listingValues(_ help: String, of completion: Completion) -> String {
        guard case .values(let words) = completion else { return help }
        return help + " (values: \(words.joined(separator: ", ")))"
    }

    /// A label in its column and its help beside it, filled to the width; a label too long
    /// for the column has the help on the lines below.
    private func row(_ label: String, _ help: String) -> [String] {
        let indent = String(repeating: " ", count: Self.labelWidth + 4)
        let lines = Self.fill(help, width: columns - 1 - indent.count)
        let first = "  " + label
        guard first.count < indent.count - 1 else { return [first] + lines.map { indent + $0 } }
        return [first.padding(to: indent.count) + (lines.first ?? "")] + lines.dropFirst().map { indent + $0 }
    }

    private var discussion: String {
        command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first == " " || line.isEmpty ? String(line) : fill(String(line))
        }.joined(separator: "\n")
    }

    private func fill(_ text: String) -> String {
        Self.fill(text, width: columns - 1).joined(separator: "\n")
    }

    /// Words in lines of at most `width` characters; a longer word has a line of its own.
    static func fill(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
