import Foundation
import GRDB
import WordPressAPI

/// The bundled demo: a snapshot of the project's seeded WordPress, in the cache's own format.
public enum DemoSite {
    /// Copies the snapshot to `copy` (again when the bundle is newer) and returns its site,
    /// to be read offline from that copy.
    public static func prepare(bundled: String, copy: String) throws -> SiteChoice {
        let fileManager = FileManager.default
        if (modificationDate(bundled) ?? .distantFuture) > (modificationDate(copy) ?? .distantPast) {
            try fileManager.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // No copy yet is the usual case; the copy over them is what must succeed.
            for suffix in ["", "-wal", "-shm"] { try? fileManager.removeItem(atPath: copy + suffix) }
            try fileManager.copyItem(atPath: bundled, toPath: copy)
        }
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        let root = try DatabaseQueue(path: bundled, configuration: configuration).read { db in
            try String.fetchOne(db, sql: "SELECT apiRoot FROM site ORDER BY id LIMIT 1")
        }
        guard let root else { throw NewsError.notInDemo("site") }
        let apiRoot = APIRoot(discovered: root)
        return SiteChoice(address: apiRoot.base, knownRoot: apiRoot, isSnapshot: true)
    }

    /// Nil for a file not there.
    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
