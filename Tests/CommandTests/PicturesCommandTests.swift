import CommandRuns
import Foundation
import NewsCore
import TerminalImages
import Testing
import TestHTTPServer
@testable import wpnews

/// Pictures in `read`, against the seeded site: post 38 (readers-photo-contest) has a
/// featured picture and a gallery of three.
@Suite struct PicturesCommandTests {
    static let story = "38"

    static func hasBlocks(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
    }

    /// A home whose `read` waits for pictures as long as they take: the whole suite runs at
    /// once, and a picture later than the usual wait would be a placeholder. `extra`: more
    /// `[images]` settings.
    static func home(_ extra: String = "") throws -> String {
        let home = try TestSites.freshHome()
        let config = home + "/.config/wpnews"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[images]\nwait_ms = 60000\n\(extra)".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        return home
    }

    static func pictures(home: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: home + "/.cache/wpnews/images").filter { $0.hasSuffix(".img") }) ?? []
    }

    @Test func symbolsDrawThePicturesAboveTheirCaptions() async throws {
        let home = try Self.home()
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--images", "symbols", "--no-pager", "--width", "40"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.hasBlocks(run.stdout))
        #expect(run.stdout.contains("[image: Mist over a wide river"), "the alt text stays under the picture")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let caption = try #require(lines.firstIndex { $0.contains("[image: Mist over a wide river") })
        #expect(Self.hasBlocks(String(lines[caption - 1])), "the gallery's thumbnails are right above its first caption")
        let second = try #require(lines.firstIndex { $0.contains("[image: A grey heron") })
        #expect(!Self.hasBlocks(String(lines[second - 1])), "the gallery's other pictures are in its rows, not above their captions")
        // 40 columns hold two thumbnails a row, side by side with a blank column between;
        // the third is alone in a second row, in a place of the same size.
        let plain = lines[..<caption].map { Array(String($0).replacing(/\u{1B}\[[0-9;]*m/, with: "")) }
        #expect(plain[caption - 1].count == 19, "the short row: \(String(plain[caption - 1]))")
        let fullRows = plain.suffix(20).filter { $0.count == 39 && Self.hasBlocks(String($0.prefix(19))) && Self.hasBlocks(String($0.suffix(19))) }
        #expect(!fullRows.isEmpty, "a row of two places of 19 columns, each with a thumbnail")
        // The gallery's three and the classic gallery's two; the featured picture is one of
        // them, fetched once. The drawings are kept (the featured picture, the gallery's two
        // rows, the classic gallery's one), so reading the story again decodes nothing.
        #expect(Self.pictures(home: home).count == 3)
        let drawings = try FileManager.default.contentsOfDirectory(atPath: home + "/.cache/wpnews/images").filter { $0.contains(".img.") }
        #expect(drawings.count == 4, "\(drawings)")

        let report = try await CommandRun.run(["cache", "show", "--json"], environment: ["HOME": home])
        let images = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])["images"] as? [String: Any]
        #expect(images?["files"] as? Int == 3)
        #expect(images?["cap_bytes"] as? Int == 200 * 1_048_576)

        let cleared = try await CommandRun.run(["cache", "clear"], environment: ["HOME": home])
        #expect(cleared.stderr.contains("3 pictures"), "\(cleared.stderr)")
        #expect(Self.pictures(home: home).isEmpty)
    }

    /// The pictures' folder cannot be made (a file has its name): each picture keeps its
    /// placeholder, and one warning says why none is shown, where nothing said so before.
    @Test func picturesThatCannotBeKeptAreSaidOnce() async throws {
        let home = try Self.home()
        try FileManager.default.createDirectory(atPath: home + "/.cache/wpnews", withIntermediateDirectories: true)
        try "not a folder".write(toFile: home + "/.cache/wpnews/images", atomically: true, encoding: .utf8)
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--images", "symbols", "--no-pager", "--width", "40"], environment: ["HOME": home])
        #expect(run.status == 0, "a picture is a nicety: \(run.stderr)")
        #expect(!Self.hasBlocks(run.stdout) && run.stdout.contains("[image: Mist over a wide river"))
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        let warning = try #require(run.stderrLines.first)
        #expect(warning.hasPrefix("wpnews: warning: cannot keep pictures in \(home)/.cache/wpnews/images") && warning.contains("are not shown"), "\(warning)")
    }

    /// 30 columns of symbols need 240 pixels: the 300-pixel rendition of the srcset, not the 480.
    @Test func theSmallestRenditionWideEnoughIsFetched() async throws {
        let home = try Self.home()
        let site = try TestSites.site
        let run = try await CommandRun.run(["read", Self.story, "--site", site, "--images", "symbols", "--no-pager", "--width", "30"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let cache = ImageCache(directory: home + "/.cache/wpnews/images", capBytes: 1 << 30)
        #expect(cache.file(for: site + "/wp-content/uploads/ledger-river-dawn-300x169.png") != nil)
        #expect(cache.file(for: site + "/wp-content/uploads/ledger-river-dawn.png") == nil)
    }

    /// Post 9's featured picture is not in its text, so no `srcset` names its sizes: the
    /// media lookup does. 30 columns need 240 pixels: the 300-pixel copy, not the 480.
    @Test func theFeaturedPictureComesInTheSmallestSizeWideEnough() async throws {
        let home = try Self.home()
        let site = try TestSites.site
        // A 256-colour terminal: in 16 colours the bridge's rust and grey stripes are cells of
        // one colour each, spaces, which a pipe shows without their colour.
        let run = try await CommandRun.run(["read", "9", "--site", site, "--images", "symbols", "--no-pager", "--width", "30"],
                                           environment: ["HOME": home, "TERM": "xterm-256color"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.hasBlocks(run.stdout))
        let cache = ImageCache(directory: home + "/.cache/wpnews/images", capBytes: 1 << 30)
        #expect(cache.file(for: site + "/wp-content/uploads/ledger-front-street-bridge-300x169.png") != nil)
        #expect(cache.file(for: site + "/wp-content/uploads/ledger-front-street-bridge.png") == nil)
    }

    @Test(arguments: [["--images", "none"], []])
    func placeholdersWithNoneAndOnAPipe(options: [String]) async throws {
        let home = try TestSites.freshHome()
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--no-pager"] + options, environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasBlocks(run.stdout))
        #expect(run.stdout.contains("[image: Mist over a wide river"))
        #expect(Self.pictures(home: home).isEmpty, "nothing fetched for placeholders")
    }

    @Test func autoNamesTheGraphicsTheEnvironmentShows() {
        #expect(ImageMode.detected(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(ImageMode.detected(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"]) == .kitty)
        #expect(ImageMode.detected(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(ImageMode.detected(environment: ["TERM": "foot"]) == .sixel)
        #expect(ImageMode.detected(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .symbols)
    }

    /// Symbols are drawn in the colours the terminal says it has.
    @Test func symbolsUseTheColorsTheTerminalOffers() {
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm-direct"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm-256color"]) == .indexed256)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "tmux-256color"]) == .indexed256)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "linux"]) == .indexed16)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm"]) == .indexed16)
    }

    @Test func jsonNeverFetchesPictures() async throws {
        let home = try TestSites.freshHome()
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--images", "symbols", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.pictures(home: home).isEmpty)
    }

    /// A cap smaller than one picture keeps only the last one fetched.
    @Test func theCapIsEnforced() async throws {
        let home = try Self.home("cache_mb = 0\n")
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--images", "symbols", "--no-pager"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.pictures(home: home).count <= 1)
    }

    /// `[images] remote = false` and a site whose pictures are all its own: nothing changes.
    @Test func picturesOfTheSiteItselfAreAlwaysAllowed() async throws {
        let home = try Self.home("remote = false\n")
        let run = try await CommandRun.run(["read", Self.story, "--site", try TestSites.site, "--images", "symbols", "--no-pager"], environment: ["HOME": home])
        #expect(Self.hasBlocks(run.stdout))
    }
}

/// Pictures that must not hurt: each stays its placeholder, and `read` succeeds.
@Suite struct HostilePicturesCommandTests {
    static let images = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../TerminalImagesTests/Images").standardized

    static func post(content: String) -> String {
        let html = content.replacing("\"", with: "\\\"")
        return """
            {"id": 5, "date_gmt": "2026-11-22T09:48:01", "modified_gmt": "2026-11-22T09:48:01", "slug": "pictures",
             "link": "http://wordpress.test/pictures/", "title": {"rendered": "Pictures"}, "excerpt": {"rendered": ""},
             "content": {"rendered": "\(html)", "protected": false}, "author": 0, "featured_media": 0, "sticky": false,
             "categories": [], "tags": []}
            """
    }

    @Test func brokenBombsScriptsAndGiantsArePlaceholders() async throws {
        let names = ["missing.png", "bomb.png", "truncated.jpg", "script.svg", "giant.jpg"]
        let content = names.map { "<figure><img src=\"/uploads/\($0)\" alt=\"\($0)\"></figure>" }.joined()
        let giant = Array(repeating: UInt8(0xFF), count: 40 << 20)
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/wp-json/wp/v2/posts/5": return .json(Self.post(content: content))
            case "/uploads/giant.jpg": return TestResponse(headers: [("Content-Type", "image/jpeg")], body: giant)
            case let path where path.hasPrefix("/uploads/"):
                let file = Self.images.appending(path: String(path.dropFirst("/uploads/".count)))
                guard let bytes = try? Data(contentsOf: file) else { return .status(404) }
                return TestResponse(headers: [("Content-Type", "application/octet-stream")], body: Array(bytes))
            default: return .status(404)
            }
        }
        defer { server.stop() }
        let run = try await CommandRun.run(["read", "5", "--site", server.baseURL, "--images", "symbols", "--no-pager"], environment: ["HOME": try PicturesCommandTests.home()])
        #expect(run.status == 0, "\(run.stderr)")
        for name in names {
            #expect(run.stdout.contains("[image: \(name)]"), "\(name)")
        }
        let drawn = run.stdout.split(separator: "\n").filter { PicturesCommandTests.hasBlocks(String($0)) }
        // Only the truncated JPEG may be drawn (gdk-pixbuf shows what it could read).
        #expect(drawn.count <= 12, "\(drawn.count) rows of pictures")
    }
}
