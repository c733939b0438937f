#!/usr/bin/env bash
# Live search latency for `make bench`: types words into `wpnews search` (live) in a tmux
# terminal, faster than its 150 ms typing pause, and reads the trace wpnews writes with
# WPNEWS_TRACE. For each word: the time from the end of the pause ("search") to the results
# drawn ("drawn"), less the server's own time (the union of the HTTP exchanges libcurl timed
# in between). Prints one JSON object: {"beyond_server_ms": [...], "server_ms": [...]}.
# Usage: bench-live-search.sh WPNEWS SITE WORKDIR
set -euo pipefail
wpnews=$1 site=$2 work=$3
socket="wpnews-bench-$$"
tmux() { command tmux -L "$socket" "$@"; }
trap 'tmux kill-server 2>/dev/null || true' EXIT

home=$work/live-home
trace=$work/live.trace
rm -rf "$home" "$trace"
mkdir -p "$home"
# Names of authors and categories in the cache, as after any earlier list: a search then
# needs the one search request.
env HOME="$home" "$wpnews" latest --site "$site" >/dev/null

tmux new-session -d -s bench -x 100 -y 30 \
  "env -i PATH=/usr/bin:/bin TERM=xterm HOME=$home WPNEWS_TRACE=$trace $wpnews search --refresh --site $site"
for _ in $(seq 100); do
  if tmux capture-pane -t bench -p | grep -q "Type to search"; then break; fi
  sleep 0.05
done

words=(council ferry library budget river school market bridge harbour festival)
for round in 1 2 3; do
  for word in "${words[@]}"; do
    for ((i = 0; i < ${#word}; i++)); do
      tmux send-keys -t bench -l "${word:i:1}"
      sleep 0.03
    done
    # Wait (up to 10 s) for this word's results to be drawn.
    for _ in $(seq 200); do
      if [[ $(grep -c " drawn $word\$" "$trace" 2>/dev/null || true) -ge $round ]]; then break; fi
      sleep 0.05
    done
    tmux send-keys -t bench C-u
    sleep 0.3
  done
done
tmux send-keys -t bench Escape

python3 - "$trace" <<'EOF'
import json, sys
events = [line.rstrip("\n").split(" ", 2) for line in open(sys.argv[1])]
beyond, server = [], []
started = None
intervals = []
for stamp, name, detail in events:
    t = float(stamp)
    if name == "search":
        started, query, intervals = t, detail, []
    elif name == "exchange" and started is not None:
        milliseconds = float(detail.split(" ", 1)[0])
        intervals.append((t - milliseconds, t))
    elif name == "drawn" and started is not None and detail == query:
        # The server's time: the union of the exchanges, which may overlap.
        busy, end = 0.0, started
        for begin, finish in sorted(intervals):
            begin = max(begin, end)
            if finish > begin:
                busy += finish - begin
                end = finish
        server.append(busy)
        beyond.append(t - started - busy)
        started = None
print(json.dumps({"beyond_server_ms": beyond, "server_ms": server}))
EOF
