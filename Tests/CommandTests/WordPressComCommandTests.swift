import CommandRuns
import Foundation
import Testing

/// Commands on a WordPress.com site (`example.wordpress.com`) run unchanged through the API
/// host's route shape, `/wp/v2/sites/SITE/...`. That host cannot be reached from here: the
/// private test bed's router serves the same prefix from its real WordPress
/// (scripts/wordpress/router.php), and `WPNEWS_WPCOM_API` points wpnews at it.
@Suite struct WordPressComCommandTests {
    let environment: [String: String]
    let site = "example.wordpress.com"

    init() throws {
        let standIn = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_PRIVATE_SITE"],
                                   "WPNEWS_E2E_PRIVATE_SITE is not set: run the command tests with `make test`")
        environment = ["WPNEWS_WPCOM_API": standIn + "/"]
    }

    /// Every request went to the site's routes on the API host, none to the site itself.
    func expectHostedRoutes(_ run: CommandRun) {
        #expect(!run.requestLines.isEmpty, "\(run.stderr)")
        for line in run.requestLines {
            #expect(line.contains("\(environment["WPNEWS_WPCOM_API"]!)wp/v2/sites/\(site)/"), "\(line)")
        }
    }

    @Test func latestReadAndTagsGoThroughTheSitesRoutes() async throws {
        let latest = try await CommandRun.run(["latest", "--site", site, "--json", "-v"], environment: environment)
        #expect(latest.status == 0, "\(latest.stderr)")
        expectHostedRoutes(latest)
        let first = try #require(try latest.json().first)
        #expect(first["title"] as? String == "Live: council votes on the ferry contract")

        let read = try await CommandRun.run(["read", "\(try #require(first["id"] as? Int))", "--site", site, "-v"], environment: environment)
        #expect(read.status == 0 && read.stdout.contains("council chamber"), "\(read.stderr)")
        expectHostedRoutes(read)

        let tags = try await CommandRun.run(["tags", "--site", site, "--list", "-v"], environment: environment)
        #expect(tags.status == 0 && !tags.stdout.isEmpty, "\(tags.stderr)")
        expectHostedRoutes(tags)
    }

    @Test func sitesAddNeedsNoDiscoveryForAWordPressComSite() async throws {
        let home = try TestSites.freshHome()
        var environment = environment
        environment["HOME"] = home
        let added = try await CommandRun.run(["sites", "add", "example", "https://\(site)/"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("api_root = \"\(environment["WPNEWS_WPCOM_API"]!)wp/v2/sites/\(site)/\""), "\(sites)")
        let latest = try await CommandRun.run(["latest", "-v"], environment: environment)
        #expect(latest.status == 0, "\(latest.stderr)")
        expectHostedRoutes(latest)
    }
}
