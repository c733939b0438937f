import Testing
@testable import TerminalImages

/// chafa and gdk-pixbuf are opened on the first picture.
@Suite struct ImageLibrariesTests {
    /// This machine has them (make deps): their versions are found.
    @Test func installedLibrariesAreFoundWithTheirVersions() throws {
        let versions = try #require(ImageLibraries.versions())
        #expect(versions.gdkPixbuf.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "\(versions.gdkPixbuf)")
        #expect(versions.chafa.hasPrefix("libchafa.so.0"), "\(versions.chafa)")
    }
}
