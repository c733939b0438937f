/// What a command takes, written once as a value: the parse, its help, its usage errors, the
/// manual page and the shells' completions are all read from it. Plain data, so nothing is
/// learnt by reflection: a command line is checked against the one description it names.
public struct CommandDescription: Sendable {
    public var name: String
    /// One line: what the command is for.
    public var abstract: String
    /// Paragraphs, each one line of text (filled to the width when shown), and indented lines
    /// (examples) kept as written.
    public var discussion: String
    public var options: [OptionDescription]
    public var arguments: [ArgumentDescription]
    public var subcommands: [Subcommand]
    /// The subcommand that runs when none is named (`sites` lists the sites).
    public var defaultSubcommand: String?

    public init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentDescription] = [],
        options: [OptionDescription] = [], subcommands: [Subcommand] = [], defaultSubcommand: String? = nil
    ) {
        (self.name, self.abstract, self.discussion, self.options) = (name, abstract, discussion, options)
        (self.arguments, self.subcommands, self.defaultSubcommand) = (arguments, subcommands, defaultSubcommand)
    }

    /// The option a word names: `--per-page` by its long name, `-v` by its short one.
    func option(long: Substring) -> OptionDescription? {
        options.first { $0.hasLongName && $0.long == long }
    }

    func option(short: Character) -> OptionDescription? {
        options.first { $0.short == short }
    }

    public func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }
}

/// A command below another, described only when it is asked for: parsing `latest` builds
/// the description of `latest` alone.
public struct Subcommand: Sendable {
    public let name: String
    private let describe: @Sendable () -> CommandDescription

    public init(_ name: String, _ describe: @escaping @Sendable @autoclosure () -> CommandDescription) {
        (self.name, self.describe) = (name, describe)
    }

    public var description: CommandDescription { describe() }
}

/// `--page <page>`, `--json`, `-v, --verbose`.
public struct OptionDescription: Sendable {
    /// The long name without its dashes (`per-page`), by which the values are read; an option
    /// with a short name only (`-n`) is read by it too, but never typed.
    public let long: String
    public let hasLongName: Bool
    public let short: Character?
    /// What the help calls its value (`<columns>`); nil for a flag, which takes none.
    public let valueName: String?
    /// Whether the next word is its value even when it starts with a dash (`--page -3` is then
    /// a page out of range, not a missing value).
    public let takesDashedValue: Bool
    /// The default the help shows, as typed.
    public let defaultValue: String?
    public let help: String
    public let completion: Completion

    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionDescription {
        OptionDescription(long: long, hasLongName: true, short: short, valueName: nil, takesDashedValue: false, defaultValue: nil,
                          help: help, completion: .none)
    }

    public static func value(
        _ long: String, short: Character? = nil, shortOnly: Bool = false, valueName: String? = nil, default defaultValue: String? = nil,
        takesDashedValue: Bool = false, completion: Completion = .none, help: String
    ) -> OptionDescription {
        OptionDescription(long: long, hasLongName: !shortOnly, short: short, valueName: valueName ?? long, takesDashedValue: takesDashedValue,
                          defaultValue: defaultValue, help: help, completion: completion)
    }

    public var isFlag: Bool { valueName == nil }

    /// How usage errors and the help name it: `--site <name-or-url>`, `-n <number>`, `--json`.
    public var label: String {
        let name = short.map { "-\($0)" } ?? "--\(long)"
        return valueName.map { "\(name) <\($0)>" } ?? name
    }
}

/// A word of the command line that is not an option: `<story>`, `[<ids> ...]`.
public struct ArgumentDescription: Sendable {
    public let name: String
    public let help: String
    public let isOptional: Bool
    /// It takes every word left (`mark read 1 2 3`).
    public let isRepeated: Bool
    public let completion: Completion

    public init(_ name: String, optional: Bool = false, repeated: Bool = false, completion: Completion = .none, help: String) {
        (self.name, self.help, self.isOptional, self.isRepeated, self.completion) = (name, help, optional || repeated, repeated, completion)
    }
}

/// What TAB offers for a value.
public enum Completion: Sendable, Equatable {
    case none
    /// Files, with one of these extensions when any are named.
    case files(extensions: [String])
    /// The words listed.
    case values([String])
    /// Words the program finds when asked (the followed sites, cached slugs): the shells'
    /// scripts ask `wpnews ---completion`, which answers by this name.
    case dynamic(String)
}
