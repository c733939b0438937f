#!/usr/bin/env bash
# The package's DEBIAN/control on stdout: TEMPLATE (packaging/deb/control) with each
# @NAME@ replaced by the value given as NAME=VALUE. scripts/make-deb.sh runs it; on its own
# it needs no package, so scripts/test-debian-control.sh runs it too.
#
#   scripts/debian-control.sh TEMPLATE NAME=VALUE...
set -euo pipefail
[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: $0 TEMPLATE NAME=VALUE..." >&2; exit 64; }
template=$1
shift
edits=()
for pair; do
  edits+=(-e "s/@${pair%%=*}@/${pair#*=}/")
done
sed "${edits[@]}" "$template"
