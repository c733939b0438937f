import CommandLineParsing
import CommandRuns
import Foundation
import Testing
@testable import wpnews

/// While ArgumentParser still reads the command line, every command's description, which the
/// parser of wpnews's own reads, says what ArgumentParser's declarations of it say (as its
/// `--experimental-dump-help` tells them): the same names, values, defaults, help and
/// completions (but wpnews's own lists), so that moving a command over to the description loses nothing.
@Suite struct DescriptionParityTests {
    @Test func everyDescriptionSaysWhatArgumentParserKnows() async throws {
        let run = try await CommandRun.run(["--experimental-dump-help"])
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let root = try #require(dump["command"] as? [String: Any])
        compare(root, WPNews.description, path: "wpnews")
    }

    private func compare(_ dumped: [String: Any], _ description: CommandDescription, path: String) {
        #expect(dumped["commandName"] as? String == description.name, "\(path)")
        #expect(dumped["abstract"] as? String ?? "" == description.abstract, "\(path)")
        #expect(dumped["discussion"] as? String ?? "" == description.discussion, "\(path)")
        let arguments = (dumped["arguments"] as? [[String: Any]] ?? []).filter { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return !names.contains("help") && !names.contains("version")
        }
        let positionals = arguments.filter { $0["kind"] as? String == "positional" }
        let options = arguments.filter { $0["kind"] as? String != "positional" }
        #expect(positionals.count == description.arguments.count, "\(path): arguments")
        for (dumpedArgument, argument) in zip(positionals, description.arguments) {
            let at = "\(path) <\(argument.name)>"
            #expect(dumpedArgument["valueName"] as? String == argument.name, "\(at)")
            #expect(dumpedArgument["abstract"] as? String ?? "" == argument.help, "\(at)")
            #expect(dumpedArgument["isOptional"] as? Bool == argument.isOptional, "\(at)")
            #expect(dumpedArgument["isRepeating"] as? Bool == argument.isRepeated, "\(at)")
            if !argument.completion.isDynamic { #expect(kind(of: completion(dumpedArgument)) == kind(of: argument.completion), "\(at)") }
        }
        #expect(options.map(longName) == description.options.map(\.long), "\(path): options")
        for (dumpedOption, option) in zip(options, description.options) {
            let at = "\(path) --\(option.long)"
            let names = dumpedOption["names"] as? [[String: Any]] ?? []
            #expect(names.contains { $0["kind"] as? String == "long" } == option.hasLongName, "\(at)")
            #expect(names.first { $0["kind"] as? String == "short" }?["name"] as? String == option.short.map(String.init), "\(at)")
            #expect((dumpedOption["kind"] as? String == "flag") == option.isFlag, "\(at)")
            if !option.isFlag { #expect(dumpedOption["valueName"] as? String == option.valueName, "\(at)") }
            #expect(dumpedOption["abstract"] as? String ?? "" == option.help, "\(at)")
            #expect(dumpedOption["defaultValue"] as? String == option.defaultValue, "\(at)")
            #expect((dumpedOption["parsingStrategy"] as? String == "unconditional") == option.takesDashedValue, "\(at)")
            #expect(dumpedOption["isRepeating"] as? Bool == option.isRepeatable, "\(at)")
            if !option.completion.isDynamic { #expect(kind(of: completion(dumpedOption)) == kind(of: option.completion), "\(at)") }
        }
        // ArgumentParser's own `help`, which the parser answers itself.
        let subcommands = (dumped["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
        #expect(subcommands.compactMap { $0["commandName"] as? String } == description.subcommands.map(\.name), "\(path): subcommands")
        for (dumpedSubcommand, subcommand) in zip(subcommands, description.subcommands) {
            compare(dumpedSubcommand, subcommand.description, path: path + " " + subcommand.name)
        }
    }

    /// The name its values are read by: the long one, else the property's (`-n`'s `number`).
    private func longName(_ option: [String: Any]) -> String {
        let names = option["names"] as? [[String: Any]] ?? []
        return names.first { $0["kind"] as? String == "long" }?["name"] as? String ?? option["valueName"] as? String ?? "?"
    }

    /// A completion as ArgumentParser would write it. It no longer knows the lists only wpnews
    /// makes (`Completions`), which the descriptions alone ask for.
    private func kind(of completion: Completion) -> Completion {
        switch completion {
        // ArgumentParser offers files for any argument it is told nothing about.
        case .files(extensions: []): return .none
        default: return completion
        }
    }

    private func completion(_ argument: [String: Any]) -> Completion {
        guard let kind = argument["completionKind"] as? [String: Any] else { return .none }
        if let file = kind["file"] as? [String: Any] { return .files(extensions: file["extensions"] as? [String] ?? []) }
        if let list = kind["list"] as? [String: Any] { return .values(list["values"] as? [String] ?? []) }
        // Which of wpnews's lists a custom completion offers is the description's to say.
        if kind["custom"] != nil || kind["customAsync"] != nil { return .dynamic("") }
        return .none
    }
}

private extension Completion {
    var isDynamic: Bool {
        if case .dynamic = self { return true }
        return false
    }
}
