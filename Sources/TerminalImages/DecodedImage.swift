import CChafa

/// One picture decoded from a file by gdk-pixbuf, scaled down to what it will be drawn at.
/// Free it (let it go) before decoding the next: wpnews holds one decoded picture at a time.
final class DecodedImage {
    let width: Int
    let height: Int
    let rowstride: Int
    let hasAlpha: Bool
    /// The pixels, rows `rowstride` bytes apart, RGB or RGBA (not premultiplied).
    let pixels: UnsafePointer<UInt8>
    private let pixbuf: UnsafeMutableRawPointer
    private let api: wpnews_images_api

    /// Decodes a file whose header was checked, at most `fit` big; `enlarging` a smaller one
    /// to fit too (the most pixels it can take is then `fit`'s).
    init(path: String, header: ImageHeader, fit: PixelSize, enlarging: Bool = false, api: wpnews_images_api) throws(ImageError) {
        let target = enlarging ? header.size.scaled(toFit: fit) : header.size.scaledDown(toFit: fit)
        var error: UnsafeMutablePointer<wpnews_gerror>?
        let decoded = api.new_from_file_at_scale(path, Int32(target.width), Int32(target.height), 1, &error)
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } }
        if let error { api.g_error_free(error) }
        guard let decoded else { throw .decodeFailed(message ?? "no picture") }
        self.api = api
        pixbuf = decoded
        width = Int(api.get_width(decoded))
        height = Int(api.get_height(decoded))
        rowstride = Int(api.get_rowstride(decoded))
        hasAlpha = api.get_has_alpha(decoded) != 0
        guard api.get_n_channels(decoded) == (hasAlpha ? 4 : 3), let pixels = api.read_pixels(decoded) else {
            api.g_object_unref(decoded)
            throw .decodeFailed("unexpected pixel layout")
        }
        self.pixels = pixels
    }

    deinit {
        api.g_object_unref(pixbuf)
    }
}

/// The format and size a file says it has, read without decoding it, and allowed by the limits.
struct ImageHeader {
    let format: String
    let size: PixelSize

    init(path: String, limits: ImageLimits, api: wpnews_images_api) throws(ImageError) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let info = api.get_file_info(path, &width, &height), let name = api.format_get_name(info) else { throw .unreadable }
        format = String(cString: name)
        api.g_free(name)
        size = PixelSize(width: Int(width), height: Int(height))
        guard ImageLimits.formats.contains(format) else { throw .formatRefused(format) }
        guard size.width > 0, size.height > 0, size.width * size.height <= limits.maxPixels(for: format) else {
            throw .tooLarge(width: size.width, height: size.height)
        }
    }
}
