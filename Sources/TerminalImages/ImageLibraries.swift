import CChafa
import FoundationEssentials
import NewsModels

/// chafa and gdk-pixbuf, opened on the first picture (`CChafa/shim.h`), not at start.
public enum ImageLibraries {
    /// The loaded functions, or why they could not be loaded.
    static func api() throws(ImageError) -> wpnews_images_api {
        if let reason = wpnews_images_load() {
            let missing = String(cString: wpnews_images_missing()).split(separator: " ").map(String.init)
            throw missing.isEmpty ? .librariesUnusable(String(cString: reason)) : .librariesMissing(sonames: missing)
        }
        return wpnews_images().pointee
    }

    /// Why pictures cannot be drawn on this machine, nil when they can: asked before fetching
    /// any, so a machine without the libraries hears it once instead of seeing placeholders.
    public static func problem() -> ImageError? {
        do throws(ImageError) {
            _ = try api()
            return nil
        } catch {
            return error
        }
    }

    /// The Debian packages to install for the libraries `sonames`, each once.
    public static func packages(for sonames: [String]) -> [String] {
        sonames.map { packages[$0] ?? $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The Debian package of each library the shim opens, for the line that says what to install.
    static let packages = [
        "libglib-2.0.so.0": "libglib2.0-0", "libgobject-2.0.so.0": "libglib2.0-0",
        "libgdk_pixbuf-2.0.so.0": "libgdk-pixbuf-2.0-0", "libchafa.so.0": "libchafa0",
    ]

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
    /// Libraries pictures need are not installed (their sonames).
    case librariesMissing(sonames: [String])
    /// The libraries are there but not as wpnews needs them (a function missing).
    case librariesUnusable(String)
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
        case .librariesMissing(let sonames):
            let packages = ImageLibraries.packages(for: sonames)
            return "pictures are not shown: \(sonames.joined(separator: ", ")) \(sonames.count == 1 ? "is" : "are") missing: "
                + "install \(packages.count == 1 ? "it" : "them") with `apt install \(packages.joined(separator: " "))`, or pass --images none"
        case .librariesUnusable(let reason):
            return "pictures are not shown: chafa and gdk-pixbuf could not be used (\(reason)): reinstall libchafa0 and libgdk-pixbuf-2.0-0, or pass --images none"
        case .unreadable: return "a picture file could not be read: `wpnews cache clear` empties the picture cache"
        case .formatRefused(let format): return "a picture in \(format) is not shown: only PNG, JPEG, GIF and WebP are"
        case .tooLarge(let width, let height): return "a picture of \(width)x\(height) pixels is too large to decode: open the story in a browser"
        case .fileTooLarge(let bytes): return "a picture file of \(bytes) bytes is too large to decode: open the story in a browser"
        case .decodeFailed(let reason): return "a picture could not be decoded (\(reason)): open the story in a browser"
        }
    }
}
