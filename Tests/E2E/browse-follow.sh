#!/usr/bin/env bash
# Drives More -> "Follow a site…" of `wpnews browse` in tmux for FollowSiteE2ETests: a web
# feed followed with no name (named after its host, its title being in no Latin letters),
# an address where nothing answers, a name already taken, the test WordPress under a name
# typed, then switched to; then one more followed as the app is quit, which it waits for.
# Screens go to OUT/NN-name.screen, `sites list` after the run to
# OUT/sites.list, the exit status to OUT/status.
# Usage: browse-follow.sh WPNEWS SITE OUT WEB_FEEDS
set -euo pipefail
wpnews=$1 site=$2 out=$3 web=$4
source "$(dirname "$0")/tmux-steps.sh"
pages_arrived() { shows "Hidden stories" && lacks "(loading…)"; }
# Moves off "Follow a site…" (the cursor may rest on it), clicks it once to select it and
# once more to open it, and waits for the prompt.
follow() { # step
  tmux send-keys -t e2e g
  wait_without "$1-top" ">  Follow a site"
  click $(where "Follow a site")
  wait_for "$1-selected" ">  Follow a site"
  click $(where "Follow a site")
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
lists() { shows "$1" && pages_arrived; }
wait_until more-with-feed lists "$feed_name (default) · "
follow asked-again
tmux send-keys -t e2e -l "http://127.0.0.1:1/"
tmux send-keys -t e2e Enter Enter
wait_for unreachable "not followed:"
# The address, then the name, each typed and taken with Enter; then waits for TEXT.
follow_named() { # step address name text
  follow "$1-address"
  tmux send-keys -t e2e -l "$2"
  tmux send-keys -t e2e Enter
  wait_for "$1-name" "Its name"
  tmux send-keys -t e2e -l "$3"
  tmux send-keys -t e2e Enter
  wait_for "$1" "$4"
}
follow_named taken "$web/feed.rss" "$feed_name" "not followed:"
follow_named followed-wordpress "$site" campus "added 'campus'"
wait_until more-with-both lists "campus · "
click $(where "campus ·")
tmux send-keys -t e2e Enter
wait_for switched "campus · "
# A follow still looking its site up when the app is quit: `q` comes with the name's Enter.
tmux send-keys -t e2e 6
wait_until more-campus pages_arrived
follow quit-address
tmux send-keys -t e2e -l "$web/feed.rss"
tmux send-keys -t e2e Enter
wait_for quit-name "Its name"
tmux send-keys -t e2e -l late
tmux send-keys -t e2e Enter q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
env -i PATH=/usr/bin:/bin HOME="$out" TZ=UTC LANG=C.UTF-8 "$wpnews" sites list > "$out/sites.list" 2>&1
