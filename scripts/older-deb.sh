#!/usr/bin/env bash
# Prints the path of a .deb built from COMMIT, an older commit of this repository, building it
# first when it is missing: scripts/test-install.sh installs it over the current package to
# see an older wpnews meet the state a newer one wrote.
#
# The commit is cloned from this repository into a temporary folder (nothing of this clone is
# touched, not even its worktree list) and built there by its own `make deb`, so the package
# is what that commit shipped. The .deb is kept outside the clone, in WPNEWS_TEST_CACHE
# (/var/cache/wpnews-test unless set) under the commit's full name, and written under another
# name first, so an interrupted build leaves nothing that looks finished. A release build
# from nothing: minutes the first time, nothing after. Needs root, as `make deb` may install
# the build's packages.
#
#   scripts/older-deb.sh COMMIT
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 COMMIT" >&2; exit 64; }
commit=$(git rev-parse --verify --quiet "$1^{commit}") \
  || { echo "$0: no commit $1 in this repository (a shallow clone? fetch its history)" >&2; exit 1; }

cache=${WPNEWS_TEST_CACHE:-/var/cache/wpnews-test}
deb=$cache/wpnews-$commit.deb
if [ -f "$deb" ]; then
  echo "$deb"
  exit 0
fi

mkdir -p "$cache"
work=$(mktemp -d /var/tmp/wpnews-older-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "building the package of ${commit:0:7} into $cache (once; later runs reuse it)" >&2
start=$(date +%s)
git clone --quiet --no-checkout "$PWD" "$work/src"
git -C "$work/src" checkout --quiet --detach "$commit"
# A make of its own: nothing of a make that runs this script (its variables, its flags) reaches it.
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$work/src" deb > "$work/build.log" 2>&1; then
  tail -n 30 "$work/build.log" >&2
  echo "$0: make deb failed at ${commit:0:7}; the end of its log is above" >&2
  exit 1
fi
built=("$work"/src/dist/wpnews_*.deb)
[ ${#built[@]} -eq 1 ] && [ -f "${built[0]}" ] || { echo "$0: make deb at ${commit:0:7} left no one .deb in dist/" >&2; exit 1; }
cp "${built[0]}" "$deb.partial"
mv "$deb.partial" "$deb"
echo "the package of ${commit:0:7} took $(($(date +%s) - start)) s to build" >&2
echo "$deb"
