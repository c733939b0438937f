#!/usr/bin/env bash
# Drives `wpnews browse` on the big test site for TagFilterE2ETests: the Tags tab, `/` and a
# tag's name typed in lower case (the test leaves it in OUT/tag, as the site spells it),
# which only the site's search finds (the cloud holds the 100 most used); then Enter keeps
# the filter and Enter opens the tag's list. Screens go to OUT/NN-name.screen, the exit
# status to OUT/status.
# Usage: browse-tag-filter.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
tag=$(cat "$out/tag")
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for started "2 Latest"
tmux send-keys -t e2e 4
wait_for cloud "Town Council"
tmux send-keys -t e2e /
tmux send-keys -t e2e -l "${tag,,}"
# As the site spells it: what was typed is in lower case.
wait_for found "$tag"
tmux send-keys -t e2e Enter
wait_for kept "(esc clears)"
tmux send-keys -t e2e Enter
# The tab bar names the list as soon as it opens; its totals come with its first page.
tag_list_loaded() { shows "$tag · " && lacks "loading…"; }
wait_until opened tag_list_loaded
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
