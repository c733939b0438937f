#!/usr/bin/env bash
# Issue 28's density rows for `make bench`: the app on Latest with the big test site's
# 10,000 stories loaded, once a line a story (the default) and once as cards ([app] list =
# "cards"), each driven in a pseudo-terminal by scripts/bench-browse.py's own driver: key to
# frame from WPNEWS_TRACE ("input" to the next "frame"), p90 of 200 j/k presses, and the
# bytes one cursor move within the window writes. Each figure is printed next to its goal
# and as a ratio against the other density, measured in the same run.
# Usage: bench-density.sh WPNEWS BIG_SITE WORK
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1 big=$2 work=$3
base=$work/density-base
rm -rf "$base"
env HOME="$base" XDG_CACHE_HOME="$base/cache" XDG_CONFIG_HOME="$base/config" XDG_STATE_HOME="$base/state" \
  "$bin" latest --all --site "$big" >/dev/null
for density in compact cards; do
  rm -rf "$work/density-$density"
  cp -a "$base" "$work/density-$density"
  mkdir -p "$work/density-$density/config/wpnews"
  printf '[app]\nlist = "%s"\n' "$density" > "$work/density-$density/config/wpnews/config.toml"
done
python3 - "$bin" "$big" "$work" <<'PYTHON'
import importlib.util
import json
import statistics
import sys

wpnews, big, work = sys.argv[1:]
spec = importlib.util.spec_from_file_location("bench_browse", "scripts/bench-browse.py")
browse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browse)

measured = {}
for density in ("compact", "cards"):
    measured[density] = browse.big_latest(wpnews, big, f"{work}/density-{density}", f"{work}/density-{density}.trace", 200)
json.dump(measured, open(f"{work}/density.json", "w"))


def p90(values):
    # Judged on the 90th percentile, as bench-report.py judges keys: on the shared machine a
    # key now and then waits for the CPU.
    return sorted(values)[int(0.9 * (len(values) - 1))]


compact, cards = measured["compact"], measured["cards"]
stories = f"{compact['stories']:,} stories" + ("" if compact["end_drawn"] and cards["end_drawn"] else ", end not drawn")
print(f"\n  wpnews browse, Latest with {stories}, 100 x 30: a line a story against cards (scripts/bench-density.sh)")
print(f"  {'figure':<40} {'compact':>8} {'cards':>8}  ratio   goal")
for name, key, goal, unit in (("key to frame, p90", "key_ms", 4, "ms"), ("bytes, cursor moved one story", "move_bytes", 200, "B")):
    figure = p90 if key == "key_ms" else statistics.median
    ours, peer = figure(compact[key]), figure(cards[key])
    judged = (ours, peer) if key == "key_ms" else (ours,)
    verdict = "met" if all(value <= goal for value in judged) else "MISSED"
    where = "both" if key == "key_ms" else "compact"
    print(f"  {name + ' (' + unit + ')':<40} {ours:8.1f} {peer:8.1f} {ours / peer:5.2f}x   <= {goal} {unit} ({where})  {verdict}")
PYTHON
