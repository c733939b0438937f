#!/usr/bin/env bash
# Drives links followed from the reader of `wpnews search` (the app on its Search tab) in
# tmux for BrowseAppE2ETests: a link to another post of the site, a tag of that post's
# header, a link to a page of the site, and one to another host. Screens go to OUT/NN-name.screen, the address given to the browser to
# OUT/browsed, the exit status to OUT/status.
# Usage: browse-links.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# A "browser" that only notes what it was given.
printf '#!/bin/sh\nprintf %%s "$1" > %s/browsed\n' "$out" > "$out/browser.sh"
chmod +x "$out/browser.sh"
tmux send-keys -t e2e "bash -c 'BROWSER=$out/browser.sh $wpnews search --site $site; echo \$? > $out/status'" Enter
wait_for start "Type to search"
tmux send-keys -t e2e sackful
answered() { [[ $(row 2) == "Search: sackful" ]] && shows "found ·"; }
wait_until found answered
tmux send-keys -t e2e Down Enter
wait_for reader "Readers write in about the ferry badge"
# [1] is the other post, with tracking parameters and a fragment on its link.
tmux send-keys -t e2e 1 Enter
wait_for other-post "The Old Quay Ferry Company has a new badge"
# Its header's names come after its one link (its picture): the author [2], the category
# [3], the tag [4].
tmux send-keys -t e2e 4 Enter
wait_for tag-list "Readers write in about the ferry badge"
tmux send-keys -t e2e h
wait_for after-tag "The Old Quay Ferry Company has a new badge"
tmux send-keys -t e2e h
wait_for back "sackful of post"
# [2] is the site's letters page.
tmux send-keys -t e2e 2 Enter
wait_for page "Write to the Ledger about anything"
tmux send-keys -t e2e h
wait_for back-again "sackful of post"
# [3] is the same path on another host: the browser has it.
tmux send-keys -t e2e 3 Enter
wait_for browser "opened in the browser"
tmux send-keys -t e2e C-c
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
