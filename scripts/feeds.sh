#!/usr/bin/env bash
# The web-feed test bed: sites that are not WordPress, served as plain files by
# scripts/feed-server.py on loopback (port 8785, moved by WPNEWS_WP_PORT_OFFSET like the
# WordPress beds). Tests/Fixtures/web/ holds the sites; tests write feeds of their own into
# the live directory (served under /live/), each in a directory of its own.
#
#   scripts/feeds.sh start    start (idempotent); prints the base URL as the last line
#   scripts/feeds.sh stop     stop (idempotent)
#   scripts/feeds.sh status   exit 0 when it answers
#   scripts/feeds.sh url      print the base URL
#   scripts/feeds.sh live     print the live directory
#   scripts/feeds.sh log      print the request log's path ("METHOD PATH STATUS BYTES")
set -euo pipefail
cd "$(dirname "$0")/.."
OFFSET=${WPNEWS_WP_PORT_OFFSET:-0}
[[ $OFFSET =~ ^[0-9]+$ ]] || { echo "feeds.sh: WPNEWS_WP_PORT_OFFSET is a whole number, not '$OFFSET'" >&2; exit 2; }
PORT=$((8785 + OFFSET))
STATE=/var/tmp/wpnews-feeds-$PORT
URL="http://127.0.0.1:$PORT"

answers() { curl -s -o /dev/null --max-time 2 "$URL/index.html"; }

case "${1:-}" in
    start)
        if ! answers; then
            mkdir -p "$STATE/live"
            if [[ -f $STATE/pid ]] && kill -0 "$(cat "$STATE/pid")" 2>/dev/null; then kill "$(cat "$STATE/pid")"; fi
            : >"$STATE/requests.log"
            nohup python3 scripts/feed-server.py --root "$PWD/Tests/Fixtures/web" --live "$STATE/live" \
                --port "$PORT" --log "$STATE/requests.log" >"$STATE/server.log" 2>&1 &
            echo $! >"$STATE/pid"
            # The server prints its line once it listens.
            for _ in $(seq 100); do
                grep -q serving "$STATE/server.log" 2>/dev/null && break
                kill -0 "$(cat "$STATE/pid")" 2>/dev/null || { cat "$STATE/server.log" >&2; exit 1; }
                sleep 0.05
            done
            answers || { echo "feeds.sh: the feed server on port $PORT does not answer; see $STATE/server.log" >&2; exit 1; }
        fi
        echo "$URL"
        ;;
    stop)
        if [[ -f $STATE/pid ]]; then
            if kill -0 "$(cat "$STATE/pid")" 2>/dev/null; then kill "$(cat "$STATE/pid")"; fi
            rm -f "$STATE/pid"
        fi
        ;;
    status) answers ;;
    url) echo "$URL" ;;
    live) echo "$STATE/live" ;;
    log) echo "$STATE/requests.log" ;;
    *)
        echo "usage: scripts/feeds.sh start|stop|status|url|live|log" >&2
        exit 64
        ;;
esac
