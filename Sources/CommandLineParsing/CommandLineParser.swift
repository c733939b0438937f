/// A mistake in the command line: one line saying what is wrong (ArgumentParser's words, which
/// scripts and tests have read for years), and the command whose help explains it.
public struct UsageError: Error, Sendable, Equatable {
    public let message: String
    /// The names from the root to the command it was for: `["wpnews", "sites", "add"]`; empty
    /// when the command that checked it leaves that to whoever runs it.
    public internal(set) var commandPath: [String]

    public init(_ message: String) {
        (self.message, commandPath) = (message, [])
    }

    init(_ message: String, path: [String]) {
        (self.message, commandPath) = (message, path)
    }
}

/// What a command line asks for.
public enum ParseOutcome: Sendable {
    /// Run this command with these values.
    case run(ParsedArguments)
    /// Print the help of the command at the end of the path (`--help`, `-h`, `help X Y`, or a
    /// group named with nothing to run).
    case help(CommandDescription, path: [String])
    /// Print the version (`latest --version`).
    case version
}

/// Reads the words after the program's name against the descriptions: the subcommands they
/// name, then that command's options and arguments. Only the commands named are described.
public enum CommandLineParser {
    public static func parse(_ words: [String], root: CommandDescription) throws(UsageError) -> ParseOutcome {
        if words.first == "help", !root.subcommands.isEmpty { return try helpTopic(Array(words.dropFirst()), root: root) }
        var command = root
        var path = [root.name]
        var rest = words[...]
        while let word = rest.first, let subcommand = command.subcommand(named: word) {
            command = subcommand.description
            path.append(word)
            rest = rest.dropFirst()
        }
        let requests = requests(in: rest, command)
        if requests.contains(where: { asksForHelp($0, command) }) { return .help(command, path: path) }
        if requests.contains("--version") { return .version }
        if !command.subcommands.isEmpty {
            guard let name = command.defaultSubcommand, let subcommand = command.subcommand(named: name) else {
                guard let first = rest.first else { return .help(command, path: path) }
                if first.hasPrefix("-"), first != "-" {
                    let name = first.prefix { $0 != "=" }
                    let usage = (path + ["COMMAND", String(name)]).joined(separator: " ")
                    throw UsageError("Unknown option '\(name)': options go after the command (\(usage))", path: path)
                }
                throw unexpected(Array(rest), path: path)
            }
            // The default runs under the group's name: its mistakes point to the group's help.
            return .run(try ParsedArguments(rest, command: subcommand.description, path: path + [name], helpPath: path))
        }
        return .run(try ParsedArguments(rest, command: command, path: path, helpPath: path))
    }

    /// The words that may ask for help or the version: those before `--`, less the values of
    /// options that take one even when it starts with a dash (`--interval -1h` is an interval).
    private static func requests(in words: ArraySlice<String>, _ command: CommandDescription) -> [String] {
        let reader = optionsReader(command)
        var requests: [String] = []
        var isValue = false
        for word in words.prefix(while: { $0 != "--" }) {
            defer { isValue = !isValue && takesNextWordAsValue(word, reader) }
            if !isValue { requests.append(word) }
        }
        return requests
    }

    /// Whether `word` is an option whose value is the next word, dash or not: `--interval`,
    /// `-n`, or short flags ending in such an option (`-vn`).
    private static func takesNextWordAsValue(_ word: String, _ reader: CommandDescription) -> Bool {
        if word.hasPrefix("--") { return !word.contains("=") && reader.option(long: word.dropFirst(2))?.takesDashedValue == true }
        guard word.hasPrefix("-") else { return false }
        for (offset, letter) in word.dropFirst().enumerated() {
            guard let option = reader.option(short: letter), !option.isFlag else { continue }
            // Letters after it are its value (`-n3`); none, and the next word is.
            return offset == word.count - 2 && option.takesDashedValue
        }
        return false
    }

    /// The command whose options a group's words are read against: its default's.
    private static func optionsReader(_ command: CommandDescription) -> CommandDescription {
        command.defaultSubcommand.flatMap { command.subcommand(named: $0)?.description } ?? command
    }

    /// `--help`, `-h`, or `-h` among short letters (`-vh`, `-xh`), as ArgumentParser read
    /// them; not the value of a short option (`-nh`). A group's letters are its default's.
    private static func asksForHelp(_ word: String, _ command: CommandDescription) -> Bool {
        guard word.hasPrefix("-"), !word.hasPrefix("--") else { return word == "--help" }
        let reader = optionsReader(command)
        for letter in word.dropFirst() {
            if letter == "h" { return true }
            if let option = reader.option(short: letter), !option.isFlag { return false }
        }
        return false
    }

    /// `help sites add`: the command the words name, each of them a command (`--help` aside).
    /// A mistake points to the help of the command named so far.
    private static func helpTopic(_ words: [String], root: CommandDescription) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        for word in words where word != "--help" && word != "-h" {
            if word.hasPrefix("-") { throw UsageError("Unknown option '\(word.prefix { $0 != "=" })'", path: path) }
            if word == "help" && command.name == root.name && path.count == 1 { return .help(helpCommand(root: root), path: path + ["help"]) }
            guard let subcommand = command.subcommand(named: word) else { throw UsageError("no command '\(word)'", path: path) }
            command = subcommand.description
            path.append(word)
        }
        return .help(command, path: path)
    }

    /// `help` itself, as `help help` shows it.
    static func helpCommand(root: CommandDescription) -> CommandDescription {
        CommandDescription(
            name: "help", abstract: "Show the help of a command.",
            discussion: "`\(root.name) help COMMAND` prints what `\(root.name) COMMAND --help` prints.",
            arguments: [ArgumentDescription("subcommands", repeated: true, help: "The command, and its subcommand if it has them.")]
        )
    }

    static func unexpected(_ words: [String], path: [String]) -> UsageError {
        let quoted = words.map { "'\($0)'" }
        return UsageError(words.count == 1 ? "Unexpected argument \(quoted[0])" : "\(words.count) unexpected arguments: \(quoted.joined(separator: ", "))",
                          path: path)
    }
}

/// The values a command line gave one command, by the names its description uses.
public struct ParsedArguments: Sendable {
    public let command: CommandDescription
    /// The names from the root to the command: `["wpnews", "sites", "add"]`.
    public let path: [String]
    /// Where a mistake's reader finds help: the path as typed (`sites` for `sites`' default).
    public let helpPath: [String]
    /// Each option given, by its long name, with its values in order (a flag's are empty).
    private var given: [String: [String]] = [:]
    private var positional: [String: [String]] = [:]

    init(_ words: ArraySlice<String>, command: CommandDescription, path: [String], helpPath: [String]) throws(UsageError) {
        (self.command, self.path, self.helpPath) = (command, path, helpPath)
        var words = words
        var loose: [String] = []
        while let word = words.popFirst() {
            if word == "--" {
                loose += words
                break
            }
            if word.hasPrefix("--") {
                try readLong(word.dropFirst(2), rest: &words)
            } else if word.hasPrefix("-"), word.count > 1 {
                try readShort(word.dropFirst(), rest: &words)
            } else {
                loose.append(word)
            }
        }
        try assign(loose)
    }

    /// `--name`, `--name value`, `--name=value`.
    private mutating func readLong(_ word: Substring, rest: inout ArraySlice<String>) throws(UsageError) {
        let (name, attached) = word.firstIndex(of: "=").map { (word[..<$0], Optional(String(word[word.index(after: $0)...]))) } ?? (word, nil)
        guard let option = command.option(long: name) else {
            let suggestion = Self.closest(to: String(name), among: command.options.filter(\.hasLongName).map(\.long) + ["version", "help"]).map { ". Did you mean '--\($0)'?" } ?? ""
            throw error("Unknown option '--\(name)'" + suggestion)
        }
        if option.isFlag {
            if let attached { throw error("The option '--\(name)' takes no value, not '\(attached)'") }
            given[option.long, default: []] += []
            return
        }
        let value = if let attached { attached } else { try nextValue(for: option, rest: &rest) }
        given[option.long, default: []].append(value)
    }

    /// `-v`, `-n 3`, `-n3`, `-n=3`, and flags together: `-vh`.
    private mutating func readShort(_ letters: Substring, rest: inout ArraySlice<String>) throws(UsageError) {
        for (offset, letter) in letters.enumerated() {
            guard let option = command.option(short: letter) else { throw error("Unknown option '-\(letter)'") }
            if option.isFlag {
                given[option.long, default: []] += []
                continue
            }
            let following = letters.dropFirst(offset + 1)
            // After an =, what follows it is the value, nothing included, as for `--name=`.
            let value = following.first == "=" ? String(following.dropFirst())
                : following.isEmpty ? try nextValue(for: option, rest: &rest) : String(following)
            given[option.long, default: []].append(value)
            return
        }
    }

    /// The word after an option is its value, unless it is missing or looks like another
    /// option (for an option whose values never start with a dash).
    private func nextValue(for option: OptionDescription, rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let next = rest.first, option.takesDashedValue || !next.hasPrefix("-") || next == "-" else {
            throw error("Missing value for '\(option.label)'")
        }
        rest = rest.dropFirst()
        return next
    }

    /// The words that are not options, to the arguments in order; a repeated one takes the rest.
    private mutating func assign(_ words: [String]) throws(UsageError) {
        var words = words[...]
        for argument in command.arguments {
            if argument.isRepeated {
                positional[argument.name] = Array(words)
                words = []
            } else if let word = words.popFirst() {
                positional[argument.name] = [word]
            } else if !argument.isOptional {
                throw error("Missing expected argument '<\(argument.name)>'")
            }
        }
        if !words.isEmpty { throw CommandLineParser.unexpected(Array(words), path: helpPath) }
    }

    public func error(_ message: String) -> UsageError {
        UsageError(message, path: helpPath)
    }

    // MARK: The values, by name

    /// Whether a flag (or an option) was given.
    public func flag(_ long: String) -> Bool {
        given[long] != nil
    }

    /// An option's value; the last one when it was given more than once.
    public func value(_ long: String) -> String? {
        given[long]?.last
    }

    /// Every value of an option given more than once (`--group a --group b`), in order.
    public func values(_ long: String) -> [String] {
        given[long] ?? []
    }

    public func argument(_ name: String) -> String? {
        positional[name]?.first
    }

    public func arguments(_ name: String) -> [String] {
        positional[name] ?? []
    }

    /// An option's value read by `read` (an integer, a number ...); a word it cannot read is a
    /// usage error naming the option.
    public func value<Value>(_ long: String, as read: (String) -> Value?) throws(UsageError) -> Value? {
        guard let text = value(long) else { return nil }
        guard let value = read(text) else { throw invalid(text, for: label(ofOption: long)) }
        return value
    }

    /// An option's value read by `read`, else the default its description gives (and the help
    /// shows), read the same way: a default is written once.
    public func valueOrDefault<Value>(_ long: String, as read: (String) -> Value?) throws(UsageError) -> Value {
        guard value(long) == nil else { return try value(long, as: read)! }
        guard let text = command.options.first(where: { $0.long == long })?.defaultValue, let value = read(text) else {
            preconditionFailure("--\(long) has no default that its reader reads")
        }
        return value
    }

    /// An option whose value is one of a few words (`--images none`).
    public func value<Value: RawRepresentable<String> & CaseIterable>(_ long: String, as type: Value.Type) throws(UsageError) -> Value? {
        try value(long).map { text throws(UsageError) in try Self.choice(text, Value.self, label: label(ofOption: long), error: error) }
    }

    /// An argument the parser has made sure of (it is neither optional nor repeated).
    public func argument(required name: String) throws(UsageError) -> String {
        guard let text = argument(name) else { throw error("Missing expected argument '<\(name)>'") }
        return text
    }

    /// An argument the parser has made sure of, read by `read` (an integer ...).
    public func argument<Value>(required name: String, as read: (String) -> Value?) throws(UsageError) -> Value {
        let text = try argument(required: name)
        guard let value = read(text) else { throw invalid(text, for: "<\(name)>") }
        return value
    }

    /// An argument whose value is one of a few words (`mark read`).
    public func argument<Value: RawRepresentable<String> & CaseIterable>(required name: String, as type: Value.Type) throws(UsageError) -> Value {
        try Self.choice(argument(required: name), Value.self, label: "<\(name)>", error: error)
    }

    /// Each word of a repeated argument read by `read`.
    public func arguments<Value>(_ name: String, as read: (String) -> Value?) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for text in arguments(name) {
            guard let value = read(text) else { throw invalid(text, for: "<\(name)>") }
            values.append(value)
        }
        return values
    }

    private static func choice<Value: RawRepresentable<String> & CaseIterable>(
        _ text: String, _ type: Value.Type, label: String, error: (String) -> UsageError
    ) throws(UsageError) -> Value {
        guard let value = Value(rawValue: text) else {
            let words = Value.allCases.map(\.rawValue)
            throw error("The value '\(text)' is invalid for '\(label)'. Please provide one of the following: " + words.joined(separator: ", "))
        }
        return value
    }

    private func invalid(_ text: String, for label: String) -> UsageError {
        error("The value '\(text)' is invalid for '\(label)'")
    }

    private func label(ofOption long: String) -> String {
        command.options.first { $0.long == long }?.label ?? "--\(long)"
    }

    /// The name most like a mistyped one, if any is close: fewer than 4 edits apart (where
    /// ArgumentParser drew the line), or one begun.
    static func closest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: editDistance(Array(typed), Array($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance < 4 || (!typed.isEmpty && best.name.hasPrefix(typed)) ? best.name : nil
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
