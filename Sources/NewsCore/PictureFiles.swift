/// A picture's file in the image cache, and the address it was fetched from.
public struct PictureFile: Sendable, Hashable {
    public let source: String
    public let file: String
}

extension SiteContent {
    /// The file of each picture in `sources` (the address an article links to, and the
    /// address to fetch for it), all asked for at once: the client keeps to the per-host
    /// limit, and the image cache answers first. With a `wait`, the pictures that have not
    /// come by then are left out; a picture that cannot be had is left out too. Pictures
    /// the cache cannot keep are left out, and `notice` hears it once. `kept`: the saved
    /// stories' pictures (`keepPictures`), which answer first, by the article's address,
    /// without the network.
    public func pictureFiles(
        _ sources: [(address: String, source: String)], cache: ImageCache, kept: ImageCache? = nil, policy: ImageSourcePolicy, maxBytes: Int,
        wait: Duration?
    ) async -> [String: PictureFile] {
        await withTaskGroup(of: (String, Result<PictureFile?, any Error>)?.self) { group in
            for (address, source) in sources {
                group.addTask {
                    if let file = kept?.file(for: address) { return (address, .success(PictureFile(source: address, file: file))) }
                    // The answer is made before the tuple: Swift 6.3's optimizer loses the
                    // address of a tuple built around an await (see River.firstPages).
                    let file: Result<PictureFile?, any Error>
                    do {
                        file = .success(try await self.imageFile(source, cache: cache, policy: policy, maxBytes: maxBytes).map { PictureFile(source: source, file: $0) })
                    } catch {
                        file = .failure(error)
                    }
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
            var unkept: (any Error)?
            var pending = sources.count
            while pending > 0, let result = await group.next() {
                guard let (address, file) = result else { break }
                pending -= 1
                switch file {
                case .success(let file?): files[address] = file
                case .success(nil): break
                case .failure(let error): unkept = unkept ?? error
                }
            }
            group.cancelAll()
            if let unkept {
                notice("warning: cannot keep pictures in \(cache.directory), so they are not shown: \(ErrorMessage.line(for: unkept))")
            }
            return files
        }
    }
}
