import FoundationEssentials

/// A featured image: where the original is, and the smaller copies WordPress made of it.
public struct WPMedia: Decodable, Sendable, Hashable {
    public let id: Int
    public let sourceURL: ServerText
    /// The original and its copies of the same shape, narrowest first; empty when WordPress
    /// does not say how big the original is.
    public let renditions: [WPImageSize]

    enum CodingKeys: String, CodingKey {
        case id
        case sourceURL = "source_url"
        case details = "media_details"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        sourceURL = try container.decode(ServerText.self, forKey: .sourceURL)
        // The copies only save bytes: details in a shape of their own (a plugin's, a file
        // without metadata) leave the picture named, to be fetched at its original size.
        let details = try? container.decodeIfPresent(MediaDetails.self, forKey: .details)
        renditions = details?.renditions(of: sourceURL) ?? []
    }
}

/// One size of a picture.
public struct WPImageSize: Sendable, Hashable {
    public let sourceURL: ServerText
    /// In pixels.
    public let width: Int
}

/// `media_details`: the original's dimensions, and `sizes`, the copies by name (`thumbnail`,
/// `medium`, ..., and `full`, the original again).
private struct MediaDetails: Decodable {
    let width: Int?
    let height: Int?
    let sizes: [SizeEntry]

    enum CodingKeys: String, CodingKey {
        case width, height, sizes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Sizes a plugin wrote otherwise, or left out, are unknown: the picture is still fetched.
        width = try? container.decode(LenientInt.self, forKey: .width).value
        height = try? container.decode(LenientInt.self, forKey: .height).value
        // PHP writes an empty array as `[]`, so a picture without copies has a list here, not
        // an object: none either way.
        sizes = (try? container.decodeIfPresent([String: SizeEntry].self, forKey: .sizes)).map { Array($0.values) } ?? []
    }

    /// The original and the copies of its shape. A cropped copy, such as the square
    /// thumbnail, shows less of the picture: WordPress leaves those out of `srcset`, and so
    /// does this.
    func renditions(of original: ServerText) -> [WPImageSize] {
        guard let width, let height, width > 0, height > 0 else { return [] }
        let copies = sizes.compactMap { entry -> WPImageSize? in
            guard let url = entry.sourceURL, url != original, let copyWidth = entry.width, let copyHeight = entry.height,
                  copyWidth > 0, copyHeight > 0, Self.sameShape((width, height), (copyWidth, copyHeight))
            else { return nil }
            return WPImageSize(sourceURL: url, width: copyWidth)
        }
        return ([WPImageSize(sourceURL: original, width: width)] + copies).sorted { ($0.width, $0.sourceURL.value) < ($1.width, $1.sourceURL.value) }
    }

    /// Whether two sizes are one picture scaled, as WordPress decides it for `srcset`
    /// (`wp_image_matches_ratio`): the wider one scaled to the other's width is within a pixel
    /// of its height. In Doubles: the numbers are the server's, and their products could
    /// overflow an Int.
    private static func sameShape(_ a: (width: Int, height: Int), _ b: (width: Int, height: Int)) -> Bool {
        abs(Double(a.height) * Double(b.width) - Double(b.height) * Double(a.width)) <= Double(max(a.width, b.width))
    }
}

/// One entry of `sizes`. Reading it never fails: an entry without an address or a usable
/// size is left out on its own, and its siblings are still read.
private struct SizeEntry: Decodable {
    let sourceURL: ServerText?
    let width: Int?
    let height: Int?

    enum CodingKeys: String, CodingKey {
        case width, height
        case sourceURL = "source_url"
    }

    /// Never fails: a copy described in a shape of its own is left out (no address) or
    /// taken without its size, and the picture keeps its other copies.
    init(from decoder: any Decoder) {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        sourceURL = try? container?.decode(ServerText.self, forKey: .sourceURL)
        width = try? container?.decode(LenientInt.self, forKey: .width).value
        height = try? container?.decode(LenientInt.self, forKey: .height).value
    }
}

/// A number that may come as a string: PHP keeps what plugins and importers stored in an
/// image's metadata as they stored it.
private struct LenientInt: Decodable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = Int(try container.decode(String.self)) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
        }
    }
}
