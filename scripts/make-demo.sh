#!/usr/bin/env bash
# Rebuilds Resources/demo/demo.sqlite, the bundled demo site: wpnews itself reads the seeded
# WordPress into an empty cache, and that cache is the snapshot. Run through
# scripts/with-wordpress.sh (`make demo`) after changing the seed or the cache's schema.
#
# The demo is read offline, so it holds everything its commands need: every story with its
# text (any page of any list is cut from the whole archive), the featured list, every
# category, tag and author, and the pages with their text. Comments are never cached.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh sqlite3

site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
wpnews=${WPNEWS_BIN:-$PWD/.build/debug/wpnews}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CACHE_HOME=$home/cache XDG_CONFIG_HOME=$home/config XDG_STATE_HOME=$home/state

ids() { python3 -c 'import json, sys; print(" ".join(str(item["id"]) for item in json.load(sys.stdin)))'; }

# --json runs do not mark stories seen, so the demo starts with every story new.
stories=$("$wpnews" latest --site "$site" --all --per-page 100 --json | ids)
"$wpnews" latest --site "$site" --json >/dev/null
"$wpnews" featured --site "$site" --json >/dev/null
"$wpnews" categories --site "$site" --json >/dev/null
"$wpnews" tags --site "$site" --json >/dev/null
for id in $stories; do
  # A password-protected story stays locked in the demo, as on the site.
  "$wpnews" read "$id" --site "$site" --json >/dev/null 2>"$home/read.err" ||
    grep -q "password-protected" "$home/read.err" || { cat "$home/read.err" >&2; exit 1; }
done
for id in $("$wpnews" pages --site "$site" --json | ids); do
  "$wpnews" page "$id" --site "$site" --json >/dev/null
done

mkdir -p Resources/demo
rm -f Resources/demo/demo.sqlite
sqlite3 "$XDG_CACHE_HOME/wpnews/wpnews.sqlite" "VACUUM INTO 'Resources/demo/demo.sqlite'"
echo "wrote Resources/demo/demo.sqlite ($(du -k Resources/demo/demo.sqlite | cut -f1) KB, $(wc -w <<<"$stories") stories) from $site" >&2
