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
tmux send-keys -t e2e -l not-the-password
wait_for typed-wrong "Password"
tmux send-keys -t e2e Enter
wait_for refused "not right"
tmux send-keys -t e2e -l heron1911
tmux send-keys -t e2e Enter
wait_for opened "crossword"
tmux send-keys -t e2e c
wait_for comments "Comments (4)"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
