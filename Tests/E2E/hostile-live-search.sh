#!/usr/bin/env bash
# Runs live search in tmux against a site whose search fails with a hostile error message,
# recording every byte wpnews writes to the terminal (script(1) inside the pane), for
# OutputSafetyE2ETests. Usage: hostile-live-search.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
socket="wpnews-hostile-$$"
tmux() { command tmux -L "$socket" "$@"; }
trap 'tmux kill-server 2>/dev/null || true' EXIT

wait_for() { # text: up to 15 s
  for _ in $(seq 300); do
    tmux capture-pane -t hostile -p | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  tmux capture-pane -t hostile -p > "$out/timeout.screen"
  return 1
}

tmux new-session -d -s hostile -x 100 -y 30 "env -i PATH=/usr/bin:/bin TERM=xterm HOME=$out bash --norc --noprofile"
# LEFT-0 is printed once script(1) has written its log; the typed line shows `LEFT-$?`.
tmux send-keys -t hostile "script -q -c '$wpnews search --site $site' $out/raw.log; echo LEFT-\$?" Enter
wait_for "Search:"
tmux send-keys -t hostile "ferry"
wait_for "evil"
tmux capture-pane -t hostile -p > "$out/error.screen"
# Esc leaves the field for the list keys; q then quits. Esc alone: with a key right after
# it, it would read as Alt and that key. The list keys' hints on the status line say the
# app has taken it as Esc.
tmux send-keys -t hostile Escape
wait_for "read · q quit"
tmux send-keys -t hostile q
wait_for "LEFT-0"
