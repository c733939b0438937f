#!/usr/bin/env bash
# Drives `wpnews browse` on the big test site for DateJumpE2ETests: Latest, `:` and a date
# typed, then up past the first row. The test leaves in OUT the date to type ("date") and
# the titles to wait for: Latest's newest ("newest"), the newest on or before the date
# ("first") and the story just above it ("above"). Screens go to OUT/NN-name.screen, the
# exit status to OUT/status.
# Usage: browse-dates.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
date=$(cat "$out/date") newest=$(cat "$out/newest") first=$(cat "$out/first") above=$(cat "$out/above")
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
# The tab bar: the big site has no featured story to wait for.
wait_for started "2 Latest"
tmux send-keys -t e2e 2
wait_for latest "$newest"
tmux send-keys -t e2e :
wait_for prompt "Go to date"
tmux send-keys -t e2e -l "$date"
tmux send-keys -t e2e Enter
wait_for jumped "$first"
tmux send-keys -t e2e k
wait_for newer "$above"
# Back to the list as it was, then quit.
tmux send-keys -t e2e Escape
wait_for back "$newest"
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
