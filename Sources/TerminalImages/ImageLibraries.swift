import CChafa
import NewsModels

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

extension ImageError: ExplainedError {
    public var description: String {
        switch self {
        case .librariesMissing(let reason):
            "pictures need chafa and gdk-pixbuf (\(reason)): install libchafa0 and libgdk-pixbuf-2.0-0, or pass --images none"
        case .unreadable: "a picture file could not be read: `wpnews cache clear` empties the picture cache"
        case .formatRefused(let format): "a picture in \(format) is not shown: only PNG, JPEG, GIF and WebP are"
        case .tooLarge(let width, let height): "a picture of \(width)x\(height) pixels is too large to decode: open the story in a browser"
        case .fileTooLarge(let bytes): "a picture file of \(bytes) bytes is too large to decode: open the story in a browser"
        case .decodeFailed(let reason): "a picture could not be decoded (\(reason)): open the story in a browser"
        }
    }
}
