/// What TAB may offer at the end of a command line being typed, read from the descriptions:
/// a subcommand, an option, an option's value or an argument.
public enum CompletionAnswer: Sendable, Equatable {
    case words([String])
    /// Files, with one of these extensions when any are named.
    case files(extensions: [String])
    /// A list only the program can make (the followed sites ...), by its name, for this prefix.
    case dynamic(String, prefix: String)
    /// The answer for an option's value typed after its name and `=`: each candidate is
    /// offered with that lead (`--site=`) before it.
    indirect case attached(to: String, CompletionAnswer)
}

public enum CompletionFinder {
    /// `words`: those after the program's name, the last one being typed (empty after a space).
    public static func complete(_ words: [String], root: CommandDescription) -> CompletionAnswer {
        let typing = words.last ?? ""
        var before = words.dropLast()[...]
        var command = root
        while let word = before.first, let subcommand = command.subcommand(named: word) {
            command = subcommand.description
            before = before.dropFirst()
        }
        let groupNames = command.subcommands.map(\.name)
        if let name = command.defaultSubcommand, let subcommand = command.subcommand(named: name) {
            command = subcommand.description
        }
        if !groupNames.isEmpty && before.isEmpty && !typing.hasPrefix("-") {
            return .words(groupNames.filter { $0.hasPrefix(typing) })
        }
        var positionals = 0
        var afterDashes = false
        var words = before
        while let word = words.popFirst() {
            if afterDashes || !word.hasPrefix("-") || word == "-" {
                positionals += 1
            } else if word == "--" {
                afterDashes = true
            } else if let option = option(named: word, in: command), !option.isFlag, !word.contains("=") {
                guard words.popFirst() != nil else { return answer(option.completion, typing) }
            }
        }
        if typing.hasPrefix("--") && !afterDashes, let equals = typing.firstIndex(of: "=") {
            guard let option = command.option(long: typing.dropFirst(2).prefix { $0 != "=" }), !option.isFlag else { return .words([]) }
            return .attached(to: String(typing[...equals]), answer(option.completion, String(typing[typing.index(after: equals)...])))
        }
        if typing.hasPrefix("-") && !afterDashes {
            let names = (command.options + HelpText.builtInOptions).flatMap { option in
                (option.hasLongName ? ["--" + option.long] : []) + (option.short.map { ["-\($0)"] } ?? [])
            }
            return .words(names.filter { $0.hasPrefix(typing) })
        }
        let argument = positionals < command.arguments.count ? command.arguments[positionals] : command.arguments.last.flatMap { $0.isRepeated ? $0 : nil }
        return argument.map { answer($0.completion, typing) } ?? .words([])
    }

    /// `--site`, `-n`: the option a whole word names.
    private static func option(named word: String, in command: CommandDescription) -> OptionDescription? {
        if word.hasPrefix("--") { return command.option(long: word.dropFirst(2)) }
        return word.count == 2 ? command.option(short: word[word.index(after: word.startIndex)]) : nil
    }

    /// What a completion offers for the word being typed.
    private static func answer(_ completion: Completion, _ typing: String) -> CompletionAnswer {
        switch completion {
        case .none: .words([])
        case .files(let extensions): .files(extensions: extensions)
        case .values(let values): .words(values.filter { $0.hasPrefix(typing) })
        case .dynamic(let name): .dynamic(name, prefix: typing)
        }
    }
}
