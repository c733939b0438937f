import Foundation
import GRDB

/// The category and tag slugs the cache holds for a site, for shell completion, which asks
/// for them through `ContentManager`.
///
/// A TAB must answer at once and leave nothing behind, so this does not go through
/// `AppDatabase`, which creates, migrates and repairs the files and waits up to 15 s for
/// another wpnews's write lock: the cache is opened read-only and only if it exists, the
/// user's state is not attached (no slug lives there), nothing is asked of a site, and any
/// failure (no cache yet, an older or damaged one, a writer holding the file) is no slugs.
enum CachedSlugs {
    static func categories(site: SiteChoice?, cache: String, prefix: String) -> [String] {
        slugs(.category, site: site, cache: cache, prefix: prefix)
    }

    static func tags(site: SiteChoice?, cache: String, prefix: String) -> [String] {
        slugs(.tag, site: site, cache: cache, prefix: prefix)
    }

    /// `site`: nil for every site in the file (the demo snapshot holds one); else the site
    /// found the way `SiteContent.cachedSiteID` finds it: by its known API root, else by
    /// the address it was given. Terms named in passing (a story's tags) count too: any slug
    /// the cache knows is one the command can find.
    private static func slugs(_ taxonomy: TermRecord.Taxonomy, site: SiteChoice?, cache: String, prefix: String) -> [String] {
        guard FileManager.default.fileExists(atPath: cache) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        // Readers never wait for a WAL writer; this covers only a file being created or migrated.
        configuration.busyMode = .timeout(0.2)
        let siteFilter = switch (site, site?.knownRoot) {
        case (nil, _): ":site IS NULL"
        case (_, .some): "site.apiRoot = :site"
        case (_, nil): "site.id IN (SELECT siteId FROM siteAddress WHERE address = :site)"
        }
        do {
            return try DatabaseQueue(path: cache, configuration: configuration).read { db in
                try String.fetchAll(db, sql: """
                    SELECT DISTINCT term.slug FROM term JOIN site ON site.id = term.siteId
                    WHERE term.taxonomy = :taxonomy AND substr(term.slug, 1, length(:prefix)) = :prefix AND \(siteFilter)
                    ORDER BY term.slug
                    """, arguments: [
                        "taxonomy": taxonomy.rawValue, "prefix": prefix,
                        "site": site.map { $0.knownRoot?.description ?? $0.address },
                    ])
            }
        } catch {
            return []
        }
    }
}
