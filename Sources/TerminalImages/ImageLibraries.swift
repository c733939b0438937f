import CChafa
import FoundationEssentials
import NewsModels

/// chafa and gdk-pixbuf, opened on the first picture (`CChafa/shim.h`), not at start.
public enum ImageLibraries {
    /// The loaded functions, or why they could not be loaded.
    static func api() throws(ImageError) -> wpnews_images_api {
        if let reason = wpnews_images_load() {
            throw .librariesMissing(String(cString: reason))
        }
        return wpnews_images().pointee
    }

    /// The versions found at run time, for `wpnews -v --version`: gdk-pixbuf's own, and for
    /// chafa, which keeps no version a program can read, the name of the library file it was
    /// opened from (`libchafa.so.0.8.4`), as the process's map of its files shows it. Nil
    /// when the libraries are not there.
    public static func versions() -> (gdkPixbuf: String, chafa: String)? {
        guard let api = try? api(), let pixbufVersion = api.gdk_pixbuf_version?.pointee,
              let maps = FileManager.default.contents(atPath: "/proc/self/maps") else { return nil }
        let chafaFile = String(decoding: maps, as: UTF8.self).split(separator: "\n")
            .compactMap { $0.split(separator: "/").last }.first { $0.hasPrefix("libchafa.so") }
        return (String(cString: pixbufVersion), chafaFile.map(String.init) ?? "libchafa.so.0")
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
            return "pictures need chafa and gdk-pixbuf (\(reason)): install libchafa0 and libgdk-pixbuf-2.0-0, or pass --images none"
        case .unreadable: return "a picture file could not be read: `wpnews cache clear` empties the picture cache"
        case .formatRefused(let format): return "a picture in \(format) is not shown: only PNG, JPEG, GIF and WebP are"
        case .tooLarge(let width, let height): return "a picture of \(width)x\(height) pixels is too large to decode: open the story in a browser"
        case .fileTooLarge(let bytes): return "a picture file of \(bytes) bytes is too large to decode: open the story in a browser"
        case .decodeFailed(let reason): return "a picture could not be decoded (\(reason)): open the story in a browser"
        }
    }
}
