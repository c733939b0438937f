/// A picture's file in the image cache, and the address it was fetched from.
public struct PictureFile: Sendable, Hashable {
    public let source: String
    public let file: String
}

extension SiteContent {
    /// The file of each picture in `sources` (the address an article links to, and the
    /// address to fetch for it), all asked for at once: the client keeps to the per-host
    /// limit, and the image cache answers first. With a `wait`, the pictures that have not
    /// come by then are left out; a picture that cannot be had is left out too.
    public func pictureFiles(
        _ sources: [(address: String, source: String)], cache: ImageCache, policy: ImageSourcePolicy, maxBytes: Int, wait: Duration?
    ) async -> [String: PictureFile] {
        await withTaskGroup(of: (String, PictureFile?)?.self) { group in
            for (address, source) in sources {
                group.addTask {
                    // The answer is made before the tuple: Swift 6.3's optimizer loses the
                    // address of a tuple built around an await (see River.firstPages).
                    let file = await self.imageFile(source, cache: cache, policy: policy, maxBytes: maxBytes).map { PictureFile(source: source, file: $0) }
                    return (address, file)
                }
            }
            if let wait {
                group.addTask {
                    try? await Task.sleep(for: wait)
                    return nil
                }
            }
            var files: [String: PictureFile] = [:]
            var pending = sources.count
            while pending > 0, let result = await group.next() {
                guard let (address, file) = result else { break }
                pending -= 1
                if let file { files[address] = file }
            }
            group.cancelAll()
            return files
        }
    }
}
