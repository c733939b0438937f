#!/usr/bin/env bash
# Tab completion of an installed wpnews in bash with bash-completion loaded, for
# InstallE2ETests. OUT is the home: wpnews installed under OUT/.local (so its completion
# script is in ~/.local/share/bash-completion/completions, where bash-completion looks on its
# own), one followed site, `campus`, with its categories and tags in the cache.
# Screens go to OUT/NN-name.screen.
# Usage: install-completion.sh WPNEWS SITE OUT (WPNEWS unused: wpnews is the installed one)
set -euo pipefail
out=$3
source "$(dirname "$0")/tmux-steps.sh"
# The quotes keep the typed command from showing the word waited for.
tmux send-keys -t e2e "PS1='$ '; PATH=\$HOME/.local/bin:\$PATH; source /usr/share/bash-completion/bash_completion; echo load''ed" Enter
wait_for loaded "loaded"
tmux send-keys -t e2e "wpnews la" Tab
wait_for command "wpnews latest"
tmux send-keys -t e2e C-u "wpnews latest --site " Tab
wait_for site "--site campus"
tmux send-keys -t e2e C-u "wpnews category --site campus ci" Tab
wait_for category "city-hall"
# No --site: the default site's tags (the first site followed is the default).
tmux send-keys -t e2e C-u "wpnews tag fer" Tab
wait_for tag "ferry"
# Bash breaks its words at = and :, which must not split an option's value from its name.
tmux send-keys -t e2e C-u "wpnews tag --width=80 fer" Tab
wait_for attached "--width=80 ferry"
tmux send-keys -t e2e C-u "wpnews latest --site=" Tab
wait_for equals "--site=campus"
tmux send-keys -t e2e C-u "wpnews tag --site $2 fer" Tab
wait_for address "$2 ferry"
# A file after --option=, in a folder holding one file of the kind asked for.
tmux send-keys -t e2e C-u "mkdir -p $out/exports && cd $out/exports && touch picked.html && clear" Enter
tmux send-keys -t e2e "wpnews saved --export=" Tab
wait_for file "--export=picked.html"
tmux send-keys -t e2e C-u
