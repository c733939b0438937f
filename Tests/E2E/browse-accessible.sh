#!/usr/bin/env bash
# Drives `wpnews browse --accessible` in tmux for AccessibleE2ETests: after each step the
# screen goes to OUT/NN-name.screen and where tmux has the cursor (column,row,shown) to
# OUT/name.cursor; the exit status to OUT/status.
# Usage: browse-accessible.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# The screen is still when the frame is written whole, the cursor move its last bytes.
cursor_at() { tmux display -p -t e2e '#{cursor_x},#{cursor_y},#{cursor_flag}' > "$out/$1.cursor"; }
# j and k change only which row is reversed, which a plain capture does not show: the wait
# is for the cursor's row. One that never comes gives up, and the test reads where it is.
cursor_on() { [[ $(tmux display -p -t e2e '#{cursor_y}') == "$1" ]]; }
tmux send-keys -t e2e "bash -c '$wpnews browse --accessible --site $site; echo \$? > $out/status'" Enter
wait_for list "Unread"
cursor_at list
tmux send-keys -t e2e j
wait_until down1 cursor_on 2
cursor_at down1
tmux send-keys -t e2e j
wait_until down2 cursor_on 3
cursor_at down2
tmux send-keys -t e2e k
wait_until up1 cursor_on 2
cursor_at up1
tmux send-keys -t e2e Enter
wait_for reader " min read"
cursor_at reader
tmux send-keys -t e2e q
wait_for back "Unread"
cursor_at back
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
