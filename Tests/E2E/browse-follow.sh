#!/usr/bin/env bash
# Drives More -> "Follow a site…" of `wpnews browse` in tmux for FollowSiteE2ETests: a web
# feed followed with no name (named after its host, its title being in no Latin letters),
# an address where nothing answers, a name already taken, the test WordPress under a name
# typed, then switched to. Screens go to OUT/NN-name.screen, `sites list` after the run to
# OUT/sites.list, the exit status to OUT/status.
# Usage: browse-follow.sh WPNEWS SITE OUT WEB_FEEDS
set -euo pipefail
wpnews=$1 site=$2 out=$3 web=$4
source "$(dirname "$0")/tmux-steps.sh"
click() { tmux send-keys -t e2e -l $'\e'"[<0;$1;$2M"$'\e'"[<0;$1;$2m"; }
where() {
  python3 -c 'import sys
for row, line in enumerate(sys.argv[2].split("\n"), 1):
    if sys.argv[1] in line:
        print(line.index(sys.argv[1]) + 1, row)
        break' "$1" "$screen"
}
pages_arrived() { shows "Hidden stories" && lacks "(loading…)"; }
# Selects "Follow a site…" (a click) and opens it (Enter), then waits for the prompt.
follow() { # step
  click $(where "Follow a site")
  tmux send-keys -t e2e Enter
  wait_for "$1" "Follow a site at"
}
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e 6
wait_until more pages_arrived
follow asked-address
tmux send-keys -t e2e -l "$web/untitled/feed.xml"
tmux send-keys -t e2e Enter
wait_for asked-name "Its name (Enter:"
tmux send-keys -t e2e Enter
wait_for followed-feed "added '"
feed_name=$(sed -n "s/.*added '\([^']*\)'.*/\1/p" <<<"$screen" | head -n 1)
# More asks for its rows again: the new site's row, then the site's pages under the first.
lists() { shows "$1 · " && pages_arrived; }
wait_until more-with-feed lists "$feed_name"
follow asked-again
tmux send-keys -t e2e -l "http://127.0.0.1:1/"
tmux send-keys -t e2e Enter Enter
wait_for unreachable "not followed:"
follow asked-taken
tmux send-keys -t e2e -l "$web/feed.rss"
tmux send-keys -t e2e Enter
wait_for asked-taken-name "Its name"
tmux send-keys -t e2e -l "$feed_name"
tmux send-keys -t e2e Enter
wait_for taken "not followed:"
follow asked-wordpress
tmux send-keys -t e2e -l "$site"
tmux send-keys -t e2e Enter
wait_for asked-wordpress-name "Its name"
tmux send-keys -t e2e -l "campus"
tmux send-keys -t e2e Enter
wait_for followed-wordpress "added 'campus'"
wait_until more-with-both lists campus
click $(where "campus ·")
tmux send-keys -t e2e Enter
wait_for switched "campus · "
tmux send-keys -t e2e C-c
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
env -i PATH=/usr/bin:/bin HOME="$out" TZ=UTC LANG=C.UTF-8 "$wpnews" sites list > "$out/sites.list" 2>&1
