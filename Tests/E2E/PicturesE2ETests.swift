import CommandRuns
import Foundation
import Testing

/// Pictures on a real terminal (tmux): `read` draws symbols where the pictures are, `none`
/// keeps the placeholders, and the app's reader paints them after the text.
@Suite struct PicturesE2ETests {
    static func hasBlocks(_ screen: String) -> Bool {
        screen.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
    }

    @Test func symbolsInReadAndInTheApp() async throws {
        let steps = try await TmuxSteps.run("pictures.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let symbols = try steps.screen("read-symbols")
        #expect(Self.hasBlocks(symbols), "\(symbols)")
        let pipe = try steps.screen("read-pipe")
        #expect(!Self.hasBlocks(pipe) && pipe.contains("[image:"), "auto on a pipe: placeholders\n\(pipe)")
        let none = try steps.screen("read-none")
        #expect(!Self.hasBlocks(none) && none.contains("[image:"), "\(none)")
        let reader = try steps.screen("reader-pictures")
        #expect(Self.hasBlocks(reader), "\(reader)")
    }
}
