#!/usr/bin/env bash
# Drives `wpnews read` and `wpnews browse` with pictures in tmux, for PicturesE2ETests.
# Screens go to OUT/NN-name.screen.
# Usage: pictures.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# Pictures may take their time while the whole suite runs: read waits for them.
mkdir -p "$out/.config/wpnews"
printf '[images]\nwait_ms = 60000\n' > "$out/.config/wpnews/config.toml"

# A block symbol on the screen: a picture drawn.
shows_blocks() { grep -q '[▀▄▌▐▖▗▘▝▚▞█▁▂▃▅▆▇▉▊▋▍▎▏]' <<<"$screen"; }

tmux send-keys -t e2e "$wpnews read 38 --site $site --width 60 | tail -n 25; echo read-\$((1 + 1))" Enter
wait_for read-pipe read-2
tmux send-keys -t e2e "clear; $wpnews read 38 --site $site --images none --no-pager --width 60 | tail -n 25; echo none-\$((1 + 1))" Enter
wait_for read-none none-2
# On the pane itself: the article scrolls past, so the step keeps the scrollback too.
tmux send-keys -t e2e "clear; $wpnews read 38 --site $site --images symbols --no-pager --width 60; echo tty-\$((1 + 1))" Enter
wait_for read-symbols-end tty-2
step=$((step + 1))
tmux capture-pane -t e2e -p -S -200 > "$out/$(printf %02d $step)-read-symbols.screen"
tmux send-keys -t e2e "clear; $wpnews browse --site $site --images symbols; echo symbols-\$((1 + 1))" Enter
wait_for list ">1. "
tmux send-keys -t e2e Enter
wait_for reader " min read"
wait_until reader-pictures shows_blocks
tmux send-keys -t e2e q q
wait_for symbols-quit symbols-2

# `browse` with the bytes it writes recorded, its first story opened; then quit, the bytes
# kept as OUT/NAME.bytes. tmux shows no graphics, but the recording has them.
raw=$out/app.raw
open_recorded() { # name browse-options...
  local name=$1
  shift
  : > "$raw"
  tmux pipe-pane -t e2e -O "cat >> '$raw'"
  tmux send-keys -t e2e "clear; $wpnews browse --site $site $*; echo $name-\$((1 + 1))" Enter
  wait_for "$name-list" ">1"
  tmux send-keys -t e2e Enter
  wait_for "$name-reader" " min read"
}
quit_recorded() { # name
  tmux send-keys -t e2e q q
  wait_for "$1-quit" "$1-2"
  tmux pipe-pane -t e2e
  cp "$raw" "$out/$1.bytes"
}

# kitty graphics: placed after the text, removed and placed again when they scroll, gone
# once they leave the screen; the text stays clean.
open_recorded kitty --images kitty
transmissions() { grep -a -o $'\e_Ga=T' "$raw" | wc -l; }
removals() { grep -a -o $'\e_Ga=d,d=A' "$raw" | wc -l; }
placed() { (($(transmissions) >= $1)); }
removed() { (($(removals) >= $1)); }
wait_until kitty-placed placed 1
before=$(transmissions)
tmux send-keys -t e2e j
wait_until kitty-scrolled removed 1
wait_until kitty-placed-again placed $((before + 1))
tmux send-keys -t e2e G
wait_until kitty-end removed 2
quit_recorded kitty

# auto on a terminal the environment cannot place (tmux): the app asks the terminal after
# its first frame, tmux's answer names no graphics, and the pictures are symbols.
open_recorded auto
wait_until auto-pictures shows_blocks
quit_recorded auto
