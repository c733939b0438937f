#!/usr/bin/env bash
# `make bench`'s figures of issue 25's "Speed and memory" (scripts/bench.sh calls it): web
# feeds served on loopback by scripts/feed-server.py, wpnews against newsboat on the same
# feeds and server in the same run, each ratio next to its goal.
# - One big feed (500 items, about 1 MB of RSS), followed as `sites add` leaves it: a cold
#   `latest` (fetch, parse, store, print page 1) against newsboat's reload with an empty
#   cache; its peak memory against the same command on a 10-item feed.
# - Fifty feeds of 20 to 100 items, each on its own address (127.0.0.2 to 127.0.0.51, so
#   each is a host of its own as on the web): the cold river against newsboat's reload with
#   six threads, and the warm river (no request, which the server's log shows) against
#   newsboat's print-unread.
# Wall times come from hyperfine, which a busy machine makes noisy: instruction counts from
# callgrind (a stripped copy, as in bench-perf.sh) are printed beside them.
# Usage: bench-feeds.sh WPNEWS WORKDIR RUNS
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh hyperfine newsboat time valgrind python3

bin=$1 work=$2/feeds runs=$3
port=$((8791 + ${WPNEWS_WP_PORT_OFFSET:-0}))
rm -rf "$work"
mkdir -p "$work/root"

# The feeds, the same on every run: realistic items (titles with entities and non-ASCII
# letters, permalinks, GUIDs that are not addresses, RFC 822 dates, authors, categories, a
# summary and the whole article as HTML with links, pictures, quotes and lists).
python3 - "$work/root" "$port" <<'PYTHON'
import email.utils, os, random, sys
from xml.sax.saxutils import escape

root, port = sys.argv[1], int(sys.argv[2])
words = ("harbour council river ferry quay market bridge library tide lantern school budget "
         "tram storm heron festival café naïve résumé Zürich façade déjà-vu rain season "
         "night shift museum park cyclists road works archive mayor vote ward").split()

def sentence(rng, count):
    text = " ".join(rng.choice(words) for _ in range(count))
    return text[0].upper() + text[1:] + "."

def article(rng, base, paragraphs):
    parts = []
    for number in range(paragraphs):
        text = " ".join(sentence(rng, rng.randint(8, 18)) for _ in range(rng.randint(2, 3)))
        if number == 1:
            parts.append(f'<figure><img src="{base}/uploads/{rng.randint(1, 999)}.jpg" alt="{sentence(rng, 4)}" '
                         f'width="1200" height="800"><figcaption>{sentence(rng, 6)}</figcaption></figure>')
        if number == 2:
            parts.append(f"<blockquote><p>“{sentence(rng, 12)}” — {rng.choice(words).title()}</p></blockquote>")
        if number == 3:
            parts.append("<ul>" + "".join(f"<li>{sentence(rng, 5)}</li>" for _ in range(3)) + "</ul>")
        parts.append(f'<p>{text} <a href="{base}/{rng.choice(words)}/">{rng.choice(words)}</a> &amp; more.</p>')
    return "".join(parts)

def rss(path, title, base, items, paragraphs, seed, newest):
    rng = random.Random(seed)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
           'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
           'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n',
           f"<title>{escape(title)}</title>\n<link>{base}/</link>\n<description>{escape(sentence(rng, 8))}</description>\n"
           "<language>en</language>\n"]
    for number in range(items):
        when = newest - number * 3600 - rng.randint(0, 3000)
        slug = f"{rng.choice(words)}-{rng.choice(words)}-{number}".replace("é", "e").replace("ï", "i").replace("ü", "u").replace("ç", "c")
        headline = f"{sentence(rng, rng.randint(4, 9))[:-1]} & {rng.choice(words)} “{number}”"
        categories = "".join(f"<category><![CDATA[{rng.choice(words).title()}]]></category>" for _ in range(rng.randint(1, 3)))
        out.append(
            f"<item><title>{escape(headline)}</title>\n<link>{base}/{slug}/</link>\n"
            f"<dc:creator><![CDATA[{rng.choice(words).title()} {rng.choice(words).title()}]]></dc:creator>\n"
            f"<pubDate>{email.utils.formatdate(when, usegmt=True)}</pubDate>\n{categories}\n"
            f'<guid isPermaLink="false">{base}/?p={seed * 10000 + number}</guid>\n'
            f"<description><![CDATA[{sentence(rng, 20)} [&#8230;]]]></description>\n"
            f"<content:encoded><![CDATA[{article(rng, base, paragraphs)}]]></content:encoded>\n</item>\n")
    out.append("</channel>\n</rss>\n")
    with open(path, "w", encoding="utf-8") as feed:
        feed.write("".join(out))

newest = 1_790_000_000
rss(f"{root}/big.xml", "The Harbour Ledger", "https://ledger.example", 500, 4, 1, newest)
rss(f"{root}/small.xml", "The Harbour Ledger (short)", "https://ledger.example", 10, 4, 1, newest)
for site in range(50):
    items = 20 + site * 37 % 81
    rss(f"{root}/river-{site}.xml", f"Site {site}", f"https://site{site}.example", items, 3, 100 + site, newest - site * 600)
PYTHON
big_bytes=$(stat -c %s "$work/root/big.xml")

python3 scripts/feed-server.py --root "$work/root" --hosts 127.0.0.1-127.0.0.51 --port "$port" --log "$work/requests.log" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
for _ in $(seq 200); do curl -s -o /dev/null "http://127.0.0.51:$port/river-49.xml" && break; sleep 0.05; done

touch "$work/newsboat.conf"
printf 'reload-threads 6\n' > "$work/newsboat-6.conf"
echo "http://127.0.0.1:$port/big.xml" > "$work/big-urls"
for site in $(seq 0 49); do echo "http://127.0.0.$((site + 2)):$port/river-$site.xml"; done > "$work/river-urls"
in_home() { # home, then the command
  local home=$1
  shift
  env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" "$@"
}
# Each home follows its feeds as `sites add` and `sites import` leave them, with lists
# fresh for a day, so the warm runs under valgrind on a loaded machine stay warm.
for home in big small river; do
  mkdir -p "$work/$home/config/wpnews"
  printf '[freshness]\nlists_minutes = 1440\n' > "$work/$home/config/wpnews/config.toml"
done
in_home "$work/big" "$bin" sites add big "http://127.0.0.1:$port/big.xml" >/dev/null 2>&1
in_home "$work/small" "$bin" sites add small "http://127.0.0.1:$port/small.xml" >/dev/null 2>&1
in_home "$work/river" "$bin" sites import "$work/river-urls" >/dev/null 2>&1
run() { # home: the command hyperfine runs
  echo "env HOME=$work/$1 XDG_CACHE_HOME=$work/$1/cache XDG_CONFIG_HOME=$work/$1/config XDG_STATE_HOME=$work/$1/state $bin"
}

hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/big.json" \
  --prepare "rm -rf $work/big/cache $work/big/state" -n "wpnews latest (cold, 500-item feed)" "$(run big) latest" \
  --prepare "rm -f $work/newsboat-big.db" -n "newsboat reload (cold, 500-item feed)" \
    "newsboat -x reload -u $work/big-urls -C $work/newsboat.conf -c $work/newsboat-big.db" >&2
peak() { # home: the peak resident memory of a cold latest, in KB, the median of three
  for _ in 1 2 3; do
    rm -rf "$work/$1/cache" "$work/$1/state"
    in_home "$work/$1" /usr/bin/time -f %M -o "$work/peak" "$bin" latest >/dev/null
    cat "$work/peak"
  done | sort -n | sed -n 2p
}
big_peak=$(peak big)
small_peak=$(peak small)

# hyperfine runs every run of a command before the next command's: the last cold river
# leaves the cache the warm one reads, as the last cold reload leaves newsboat's.
hyperfine -N --style basic --warmup 2 --runs "$runs" --export-json "$work/river.json" \
  --prepare "rm -rf $work/river/cache $work/river/state" -n "wpnews latest --sites all (cold, 50 feeds)" "$(run river) latest --sites all" \
  --prepare "true" -n "wpnews latest --sites all (warm, 50 feeds)" "$(run river) latest --sites all" \
  --prepare "rm -f $work/newsboat-river.db" -n "newsboat reload, 6 threads (cold, 50 feeds)" \
    "newsboat -x reload -u $work/river-urls -C $work/newsboat-6.conf -c $work/newsboat-river.db" \
  --prepare "true" -n "newsboat print-unread (warm, 50 feeds)" \
    "newsboat -x print-unread -u $work/river-urls -C $work/newsboat-6.conf -c $work/newsboat-river.db" >&2
# The warm river asks nothing: the server logs no request while it runs.
before=$(wc -l < "$work/requests.log")
in_home "$work/river" "$bin" latest --sites all >/dev/null
warm_requests=$(($(wc -l < "$work/requests.log") - before))

# Instructions, all threads (the server's are not counted): stripped copies, as callgrind
# cannot read the release binary's debug information.
wpnews=$work/wpnews
strip --strip-debug -o "$wpnews" "$bin"
instructions() { # home, then the command
  local home=$1
  shift
  in_home "$home" valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$work/callgrind.out" "$@" >/dev/null 2>&1
  awk '/^totals:/ { print $2 }' "$work/callgrind.out"
}
rm -rf "$work/big/cache" "$work/big/state"
big_instructions=$(instructions "$work/big" "$wpnews" latest)
rm -f "$work/newsboat-big.db"
newsboat_big_instructions=$(instructions "$work/big" newsboat -x reload -u "$work/big-urls" -C "$work/newsboat.conf" -c "$work/newsboat-big.db")
rm -rf "$work/river/cache" "$work/river/state"
river_instructions=$(instructions "$work/river" "$wpnews" latest --sites all)
warm_instructions=$(instructions "$work/river" "$wpnews" latest --sites all)
rm -f "$work/newsboat-river.db"
newsboat_river_instructions=$(instructions "$work/river" newsboat -x reload -u "$work/river-urls" -C "$work/newsboat-6.conf" -c "$work/newsboat-river.db")
newsboat_warm_instructions=$(instructions "$work/river" newsboat -x print-unread -u "$work/river-urls" -C "$work/newsboat-6.conf" -c "$work/newsboat-river.db")

python3 - "$work/big.json" "$work/river.json" "$big_bytes" "$big_peak" "$small_peak" "$warm_requests" \
  "$big_instructions" "$newsboat_big_instructions" "$river_instructions" "$newsboat_river_instructions" \
  "$warm_instructions" "$newsboat_warm_instructions" <<'PYTHON'
import json, statistics, sys

times = {}
for path in sys.argv[1:3]:
    for result in json.load(open(path))["results"]:
        times[result["command"]] = statistics.median(result["times"]) * 1000
big_bytes, big_peak, small_peak, warm_requests = (int(n) for n in sys.argv[3:7])
big, newsboat_big, river, newsboat_river, warm, newsboat_warm = (int(n) for n in sys.argv[7:13])

def row(name, figure, unit, goal):
    print(f"  {name:<52} {figure:9.2f}{unit:<3} <= {goal:g}{unit}  {'met' if figure <= goal else 'MISSED'}")

print(f"\n  web feeds on loopback (issue 25; medians, ms; a {big_bytes / 1e6:.2f} MB feed of 500 items, 50 feeds on 50 addresses)")
for name, ms in times.items():
    print(f"  {name:<52} {ms:9.1f}")
row("cold latest, 500-item feed / newsboat reload", times["wpnews latest (cold, 500-item feed)"] / times["newsboat reload (cold, 500-item feed)"], "x", 0.5)
row("peak memory, 500-item feed - 10-item feed (MB)", (big_peak - small_peak) / 1024, " MB", 15)
row("cold river, 50 feeds / newsboat reload, 6 threads", times["wpnews latest --sites all (cold, 50 feeds)"] / times["newsboat reload, 6 threads (cold, 50 feeds)"], "x", 1.0)
row("warm river, 50 feeds / newsboat print-unread", times["wpnews latest --sites all (warm, 50 feeds)"] / times["newsboat print-unread (warm, 50 feeds)"], "x", 1.0)
print(f"  {'warm river, 50 feeds: requests':<52} {warm_requests:9d}    <= 0    {'met' if warm_requests == 0 else 'MISSED'}")
print(f"  {'(peak memory, 500 items; 10 items)':<52} {big_peak / 1024:.1f}; {small_peak / 1024:.1f} MB")
print(f"  {'(instructions, wpnews / newsboat: big cold; river':<52} {big / 1e6:.0f} / {newsboat_big / 1e6:.0f}; "
      f"{river / 1e6:.0f} / {newsboat_river / 1e6:.0f};")
print(f"  {' cold; river warm)':<52} {warm / 1e6:.0f} / {newsboat_warm / 1e6:.0f} M")
PYTHON
