#!/usr/bin/env bash
# Drives `wpnews browse` on a site that no longer answers, for BrowseAppE2ETests: the cache
# was filled before. Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-offline.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for cached ">1. "
tmux send-keys -t e2e r
wait_for unreachable "Could not reach"
tmux send-keys -t e2e 2
# Latest's first story, not Featured's.
wait_for latest "Power restored"
tmux send-keys -t e2e j Enter
wait_for reader " min read"
# More: the site's pages are not in the copy, but the sections kept on this machine show
# at once; the pages then say why they are missing.
tmux send-keys -t e2e q 6
wait_for more "(missing: "
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
