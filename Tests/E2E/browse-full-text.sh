#!/usr/bin/env bash
# Drives `wpnews browse` on the feed site whose feed carries summaries, for FullTextE2ETests:
# the summary of the Latest tab's story on the row OUT/row names (0 the first), F for the article from its web page, F again for the summary;
# then the same story once the site is set to --full-text on, whose reader shows the page's
# article without F. Screens go to OUT/NN-name.screen, the exit statuses to OUT/status-*.
# Usage: browse-full-text.sh WPNEWS SITE OUT   (SITE: a followed site's name)
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status-asked'" Enter
row=$(cat "$out/row")
wait_for featured "> 1. "
tmux send-keys -t e2e 2
wait_for latest "> 1. "
for _ in $(seq "$row"); do tmux send-keys -t e2e j; done
wait_for row "> $((row + 1)). "
tmux send-keys -t e2e Enter
wait_for summary " min read"
tmux send-keys -t e2e F
wait_for full "the whole article, from the story's page"
tmux send-keys -t e2e F
wait_for back "the summary ·"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status-asked ]] && break; sleep 0.05; done
tmux send-keys -t e2e "$wpnews sites set $site --full-text on" Enter
wait_for set "stories are read from their web pages"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status-without-f'" Enter
wait_for featured-again "> 1"
tmux send-keys -t e2e 2
wait_for latest-again "> 1"
for _ in $(seq "$row"); do tmux send-keys -t e2e j; done
# Read now: its number is followed by the read mark.
wait_for row-again "> $((row + 1))"
tmux send-keys -t e2e Enter
wait_for without-f "the whole article, from the story's page"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status-without-f ]] && break; sleep 0.05; done
