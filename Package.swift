// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "wpnews",
    products: [
        .executable(name: "wpnews", targets: ["wpnews"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // C libraries from Debian, reached through module maps.
        // No pkgConfig: it would link libcurl, which wpnews opens on first use instead
        // (Sources/CCurl/shim.h); Debian's curl headers are on the default include path.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // No pkgConfig: utf8proc's .pc adds -DUTF8PROC_EXPORTS, which SwiftPM warns about on every build.
        .systemLibrary(
            name: "CUtf8proc",
            providers: [.apt(["libutf8proc-dev"])]
        ),
        // No pkgConfig: chafa, gdk-pixbuf and GLib are opened on the first picture (Sources/CChafa/shim.h).
        .systemLibrary(
            name: "CChafa",
            providers: [.apt(["libchafa-dev", "libglib2.0-dev", "libgdk-pixbuf-2.0-dev", "webp-pixbuf-loader"])]
        ),

        // What text from outside may not carry to a terminal: one rule for the decoders,
        // the renderer and the output boundary.
        .target(name: "TextSafety"),
        // How an address splits into scheme, host, path ... and resolves a link: one reading for
        // the HTTP client, the site's API root and an article's links.
        .target(name: "URLSyntax"),
        // How many columns text takes in a terminal, from utf8proc's tables: one measure for the
        // renderer and the line editor.
        .target(name: "DisplayWidth", dependencies: ["CUtf8proc"]),
        // Other programs started with posix_spawn: one way for the pager, `watch --exec` and the keyring.
        .target(name: "ProcessSpawn"),
        // The command line read against one description per command, which also gives the
        // help, the usage errors, the manual page and the shells' completions.
        .target(name: "CommandLineParsing"),
        // The version in VERSION and the commit the build is made from, for `--version`:
        // stamped at build time by the StampVersion plugin, which runs stamp-version.
        .target(name: "BuildVersion", plugins: ["StampVersion"]),
        .executableTarget(name: "stamp-version", dependencies: ["ProcessSpawn"]),
        .plugin(name: "StampVersion", capability: .buildTool(), dependencies: ["stamp-version"]),
        // Keeps ICU's 34 MB of data out of the Makefile's release build (see its C file).
        .target(name: "ICUDataLeftOut"),
        .target(name: "HTTPClient", dependencies: ["CCurl", "URLSyntax"]),
        // Feed formats read with libxml2: OPML subscription lists now. No NewsCore, so the
        // fuzzer builds it alone.
        .target(name: "FeedFormats", dependencies: ["CLibXML2", "TextSafety", "URLSyntax"]),
        // libxml2's HTML parser, the one reader of HTML: articles, and titles and excerpts as plain text.
        .target(name: "HTMLParsing", dependencies: ["CLibXML2", "TextSafety", "URLSyntax"]),
        .target(name: "WordPressAPI", dependencies: ["HTTPClient", "TextSafety", "URLSyntax", "FeedFormats", "HTMLParsing"]),
        // The models as plain values (stories, terms, pages, comments, a parsed article): what
        // NewsCore serves and the renderer draws, so the renderer needs no store to build.
        .target(name: "NewsModels"),
        .target(
            name: "NewsCore",
            dependencies: ["NewsModels", "HTTPClient", "WordPressAPI", "URLSyntax", "FeedFormats", "HTMLParsing", "ProcessSpawn", .product(name: "GRDB", package: "GRDB.swift"), "TOMLKit"]
        ),
        .target(
            name: "TerminalRender",
            dependencies: ["NewsModels", "TextSafety", "URLSyntax", "DisplayWidth", "TerminalInput", "HTMLParsing"],
            // Members of modules a file does not import stay out of its lookups.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // Keys from a terminal in raw mode, their names, and the one-line editor: leaves only, so
        // the key-decoder fuzzer links nothing else.
        .target(name: "TerminalInput", dependencies: ["DisplayWidth", "TextSafety"]),
        // Pictures: image files decoded by gdk-pixbuf within limits, drawn by chafa.
        .target(
            name: "TerminalImages",
            dependencies: ["CChafa", "NewsModels", "TerminalRender"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .target(
            name: "BrowseApp",
            dependencies: ["NewsCore", "NewsModels", "TerminalRender", "TerminalImages", "TerminalInput", "TextSafety", "DisplayWidth"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .executableTarget(
            name: "wpnews",
            dependencies: [
                "HTTPClient", "WordPressAPI", "NewsCore", "TerminalRender", "TerminalImages", "TerminalInput", "TextSafety", "DisplayWidth", "BrowseApp", "FeedFormats", "ProcessSpawn", "BuildVersion", "ICUDataLeftOut", "CommandLineParsing",
            ]
        ),

        // Test support: an in-process HTTP server for client, API and end-to-end tests; golden files; command runs.
        .target(name: "TestHTTPServer", dependencies: ["ProcessSpawn"], path: "Tests/Support/TestHTTPServer"),
        .target(name: "GoldenFiles", path: "Tests/Support/GoldenFiles"),
        .target(name: "CommandRuns", path: "Tests/Support/CommandRuns"),

        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety"]),
        .testTarget(name: "URLSyntaxTests", dependencies: ["URLSyntax"]),
        .testTarget(name: "DisplayWidthTests", dependencies: ["DisplayWidth"]),
        .testTarget(name: "ProcessSpawnTests", dependencies: ["ProcessSpawn"]),
        .testTarget(name: "CommandLineParsingTests", dependencies: ["CommandLineParsing"]),
        .testTarget(name: "NewsModelsTests", dependencies: ["NewsModels"]),
        .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput", "DisplayWidth"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestHTTPServer"]),
        .testTarget(name: "FeedFormatsTests", dependencies: ["FeedFormats", "HTMLParsing", "TextSafety", "TestHTTPServer"]),
        .testTarget(name: "HTMLParsingTests", dependencies: ["HTMLParsing", "WordPressAPI"]),
        .testTarget(name: "WordPressAPITests", dependencies: ["WordPressAPI", "HTTPClient", "TestHTTPServer"]),
        .testTarget(name: "NewsCoreTests", dependencies: ["NewsCore", "FeedFormats", "HTTPClient", "WordPressAPI", "TestHTTPServer"], exclude: ["Golden"]),
        .testTarget(name: "BrowseAppTests", dependencies: ["BrowseApp", "NewsCore", "TerminalRender", "TerminalImages", "HTMLParsing", "TerminalInput", "DisplayWidth", "GoldenFiles"], exclude: ["Golden"]),
        .testTarget(name: "TerminalRenderTests", dependencies: ["TerminalRender", "NewsModels", "TerminalInput", "DisplayWidth", "GoldenFiles"], exclude: ["Golden"]),
        .testTarget(name: "TerminalImagesTests", dependencies: ["TerminalImages", "NewsModels", "TerminalRender", "GoldenFiles"], exclude: ["Golden", "Images"]),
        // The commands run inside the tests' process, against a real WordPress (started by `make test`).
        .testTarget(name: "CommandTests", dependencies: ["wpnews", "NewsCore", "WordPressAPI", "HTTPClient", "FeedFormats", "TerminalRender", "TerminalImages", "HTMLParsing", "NewsModels", "TestHTTPServer", "CommandRuns", "ProcessSpawn"]),
        // The built `wpnews` binary, for what needs a real process: signals, terminals, installing.
        .testTarget(name: "E2ETests", dependencies: ["TestHTTPServer", "CommandRuns", "ProcessSpawn"], path: "Tests/E2E", exclude: ["live-search.sh", "hostile-live-search.sh", "browse-app.sh", "browse-offline.sh", "browse-keys.sh", "browse-signals.sh", "tmux-steps.sh", "counting-proxy.py", "install-completion.sh", "publish-post.php", "pictures.sh", "browse-password.sh", "browse-unsaved-marks.sh", "browse-web-feed.sh", "browse-full-text.sh", "browse-density.sh", "browse-dates.sh", "browse-save.sh", "browse-saved-offline.sh", "browse-mouse.sh", "browse-follow.sh", "browse-links.sh", "no-hard-links.c", "browse-save-unsave.sh", "browse-accessible.sh", "browse-tag-filter.sh"]),
    ],
    swiftLanguageModes: [.v6]
)
