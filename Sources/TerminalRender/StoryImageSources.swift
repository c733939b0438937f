import NewsModels

extension Article {
    /// The sizes each picture of a story comes in: the inline ones' from their `srcset`, the
    /// featured picture's from those the site named for it. A featured picture also in the
    /// text keeps its `srcset`: the page's own offer.
    public func imageSources(featured: String?, renditions: [ImageRendition]) -> [String: ImageSources] {
        guard let featured, !renditions.isEmpty else { return imageSources }
        let named = ImageSources(renditions.map { ($0.address, $0.width) })
        return imageSources.merging([featured: named]) { inline, _ in inline }
    }
}
