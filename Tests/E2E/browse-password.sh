#!/usr/bin/env bash
# Drives `wpnews browse` to a password-protected story (Latest, filtered: WordPress leaves
# protected posts out of searches), for BrowseAppE2ETests: the reader asks
# for the password on the status line, a wrong one is asked for again, the right one opens
# the story and then its comments. Verbose, traced: the test looks for the passwords in every
# file the run leaves. Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-password.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "WPNEWS_TRACE=$out/trace $wpnews browse --site $site -v 2> $out/stderr; echo \$? > $out/status" Enter
wait_for featured ">1. "
tmux send-keys -t e2e 2
# Latest's first story, not Featured's.
wait_for latest "Power restored"
tmux send-keys -t e2e /
tmux send-keys -t e2e -l "editor answers your questions"
tmux send-keys -t e2e Enter
wait_for filtered "Subscribers"
tmux send-keys -t e2e Enter
wait_for asked "Password"
# The prompt shows nothing of a password, so the screen cannot say the keys arrived: the
# trace can. Each read of the terminal is an "input N" line (N bytes), each frame a "frame".
input_bytes() { awk '$2 == "input" { sum += $3 } END { print sum + 0 }' "$out/trace"; }
# The app has read N bytes of input in all and drawn a frame since the last of them.
read_and_drawn() { # N
  (( $(input_bytes) >= $1 )) && [[ $(awk '$2 == "input" || $2 == "frame" { last = $2 } END { print last }' "$out/trace") == frame ]]
}
typed=$(input_bytes)
wrong=not-the-password
tmux send-keys -t e2e -l $wrong
wait_until typed-wrong read_and_drawn $((typed + ${#wrong}))
tmux send-keys -t e2e Enter
wait_for refused "not right"
tmux send-keys -t e2e -l heron1911
tmux send-keys -t e2e Enter
wait_for opened "crossword"
tmux send-keys -t e2e c
wait_for comments "Comments (4)"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
