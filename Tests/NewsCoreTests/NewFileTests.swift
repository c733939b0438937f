import Foundation
import Glibc
import NewsCore
import Testing

/// The user's files (sites.toml, the credentials, an export) written whole through `NewFile`.
struct NewFileTests {
    private static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("newfile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// A run killed between writing and renaming leaves its temporary file; a later run
    /// with the same process id (a container's wpnews is often pid 1) must still save.
    @Test func aTemporaryFileLeftByAnEarlierRunIsNoObstacle() throws {
        let directory = try Self.directory()
        let path = directory + "/sites.toml"
        try "left".write(toFile: path + ".wpnews-\(getpid())", atomically: false, encoding: .utf8)
        try NewFile.write(Array("default = \"club\"\n".utf8), to: path, replacing: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "default = \"club\"\n")
    }

    /// Dotfile managers keep sites.toml elsewhere and link it in: the file linked to is
    /// written, the link stays a link, and the file keeps the mode its owner gave it.
    @Test func aLinkedFileIsWrittenWhereItLivesAndKeepsItsMode() throws {
        let directory = try Self.directory()
        let kept = directory + "/dotfiles-sites.toml"
        try "default = \"campus\"\n".write(toFile: kept, atomically: false, encoding: .utf8)
        chmod(kept, 0o600)
        let path = directory + "/sites.toml"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kept)
        try NewFile.write(Array("default = \"club\"\n".utf8), to: path, replacing: true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == kept, "still a link")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "default = \"club\"\n")
        #expect(Self.mode(kept) == 0o600)
    }

    /// A link whose file is not there yet (a dotfiles folder checked out, its sites.toml not
    /// written) gets the file made where it points, and stays a link.
    @Test func aLinkToNoFileYetGetsItsFileMade() throws {
        let directory = try Self.directory()
        try FileManager.default.createDirectory(atPath: directory + "/dotfiles", withIntermediateDirectories: true)
        let path = directory + "/sites.toml"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "dotfiles/sites.toml")
        try NewFile.write(Array("default = \"club\"\n".utf8), to: path, replacing: true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "dotfiles/sites.toml", "still a link")
        #expect(try String(contentsOfFile: directory + "/dotfiles/sites.toml", encoding: .utf8) == "default = \"club\"\n")
    }

    @Test func aNewFileTakesTheModeAskedFor() throws {
        let directory = try Self.directory()
        try NewFile.write(Array("secret".utf8), to: directory + "/credentials", replacing: true, mode: 0o600)
        #expect(Self.mode(directory + "/credentials") == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names == ["credentials"], "no temporary file left: \(names)")
    }

    @Test func withoutReplacingAFileThereIsLeftAlone() throws {
        let directory = try Self.directory()
        let path = directory + "/saved.html"
        try "mine".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: NewFileError.exists(path)) { try NewFile.write(Array("export".utf8), to: path, replacing: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["saved.html"])
    }
}
