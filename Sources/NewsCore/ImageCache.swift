import Foundation
import HTTPClient
import URLSyntax

/// Pictures kept on disk (`$XDG_CACHE_HOME/wpnews/images/`), one file per address with its
/// drawings beside it (renditions: `HASH.img.VARIANT`), under a size cap enforced least
/// recently used first, a picture and its drawings together: modification time is last use.
/// Pictures of cached articles are evicted like any other; offline, a missing one is its
/// placeholder.
public struct ImageCache: Sendable {
    public let directory: String
    public let capBytes: Int

    public init(directory: String, capBytes: Int) {
        self.directory = directory
        self.capBytes = capBytes
    }

    /// The file for an address: FNV-1a of the address, so any URL makes a plain file name.
    public func path(for address: String) -> String {
        directory + "/" + Self.hash(address) + ".img"
    }

    private static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The cached file for an address, marked as just used; nil when not cached.
    public func file(for address: String) -> String? {
        let path = path(for: address)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // The mark only orders eviction: unmarked, the picture goes sooner, and is shown now.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        return path
    }

    /// Where a drawing of the picture at `address` is kept; `variant` names its size and
    /// colours. It goes when its picture goes.
    public func rendition(for address: String, variant: String) -> String {
        path(for: address) + "." + variant
    }

    /// Where a drawing of several pictures together (a gallery's row) is kept: with the
    /// first, named by all of them, so it goes when the first goes.
    public func rendition(for addresses: [String], variant: String) -> String {
        guard addresses.count > 1 else { return rendition(for: addresses.first ?? "", variant: variant) }
        return rendition(for: addresses[0], variant: Self.hash(addresses.joined(separator: "\n")) + "-" + variant)
    }

    /// Keeps a picture's bytes (written whole, then renamed) and evicts the least recently
    /// used pictures past the cap.
    public func store(_ bytes: Data, for address: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = path(for: address)
        let partial = path + ".part\(getpid())"
        try bytes.write(to: URL(filePath: partial))
        _ = rename(partial, path)
        enforceCap(keeping: path)
        return path
    }

    /// Removes the picture of `address` and its drawings: the files named by its hash, and
    /// only those. The names are read from the directory itself, so nothing a server wrote
    /// ever becomes a path.
    public func remove(_ address: String) {
        let picture = String(path(for: address).dropFirst(directory.utf8.count + 1))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name == picture || name.hasPrefix(picture + ".") {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    public struct Usage: Sendable, Hashable, Encodable {
        public let files: Int
        public let bytes: Int
    }

    public var usage: Usage {
        let entries = self.entries()
        return Usage(files: entries.count, bytes: entries.reduce(0) { $0 + $1.bytes })
    }

    /// Removes every picture; returns how many there were.
    @discardableResult
    public func clear() -> Int {
        let entries = self.entries()
        entries.forEach(remove)
        return entries.count
    }

    /// Removes the least recently used pictures until the rest fit under the cap; `keeping`,
    /// the picture about to be shown, stays even when it alone is over the cap.
    @discardableResult
    public func enforceCap(keeping: String? = nil) -> Int {
        let all = self.entries()
        var total = all.reduce(0) { $0 + $1.bytes }
        var entries = all.filter { !$0.paths.contains(keeping ?? "") }.sorted { $0.used < $1.used }
        var removed = 0
        while total > capBytes, !entries.isEmpty {
            let oldest = entries.removeFirst()
            remove(oldest)
            total -= oldest.bytes
            removed += 1
        }
        return removed
    }

    /// A picture and its drawings.
    private struct Entry {
        var paths: [String] = []
        var bytes = 0
        var used = Date.distantPast
    }

    private func entries() -> [Entry] {
        // No folder yet holds no pictures; a file another run removes meanwhile is passed over.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var pictures: [Substring: Entry] = [:]
        for name in names {
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let hash = name.prefix { $0 != "." }
            pictures[hash, default: Entry()].paths.append(path)
            pictures[hash]!.bytes += attributes[.size] as? Int ?? 0
            pictures[hash]!.used = max(pictures[hash]!.used, attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return Array(pictures.values)
    }

    /// A file already gone (another run evicted it) is what was wanted.
    private func remove(_ entry: Entry) {
        for path in entry.paths { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Which picture addresses may be fetched for a site: its own host always, another host only
/// over HTTPS and only when `remote` is on (`[images] remote = false` keeps tracking pixels out).
public struct ImageSourcePolicy: Sendable, Hashable {
    public let siteHost: String?
    public let remote: Bool

    public init(siteAddress: String, remote: Bool) {
        let host = WebAddress(typed: siteAddress).host.lowercased()
        siteHost = host.isEmpty ? nil : host
        self.remote = remote
    }

    public func allows(_ address: String) -> Bool {
        let parts = WebAddress(address)
        let (scheme, host) = (parts.scheme?.lowercased(), parts.host.lowercased())
        guard scheme == "https" || scheme == "http", !host.isEmpty else { return false }
        if host == siteHost { return true }
        return remote && scheme == "https"
    }
}

extension SiteContent {
    /// Which pictures this site's articles may fetch.
    public func imageSourcePolicy(remote: Bool) -> ImageSourcePolicy {
        ImageSourcePolicy(siteAddress: site.knownRoot?.base ?? site.address, remote: remote)
    }

    /// A picture's file: from the image cache, else fetched from the site (within the host
    /// limits of the shared client) and kept. Nil for anything that does not come: refused by
    /// the policy, offline, an HTTP error, too large; a picture is a nicety, and its
    /// placeholder stays. Throws when it came and the cache cannot keep it: then no picture
    /// can be drawn, and the user should hear why.
    public func imageFile(_ address: String, cache: ImageCache, policy: ImageSourcePolicy, maxBytes: Int) async throws -> String? {
        if let cached = cache.file(for: address) { return cached }
        guard policy.allows(address), mode != .offline, !site.isSnapshot else { return nil }
        guard let response = try? await http.send(HTTPRequest(url: address, headers: ["Accept": "image/png, image/jpeg, image/gif, image/webp"])),
              (200..<300).contains(response.status),
              response.body.count <= maxBytes
        else { return nil }
        return try cache.store(response.body, for: address)
    }
}
