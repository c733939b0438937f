#!/usr/bin/env bash
# Drives `wpnews browse` for BrowseAppE2ETests while the user's state refuses seen marks (a
# trigger aborts every write to its story marks, as a state SQLite cannot write to would).
# Screens go to OUT/NN-name.screen, the exit status to OUT/status.
# Usage: browse-unsaved-marks.sh WPNEWS SITE OUT
set -euo pipefail
wpnews=$1 site=$2 out=$3
source "$(dirname "$0")/tmux-steps.sh"
# One list first, so that the state file and its tables exist for the triggers.
env -i PATH=/usr/bin:/bin HOME="$out" "$wpnews" latest --site "$site" --per-page 1 > /dev/null
for event in INSERT UPDATE; do
  sqlite3 "$out/.local/state/wpnews/state.sqlite" \
    "CREATE TRIGGER refuse$event BEFORE $event ON storyState BEGIN SELECT RAISE(ABORT, 'refused'); END"
done
tmux send-keys -t e2e "bash -c '$wpnews browse --site $site; echo \$? > $out/status'" Enter
wait_for unsaved "could not remember what was shown"
tmux send-keys -t e2e q
for _ in $(seq 300); do [[ -s $out/status ]] && break; sleep 0.05; done
