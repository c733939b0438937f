#!/usr/bin/env bash
# Saves a story in `wpnews browse` with s, for SavedE2ETests: Latest's second story
# ("Power restored ..."), from the reader. Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-save.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e 2
wait_for latest "Power restored"
tmux send-keys -t e2e j Enter
wait_for reader " min read"
tmux send-keys -t e2e s
wait_for saved "saved (More lists saved stories)"
# Back in the list, the story's row carries the mark.
tmux send-keys -t e2e q
wait_for marked "2* "
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
