#!/usr/bin/env bash
# Drives `wpnews search` (live) in a tmux terminal, as a person would, for LiveSearchE2ETests:
# each step's screen goes to OUT/NN-name.screen, and `stty -a` before and after to OUT/stty.*.
# Usage: live-search.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# One job (bash -c), so Ctrl-Z stops it whole instead of the shell going on to the next command.
tmux send-keys -t e2e "bash -c 'stty -a > $out/stty.before; $wpnews search --site $site; status=\$?; stty -a > $out/stty.after; echo LEFT-\$status'" Enter
wait_for start "Type to search"
# The query typed in one go; the pause the search waits out before asking the site is
# LiveSearch's, tested there on a clock of its own. The field's row says the answer on the
# screen is for the whole query, not for a first letter that got through on its own.
tmux send-keys -t e2e coun
answered() { [[ $(row 2) == "Search: $1" ]] && shows "found ·"; }
wait_until typed answered coun
tmux send-keys -t e2e Down
tmux send-keys -t e2e Enter
wait_for reader " min read"
tmux send-keys -t e2e q
wait_for back "Search: coun"
tmux send-keys -t e2e C-u
tmux send-keys -t e2e xyzzyq
wait_for nothing "No stories match 'xyzzyq'"
# Before the resize: tmux may not give back the normal screen left behind by a resize.
tmux send-keys -t e2e C-z
wait_for stopped "Stopped"
tmux send-keys -t e2e "fg" Enter
wait_for resumed "Search: xyzzyq"
tmux resize-window -t e2e -x 50 -y 15
# Only a tab bar laid out again for 50 columns names just the tab that is open.
wait_for resized " 1  2  3  4  5 Search"
tmux send-keys -t e2e C-c
# Echoed after `stty -a` has written its file.
wait_for left "LEFT-0"
