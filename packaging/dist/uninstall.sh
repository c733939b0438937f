#!/bin/sh
# Removes what ./install.sh put under PREFIX (~/.local unless given): exactly the files
# MANIFEST lists, then the folders wpnews alone uses once they are empty. Folders other
# programs share (bin, share/man ...) stay.
#
#   ./uninstall.sh [PREFIX]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:-$HOME/.local}
[ $# -le 1 ] || { echo "usage: $0 [PREFIX]" >&2; exit 64; }

while read -r file; do
  rm -f "$prefix/$file"
done < "$here/MANIFEST"
[ -d "$prefix/share/wpnews" ] && find "$prefix/share/wpnews" -depth -type d -empty -delete
echo "removed wpnews from $prefix"
