import CChafa

/// chafa and gdk-pixbuf, opened on the first picture (`CChafa/shim.h`), not at start.
enum ImageLibraries {
    /// The loaded functions, or why they could not be loaded.
    static func api() throws(ImageError) -> wpnews_images_api {
        if let reason = wpnews_images_load() {
            throw .librariesMissing(String(cString: reason))
        }
        return wpnews_images().pointee
    }
}

/// Why a picture is not shown: its placeholder is, and the reason is at most traced.
public enum ImageError: Error, Sendable, Hashable {
    case librariesMissing(String)
    case unreadable
    /// Not one of the formats wpnews decodes (SVG, TIFF, anything unknown).
    case formatRefused(String)
    case tooLarge(width: Int, height: Int)
    case fileTooLarge(bytes: Int)
    case decodeFailed(String)
}
