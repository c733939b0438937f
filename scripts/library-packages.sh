#!/usr/bin/env bash
# The Debian packages a wpnews binary needs at run time, one line each:
#
#   NEED SONAME PACKAGE DEPENDENCY
#
# NEED is `linked` for a library in the binary's NEEDED entries (the loader refuses to start
# it without), else what packaging/opened-libraries says of a library wpnews opens itself
# (`depends`, `recommends`). DEPENDENCY is the package with the oldest version that has the
# library, as its shlibs file on this machine says (`libcurl4 (>= 7.88.1)`). An entry of
# opened-libraries that is a package, not a library, is printed with `-` for its soname.
# Reads the packages installed on this (build) machine: run it where the binary was built.
#
#   scripts/library-packages.sh BIN
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: $0 BIN" >&2; exit 64; }
bin=$1

# The file the dynamic loader would take for a soname, on this machine.
library_path() {
  /sbin/ldconfig -p | awk -v soname="$1" '$1 == soname && !found { found = $NF } END { if (found) print found }'
}
# The package owning a file (usrmerge: the loader's path or the one dpkg recorded).
owner() {
  dpkg-query -S "$1" 2>/dev/null || dpkg-query -S "$(readlink -f "$1")" 2>/dev/null || true
}
dependency() { # soname, package
  local name=${1%%.so.*} version=${1##*.so.} shlibs
  shlibs=$(ls /var/lib/dpkg/info/"$2":*.shlibs /var/lib/dpkg/info/"$2".shlibs 2>/dev/null | head -n 1)
  { [ -n "$shlibs" ] && awk -v name="$name" -v version="$version" \
      '$1 == name && $2 == version { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$shlibs"; } | grep . || echo "$2"
}
describe() { # need, soname
  local path package
  path=$(library_path "$2")
  [ -n "$path" ] || { echo "$0: $2 is not installed on this machine: run make deps" >&2; exit 1; }
  package=$(owner "$path" | head -n 1 | cut -d: -f1)
  [ -n "$package" ] || { echo "$0: no package owns $path" >&2; exit 1; }
  echo "$1 $2 $package $(dependency "$2" "$package")"
}

objdump -p "$bin" | awk '$1 == "NEEDED" { print $2 }' | while read -r soname; do
  describe linked "$soname"
done
grep -v -e '^#' -e '^$' "$root/packaging/opened-libraries" | while read -r need what; do
  case $what in
    *.so.*) describe "$need" "$what" ;;
    *) echo "$need - $what $what" ;;
  esac
done
