import NewsModels

/// What is drawn as one picture: a picture of its own, or a row of a gallery's thumbnails.
public struct PictureSlot: Sendable, Hashable {
    /// One address, or the thumbnails' addresses left to right.
    public let addresses: [String]
    /// How many thumbnails a row of this gallery holds: a short last row keeps its
    /// thumbnails the size of the others. 1 for a picture of its own.
    public let places: Int

    public init(addresses: [String], places: Int = 1) {
        self.addresses = addresses
        self.places = max(places, addresses.count)
    }
}

/// Where an article's pictures go, by the anchors of its layout: the featured picture under
/// the header, each inline picture above its `[image: alt]` placeholder, which stays as its
/// caption (and is all that shows when the picture does not come). A gallery's pictures go above its first
/// placeholder as rows of thumbnails; the placeholders and captions follow in order.
public struct PictureSlots: Sendable {
    public let featured: String?
    private let galleries: [[String]]
    /// Thumbnails in a gallery's row: as many as leave each about 20 columns, 2 to 4.
    private let thumbnailsPerRow: Int

    public init(featured: String?, galleries: [[String]] = [], width: Int) {
        self.featured = featured
        self.galleries = galleries
        thumbnailsPerRow = min(4, max(2, (width + 1) / 21))
    }

    /// Every slot of a laid-out article, featured first, in the order they are drawn.
    public func slots(in article: LaidOutArticle) -> [PictureSlot] {
        var seen: Set<PictureSlot> = []
        var walk = GalleryWalk(galleries: galleries, perRow: thumbnailsPerRow)
        let inline = article.anchors.flatMap { anchor -> [PictureSlot] in
            guard case .picture(let address) = anchor.place else { return [] }
            return walk.slots(above: address)
        }
        return ([featured.map { PictureSlot(addresses: [$0]) }].compactMap { $0 } + inline).filter { seen.insert($0).inserted }
    }

    /// Placeholders in document order, matched to the galleries, also in document order: the
    /// same picture may be in two galleries, or in one and on its own.
    private struct GalleryWalk {
        let galleries: [[String]]
        let perRow: Int
        private var started = 0
        /// The pictures of the gallery being walked whose placeholders are still to come.
        private var rest: [String] = []

        init(galleries: [[String]], perRow: Int) {
            self.galleries = galleries
            self.perRow = perRow
        }

        /// The slots that go above the placeholder of `address`: its own picture; its
        /// gallery's rows when it starts a gallery; none for a gallery's other pictures.
        mutating func slots(above address: String) -> [PictureSlot] {
            if let index = rest.firstIndex(of: address) {
                rest.remove(at: index)
                return []
            }
            guard started < galleries.count, galleries[started][0] == address else { return [PictureSlot(addresses: [address])] }
            let gallery = galleries[started]
            started += 1
            rest = Array(gallery.dropFirst())
            let places = min(perRow, gallery.count)
            return stride(from: 0, to: gallery.count, by: places).map { start in
                PictureSlot(addresses: Array(gallery[start..<min(start + places, gallery.count)]), places: places)
            }
        }
    }

    /// A row of an article with its pictures: a line of text, or a picture however it is drawn.
    public enum Row<Picture> {
        case line(StyledLine)
        case picture(Picture)
    }

    /// The article's lines with the pictures `picture` draws put in place by its anchors: the
    /// featured picture under the header, the others above their placeholders. `picture` is
    /// called once per slot, in order, so only one picture is decoded at a time.
    public func inserting<Picture>(into article: LaidOutArticle, picture: (PictureSlot) -> Picture?) -> [Row<Picture>] {
        var result: [Row<Picture>] = []
        result.reserveCapacity(article.lines.count)
        var walk = GalleryWalk(galleries: galleries, perRow: thumbnailsPerRow)
        var anchors = article.anchors[...]
        for (index, line) in article.lines.enumerated() {
            while let anchor = anchors.first, anchor.line <= index {
                anchors.removeFirst()
                switch anchor.place {
                case .headerEnd:
                    if let featured, let drawn = picture(PictureSlot(addresses: [featured])) { result += [.line(StyledLine()), .picture(drawn)] }
                case .picture(let address):
                    // A gallery's rows of thumbnails, a blank line apart.
                    for (number, row) in walk.slots(above: address).compactMap(picture).enumerated() {
                        if number > 0 { result.append(.line(StyledLine())) }
                        result.append(.picture(row))
                    }
                case .comments:
                    break
                }
            }
            result.append(.line(line))
        }
        return result
    }

    /// `inserting` for pictures drawn as lines (symbols).
    public func insertingLines(into article: LaidOutArticle, picture: (PictureSlot) -> [StyledLine]?) -> [StyledLine] {
        inserting(into: article, picture: picture).flatMap { row in
            switch row {
            case .line(let line): [line]
            case .picture(let picture): picture
            }
        }
    }
}
