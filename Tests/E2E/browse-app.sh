#!/usr/bin/env bash
# Drives `wpnews browse` in a tmux terminal for BrowseAppE2ETests: each step's screen goes to
# OUT/NN-name.screen, `stty -a` before and after to OUT/stty.*, what the app copied to
# OUT/clipboard, `wpnews featured` while a story is hidden to OUT/featured.hidden and after
# it was unhidden again (from More) to OUT/featured.after.
# Usage: browse-app.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# The app's OSC 52 lands in tmux's paste buffer.
tmux set-option -g set-clipboard on
oneshot() { env -i PATH=/usr/bin:/bin HOME="$out" TZ=UTC LANG=C.UTF-8 "$wpnews" "$@"; }
# A followed site for More to switch to.
oneshot sites add ledger "$site" > /dev/null
# A "browser" that runs in the terminal, as w3m would: it writes what it was given.
printf '#!/bin/sh\nprintf %%s "$1" > %s/browsed\nsleep 0.3\n' "$out" > "$out/browser.sh"
chmod +x "$out/browser.sh"
# One job (bash -c), so Ctrl-Z stops it whole instead of the shell going on to the next command.
tmux send-keys -t e2e "bash -c 'stty -a > $out/stty.before; BROWSER=$out/browser.sh $wpnews browse --site $site; echo \$? > $out/status; stty -a > $out/stty.after; $wpnews featured --site $site > $out/featured.after 2>&1'" Enter
wait_for featured " 1. "
tmux send-keys -t e2e j Enter
wait_for reader " min read"
tmux send-keys -t e2e n
sleep 0.5
wait_for next " min read"
tmux send-keys -t e2e q
wait_for back ">3· "
tmux send-keys -t e2e d
wait_for hidden "hidden (u undoes"
oneshot featured --site "$site" > "$out/featured.hidden" 2>&1
tmux send-keys -t e2e y
wait_for copied "link sent to the terminal's clipboard"
tmux show-buffer > "$out/clipboard" 2>/dev/null || true
tmux send-keys -t e2e o
for _ in $(seq 100); do [[ -s $out/browsed ]] && break; sleep 0.05; done
# The app draws itself again once the browser is done, without a key.
sleep 0.6
wait_for browsed "enter read · d hide"
tmux send-keys -t e2e r
sleep 0.1
wait_without refreshed "loading"
tmux send-keys -t e2e 6
wait_for more "Hidden stories"
tmux send-keys -t e2e G Enter
wait_for unhidden "unhidden"
tmux send-keys -t e2e Enter
wait_for switched "ledger · "
tmux send-keys -t e2e 3
wait_for categories "Arts & Culture"
tmux send-keys -t e2e 5
tmux send-keys -t e2e -l council
wait_for search "found ·"
tmux send-keys -t e2e C-z
wait_for stopped "Stopped"
tmux send-keys -t e2e "fg" Enter
wait_for resumed "Search: council"
tmux resize-window -t e2e -x 60 -y 20
sleep 0.3
wait_for resized "found ·"
tmux send-keys -t e2e Escape
sleep 0.1
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/featured.after ]] && break; sleep 0.05; done
sleep 0.3
