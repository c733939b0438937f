import CommandRuns
import Foundation
import Testing

/// Clicks and More → "Follow a site…" in `wpnews browse`, in a real terminal against the test
/// WordPress: `browse-mouse.sh` and `browse-follow.sh` drive it in tmux and save each screen.
@Suite struct MouseE2ETests {
    @Test func clicksSelectOpenSwitchTabsAndFollowLinksAndReportingEndsWithTheApp() async throws {
        let site = try TestSites.site
        let steps = try await TmuxSteps.run("browse-mouse.sh", site: site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        #expect(try steps.file("mouse.on") == "1\n", "the app asks for mouse reports")
        #expect(try screen("selected").contains(">3. "), "a click selected the third story")
        #expect(try screen("reader").contains(" min read"), "a second click on it read it")
        #expect(try screen("nothing-clicked").contains(">4. "), "clicks on the status line and past the tabs did nothing: j moved on from the third")
        #expect(try screen("categories").contains(">Arts & Culture"), "a click on the tab opened Categories")
        #expect(try screen("category-opened").contains(">1. "), "two clicks on a category opened its stories")
        // The field guide's first link is its first picture's.
        #expect(try steps.file("browsed") == site + "/wp-content/uploads/ledger-river-dawn.png", "a click on [1] followed the article's first link")
        #expect(try steps.file("mouse.browsing") == "0\n", "mouse reporting was off while the browser had the terminal")
        #expect(try steps.file("mouse.back") == "1\n", "and on again after it")
        #expect(try steps.file("mouse.stopped") == "0\n", "Ctrl-Z gave the terminal back without mouse reporting")
        #expect(try steps.file("status") == "0\n")
        #expect(try steps.file("mouse.exited") == "0\n", "the app turned mouse reporting off on its way out")

        #expect(try steps.file("mouse.off") == "0\n", "[app] mouse = false asks for no mouse reports")
        #expect(try screen("off-clicked").contains(">2. "), "a click that came anyway did nothing: j moved from the first story")
        #expect(try steps.file("status.off") == "0\n")
    }

    @Test func moreFollowsASiteAsSitesAddDoes() async throws {
        let web = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS"], "run under scripts/with-wordpress.sh (the web-feed bed)")
        let site = try TestSites.site
        let steps = try await TmuxSteps.run("browse-follow.sh", site: site, more: [web])
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        // The feed's title is in no Latin letters: the name is made from its host and port.
        let port = try #require(URL(string: web)?.port)
        let madeName = "127-0-0-1-\(port)"
        let followed = try screen("followed-feed")
        #expect(followed.contains("added '\(madeName)': \(web)/untitled/feed.xml"), "\(followed)")
        #expect(try screen("more-with-feed").contains("\(madeName) (default) · "), "More lists the new site, the first followed the default")
        #expect(try screen("unreachable").contains("http://127.0.0.1:1/ not followed: "))
        let taken = try screen("taken")
        #expect(taken.contains("not followed: ") && taken.contains(madeName), "a name taken is refused as sites add refuses it: \(taken)")
        #expect(try screen("followed-wordpress").contains("added 'campus': \(site)"))
        #expect(try screen("switched").contains("campus · "), "the site followed opens from More")
        #expect(try steps.file("status") == "0\n")
        let list = try steps.file("sites.list")
        #expect(list.contains(madeName) && list.contains("campus") && !list.contains("harbour"), "sites.toml has the sites followed: \(list)")
        #expect(list.contains("late"), "a follow under way when the app quits is waited for: \(list)")
    }
}
