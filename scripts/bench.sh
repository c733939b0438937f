#!/usr/bin/env bash
# `make bench`: wpnews timed side by side with its peers in one run (hyperfine), each
# figure printed as a ratio against its peer next to the goal the issues set.
# Needs the seeded WordPress (run through scripts/with-wordpress.sh) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh hyperfine newsboat curl sqlite3

site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
bin=$PWD/.build/release/wpnews
runs=${BENCH_RUNS:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench() { # name-of-export, then hyperfine arguments
  local export=$1
  shift
  hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/$export.json" "$@" >&2
}

# newsboat reads the same site's RSS feed (10 items).
echo "$site/feed/" > "$work/urls"
touch "$work/newsboat.conf"
newsboat_args="-u $work/urls -C $work/newsboat.conf"
# The floor: the one list request wpnews cannot do without, made by curl.
fields=id,slug,link,title,excerpt,date_gmt,modified_gmt,author,featured_media,sticky,categories,tags
floor="$site/wp-json/wp/v2/posts?_fields=$fields&page=1&per_page=10&orderby=date&order=desc&ignore_sticky=true"

# Cold: nothing cached, for either.
bench cold \
  --prepare "rm -rf $work/cold" -n "wpnews latest (cold)" \
    "env HOME=$work/cold XDG_CACHE_HOME=$work/cold/cache XDG_CONFIG_HOME=$work/cold/config $bin latest --site $site" \
  --prepare "rm -f $work/newsboat-cold.db" -n "newsboat reload (cold)" \
    "newsboat -x reload $newsboat_args -c $work/newsboat-cold.db" \
  --prepare "true" -n "curl floor" "curl -s -o /dev/null $floor" \
  --prepare "true" -n "wpnews --version" "$bin --version"

# Warm: a fresh cache answers with no network; newsboat prints from its cache.
warm() { # home, then wpnews arguments
  local home=$1
  shift
  env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" "$bin" "$@"
}
warm "$work/warm" latest --site "$site" >/dev/null
newsboat -x reload $newsboat_args -c "$work/newsboat-warm.db"
# The same cache grown to 100 and to 10,000 stories (copies of the cached ones, new ids).
for size in 100 10000; do
  mkdir -p "$work/store-$size/cache/wpnews"
  sqlite3 "$work/warm/cache/wpnews/wpnews.sqlite" "VACUUM INTO '$work/store-$size/cache/wpnews/wpnews.sqlite'"
  sqlite3 "$work/store-$size/cache/wpnews/wpnews.sqlite" "
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $size - (SELECT count(*) FROM story))
    INSERT INTO story SELECT siteId, 1000000 + i, slug || '-' || i, title, link, date, modified, authorId, categoryIds,
      tagIds, excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt
    FROM n, (SELECT * FROM story LIMIT 1);"
done
bench warm \
  -n "wpnews latest (warm)" "env HOME=$work/warm XDG_CACHE_HOME=$work/warm/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site" \
  -n "newsboat print-unread (warm)" "newsboat -x print-unread $newsboat_args -c $work/newsboat-warm.db" \
  -n "wpnews --version" "$bin --version" \
  -n "wpnews latest (warm, 100 stories)" "env HOME=$work/store-100 XDG_CACHE_HOME=$work/store-100/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site" \
  -n "wpnews latest (warm, 10000 stories)" "env HOME=$work/store-10000 XDG_CACHE_HOME=$work/store-10000/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site"

python3 scripts/bench-report.py "$site" "$work"/cold.json "$work"/warm.json
