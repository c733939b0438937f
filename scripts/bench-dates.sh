#!/usr/bin/env bash
# The app's jump to a date (`:`, issue 28) on the big test site, for `make bench`
# (scripts/bench.sh calls it): from the Enter that ends the date typed on the status line
# ("input" in WPNEWS_TRACE) to the first frame after the dated list came ("dated"), in a
# pseudo-terminal as scripts/bench-browse.py drives the app, the cache warm with Latest but
# not with the dated page (removed before each run, so every jump asks the site). Its peer,
# measured in the same run: curl fetching the exact request the app made (its address from
# the trace: the same before= and _fields). Prints its rows, as scripts/bench-report.py
# prints the others.
# Usage: bench-dates.sh WPNEWS BIG-SITE WORKDIR RUNS
set -euo pipefail
bin=$1 site=$2 work=$3 runs=$4
home=$work/dates
rm -rf "$home"
mkdir -p "$home"
env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" \
  "$bin" latest --site "$site" > /dev/null
# Two years back: the big site has stories every day of its eight years.
day=$(date -d '2 years ago' +%Y-%m-%d)

python3 - "$bin" "$home" "$site" "$day" "$runs" "$work" <<'PYTHON'
import importlib.util, json, os, sqlite3, statistics, subprocess, sys, time

spec = importlib.util.spec_from_file_location("bench_browse", "scripts/bench-browse.py")
browse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browse)
wpnews, home, site, day, runs, work = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
trace, cache = f"{work}/dates.trace", f"{home}/cache/wpnews/wpnews.sqlite"

jumps, addresses = [], set()
for run in range(runs + 1):  # the first run warms the app's own pages of Latest
    with sqlite3.connect(cache) as db:
        db.execute("DELETE FROM listing WHERE family LIKE '%|before=%'")
    app = browse.App([wpnews, "browse", "--site", site], home, trace)
    # The big site features no story: its Featured tab is a short frame.
    app.frame_after(0, what="first frame")
    browse.open_latest(app)
    mark = len(app.trace.poll())
    app.send(":" + day)
    app.frame_after(mark, what="the date typed")
    time.sleep(0.05)
    mark = len(app.trace.poll())
    app.send("\r")
    dated = app.trace.wait(lambda events: next((i for i, (_, name, _) in enumerate(events) if i >= mark and name == "dated"), None),
                           what="dated list")
    # Over a screenful of bytes: a tick of the spinner may come between.
    _, drawn, _ = app.frame_after(dated + 1, browse.LIST_FRAME_BYTES, "frame of the dated list")
    events = app.trace.poll()
    entered = next(t for i, (t, name, _) in enumerate(events) if i >= mark and name == "input")
    addresses |= {detail.split()[1] for i, (_, name, detail) in enumerate(events) if i >= mark and name == "exchange" and "before=" in detail}
    app.quit()
    if run > 0:
        jumps.append(drawn - entered)

if len(addresses) != 1:
    sys.exit(f"bench-dates: the jumps asked for {sorted(addresses)}, not one address")
address = addresses.pop()
subprocess.run(["hyperfine", "-N", "--style", "basic", "--warmup", "3", "--runs", str(runs), "--export-json", f"{work}/dates-curl.json",
                "-n", "curl", f"curl -s -o /dev/null {address}"], check=True, stdout=sys.stderr)
curl = statistics.median(json.load(open(f"{work}/dates-curl.json"))["results"][0]["times"]) * 1000
app = statistics.median(jumps)
ratio = app / curl
print(f"\n  the app's jump to a date (:) on the big site, its first rows drawn")
print(f"  {'jump / curl of its request, medians (ms)':<40} {app:.1f} / {curl:.1f}")
print(f"  {'jump / curl':<40} {ratio:7.2f}x   at most 1.3x  {'met' if ratio <= 1.3 else 'MISSED'}")
PYTHON
