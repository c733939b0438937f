# wpnews: a terminal news reader for WordPress sites.
# `make test` installs what it needs (as root), then runs every suite.

SWIFT ?= swift
PREFIX ?= /usr/local
## The release build: the Swift runtime and Foundation linked in, without ICU's data
## (Sources/ICUDataLeftOut, docs/ARCHITECTURE.md): half the binary, which nothing wpnews
## does reads. Two start-up costs left out (issue 26, measured in docs/ARCHITECTURE.md):
## generic types are made by their metadata accessors, not looked up by mangled name, which
## makes the runtime scan all 6,700 protocol conformances for each new (type, protocol)
## pair it meets; and no symbol is exported, so the runtime's dladdr() at start has no
## table of 11,000 to walk.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xcc -DWPNEWS_WITHOUT_ICU_DATA \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --no-export-dynamic

.PHONY: all build release deps run test wordpress wordpress-stop wordpress-big wordpress-big-stop demo fixtures bench install uninstall deb dist test-install fuzz clean

all: build

## System packages the build needs (Debian). Skipped when already installed.
deps:
	@scripts/install-packages.sh libcurl4-openssl-dev libutf8proc-dev libxml2-dev pkg-config libchafa-dev libglib2.0-dev libgdk-pixbuf-2.0-dev webp-pixbuf-loader patchelf

build: deps
	$(SWIFT) build

## The linker's map says what each library adds to the binary (make bench prints it).
## ICU's data must have stayed out of it (scripts/check-icu-data.sh says what to change if not),
## and the libraries wpnews opens on first use out of its NEEDED entries.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product wpnews -Xlinker -Map=$(CURDIR)/.build/wpnews.map
	scripts/check-icu-data.sh .build/release/wpnews
	scripts/unlink-opened-libraries.sh .build/release/wpnews

## The app on your default site (on a fresh machine, the bundled demo site); on a pipe, its featured stories.
run: build
	@if [ -t 0 ] && [ -t 1 ]; then .build/debug/wpnews browse; else .build/debug/wpnews featured; fi

## Every suite: unit tests and the commands in-process (a debug build), the end-to-end
## tests on the release binary, as installed (the optimizer has broken code the debug build
## ran right), all against a real WordPress on 127.0.0.1; then each fuzz target for 5 s from
## its seeds. Servers started here are stopped on the way out, also when a test fails. The
## end-to-end suites run after the others, not beside them: on two cores, dozens of wpnews
## and tmux processes starved the HTTP client's queue tests of their timing.
## First of all, VERSION and CHANGELOG.md's newest heading must name the same version, and
## the .deb's control file must take any value as given (no package is built for it).
test: deps
	scripts/version.sh
	scripts/test-debian-control.sh
	scripts/install-packages.sh tmux openssl man-db bash-completion newsboat tinyproxy python3 curl
	scripts/wordpress.sh install
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS) --product wpnews
	scripts/check-icu-data.sh .build/release/wpnews
	scripts/unlink-opened-libraries.sh .build/release/wpnews
	WPNEWS_BIN=$(CURDIR)/.build/release/wpnews scripts/with-wordpress.sh \
		sh -c '$(SWIFT) test --skip-build --skip E2ETests && $(SWIFT) test --skip-build --filter E2ETests'
	FUZZ_SECONDS=5 FUZZ_SEED=1 FUZZ_FROM_SEEDS=1 scripts/fuzz.sh run

## libFuzzer with ASan on the article renderer, WordPress's JSON, the OPML reader and the key decoder
## (Fuzz/): FUZZ_SECONDS each, crashes in .build-fuzz/crashes. `make test` runs 5 s each.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh run

wordpress:
	@scripts/wordpress.sh start

wordpress-stop:
	@scripts/wordpress.sh stop

## The big test site: 10,000 posts and tags, 200 categories, on port 8766.
wordpress-big:
	@scripts/wordpress.sh start-big

wordpress-big-stop:
	@scripts/wordpress.sh stop-big

## Rebuild the bundled demo site (Resources/demo) from the seeded WordPress.
demo: build
	scripts/with-wordpress.sh scripts/make-demo.sh

## Re-record the JSON fixtures of the unit tests from the seeded WordPress.
fixtures:
	scripts/with-wordpress.sh scripts/record-fixtures.sh

## Side-by-side timings against peers (not part of `make test`), then the sizes of what a
## user downloads and installs (the .deb it builds first).
bench: deb
	scripts/with-wordpress.sh scripts/bench.sh

## Under PREFIX (DESTDIR first, for packaging): the stripped release binary, its bash, zsh and
## fish completions, the manual page wpnews.1 and the demo site; `make uninstall` removes them.
## The page and the completions are written by the binary itself, from its commands' descriptions.
install: release
	DESTDIR="$(DESTDIR)" scripts/install.sh .build/release/wpnews "$(PREFIX)"

uninstall:
	DESTDIR="$(DESTDIR)" scripts/install.sh --uninstall "$(PREFIX)"

## Packages for people without Swift, into dist/, each staged by `make install` (one file list):
## `make deb` wpnews_VERSION_ARCH.deb (checked by lintian), `make dist`
## wpnews-VERSION-linux-ARCH.tar.xz with its install.sh and SHA256SUMS. VERSION is the
## VERSION file's (scripts/version.sh), which the release binary must have been built from.
STAGE := .build/stage
deb:
	rm -rf $(STAGE)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(STAGE)/deb PREFIX=/usr
	scripts/make-deb.sh $(STAGE)/deb dist

dist:
	rm -rf $(STAGE)/dist
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(STAGE)/dist PREFIX=
	scripts/make-dist.sh $(STAGE)/dist dist

## Both packages installed on a minimal Debian 12 with no Swift (debootstrap, cached in
## /var/cache/wpnews-test), each command a user would try run there against the test
## WordPress, then removed again; between, the package of an older commit (built once, and
## cached there too) must refuse the state the current one wrote. Needs root.
test-install: deb dist
	scripts/test-install.sh dist

clean:
	$(SWIFT) package clean
