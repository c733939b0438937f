#!/usr/bin/env bash
# Drives `wpnews browse` on a web feed (the web-feed bed's Harbour Notes), for
# WebFeedE2ETests: every tab, a category's stories, the reader and its comments key.
# Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-web-feed.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e 2
wait_for latest "Tide tables for December"
tmux send-keys -t e2e 3
wait_for categories "Timetables"
# The categories are in name order: Ferries first.
tmux send-keys -t e2e Enter
wait_for category "Night ferry returns"
tmux send-keys -t e2e 4
wait_for tags "is a web feed"
tmux send-keys -t e2e 2 Enter
wait_for reader " min read"
tmux send-keys -t e2e c
wait_for comments "does not carry the comments"
# Out of the reader, then out of the app.
tmux send-keys -t e2e q
wait_without list " min read"
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
