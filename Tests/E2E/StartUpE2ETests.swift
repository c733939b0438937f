import CommandRuns
import Foundation
import Testing

/// What the release binary asks of the dynamic loader at every start (issue 26): the
/// libraries wpnews opens itself are not among those it needs, and it exports no symbols
/// (the runtime's start-up `dladdr()` walked all 11,000 the toolchain exports by default).
struct StartUpE2ETests {
    static func objdump(_ arguments: [String]) async throws -> String {
        let run = try await WPNewsRun.run(arguments + [WPNewsRun.binary], executable: "/usr/bin/objdump")
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func theLibrariesItOpensItselfAreNotAmongThoseItNeeds() async throws {
        let headers = try await Self.objdump(["-p"])
        let needed: [String] = headers.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "NEEDED" ? words.last.map(String.init) : nil
        }
        #expect(needed.contains("libc.so.6"), "\(needed)")
        let listed = try String(contentsOf: TestSites.packageRoot.appendingPathComponent("packaging/opened-libraries"), encoding: .utf8)
        let opened: [String] = listed.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let what = line.split(separator: " ").last, what.contains(".so.") else { return nil }
            return String(what)
        }
        #expect(opened.contains("libxml2.so.2") && opened.contains("libcurl.so.4"), "\(opened)")
        #expect(Set(needed).isDisjoint(with: opened), "needed: \(needed)")
    }

    @Test func itExportsNoSymbols() async throws {
        let table = try await Self.objdump(["-T"])
        let defined = table.split(separator: "\n").filter { line in
            (line.contains(" DF ") || line.contains(" DO ")) && !line.contains("*UND*")
        }
        #expect(defined.isEmpty, "\(defined.prefix(10))")
        #expect(table.contains("*UND*"), "the table was read: it names what the binary imports")
    }
}
