#!/usr/bin/env bash
# Drives `wpnews browse` in tmux for BrowseAppE2ETests: SIGTERM and then SIGINT sent to the
# app's own process (the pane's shell runs it as its child) each end it at once, their
# statuses in OUT/status.TERM and OUT/status.INT and `stty -a` after each in OUT/stty.*; then
# a window resized while the app is stopped (Ctrl-Z) is drawn at its new size after `fg`.
# Usage: browse-signals.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# The pane's shell and the app it runs in the foreground.
shell=$(tmux display-message -p -t e2e '#{pane_pid}')
wait_for_file() { for _ in $(seq 300); do [[ -s $1 ]] && return; sleep 0.05; done; echo "browse-signals: no $1" >&2; gave_up=1; }

tmux send-keys -t e2e "stty -a > $out/stty.before" Enter
for name in TERM INT; do
  tmux send-keys -t e2e "$wpnews browse --site $site; echo \$? > $out/status.$name; stty -a > $out/stty.$name" Enter
  wait_for "$name-app" ">1. "
  kill -"$name" "$(pgrep -P "$shell" -x wpnews)"
  wait_for_file "$out/stty.$name"
  wait_without "$name-ended" "1 Featured"
done

# One job (bash -c), so that Ctrl-Z stops it whole and `fg` resumes it.
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e C-z
wait_for stopped "Stopped"
tmux resize-window -t e2e -x 60 -y 20
tmux send-keys -t e2e "fg" Enter
# At 60 columns only the open tab has its name: a frame drawn for 100 would name them all.
wait_for resumed " 1 Featured  2  3  4  5  6 "
tmux send-keys -t e2e q
wait_for_file "$out/status"
