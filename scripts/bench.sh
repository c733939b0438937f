#!/usr/bin/env bash
# `make bench`: wpnews timed side by side with its peers in one run (hyperfine), each
# figure printed as a ratio against its peer next to the goal the issues set.
# Needs the seeded WordPress (run through scripts/with-wordpress.sh) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh hyperfine newsboat curl

site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
bin=$PWD/.build/release/wpnews
runs=${BENCH_RUNS:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# newsboat reloads the same site's RSS feed (10 items) into an empty cache each run.
echo "$site/feed/" > "$work/urls"
touch "$work/newsboat.conf"
# The floor: the one list request wpnews cannot do without, made by curl.
fields=id,slug,link,title,excerpt,date_gmt,modified_gmt,author,featured_media,sticky,categories,tags
floor="$site/wp-json/wp/v2/posts?_fields=$fields&page=1&per_page=10&orderby=date&order=desc&ignore_sticky=true"

hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/latest.json" \
  --prepare "rm -rf $work/wpnews-cache" -n "wpnews latest (cold)" \
    "env XDG_CACHE_HOME=$work/wpnews-cache $bin latest --site $site" \
  --prepare "rm -f $work/newsboat.db" -n "newsboat reload (cold)" \
    "newsboat -x reload -u $work/urls -c $work/newsboat.db -C $work/newsboat.conf" \
  --prepare "true" -n "curl floor" "curl -s -o /dev/null $floor" \
  --prepare "true" -n "wpnews --version" "$bin --version" >&2

python3 scripts/bench-report.py "$site" "$work/latest.json"
