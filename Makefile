# wpnews: a terminal news reader for WordPress sites.
# `make test` installs what it needs (as root), then runs every suite.

SWIFT ?= swift
PREFIX ?= /usr/local
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: all build release deps run test unit e2e wordpress wordpress-stop fixtures bench install clean

all: build

## System packages the build needs (Debian). Skipped when already installed.
deps:
	@scripts/install-packages.sh libcurl4-openssl-dev libutf8proc-dev

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## The featured stories of the local WordPress (started if needed; `make wordpress-stop` stops it).
run: build
	@site=$$(scripts/wordpress.sh start | tail -n 1) && \
	  .build/debug/wpnews featured --site "$$site"

## Every suite: unit tests and the built binary against a real WordPress on 127.0.0.1.
## Servers started here are stopped on the way out, also when a test fails.
test: deps
	scripts/wordpress.sh install
	$(SWIFT) build --build-tests
	scripts/with-wordpress.sh $(SWIFT) test --skip-build

wordpress:
	@scripts/wordpress.sh start

wordpress-stop:
	@scripts/wordpress.sh stop

## Re-record the JSON fixtures of the unit tests from the seeded WordPress.
fixtures:
	scripts/with-wordpress.sh scripts/record-fixtures.sh

## Side-by-side timings against peers (not part of `make test`).
bench: release
	scripts/with-wordpress.sh scripts/bench.sh

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/wpnews $(DESTDIR)$(PREFIX)/bin/wpnews

clean:
	$(SWIFT) package clean
