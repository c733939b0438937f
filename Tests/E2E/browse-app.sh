#!/usr/bin/env bash
# Drives `wpnews browse` in a tmux terminal for BrowseAppE2ETests: each step's screen goes to
# OUT/NN-name.screen, and `stty -a` before and after to OUT/stty.*.
# Usage: browse-app.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c 'stty -a > $out/stty.before; $wpnews browse --site $site; echo \$? > $out/status; stty -a > $out/stty.after'" Enter
wait_for featured " 1. "
tmux send-keys -t e2e j Enter
wait_for reader " min read"
tmux send-keys -t e2e n
sleep 0.5
wait_for next " min read"
tmux send-keys -t e2e q
wait_for back ">3. "
tmux send-keys -t e2e 3
wait_for categories "Arts & Culture"
tmux send-keys -t e2e 5
tmux send-keys -t e2e -l council
wait_for search "found ·"
tmux send-keys -t e2e C-c
for _ in $(seq 300); do [[ -s $out/stty.after ]] && break; sleep 0.05; done
