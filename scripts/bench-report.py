"""Prints `make bench` figures: medians from hyperfine's JSON, as ratios against peers."""
import json
import statistics
import sys

site, live_export, memory_export, app_export, app_peers_export, size_export, watch_export, picture_memory_export, *exports = sys.argv[1:]
median = {}
for path in exports:
    for result in json.load(open(path))["results"]:
        # A name measured in two groups (wpnews --version) keeps the later, nearer figure.
        median[result["command"]] = statistics.median(result["times"]) * 1000

print(f"\nwpnews bench against {site} (medians, ms)")
for name, ms in median.items():
    print(f"  {name:<38} {ms:8.1f}")

m = median
start = m["wpnews --version"]
# (figure, numerator, denominator, goal or None for figures reported without a goal)
rows = [
    ("cold latest / newsboat cold reload", m["wpnews latest (cold)"], m["newsboat reload (cold)"], 0.5),
    ("feed site: cold latest / newsboat reload", m["wpnews latest (cold, through the feed)"], m["newsboat reload (cold, the feed site)"], 1.0),
    ("cold latest / (curl floor + start)", m["wpnews latest (cold)"], m["curl floor"] + start, None),
    ("warm latest / newsboat print-unread", m["wpnews latest (warm)"], m["newsboat print-unread (warm)"], 0.8),
    ("warm latest / wpnews --version", m["wpnews latest (warm)"], start, 1.5),
    ("stale latest, caught up / --refresh", m["wpnews latest (stale, caught up)"], m["wpnews latest --refresh"], None),
    ("warm latest, 10,000 / 100 stories", m["wpnews latest (warm, 10000 stories)"], m["wpnews latest (warm, 100 stories)"], 1.2),
    ("render 300 KB / w3m -dump", m["wpnews render (300 KB)"], m["w3m -dump (300 KB)"], 0.8),
    ("render 300 KB / lynx -dump", m["wpnews render (300 KB)"], m["lynx -dump (300 KB)"], None),
    ("render 3 MB / render 300 KB", m["wpnews render (3 MB)"], m["wpnews render (300 KB)"], 10.5),
    ("cached read / wpnews --version", m["wpnews read (cached)"], start, 1.5),
    ("read, 5 cached pictures: symbols / none", m["wpnews read (5 cached pictures, symbols)"], m["wpnews read (5 cached pictures, none)"], 1.5),
    ("cold tags / 1.3 (heaviest tags request + start)", m["wpnews tags (cold)"], 1.3 * (m["curl heaviest tags (floor)"] + start), 1.0),
    ("cold search / 1.3 (curl search + start)", m["wpnews search (cold)"], 1.3 * (m["curl search (floor)"] + start), 1.0),
    ("cold latest --all, 10,000 / curl 100 pages", m["wpnews latest --all (cold, 10,000)"], m["curl 100 pages, 6 at a time (floor)"], 1.2),
    ("cold river, 3 sites / 3 processes at once", m["wpnews latest --sites all (cold, 3 sites)"], m["3 x wpnews latest --site (cold, at once)"], 1.2),
]
print(f"\n  {'ratio':<40} {'measured':>8}   goal")
for name, numerator, denominator, goal in rows:
    ratio = numerator / denominator
    verdict = "" if goal is None else f"<= {goal:.2f}x  {'met' if ratio <= goal else 'MISSED'}"
    print(f"  {name:<40} {ratio:7.2f}x   {verdict}")

peak = json.load(open(memory_export))["peak_rss_kb"] / 1024
print(f"  {'peak memory, latest --all --json, 10,000':<40} {peak:6.1f} MB   <= 80 MB  {'met' if peak <= 80 else 'MISSED'}")
picture_peak = json.load(open(picture_memory_export))["peak_rss_kb"] / 1024
print(f"  {'peak memory, read with a 6000x4000 JPEG':<40} {picture_peak:6.1f} MB   <= 120 MB  {'met' if picture_peak <= 120 else 'MISSED'}")

# Live search, from WPNEWS_TRACE (scripts/bench-live-search.sh): milliseconds, not a ratio.
live = json.load(open(live_export))
beyond, server = live["beyond_server_ms"], live["server_ms"]
if beyond:
    ordered = sorted(beyond)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    # The goal is judged on the 90th percentile: on a shared 2-core machine a search now and
    # then loses the CPU for tens of ms; the worst is printed beside it.
    print(f"\n  live search, end of typing pause to results drawn, beyond the server ({len(beyond)} searches)")
    print(f"  {'median / p90 / worst':<40} {statistics.median(beyond):4.1f} / {p90:.1f} / {ordered[-1]:.1f} ms"
          f"   p90 <= 16 ms  {'met' if p90 <= 16 else 'MISSED'}")
    print(f"  {'server time, median':<40} {statistics.median(server):4.1f} ms")
else:
    print("\n  live search: no search was traced (see scripts/bench-live-search.sh)")

# The full-screen app, from scripts/bench-browse.py, against its peers timed just before it
# (app_peers_export, whose own wpnews --version is the start-up taken off `read`).
app = json.load(open(app_export))
peer = {result["command"]: statistics.median(result["times"]) * 1000 for result in json.load(open(app_peers_export))["results"]}
featured, read, app_start = peer["wpnews featured (warm)"], peer["wpnews read --no-pager (app's story)"], peer["wpnews --version"]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def ratio_row(name, ratio, goal):
    verdict = "" if goal is None else f"<= {goal:.2f}x  {'met' if ratio <= goal else 'MISSED'}"
    print(f"  {name:<40} {ratio:7.2f}x   {verdict}")


first, listed, opened = (statistics.median(app[key]) for key in ("first_frame_ms", "first_stories_frame_ms", "article_ms"))
print(f"\n  wpnews browse at 100 x 30 in a pseudo-terminal ({len(app['first_frame_ms'])} runs, medians; {len(app['key_ms'])} keys)")
print(f"  {'peers, timed just before (ms)':<40} featured {featured:.1f}, read {read:.1f}, --version {app_start:.1f}")
ratio_row("first frame (warm) / featured (warm)", first / featured, 1.2)
ratio_row("featured drawn in the app / featured", listed / featured, None)
ratio_row("story opened (cached) / (read - start)", opened / (read - app_start), 1.0)
ratio_row("first opening in a run / (read - start)", statistics.median(app["article_first_ms"]) / (read - app_start), None)
if not app["article_is_story"]:
    print(f"  (the story opened was not always story {app['story']}, which read was timed on)")
if app["exchanges"]:
    print(f"  ({app['exchanges']} requests to the site in the timed runs: the cache was not all warm)")
if not app["article_method"].startswith("article event"):
    print(f"  (the article's frame: {app['article_method']})")
keys, p90 = app["key_ms"], percentile(app["key_ms"], 0.9)
# Judged on the 90th percentile, as live search is: on the shared 2-core machine a key now
# and then waits for the CPU.
stories = f"{app['stories']:,} stories" + ("" if app["end_drawn"] else ", end not drawn")
print(f"  {'key to frame, Latest, ' + stories:<40} p90 {p90:.1f} ms (goal <= 4 ms)  {'met' if p90 <= 4 else 'MISSED'}")
print(f"  {'  median / worst':<40} {statistics.median(keys):4.1f} / {max(keys):.1f} ms")
if app["key_from_write_ms"]:
    written = app["key_from_write_ms"]
    print(f"  {'  from the pty write: median / p90':<40} {statistics.median(written):4.1f} / {percentile(written, 0.9):.1f} ms")
moved = statistics.median(app["move_bytes"])
print(f"  {'bytes, cursor moved one story':<40} {moved:6.0f} B    <= 1 KB  {'met' if moved <= 1024 else 'MISSED'}")
print(f"  {'  one story, the list scrolled':<40} {statistics.median(app['scroll_bytes']):6.0f} B")
rss = app["rss_kb"] / 1024
print(f"  {'memory (VmRSS), ' + stories:<40} {rss:6.1f} MB   <= 60 MB  {'met' if rss <= 60 else 'MISSED'}")

size = json.load(open(size_export))
megabytes = {key: value / 1_000_000 for key, value in size.items() if key != "parts"}
print(f"\n  {'binary, release build':<40} {megabytes['binary']:6.1f} MB")
print(f"  {'  stripped, as make install leaves it':<40} {megabytes['stripped']:6.1f} MB")
print(f"  {'  of which ICU data (Foundation)':<40} {megabytes['icu_data']:6.1f} MB")
if size["parts"]:
    print(f"  {'code and data by part (linker map)':<40}")
    for part, weight in size["parts"].items():
        print(f"  {'    ' + part:<40} {weight / 1_000_000:6.1f} MB")

watch = json.load(open(watch_export))
kb = watch["bytes"] / 1024
print(f"\n  {'watch poll, nothing new (received)':<40} {kb:6.2f} KB   <= 2 KB  {'met' if kb <= 2 else 'MISSED'}  ({watch['requests']} requests)")
