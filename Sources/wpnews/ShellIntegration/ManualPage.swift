import BrowseApp
import CommandLineParsing

/// What only the manual page adds to the root's discussion: the files, config.toml's keys and
/// the environment. The reference is three screens long, so `wpnews --help` says where it is
/// instead: the page has all of it, `--help` stays short.
enum ManualPage {
    /// The end of the root's discussion in `--help`.
    static let pointer = "The files, config.toml's keys and the environment: `man wpnews`."

    /// wpnews.1 in mdoc, as scripts/install.sh installs it (`wpnews ---manual DATE`): every
    /// command's description, the root's with the reference in place of the pointer to it.
    static func text(date: String) -> String {
        var root = WPNews.description
        root.discussion = WPNews.overview + "\n\n" + reference
        return ManualPageWriter(root, date: date).text
    }

    /// Each line starts with spaces or follows a blank line: the page passes the text to
    /// groff as it is, and groff joins a line that does neither to the one before. At most
    /// 72 columns, what an 80-column page has beside its margin; ASCII only.
    static var reference: String {
        """
        FILES
          ~/.config/wpnews/config.toml        your settings (below)
          ~/.config/wpnews/sites.toml         the followed sites (wpnews sites);
                                              kind = "web-feed" and feed for a
                                              site that is not WordPress
                                              full_text = true reads each story
                                              from its web page when opened (F in
                                              the reader, read --full: when asked);
                                              full_text_selector where the article
                                              is on the page (sites set)
          ~/.config/wpnews/credentials        application passwords (sites add --user)
                                              without a keyring; only 0600 is used
          ~/.cache/wpnews/wpnews.sqlite       the cache (wpnews cache)
          ~/.local/state/wpnews/state.sqlite  what you read, hid, saved (with its
                                              article) and were shown
          $XDG_CONFIG_HOME, $XDG_CACHE_HOME and $XDG_STATE_HOME replace
          ~/.config, ~/.cache and ~/.local/state when set to an absolute path.

        CONFIGURATION (config.toml: wpnews reads it, never writes it)
          [freshness]            how long a cached copy answers alone
          lists_minutes = 5      story lists
          content_hours = 24     articles
          terms_hours = 24       authors, categories and tags
          [cache]
          prune_after_days = 30  then stories in no cached list, unread, go
                                 (a web feed's: the read ones, never unread)
          [network]
          requests_per_host = 6  requests in flight to one site, 1 to 32
          ca_file = "FILE"       PEM certificates to trust besides the system's
          proxy = "URL"          the proxy for every request, over http_proxy
          [app]
          list = "compact"       the app's story lists: a line a story, or
                                 "cards" (title, names, excerpt); v switches
          mouse = true           a click selects a row, on the selected row
                                 opens it, on a tab opens it, on a link's
                                 [3] follows it; false leaves clicks to the
                                 terminal (text selected without Shift)
          accessible = false     true: the layout for screen readers and
                                 braille displays (browse --accessible)
          [reader]
          max_width = 80         the app's article lines at most, set in
                                 towards the middle of a wider window; 0
                                 for the window's whole width; read's
                                 lines too, unless --width
          [keys]                 keys of wpnews browse, replacing an action's own
          ACTION = "KEY" or ACTION = ["KEY", ...], e.g. down = ["j", "ctrl-n"]
          The actions:
        \(indented(Action.allCases.map(\.rawValue)))
          The keys: a character (j; U is Shift-u), enter, space, tab, shift-tab,
            backspace, delete, esc, up, down, left, right, home, end, pgup, pgdn,
            ctrl-a ... ctrl-z (not ctrl-h, -i, -j, -m), wheel-up, wheel-down.
          A mistake in a section stops only the commands that use it:
            [images] read (not --json, --images none), browse, live search
            and cache prune; [freshness], [cache] and [network] the
            commands that read a site; [app] and [reader] browse and
            live search, [reader] read too (not --json). The others warn and use its
            defaults. A file that is not TOML stops all but sites list,
            default, remove, set, export, cache show, clear and render.

        DATES (--before, --after, watch --since and the app's :)
          2024, 2024-03, 2024-03-15  a year, a month, a day, in local time
          3d, 2w                     three days, two weeks ago, this time of day
          today, yesterday           from local midnight to the next
          last week                  Monday to Sunday, the week before this
          --before ends with the last moment of the span, so 2024-03 keeps
          March; --after and --since start at its first. watch --since
          also takes a span before now: 30m, 2h, 1d, or seconds alone.
          The cache keeps a list's last dates only: --offline answers those.

        ENVIRONMENT
          WPNEWS_SITE       the site when there is no --site: a name or a URL
          NO_COLOR          set and not empty: no colours, as --no-color
          PAGER             the pager of articles on a terminal (less -R)
          LESS              when unset, wpnews gives the pager LESS=FRX
          BROWSER           what the app's o opens a story with (xdg-open)
          WPNEWS_TRACE      a file to append timestamped events to
          http_proxy, https_proxy, all_proxy, no_proxy: the proxies, as curl reads them
                            (a story's own page, read --full, takes the proxy
                            whatever no_proxy says)
          WPNEWS_WPCOM_API  WordPress.com's API host (for tests: a stand-in)
          WPNEWS_RESOURCES  the bundled demo's folder (default: share/wpnews
                            beside the folder of the binary, as installed)
          XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME: see FILES.

        VERSION
          wpnews --version     the version, the commit built from and its date
          wpnews -v --version  also the libraries found: libcurl, libxml2,
                               SQLite, gdk-pixbuf and chafa, or the Debian
                               package to install for one that is missing
        """
    }

    /// `words`, comma-separated, in lines of at most `width` columns, four spaces in.
    private static func indented(_ words: [String], width: Int = 72) -> String {
        let indent = "    "
        var lines = [indent]
        for (index, word) in words.enumerated() {
            let item = word + (index == words.count - 1 ? "." : ",")
            if lines[lines.count - 1].count + item.count + 1 > width { lines.append(indent) }
            lines[lines.count - 1] += (lines[lines.count - 1] == indent ? "" : " ") + item
        }
        return lines.joined(separator: "\n")
    }
}
