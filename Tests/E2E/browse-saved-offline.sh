#!/usr/bin/env bash
# Reads a saved story from More in `wpnews browse`, its site no longer answering and the
# cache cleared, for SavedE2ETests. Screens go to OUT/NN-name.screen, the exit status to
# OUT/status.
# Usage: browse-saved-offline.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
rm -f "$out/status"
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for unreachable "could not connect"
tmux send-keys -t e2e 6
wait_for more "Saved stories"
# The saved story is picked by its title, not by its place: a site given by --site and not
# followed puts "Follow a site…" first among the rows the cursor reaches.
tmux send-keys -t e2e /
tmux send-keys -t e2e -l "Power restored to the last Eastbank streets"
tmux send-keys -t e2e Enter
filtered() { lacks "Follow a site" && shows "Power restored to the last Eastbank streets"; }
wait_until filtered filtered
tmux send-keys -t e2e Enter
wait_for reader "Electricity is back on Birch Lane"
tmux send-keys -t e2e q q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
