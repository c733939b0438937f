#!/usr/bin/env bash
# Runs a command with the seeded WordPress sites up: the small one's URL in
# WPNEWS_E2E_SITE, the big one's (10,000 posts) in WPNEWS_E2E_BIG_SITE, and a copy of the
# small one that tests may publish to (watch) in WPNEWS_E2E_WRITABLE_SITE, one with a
# login and a private post (sites add --user) in WPNEWS_E2E_PRIVATE_SITE, and one whose
# REST API is closed to visitors, read through its feed, in WPNEWS_E2E_FEED_SITE; and the
# web-feed test bed (scripts/feeds.sh: sites that are not WordPress) in WPNEWS_E2E_WEB_FEEDS,
# its live directory (tests write their own feeds there) in WPNEWS_E2E_WEB_FEEDS_LIVE and
# its request log in WPNEWS_E2E_WEB_FEEDS_LOG.
# A site this script started is stopped on the way out, also when the command fails.
set -euo pipefail
cd "$(dirname "$0")/.."

started=()
stop_started() {
  for site in "${started[@]}"; do
    if [[ $site == web ]]; then scripts/feeds.sh stop; else WPNEWS_WP_SITE=$site scripts/wordpress.sh stop >&2; fi
  done
}
trap stop_started EXIT
for site in small big writable private feed; do
  WPNEWS_WP_SITE=$site scripts/wordpress.sh status >/dev/null 2>&1 || started+=("$site")
done
scripts/feeds.sh status || started+=(web)
WPNEWS_E2E_SITE=$(WPNEWS_WP_SITE=small scripts/wordpress.sh start | tail -n 1)
WPNEWS_E2E_BIG_SITE=$(WPNEWS_WP_SITE=big scripts/wordpress.sh start | tail -n 1)
WPNEWS_E2E_WRITABLE_SITE=$(WPNEWS_WP_SITE=writable scripts/wordpress.sh start | tail -n 1)
WPNEWS_E2E_PRIVATE_SITE=$(WPNEWS_WP_SITE=private scripts/wordpress.sh start | tail -n 1)
WPNEWS_E2E_FEED_SITE=$(WPNEWS_WP_SITE=feed scripts/wordpress.sh start | tail -n 1)
WPNEWS_E2E_WEB_FEEDS=$(scripts/feeds.sh start | tail -n 1)
WPNEWS_E2E_WEB_FEEDS_LIVE=$(scripts/feeds.sh live)
WPNEWS_E2E_WEB_FEEDS_LOG=$(scripts/feeds.sh log)
export WPNEWS_E2E_SITE WPNEWS_E2E_BIG_SITE WPNEWS_E2E_WRITABLE_SITE WPNEWS_E2E_PRIVATE_SITE WPNEWS_E2E_FEED_SITE
export WPNEWS_E2E_WEB_FEEDS WPNEWS_E2E_WEB_FEEDS_LIVE WPNEWS_E2E_WEB_FEEDS_LOG
"$@"
