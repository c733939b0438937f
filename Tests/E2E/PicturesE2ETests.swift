import CommandRuns
import Foundation
import Testing

/// Pictures on a real terminal (tmux): `read` draws symbols where the pictures are, `none`
/// keeps the placeholders, and the app's reader paints them after the text, as symbols or
/// as kitty graphics placed over its frames.
@Suite struct PicturesE2ETests {
    static func hasBlocks(_ screen: String) -> Bool {
        screen.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
    }

    @Test func picturesInReadAndInTheApp() async throws {
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
        try kittyGraphicsInTheApp(steps)
        try autoAsksTheTerminalAfterTheFirstFrame(steps)
    }

    /// What the app wrote with `--images kitty`: graphics after the text of their frame,
    /// removed before they are placed again, and the screen's text free of them.
    func kittyGraphicsInTheApp(_ steps: TmuxSteps) throws {
        let bytes = try String(decoding: Data(contentsOf: URL(filePath: steps.out + "/kitty.bytes")), as: UTF8.self)
        let reader = try #require(bytes.range(of: " min read"), "the reader's text")
        let firstPicture = try #require(bytes.range(of: "\u{1B}_Ga=T"), "a picture sent")
        #expect(reader.upperBound < firstPicture.lowerBound, "the text first, the picture after it")
        let removal = try #require(bytes.range(of: "\u{1B}_Ga=d,d=A\u{1B}\\"), "removed when it scrolled")
        #expect(bytes[removal.upperBound...].contains("\u{1B}_Ga=T"), "and placed again")
        for name in ["kitty-placed", "kitty-scrolled", "kitty-end"] {
            let screen = try steps.screen(name)
            #expect(!screen.contains("a=T") && !screen.contains("f=32") && !Self.hasBlocks(screen), "no graphics as text, no symbols: \(screen)")
        }
    }

    /// `auto` in tmux: the query goes after the first frame, and its answer leaves symbols.
    func autoAsksTheTerminalAfterTheFirstFrame(_ steps: TmuxSteps) throws {
        let bytes = try String(decoding: Data(contentsOf: URL(filePath: steps.out + "/auto.bytes")), as: UTF8.self)
        let frame = try #require(bytes.range(of: "Featured"), "the first frame")
        let query = try #require(bytes.range(of: "\u{1B}[16t\u{1B}[c"), "the query")
        #expect(frame.upperBound < query.lowerBound)
        #expect(bytes.ranges(of: "\u{1B}[c").count == 1, "asked once")
        #expect(Self.hasBlocks(try steps.screen("auto-pictures")))
        #expect(!bytes.contains("\u{1B}_Ga=T"), "no kitty graphics where none were found")
    }
}
