#!/usr/bin/env bash
# Drives `v` (a line a story, or cards) and `.` (the next unread story) of `wpnews browse`
# in tmux for BrowseAppE2ETests. Screens go to OUT/NN-name.screen, the exit status to
# OUT/status.
# Usage: browse-density.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for compact ">1. "
tmux send-keys -t e2e v
wait_for cards "cards (v shows"
tmux send-keys -t e2e v
wait_for compact-again "a line a story (v shows"
# The second story read, then the first opened: . skips the second for the third.
tmux send-keys -t e2e j m g Enter
wait_for reader " min read"
title=$(row 2)
tmux send-keys -t e2e .
wait_until next-unread reads_other_than "$title"
tmux send-keys -t e2e q
wait_for back ">3· "
# Every story read: . has nowhere to go, and says so.
tmux send-keys -t e2e A Enter
wait_for reader-last " min read"
tmux send-keys -t e2e .
wait_for none-unread "no unread story after this one"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
