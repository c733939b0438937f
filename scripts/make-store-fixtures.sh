#!/usr/bin/env bash
# Writes Tests/Fixtures/store/{cache,state}.sqlite: a cache and a user's state as the wpnews
# at hand writes them, for the tests that open them with a later wpnews (StoreFixtureTests)
# and check that nothing the user made is lost on the way. Run through
# scripts/with-wordpress.sh after building (WPNEWS_BIN, else the debug binary).
#
# The checked-in files were written by the build of commit da4a6c6 (issue 24's start): do
# not record them again with a later build, or they stop being the old files a user has.
# Add a new pair beside them instead, when a schema change needs one.
#
# What they hold, on the small seeded site followed as "ledger":
#   - lists: latest pages 1 and 2 (10 a page), latest --all (pages of 100), featured, a
#     category's and a tag's list, and pages, tags and categories fetched in full;
#   - seen marks from every list printed as text, read marks from `read`;
#   - one hidden story (`d` in the app, the only way to hide one);
#   - a watch cursor and its delivered stories (`watch --once --since 100d`);
#   - the last list shown: `wpnews latest`'s 10 numbered stories.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${WPNEWS_E2E_SITE:?run through scripts/with-wordpress.sh}
wpnews=${WPNEWS_BIN:-$PWD/.build/debug/wpnews}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export HOME=$out XDG_CACHE_HOME=$out/cache XDG_CONFIG_HOME=$out/config XDG_STATE_HOME=$out/state TZ=UTC LANG=C.UTF-8
quiet() { "$wpnews" "$@" > /dev/null; }

quiet sites add ledger "$site"
quiet latest --all --per-page 100 --json
quiet latest --page 2
quiet featured
quiet category news
quiet tag city-council
quiet tags
quiet categories
quiet pages
quiet read -n 2
quiet read -n 5
quiet watch --once --since 100d
# The app hides the story under its cursor; the hidden story leaves the featured list.
source Tests/E2E/tmux-steps.sh
trap 'tmux kill-server 2>/dev/null || true; rm -rf "$out"' EXIT
tmux send-keys -t e2e "XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_STATE_HOME=$XDG_STATE_HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME $wpnews browse; echo app-ended-\$?" Enter
wait_for featured ">1. "
tmux send-keys -t e2e d
wait_for hidden "hidden (u undoes"
tmux send-keys -t e2e q
wait_for quit "app-ended-0"
[[ -z $gave_up ]] || { cat "$out"/*.screen >&2; exit 1; }
# Last, so it is the list `read -n` reads.
quiet latest

mkdir -p Tests/Fixtures/store
for file in cache state; do
  source_file=$XDG_CACHE_HOME/wpnews/wpnews.sqlite
  [[ $file == state ]] && source_file=$XDG_STATE_HOME/wpnews/state.sqlite
  rm -f "Tests/Fixtures/store/$file.sqlite"
  # VACUUM INTO folds the write-ahead log in: one file, as a user's would be after a checkpoint.
  sqlite3 "$source_file" "VACUUM INTO 'Tests/Fixtures/store/$file.sqlite'"
done
echo "wrote Tests/Fixtures/store/cache.sqlite and state.sqlite from $site" >&2
