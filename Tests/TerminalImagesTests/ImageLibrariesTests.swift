import Testing
@testable import TerminalImages

/// chafa and gdk-pixbuf are opened on the first picture; when they are not installed, the one
/// line says which Debian packages to install, each once.
@Suite struct ImageLibrariesTests {
    @Test func eachLibraryTheShimOpensHasItsPackage() {
        for soname in ["libglib-2.0.so.0", "libgobject-2.0.so.0", "libgdk_pixbuf-2.0.so.0", "libchafa.so.0"] {
            #expect(ImageLibraries.packages[soname] != nil, "\(soname)")
        }
    }

    @Test func aMissingLibraryNamesThePackageToInstall() {
        let line = ImageError.librariesMissing(sonames: ["libchafa.so.0"]).description
        #expect(line.contains("libchafa.so.0 is missing"), "\(line)")
        #expect(line.contains("`apt install libchafa0`"), "\(line)")
        #expect(line.contains("--images none"), "\(line)")
    }

    @Test func librariesOfOnePackageNameItOnce() {
        let line = ImageError.librariesMissing(sonames: ["libglib-2.0.so.0", "libgobject-2.0.so.0", "libgdk_pixbuf-2.0.so.0", "libchafa.so.0"]).description
        #expect(line.contains("`apt install libglib2.0-0 libgdk-pixbuf-2.0-0 libchafa0`"), "\(line)")
    }

    /// This machine has them (make deps): nothing to say, and their versions are found.
    @Test func installedLibrariesAreFoundWithTheirVersions() throws {
        #expect(ImageLibraries.problem() == nil)
        let versions = try #require(ImageLibraries.versions())
        #expect(versions.gdkPixbuf.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "\(versions.gdkPixbuf)")
        #expect(versions.chafa.hasPrefix("libchafa.so.0"), "\(versions.chafa)")
    }
}
