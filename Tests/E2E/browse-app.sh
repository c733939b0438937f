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
# A "browser" that runs in the terminal, as w3m would: it writes what it was given, shows
# it, and stays until a key closes it.
printf '#!/bin/sh\nprintf %%s "$1" > %s/browsed\necho "browsing $1"\nread -r _\n' "$out" > "$out/browser.sh"
chmod +x "$out/browser.sh"
# One job (bash -c), so Ctrl-Z stops it whole instead of the shell going on to the next
# command. The status is written last: once it is there, every file is whole.
tmux send-keys -t e2e "bash -c 'stty -a > $out/stty.before; BROWSER=$out/browser.sh $wpnews browse --site $site; status=\$?; stty -a > $out/stty.after; $wpnews featured --site $site > $out/featured.after 2>&1; echo \$status > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e j Enter
wait_for reader " min read"
tmux send-keys -t e2e n
wait_until next reads_other_than "$(row 2)"
tmux send-keys -t e2e q
wait_for back ">3· "
tmux send-keys -t e2e d
wait_for hidden "hidden (u undoes"
oneshot featured --site "$site" > "$out/featured.hidden" 2>&1
tmux send-keys -t e2e y
wait_for copied "link sent to the terminal's clipboard"
tmux show-buffer > "$out/clipboard" 2>/dev/null || true
tmux send-keys -t e2e o
wait_for browser "browsing http"
tmux send-keys -t e2e Enter
# The app draws itself again once the browser is done, without a key.
wait_for browsed "enter read · d hide"
tmux send-keys -t e2e r
# The list read again knows its stories were seen: none is NEW any more.
wait_without refreshed "NEW "
tmux send-keys -t e2e 6
# The site's pages come after the sections kept on this machine: the keys below wait for
# them, or the rows would move under the cursor between G and Enter.
pages_arrived() { shows "Hidden stories" && lacks "(loading…)"; }
wait_until more pages_arrived
tmux send-keys -t e2e G Enter
wait_for unhidden "unhidden"
# The cursor rests on the empty section; "Follow a site…" is the row above, the followed
# site the one above that.
tmux send-keys -t e2e k k Enter
wait_for switched "ledger · "
tmux send-keys -t e2e 3
# The story list names categories too; the cursor is on the first of the tab's.
wait_for categories ">Arts & Culture"
tmux send-keys -t e2e 5
tmux send-keys -t e2e -l council
wait_for search "found ·"
tmux send-keys -t e2e C-z
wait_for stopped "Stopped"
tmux send-keys -t e2e "fg" Enter
wait_for resumed "Search: council"
tmux resize-window -t e2e -x 60 -y 20
# Only a tab bar laid out again for 60 columns names just the tab that is open.
wait_for resized " 1  2  3  4  5 Search"
# Esc alone: with a key right after it, it would read as Alt and that key. The field's
# hints leave the status line once the app has taken it as Esc.
tmux send-keys -t e2e Escape
wait_without list-keys "type to search"
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
