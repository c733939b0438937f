#!/usr/bin/env bash
# Issue 28's saved-story row for `make bench` (scripts/bench.sh calls it): a story saved,
# then opened from More's saved stories in the app with its site out of reach (the app is
# pointed at a port nothing listens on, and the cache is cleared), from the Enter's "input"
# in WPNEWS_TRACE to the first frame after the article came ("article"), in a
# pseudo-terminal as scripts/bench-browse.py drives the app. Its peer, measured in the same
# run: `wpnews read ID --no-pager` of the same story from a warm cache, timed by hyperfine.
# Prints its rows as scripts/bench-report.py prints the others.
# Usage: bench-saved.sh WPNEWS SITE WORKDIR RUNS
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1 site=$2 work=$3 runs=$4
home=$work/saved
rm -rf "$home"
mkdir -p "$home"
wpnews() { env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" "$bin" "$@"; }
# The story's id and title, a line each: More's row of it is picked by its title.
{ read -r story; read -r title; } < <(wpnews latest --json --site "$site" | python3 -c 'import json, sys; first = json.load(sys.stdin)[0]; print(first["id"]); print(first["title"])')
wpnews save "$story" --site "$site" 2>/dev/null
# The peer reads the story from the cache, as the app's reader would had the site answered.
wpnews read "$story" --no-pager --site "$site" > /dev/null
hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/saved-read.json" \
  -n "wpnews read --no-pager (warm)" \
    "env HOME=$home XDG_CACHE_HOME=$home/cache XDG_CONFIG_HOME=$home/config XDG_STATE_HOME=$home/state $bin read $story --no-pager --site $site" >&2
wpnews cache clear > /dev/null 2>&1
# A port nothing listens on: asked for, it refuses at once.
dead=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

python3 - "$bin" "$home" "http://127.0.0.1:$dead" "$runs" "$work" "$title" <<'PYTHON'
import importlib.util, json, statistics, sys

spec = importlib.util.spec_from_file_location("bench_browse", "scripts/bench-browse.py")
browse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browse)
wpnews, home, dead, runs, work, title = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
trace = f"{work}/saved.trace"


def taken(app, mark, keys, what):
    """Waits until the app has read all of `keys`, sent after event `mark`, and drawn the
    frame after them: its "input" events say how many bytes each read held."""
    def drawn(events):
        inputs = [i for i in range(mark, len(events)) if events[i][1] == "input"]
        if sum(int(events[i][2] or 0) for i in inputs) < len(keys.encode()):
            return None
        return next((i for i in range(inputs[-1], len(events)) if events[i][1] == "frame"), None)
    return app.trace.wait(drawn, what=what)


openings = []
for run in range(runs + 1):  # the first run is a warm-up, as the peer's are
    app = browse.App([wpnews, "browse", "--site", dead], home, trace)
    app.frame_after(0, what="first frame")
    # More: its saved stories are listed from the user's state, before the site is asked.
    app.send("6")
    app.trace.wait(lambda events: True if b"Saved stories" in app.output_since(0) else None, 10, "More's saved stories")
    # The saved story picked by its title, not its place: with the site given by --site and
    # not followed, "Follow a site…" is the first row the cursor reaches.
    mark = len(app.trace.poll())
    typed = "/" + title + "\r"
    app.send(typed)
    taken(app, mark, typed, "the filter on the saved story's title")
    mark = len(app.trace.poll())
    app.send("\r")
    answered = app.trace.wait(lambda events: next((i for i in range(mark, len(events)) if events[i][1] == "article"), None),
                              what="the saved article")
    _, drawn, _ = app.frame_after(answered + 1, what="frame of the saved article")
    events = app.trace.poll()
    entered = next(t for i, (t, name, _) in enumerate(events) if i >= mark and name == "input")
    app.quit()
    if run > 0:
        openings.append(drawn - entered)

read = statistics.median(json.load(open(f"{work}/saved-read.json"))["results"][0]["times"]) * 1000
opened = statistics.median(openings)
ratio = opened / read
print(f"\n  a saved story opened from More with its site out of reach and the cache cleared (scripts/bench-saved.sh)")
print(f"  {'key to reader / read --no-pager, medians (ms)':<46} {opened:.1f} / {read:.1f}")
print(f"  {'key to reader / read --no-pager':<46} {ratio:7.2f}x   at most 0.3x  {'met' if ratio <= 0.3 else 'MISSED'}")
PYTHON
