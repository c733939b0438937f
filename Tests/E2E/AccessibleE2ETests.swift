import CommandRuns
import Foundation
import Testing

/// `wpnews browse --accessible` on a real terminal (tmux), against the seeded WordPress:
/// the cursor shows, and follows the selection.
@Suite struct AccessibleE2ETests {
    /// The terminal's cursor (column, row, shown) after each step, as tmux has it.
    static func cursor(_ steps: TmuxSteps, _ name: String) throws -> [Int] {
        try steps.file("\(name).cursor").split(separator: "\n").first.map { $0.split(separator: ",").compactMap { Int($0) } } ?? []
    }

    @Test func theCursorShowsAndFollowsJAndK() async throws {
        let steps = try await TmuxSteps.run("browse-accessible.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        #expect(try Self.cursor(steps, "list") == [0, 1, 1], "shown, on the first story")
        #expect(try Self.cursor(steps, "down1") == [0, 2, 1], "j: the second")
        #expect(try Self.cursor(steps, "down2") == [0, 3, 1], "j: the third")
        #expect(try Self.cursor(steps, "up1") == [0, 2, 1], "k: the second again")
        #expect(try Self.cursor(steps, "back") == [0, 2, 1], "back from the reader, on the story read")

        // The reader: on its first line of text, where the text starts (80 columns set in by 10).
        let reader = try steps.screen("reader").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let place = try Self.cursor(steps, "reader")
        #expect(place.count == 3 && place[0] == 10 && place[2] == 1, "\(place)")
        if place.count == 3, reader.indices.contains(place[1]) {
            let line = reader[place[1]]
            #expect(line.prefix(10).allSatisfy { $0 == " " } && line.dropFirst(10).first.map { $0 != " " } == true, "\(line)")
            #expect(reader[1..<place[1]].allSatisfy { $0.allSatisfy { $0 == " " } }, "no line of text above it: \(reader)")
        }

        let list = try steps.screen("list").split(separator: "\n").map(String.init)
        #expect(list[1].hasPrefix("Unread") || list[1].hasPrefix("Read"), "a story a sentence: \(list)")
        for name in ["list", "reader", "back"] {
            let drawn = try steps.screen(name).unicodeScalars.filter { (0x2500...0x259F).contains($0.value) }
            #expect(drawn.isEmpty, "\(name): no box-drawing or block characters")
        }
        #expect(try steps.file("status") == "0\n")
    }
}
