#!/usr/bin/env bash
# Drives the rest of `wpnews browse`'s key table in tmux for BrowseAppE2ETests (browse-app.sh
# has reading, hiding, copying, the browser, sites, search, Ctrl-Z and resizing): the help,
# read marks, unread only, the filter, search in an article, links, comments, n/p, the mouse
# wheel, Shift-Tab and undo. Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-keys.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for featured ">1. "
tmux send-keys -t e2e '?'
wait_for help "next_story"
tmux send-keys -t e2e x
wait_for closed ">1. "
tmux send-keys -t e2e m
wait_for marked ">1· "
tmux send-keys -t e2e U
wait_for unread "unread stories only"
tmux send-keys -t e2e U A
wait_for all-read "marked read"
tmux send-keys -t e2e /
tmux send-keys -t e2e -l herons
tmux send-keys -t e2e Enter
wait_for filtered "/herons  "
tmux send-keys -t e2e Escape
wait_for unfiltered "3· "
tmux send-keys -t e2e g Enter
wait_for reader " min read"
title=$(row 2)
tmux send-keys -t e2e /
tmux send-keys -t e2e -l debris
tmux send-keys -t e2e Enter
wait_for found "'debris': 1 of"
tmux send-keys -t e2e n
wait_for next-match "'debris': 2 of"
# Esc alone: with a key right after it, it would read as Alt and that key. The find's
# status goes once the app has taken it as Esc.
tmux send-keys -t e2e Escape
wait_without matches-dropped "'debris': 2 of"
# Typed in capitals with an accent, the same word is found: the release binary folds case
# and accents without ICU's data, which it leaves out.
tmux send-keys -t e2e /
tmux send-keys -t e2e -l DÉBRIS
tmux send-keys -t e2e Enter
wait_for found-folded "'DÉBRIS': "
tmux send-keys -t e2e Escape
wait_without folded-dropped "'DÉBRIS': "
tmux send-keys -t e2e c
wait_for comments "Comments ("
tmux send-keys -t e2e n
wait_until next-story reads_other_than "$title"
tmux send-keys -t e2e p
wait_until previous-story reads_other_than "$(row 2)"
tmux send-keys -t e2e q
wait_for list ">1· "
# The sixth featured story has links (the river gauges guide).
tmux send-keys -t e2e j j j j j Enter
wait_for linked " min read"
tmux send-keys -t e2e l
# The article's own text has link numbers too; the cursor is on the list's first, its
# text beside its address.
wait_for links " · http"
tmux send-keys -t e2e q q g
wait_for top ">1· "
# The wheel, as a terminal reports it in SGR mouse mode: button 65 is down.
tmux send-keys -t e2e -H 1b 5b 3c 36 35 3b 31 30 3b 31 30 4d
wait_for wheel ">2· "
tmux send-keys -t e2e BTab
wait_for more "Hidden stories"
tmux send-keys -t e2e 1 d
wait_for hidden "hidden (u undoes"
tmux send-keys -t e2e u
wait_for undone "back: "
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
