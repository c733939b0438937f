#!/usr/bin/env bash
# Drives `wpnews browse` in a tmux terminal for BrowseAppE2ETests: each step's screen goes to
# OUT/NN-name.screen, and `stty -a` before and after to OUT/stty.*.
# Usage: browse-app.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
socket="wpnews-browse-$$"
tmux() { command tmux -L "$socket" "$@"; }
trap 'tmux kill-server 2>/dev/null || true' EXIT

step=0
# Waits (up to 15 s) for TEXT on the screen, then saves the screen as the next step.
wait_for() { # name text
  local name=$1 text=$2 screen
  for _ in $(seq 300); do
    screen=$(tmux capture-pane -t e2e -p)
    if grep -qF -- "$text" <<<"$screen"; then break; fi
    sleep 0.05
  done
  step=$((step + 1))
  printf '%s\n' "$screen" > "$out/$(printf %02d $step)-$name.screen"
}

tmux new-session -d -s e2e -x 100 -y 30 "env -i PATH=/usr/bin:/bin TERM=xterm HOME=$out bash --norc --noprofile"
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
