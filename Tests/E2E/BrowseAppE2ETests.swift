import CommandRuns
import Foundation
import Testing

/// `wpnews browse` in a real terminal against the test WordPress: the scripts drive it in
/// tmux and save each screen; these tests read them.
@Suite struct BrowseAppE2ETests {
    @Test func readNextBackHideCopyRefreshUnhideSwitchSiteSearchSuspendResizeAndQuit() async throws {
        let site = try TestSites.site
        let steps = try await TmuxSteps.run("browse-app.sh", site: site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        let featured = try screen("featured")
        #expect(featured.hasPrefix(" 1 Featured  2 Latest  3 Categories  4 Tags  5 Search  6 More"))
        #expect(featured.contains(">1. ") && featured.contains(" 2. "), "\(featured)")
        let reader = try screen("reader")
        let next = try screen("next")
        #expect(reader.contains(" min read") && next.contains(" min read"))
        #expect(reader.split(separator: "\n")[1] != next.split(separator: "\n")[1], "n opened another story")
        let back = try screen("back")
        let hiddenLine = try #require(back.split(separator: "\n").first { $0.contains(">3· ") }, "back on the list at the story n went to, marked read: \(back)")
        // A compact row: the gutter (">3· "), the date in its column of 11 and a space, the title.
        let hiddenTitle = hiddenLine.dropFirst(">3· ".count + 12).replacing("NEW ", with: "").trimmingCharacters(in: .whitespaces)

        let hidden = try screen("hidden").split(separator: "\n")
        #expect(hidden.last?.hasPrefix("hidden (u undoes") == true)
        #expect(!hidden.dropLast().joined().contains(hiddenTitle), "d took the story out of the list")
        #expect(try screen("copied").contains("link sent to the terminal's clipboard"))
        let clipboard = try steps.file("clipboard")
        #expect(clipboard.hasPrefix(site + "/") && !clipboard.contains("\n"), "y copied the link under the cursor: \(clipboard)")
        #expect(try steps.file("browsed") == clipboard, "o gave the same link to $BROWSER")
        let browser = try screen("browser")
        #expect(browser.contains("browsing " + clipboard) && !browser.contains(" 1 Featured"), "the app left the terminal to the browser: \(browser)")
        #expect(try screen("browsed").contains(">3. "), "back from the browser, the list is drawn again")
        let whileHidden = try steps.file("featured.hidden")
        #expect(!whileHidden.contains(hiddenTitle) && whileHidden.contains("1 hidden"), "one-shot lists leave the hidden story out too: \(whileHidden)")
        let refreshed = try screen("refreshed")
        #expect(refreshed.contains(" · live") && !refreshed.contains(hiddenTitle), "a refresh does not bring a hidden story back")
        #expect(!refreshed.contains("NEW "), "read again, the list knows its stories were seen")
        let more = try screen("more")
        #expect(more.contains("Sites") && more.contains("ledger") && more.contains(hiddenTitle), "More lists the followed site and the hidden story")
        #expect(try screen("unhidden").contains("unhidden"))
        let switched = try screen("switched")
        #expect(switched.contains("ledger · ") && switched.contains(">1. "), "Enter on a followed site opens the app on it: \(switched)")
        #expect(try screen("categories").contains(">Arts & Culture"))
        #expect(try screen("search").contains("Search: council"))
        #expect(try screen("stopped").contains("Stopped"), "Ctrl-Z stopped the job")
        #expect(try screen("resumed").contains("Search: council"), "fg drew the app again")
        // tmux keeps what fits of a screen it shrinks (the top or the bottom rows, as the
        // cursor was), cut at the new width: only an app that drew itself again at 60x20 has
        // its tab bar on top, its status line on row 20, and titles ended with … at column 60.
        let resized = try screen("resized").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(resized.first == " 1  2  3  4  5 Search  6  ledger", "the tab bar names only the open tab: \(resized)")
        #expect(resized.count > 20 && resized[1] == "Search: council" && resized[19].hasPrefix("type to search"), "\(resized)")
        let whole = try screen("resumed")
        let cut = resized.filter { $0.hasSuffix("…") }
        #expect(!cut.isEmpty && cut.allSatisfy { $0.count <= 60 && whole.contains($0.dropLast()) },
                "a title whole at 100 columns is cut to 60: \(cut)")

        #expect(try steps.file("status") == "0\n", "q quits with status 0")
        // The first line holds the size, which the resize changed on purpose.
        let before = try steps.file("stty.before").split(separator: "\n").dropFirst()
        let after = try steps.file("stty.after").split(separator: "\n").dropFirst()
        #expect(!before.isEmpty && before == after, "the terminal is as it was")
        let afterwards = try steps.file("featured.after")
        #expect(afterwards.contains(hiddenTitle) && !afterwards.contains("hidden"), "unhidden from More, it is listed again: \(afterwards)")
    }

    @Test func helpMarksFilterFindLinksCommentsStepsWheelAndUndo() async throws {
        let steps = try await TmuxSteps.run("browse-keys.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        #expect(try screen("help").contains("next_story"), "? lists the actions")
        #expect(try screen("closed").contains(">1. "), "any key closes the help")
        #expect(try screen("marked").contains(">1· "), "m marks the story read, with a marker that is not a colour")
        let unread = try screen("unread")
        #expect(!unread.contains("1· ") && unread.contains(">1. "), "U leaves the read story out")
        let allRead = try screen("all-read")
        #expect(allRead.contains("2· ") && allRead.contains("3· "), "A marks the rest read")
        let filtered = try screen("filtered")
        #expect(filtered.contains("Herons") && !filtered.contains("2· "), "/ keeps the matching stories only")
        #expect(try screen("unfiltered").contains("3· "), "Esc shows them all again")
        #expect(try screen("found").contains("'debris': 1 of"))
        #expect(try screen("next-match").contains("'debris': 2 of"), "n goes to the next match")
        // How many lines the search found, from its status line: "'debris': 1 of 3 · ...".
        let count = { (screen: String, typed: String) -> String? in
            guard let after = screen.components(separatedBy: "'\(typed)': ").dropFirst().first,
                  let of = after.range(of: " of ") else { return nil }
            return String(after[of.upperBound...].prefix { $0.isNumber })
        }
        let (folded, found) = (try screen("found-folded"), try screen("found"))
        #expect(count(folded, "DÉBRIS") != nil && count(folded, "DÉBRIS") == count(found, "debris"),
                "typed in capitals with an accent, the word is found as often: \(folded)")
        #expect(try screen("comments").contains("Comments (7)"), "c shows the story's comments")
        #expect(try screen("links").split(separator: "\n").contains { $0.hasPrefix(">[1] ") && $0.contains(" · http") }, "l lists the article's links, each text beside its address")
        let first = try screen("reader").split(separator: "\n")[1]
        #expect(try screen("next-story").split(separator: "\n")[1] != first, "n, with no search on, reads the next story")
        #expect(try screen("previous-story").split(separator: "\n")[1] == first, "p reads the one before")
        #expect(try screen("wheel").contains(">2· "), "the wheel moves the cursor")
        #expect(try screen("more").contains("Hidden stories"), "Shift-Tab goes back a tab, from Featured to More")
        #expect(!(try screen("undone")).contains("hidden ("), "u brings the story back")
        #expect(try steps.file("status") == "0\n")
    }

    /// `v` switches the lists between a line a story and cards; `.` in the reader opens the
    /// next unread story of the list, past a read one, and says when there is none.
    @Test func vSwitchesDensityAndDotOpensTheNextUnreadStory() async throws {
        let steps = try await TmuxSteps.run("browse-density.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let rows = { (name: String) in try steps.screen(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let compact = try rows("compact")
        #expect(compact[1].hasPrefix(">1. ") && compact[2].hasPrefix(" 2. ") && compact[3].hasPrefix(" 3. "), "a line a story: \(compact)")
        let cards = try rows("cards")
        #expect(cards[1].hasPrefix(">1. ") && !cards[2].hasPrefix(" 2. ") && cards.contains { $0.hasPrefix(" 2. ") }, "title, names and excerpt: \(cards)")
        #expect(try rows("compact-again")[2].hasPrefix(" 2. "))
        let reader = try rows("reader")
        #expect(reader.last { !$0.isEmpty }?.hasSuffix(" Top") == true || reader.last { !$0.isEmpty }?.hasSuffix(" All") == true,
                "the status line ends with the reader's place: \(reader)")
        let back = try rows("back")
        #expect(back[2].hasPrefix(" 2· ") && back[3].hasPrefix(">3· "), ". went past the read second story to the third: \(back)")
        #expect(try rows("none-unread").last { !$0.isEmpty }?.hasPrefix("no unread story after this one") == true)
        #expect(try steps.file("status") == "0\n", "q quits with status 0")
    }

    /// A link of the article to another post of the site opens it in the app's reader, and
    /// one to a page of the site the page; back returns to the article. A link to another
    /// host goes to the browser. A tag in the header, numbered after the body's links, opens
    /// the tag's list.
    @Test func linksToTheSiteAndTheHeadersTagOpenInTheApp() async throws {
        let steps = try await TmuxSteps.run("browse-links.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        let other = try screen("other-post")
        #expect(other.contains("new badge") && other.contains("Tags: Open Data[4]") && !other.contains("opened in the browser"), "\(other)")
        #expect(other.contains("[4] Tag: Open Data"), "the tag listed after the post's one link: \(other)")
        let tagList = try screen("tag-list")
        #expect(tagList.contains("Readers write in about the ferry badge") && !tagList.contains("Permalink"), "the tag's stories: \(tagList)")
        #expect(try screen("after-tag").contains("The Old Quay Ferry Company"), "back is the post again")
        #expect(try screen("back").contains("sackful of post"), "and back again the first article")
        #expect(try screen("page").contains("Letters to the editor"))
        #expect(try steps.file("browsed") == "https://ferries.example/the-ferry-companys-new-badge/", "only the other host's link left the app")
        #expect(try steps.file("status") == "0\n", "Ctrl-C quits with status 0")
    }

    /// Signals sent to the app's own process end it at once with their statuses, the terminal
    /// given back as it was; `fg` after Ctrl-Z draws the app at the window's new size.
    @Test func termAndIntEndTheAppAndFgDrawsTheNewSize() async throws {
        let steps = try await TmuxSteps.run("browse-signals.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        #expect(try steps.file("status.TERM") == "143\n", "SIGTERM ends the app with 143")
        #expect(try steps.file("status.INT") == "130\n", "SIGINT ends the app with 130")
        let before = try steps.file("stty.before")
        #expect(try steps.file("stty.TERM") == before && steps.file("stty.INT") == before, "the terminal is as it was")
        let resumed = try steps.screen("resumed").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(resumed.first?.hasPrefix(" 1 Featured  2  3  4  5  6 ") == true, "the tab bar laid out for 60 columns: \(resumed)")
        #expect(resumed.count >= 20 && resumed[19].contains("enter read"), "the status line on row 20: \(resumed)")
        #expect(try steps.file("status") == "0\n", "q quits with status 0")
    }

    /// The site stops answering: the app shows the cached copy, says why, and keeps working.
    @Test func offlineTheCachedCopyShowsWithTheReason() async throws {
        let proxy = try await BigSiteE2ETests.CountingProxy.start(to: try TestSites.site)
        let site = "http://127.0.0.1:\(proxy.port)"
        let home = try TestSites.freshHome()
        for arguments in [["featured", "--per-page", "20"], ["latest", "--per-page", "20"], ["read", "-n", "2", "--no-pager"]] {
            let warm = try await WPNewsRun.run(arguments + ["--site", site], environment: ["HOME": home])
            try #require(warm.status == 0, "\(arguments): \(warm.stderr)")
        }
        proxy.stop()

        let steps = try await TmuxSteps.run("browse-offline.sh", site: site, home: home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        #expect(try steps.screen("cached").contains(">1. "), "the cached list, at once")
        let unreachable = try steps.screen("unreachable")
        #expect(unreachable.contains("Could not reach the site (r to retry): could not connect"), "\(unreachable)")
        #expect(unreachable.contains(">1. "), "the list stays")
        #expect(try steps.screen("reader").contains(" min read"), "a cached story opens offline")
        let more = try steps.screen("more")
        #expect(more.contains("Sites") && more.contains("Hidden stories"), "the sections kept on this machine show without the site: \(more)")
        #expect(more.contains("Pages") && more.contains("could not connect"), "the pages say why they are missing: \(more)")
        #expect(try steps.file("status") == "0\n", "no crash: q quits with status 0")
    }

    /// A state that refuses seen marks fails nothing: the list shows, and the status line
    /// says the marks were not kept, in the words a one-shot list warns with.
    @Test func seenMarksTheStateRefusesAreSaidOnTheStatusLine() async throws {
        let steps = try await TmuxSteps.run("browse-unsaved-marks.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let unsaved = try steps.screen("unsaved").split(separator: "\n")
        #expect(unsaved.contains { $0.hasPrefix(">1. ") }, "the list still shows: \(unsaved)")
        #expect(unsaved.last?.hasPrefix("wpnews: warning: could not remember what was shown: ") == true, "\(unsaved)")
        #expect(try steps.file("status") == "0\n")
    }

    /// A protected story asks for its password on the status line, never shows it, and the
    /// password reaches no file: not the trace, not -v's lines, not the cache or the state.
    @Test func aProtectedStoryAsksForItsPasswordAndKeepsItNowhere() async throws {
        let steps = try await TmuxSteps.run("browse-password.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let asked = try steps.screen("asked")
        #expect(asked.split(separator: "\n").last?.hasPrefix("Password") == true, "the status line asks: \(asked)")
        #expect(!(try steps.screen("typed-wrong")).contains("not-the-password"), "what is typed is not shown")
        #expect(try steps.screen("refused").contains("not right"), "a wrong password is asked for again")
        let opened = try steps.screen("opened")
        #expect(opened.contains("Subscribers") && opened.contains("crossword"), "the right one opens the story: \(opened)")
        #expect(try steps.screen("comments").contains("Comments (4)"), "and its comments, which need it too")
        #expect(try steps.file("status") == "0\n")
        let files = try #require(FileManager.default.subpaths(atPath: steps.out))
        for file in files {
            guard let data = FileManager.default.contents(atPath: steps.out + "/" + file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("heron1911") && !text.contains("not-the-password"), "a password in \(file)")
        }
    }
}
