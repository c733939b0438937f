/// What wpnews decodes at all, checked before decoding.
public struct ImageLimits: Sendable, Hashable {
    /// Bytes of the file.
    public var maxBytes: Int
    /// Pixels a JPEG may claim: its decoder scales down as it reads (`scale_denom`), so a
    /// big photo never exists in memory at full size.
    public var maxScaledPixels: Int
    /// Pixels any other format may claim: PNG, GIF and WebP are decoded at full size and
    /// then scaled, so this bounds the memory a picture takes (4 bytes a pixel).
    public var maxPixels: Int

    public init(maxBytes: Int = 16 << 20, maxScaledPixels: Int = 100_000_000, maxPixels: Int = 16_000_000) {
        self.maxBytes = maxBytes
        self.maxScaledPixels = maxScaledPixels
        self.maxPixels = maxPixels
    }

    /// The formats whose loaders are decoded; SVG (scripts, external references) and the
    /// rarer loaders are not.
    static let formats: Set<String> = ["png", "jpeg", "gif", "webp"]
    static let scalingFormats: Set<String> = ["jpeg"]

    func maxPixels(for format: String) -> Int {
        Self.scalingFormats.contains(format) ? maxScaledPixels : maxPixels
    }
}
