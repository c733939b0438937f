#!/usr/bin/env bash
# Prints the version of wpnews from VERSION, the one place it is written: for the Makefile,
# the packages and the manual page; the binary reads the same file when it is built
# (Plugins/StampVersion). Fails with one line saying what to fix when CHANGELOG.md's newest
# heading names another version, or when BIN, if given, was built from another version.
#
#   scripts/version.sh [BIN]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(tr -d '[:space:]' < "$root/VERSION")
newest=$(sed -n 's/^## \([^ ]*\) - .*/\1/p' "$root/CHANGELOG.md" | head -n 1)
[ "$newest" = "$version" ] \
  || { echo "$0: VERSION says $version but CHANGELOG.md's newest heading is ${newest:-missing}: give $version a section in CHANGELOG.md" >&2; exit 1; }
if [ $# -eq 1 ]; then
  said=$("$1" --version)
  case "$said" in
    "wpnews $version ("*) ;;
    *) echo "$0: $1 says \"$said\" but VERSION says $version: build it again" >&2; exit 1 ;;
  esac
fi
echo "$version"
