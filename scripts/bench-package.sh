#!/usr/bin/env bash
# make bench's rows for what a user downloads and installs: the .deb's size, the size
# installed (dpkg's Installed-Size) against issue 29's goal, and which files make it up.
# The binary's own parts (ICU's data, Foundation, ...) are the rows above them, from the
# linker's map (scripts/binary-parts.py).
#
#   scripts/bench-package.sh DEB
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 DEB (make deb builds it)" >&2; exit 64; }
deb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work"

row() { # label, bytes, then what to print after the figure
  local label=$1 bytes=$2
  shift 2
  awk -v label="$label" -v bytes="$bytes" -v after="${*:+  $*}" 'BEGIN { printf "  %-40s %6.1f MB%s\n", label, bytes / 1e6, after }'
}
bytes_under() { du -sb "$@" | awk '{ sum += $1 } END { print sum + 0 }'; }

installed=$(($(dpkg-deb -f "$deb" Installed-Size) * 1024))
goal=35000000
echo
row ".deb, as make deb leaves it" "$(stat -c %s "$deb")"
row "installed (Installed-Size)" "$installed" "<= 35 MB  $([ "$installed" -le "$goal" ] && echo met || echo MISSED)"
row "  /usr/bin/wpnews" "$(stat -c %s "$work/usr/bin/wpnews")"
row "  /usr/share/wpnews (the demo site)" "$(bytes_under "$work/usr/share/wpnews")"
row "  manual, completions, documentation" "$(bytes_under "$work/usr/share/man" "$work/usr/share/bash-completion" \
  "$work/usr/share/zsh" "$work/usr/share/fish" "$work/usr/share/doc")"
