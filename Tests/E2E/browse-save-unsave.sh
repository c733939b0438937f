#!/usr/bin/env bash
# Saves and at once unsaves Latest's first story in `wpnews browse`, then quits while the
# save still waits for the site, for SavedE2ETests: the site is reached through a proxy
# that this script pauses (SIGSTOP, its pid in OUT/proxy.pid) so the save cannot finish
# before q, and resumes once q has been pressed. Screens go to OUT/NN-name.screen, the exit
# status to OUT/status.
# Usage: browse-save-unsave.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
proxy=$(cat "$out/proxy.pid")
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e 2
wait_for latest "Power restored"
# From here the site answers nothing: the save asks for its article and waits.
kill -STOP "$proxy"
tmux send-keys -t e2e s
wait_for saved "saved (More lists saved stories)"
tmux send-keys -t e2e s
wait_for unsaved "unsaved: "
tmux send-keys -t e2e q
# The app waits for both writes before it ends, and says so.
wait_for saving "Saving…"
kill -CONT "$proxy"
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
