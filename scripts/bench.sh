#!/usr/bin/env bash
# `make bench`: wpnews timed side by side with its peers in one run (hyperfine), each
# figure printed as a ratio against its peer next to the goal the issues set.
# Needs the seeded WordPress (run through scripts/with-wordpress.sh) and a release build;
# WPNEWS_BIN times another binary than .build/release/wpnews.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh hyperfine newsboat curl sqlite3 w3m lynx tmux time netpbm

site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
bin=${WPNEWS_BIN:-$PWD/.build/release/wpnews}
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

# A site read through its feed (its REST API closed to visitors), followed as `sites add`
# leaves it, with no story cached, against newsboat's cold reload of the same feed.
feed_site=${WPNEWS_E2E_FEED_SITE:?run through scripts/with-wordpress.sh}
echo "$feed_site/feed/" > "$work/feed-urls"
feed_env="HOME=$work/feed XDG_CONFIG_HOME=$work/feed/config XDG_CACHE_HOME=$work/feed/cache XDG_STATE_HOME=$work/feed/state"
env $feed_env "$bin" sites add ledger "$feed_site" 2>/dev/null
bench feed \
  --prepare "rm -rf $work/feed/cache $work/feed/state" -n "wpnews latest (cold, through the feed)" "env $feed_env $bin latest" \
  --prepare "rm -f $work/newsboat-feed.db" -n "newsboat reload (cold, the feed site)" \
    "newsboat -x reload -u $work/feed-urls -C $work/newsboat.conf -c $work/newsboat-feed.db"

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
      tagIds, excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt, contentText
    FROM n, (SELECT * FROM story LIMIT 1);"
done
bench warm \
  -n "wpnews latest (warm)" "env HOME=$work/warm XDG_CACHE_HOME=$work/warm/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site" \
  -n "newsboat print-unread (warm)" "newsboat -x print-unread $newsboat_args -c $work/newsboat-warm.db" \
  -n "wpnews --version" "$bin --version" \
  -n "wpnews latest (warm, 100 stories)" "env HOME=$work/store-100 XDG_CACHE_HOME=$work/store-100/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site" \
  -n "wpnews latest (warm, 10000 stories)" "env HOME=$work/store-10000 XDG_CACHE_HOME=$work/store-10000/cache XDG_CONFIG_HOME=$work/warm/config $bin latest --site $site"

# A stale list (lists_minutes = 0): caught up with modified_after, against a full refresh.
mkdir -p "$work/stale/config/wpnews"
printf '[freshness]\nlists_minutes = 0\n' > "$work/stale/config/wpnews/config.toml"
warm "$work/stale" latest --site "$site" >/dev/null
bench stale \
  -n "wpnews latest (stale, caught up)" "env HOME=$work/stale XDG_CACHE_HOME=$work/stale/cache XDG_CONFIG_HOME=$work/stale/config $bin latest --site $site" \
  -n "wpnews latest --refresh" "env HOME=$work/stale XDG_CACHE_HOME=$work/stale/cache XDG_CONFIG_HOME=$work/stale/config $bin latest --refresh --site $site"

# Rendering: the seeded posts' HTML, repeated to about 300 KB, and ten times that.
curl -s "$site/wp-json/wp/v2/posts?per_page=100&_fields=content" | python3 -c '
import json, sys
html = "".join(post["content"]["rendered"] for post in json.load(sys.stdin))
corpus = html * (300_000 // len(html) + 1)
open(sys.argv[1], "w").write(corpus)
open(sys.argv[2], "w").write(corpus * 10)' "$work/corpus.html" "$work/corpus10.html"
warm "$work/warm" read 20 --site "$site" >/dev/null
bench render \
  -n "wpnews render (300 KB)" "$bin render $work/corpus.html --width 80 --no-color" \
  -n "w3m -dump (300 KB)" "w3m -dump -T text/html -cols 80 $work/corpus.html" \
  -n "lynx -dump (300 KB)" "lynx -dump -width=80 -force_html $work/corpus.html" \
  -n "wpnews render (3 MB)" "$bin render $work/corpus10.html --width 80 --no-color" \
  -n "wpnews read (cached)" "env HOME=$work/warm XDG_CACHE_HOME=$work/warm/cache XDG_CONFIG_HOME=$work/warm/config $bin read 20 --site $site" \
  -n "wpnews --version" "$bin --version"

# Pictures: the photo contest (post 38), its copy in the cache given five of the seeded
# pictures, all cached; symbols against placeholders. Explicit symbols on a pipe draw
# them (without colour: stdout is no terminal), so chafa and gdk-pixbuf do all their work.
pictures=$work/pictures
warm "$pictures" read 38 --site "$site" >/dev/null
uploads="$site/wp-content/uploads"
five=""
for name in river-dawn heron-pilings quay-lanterns eastbank-storm old-quay-market; do
  five="$five<figure><img src=\"$uploads/ledger-$name.png\" alt=\"$name\"></figure>"
done
sqlite3 "$pictures/cache/wpnews/wpnews.sqlite" "UPDATE story SET content = '<p>Five pictures.</p>' || '$five' || content WHERE id = 38"
warm "$pictures" read 38 --site "$site" --images symbols --no-pager >/dev/null
bench pictures \
  -n "wpnews read (5 cached pictures, symbols)" "env HOME=$pictures XDG_CACHE_HOME=$pictures/cache XDG_CONFIG_HOME=$pictures/config $bin read 38 --site $site --images symbols --no-pager" \
  -n "wpnews read (5 cached pictures, none)" "env HOME=$pictures XDG_CACHE_HOME=$pictures/cache XDG_CONFIG_HOME=$pictures/config $bin read 38 --site $site --images none --no-pager"
# Peak memory fetching and drawing a 6000x4000 JPEG (12 MB), served from the site's host
# on a port of its own: gdk-pixbuf's JPEG loader scales it down while decoding.
mkdir -p "$work/photo"
python3 -c '
import sys
width, height = 6000, 4000
row = bytes((x * 7 + 40) % 256 for x in range(width * 3))
with open(sys.argv[1], "wb") as out:
    out.write(b"P6 %d %d 255\n" % (width, height))
    for y in range(height):
        out.write(row[y % 97 * 3:] + row[:y % 97 * 3])' "$work/photo/big.ppm"
pnmtojpeg "$work/photo/big.ppm" > "$work/photo/big.jpg" && rm "$work/photo/big.ppm"
python3 -m http.server --bind 127.0.0.1 8790 --directory "$work/photo" >/dev/null 2>&1 &
photo_server=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:8790/big.jpg" && break; sleep 0.05; done
warm "$pictures" read 20 --site "$site" --images none >/dev/null
sqlite3 "$pictures/cache/wpnews/wpnews.sqlite" "UPDATE story SET content = '<figure><img src=\"http://127.0.0.1:8790/big.jpg\" alt=\"big\"></figure>' WHERE id = 20"
env HOME="$pictures" XDG_CACHE_HOME="$pictures/cache" XDG_CONFIG_HOME="$pictures/config" \
  /usr/bin/time -f '{"peak_rss_kb": %M}' -o "$work/picture-memory.json" "$bin" read 20 --site "$site" --images symbols --no-pager >/dev/null
kill "$photo_server"

# Browsing and search, cold: against the slowest single request each needs.
bench browse \
  --prepare "rm -rf $work/tags" -n "wpnews tags (cold)" \
    "env HOME=$work/tags XDG_CACHE_HOME=$work/tags/cache XDG_CONFIG_HOME=$work/tags/config $bin tags --site $site" \
  --prepare "true" -n "curl heaviest tags (floor)" \
    "curl -s -o /dev/null $site/wp-json/wp/v2/tags?orderby=count&order=desc&per_page=100&page=1&_fields=id,name,slug,count" \
  --prepare "rm -rf $work/search" -n "wpnews search (cold)" \
    "env HOME=$work/search XDG_CACHE_HOME=$work/search/cache XDG_CONFIG_HOME=$work/search/config $bin search council --site $site" \
  --prepare "true" -n "curl search (floor)" \
    "curl -s -o /dev/null $site/wp-json/wp/v2/posts?_fields=$fields&page=1&per_page=10&search=council&orderby=relevance" \
  --prepare "true" -n "wpnews --version" "$bin --version"

# A big site (10,000 posts), cold: the whole archive against curl fetching the same 100
# pages of 100, six at a time as wpnews's per-host limit allows.
big=${WPNEWS_E2E_BIG_SITE:?run through scripts/with-wordpress.sh}
for page in $(seq 100); do
  echo "$big/wp-json/wp/v2/posts?_fields=$fields&page=$page&per_page=100&orderby=date&order=desc&ignore_sticky=true"
done > "$work/big-pages"
hyperfine -N --style basic --warmup 1 --runs "${BENCH_BIG_RUNS:-5}" --export-json "$work/big.json" \
  --prepare "rm -rf $work/big" -n "wpnews latest --all (cold, 10,000)" \
    "env HOME=$work/big XDG_CACHE_HOME=$work/big/cache XDG_CONFIG_HOME=$work/big/config XDG_STATE_HOME=$work/big/state $bin latest --all --site $big" \
  --prepare "true" -n "curl 100 pages, 6 at a time (floor)" \
    "xargs -a $work/big-pages -P 6 -n 1 curl -s -f -o /dev/null" >&2
# Peak memory of the whole archive as JSON, streamed to a pipe.
rm -rf "$work/big"
env HOME="$work/big" XDG_CACHE_HOME="$work/big/cache" XDG_CONFIG_HOME="$work/big/config" XDG_STATE_HOME="$work/big/state" \
  /usr/bin/time -f '{"peak_rss_kb": %M}' -o "$work/big-memory.json" "$bin" latest --all --json --site "$big" > /dev/null

# The river of three followed sites (the seeded one under two addresses, and the big one),
# cold, against the three single-site commands run at once as three processes, each with a
# cache of its own. The sites are looked up once beforehand, as `sites add` leaves them.
river_sites=("ledger $site" "local ${site/127.0.0.1/localhost}" "big $big")
for entry in "${river_sites[@]}"; do
  env HOME="$work/river" XDG_CONFIG_HOME="$work/river/config" XDG_CACHE_HOME="$work/river/cache" $bin sites add $entry >/dev/null 2>&1
done
single() { # cache folder, site name
  echo "env HOME=$work/river XDG_CONFIG_HOME=$work/river/config XDG_CACHE_HOME=$work/river/$1 XDG_STATE_HOME=$work/river/$1 $bin latest --site $2 >/dev/null"
}
bench river \
  --prepare "rm -rf $work/river/cache $work/river/state" -n "wpnews latest --sites all (cold, 3 sites)" \
    "env HOME=$work/river XDG_CONFIG_HOME=$work/river/config XDG_CACHE_HOME=$work/river/cache XDG_STATE_HOME=$work/river/state $bin latest --sites all" \
  --prepare "rm -rf $work/river/one $work/river/two $work/river/three" -n "3 x wpnews latest --site (cold, at once)" \
    "sh -c '$(single one ledger) & $(single two local) & $(single three big) & wait'"

# Watch: one poll of a site with nothing new (the second `watch --once`; the first sets the
# cursor), in requests and bytes received, headers included, from the trace.
watch_home=$work/watch
rm -rf "$watch_home" "$work/watch.trace"
env HOME="$watch_home" XDG_CACHE_HOME="$watch_home/cache" XDG_CONFIG_HOME="$watch_home/config" XDG_STATE_HOME="$watch_home/state" \
  "$bin" watch --once --site "$site" > /dev/null
env HOME="$watch_home" XDG_CACHE_HOME="$watch_home/cache" XDG_CONFIG_HOME="$watch_home/config" XDG_STATE_HOME="$watch_home/state" \
  WPNEWS_TRACE="$work/watch.trace" "$bin" watch --once --site "$site" > /dev/null
python3 -c '
import json, sys
exchanges = [line.split() for line in open(sys.argv[1]) if line.split()[1:2] == ["exchange"]]
print(json.dumps({"requests": len(exchanges), "bytes": sum(int(words[-1]) for words in exchanges)}))
' "$work/watch.trace" > "$work/watch.json"

# Live search: from the end of the typing pause to results drawn, beyond the server's time.
scripts/bench-live-search.sh "$bin" "$site" "$work" > "$work/live.json"

# The full-screen app, in a pseudo-terminal (scripts/bench-browse.py), against its peers
# on a warm cache of its own: its first frame against `featured` run to the end, a cached
# story opened in the reader against `read` less start-up; keys on Latest with the big
# site's 10,000 stories loaded, and its memory then.
app=$work/app
app_env="HOME=$app XDG_CACHE_HOME=$app/cache XDG_CONFIG_HOME=$app/config XDG_STATE_HOME=$app/state" # as bench-browse.py's
env $app_env "$bin" latest --site "$site" >/dev/null
env $app_env "$bin" featured --site "$site" >/dev/null
story=$(env $app_env "$bin" latest --json --site "$site" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')
env $app_env "$bin" read "$story" --no-pager --site "$site" >/dev/null
bench app \
  -n "wpnews featured (warm)" "env $app_env $bin featured --site $site" \
  -n "wpnews read --no-pager (app's story)" "env $app_env $bin read $story --no-pager --site $site" \
  -n "wpnews --version" "$bin --version"
python3 scripts/bench-browse.py "$bin" "$app" "$site" "$story" "$big" "$work/app-big" > "$work/browse-app.json"

# The binary as `make install` leaves it (stripped), its largest part, ICU's data, which
# Foundation brings, and what each library adds (from the map `make release` writes).
strip -o "$work/wpnews.stripped" "$bin"
icu=$(nm -S "$bin" | awk '$4 ~ /^icudt[0-9]+_dat$/ { print $2 }')
parts=$(if [ -f .build/wpnews.map ] && [ -z "${WPNEWS_BIN:-}" ]; then scripts/binary-parts.py .build/wpnews.map; else echo '{}'; fi)
printf '{"binary": %d, "stripped": %d, "icu_data": %d, "parts": %s}\n' \
  "$(stat -c %s "$bin")" "$(stat -c %s "$work/wpnews.stripped")" "$((16#${icu:-0}))" "$parts" > "$work/size.json"

# app.json is listed before browse.json so that the other ratios keep browse.json's
# wpnews --version; the app's own rows take app.json's (its second argument).
python3 scripts/bench-report.py "$site" "$work/live.json" "$work/big-memory.json" "$work/browse-app.json" "$work/app.json" "$work/size.json" "$work/watch.json" \
  "$work/picture-memory.json" "$work"/pictures.json "$work"/cold.json "$work"/feed.json "$work"/warm.json "$work"/stale.json "$work"/render.json "$work"/app.json "$work"/browse.json "$work"/big.json \
  "$work"/river.json

# A poll of an unchanged feed against the first fetch of it (issue 25: politely).
scripts/bench-feeds-poll.sh "$bin" "$feed_site" "$work" "$runs"

# One big web feed and fifty on fifty addresses, against newsboat (issue 25: speed and memory).
scripts/bench-feeds.sh "$bin" "$work" "$runs"

# The article of a 300 KB news page, against w3m's dump of the whole page (issue 27).
scripts/bench-extract.sh "$bin" "$work" "$runs"

# The app's lists a line a story against cards, with 10,000 stories (issue 28: density).
scripts/bench-density.sh "$bin" "$big" "$work"

# The app's jump to a date on the big site against curl of the request it makes (issue 28).
scripts/bench-dates.sh "$bin" "$big" "$work" "$runs"

# A saved story opened in the app with its site out of reach, against `read` (issue 28).
scripts/bench-saved.sh "$bin" "$site" "$work" "$runs"

# Start-up, the warm list and a whole archive in instructions (issue 26).
scripts/bench-perf.sh "$bin" "$site" "$big" "$work"

# What a user downloads and installs: the .deb that `make bench` has `make deb` build.
scripts/bench-package.sh "dist/wpnews_$(scripts/version.sh)_$(dpkg --print-architecture).deb"
