#!/usr/bin/env bash
# Drives clicks in `wpnews browse` in tmux for MouseE2ETests: tmux types the SGR reports a
# terminal sends for a left click. Screens go to OUT/NN-name.screen; whether the pane asked
# for mouse reports at each moment, as tmux saw it, to OUT/mouse.*; the link the click on a
# link's number gave the browser to OUT/browsed; the exit statuses to OUT/status and
# OUT/status.off (the second run, with `[app] mouse = false`).
# Usage: browse-mouse.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# 1 while the program in the pane has mouse reporting on, else 0.
mouse_flag() { tmux display-message -p -t e2e '#{mouse_any_flag}'; }
# A "browser" that notes the address and whether mouse reporting was off while it ran.
printf '#!/bin/sh\nprintf %%s "$1" > %s/browsed\ntmux -L wpnews-e2e-%s display-message -p -t e2e "#{mouse_any_flag}" > %s/mouse.browsing\n' \
  "$out" "$$" "$out" > "$out/browser.sh"
chmod +x "$out/browser.sh"
tmux send-keys -t e2e "bash -c 'BROWSER=$out/browser.sh $wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
mouse_flag > "$out/mouse.on"
# The third story's row (the tab bar is row 1): a click selects it, a second reads it.
click 30 4
wait_for selected ">3. "
click 30 4
wait_for reader " min read"
tmux send-keys -t e2e q
wait_for back ">3· "
# A click on the status line and one below the tab bar's last tab do nothing: j then moves
# on from the third story.
click 5 30
click 99 1
tmux send-keys -t e2e j
wait_for nothing-clicked ">4. "
click $(where "3 Categories")
wait_for categories ">Arts & Culture"
# The second category (row 3): selected, then opened.
third_row_selected() { [[ $(row 3) == ">"* ]]; }
click 10 3
wait_until category-chosen third_row_selected
click 10 3
wait_for category-opened ">1. "
# The story with links: found through Search, read, its first link's number clicked.
tmux send-keys -t e2e 5
tmux send-keys -t e2e -l "field guide flood gauges"
wait_for search "found ·"
tmux send-keys -t e2e Enter
wait_for link-reader "[1]"
click $(where "[1]")
for _ in $(seq 300); do [[ -s $out/browsed ]] && break; sleep 0.05; done
wait_for after-browser "[1]"
mouse_flag > "$out/mouse.back"
tmux send-keys -t e2e C-z
wait_for stopped "Stopped"
mouse_flag > "$out/mouse.stopped"
tmux send-keys -t e2e "fg" Enter
wait_for resumed "[1]"
tmux send-keys -t e2e C-c
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
mouse_flag > "$out/mouse.exited"

# Mouse reporting off: the app asks for no clicks, and one that comes anyway does nothing.
mkdir -p "$out/.config/wpnews"
printf '[app]\nmouse = false\n' > "$out/.config/wpnews/config.toml"
tmux send-keys -t e2e "clear; bash -c '$wpnews browse --site $site; echo \$? > $out/status.off'" Enter
wait_for off ">1. "
mouse_flag > "$out/mouse.off"
click 30 4
tmux send-keys -t e2e j
wait_for off-clicked ">2. "
tmux send-keys -t e2e C-c
for _ in $(seq 300); do [[ -s $out/status.off ]] && break; sleep 0.05; done
