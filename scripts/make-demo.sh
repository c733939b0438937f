#!/usr/bin/env bash
# Rebuilds Resources/demo/demo.sqlite, the bundled demo site: wpnews itself reads the seeded
# WordPress into an empty cache, and that cache is the snapshot. Run through
# scripts/with-wordpress.sh (`make demo`) after changing the seed or the cache's schema.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh sqlite3

site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
wpnews=$PWD/.build/debug/wpnews
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CACHE_HOME=$home/cache XDG_CONFIG_HOME=$home/config

# --json reads do not mark stories seen, so the demo starts with every story new.
for page in 1 2 3 4 5; do
  "$wpnews" latest --site "$site" --page "$page" --json >/dev/null
done
"$wpnews" featured --site "$site" --json >/dev/null

mkdir -p Resources/demo
rm -f Resources/demo/demo.sqlite
sqlite3 "$XDG_CACHE_HOME/wpnews/wpnews.sqlite" "VACUUM INTO 'Resources/demo/demo.sqlite'"
echo "wrote Resources/demo/demo.sqlite ($(du -k Resources/demo/demo.sqlite | cut -f1) KB) from $site" >&2
