#!/usr/bin/env bash
# Fails with one line saying what to change when the release binary BIN carries ICU's data
# after all. Sources/ICUDataLeftOut keeps the data out by defining its symbol, whose name
# carries ICU's major version (icudt76_dat): a toolchain with another ICU names its data
# otherwise, and the linker would pull its 34 MB back in without a word. Checked twice: the
# name against the one the toolchain's static ICU defines (which says what to rename it to),
# and in BIN, where every ICU data symbol must be the empty one of Sources/ICUDataLeftOut
# (which also catches a release build without -DWPNEWS_WITHOUT_ICU_DATA). The Makefile runs
# it after each release build.
#
#   scripts/check-icu-data.sh BIN      BIN unstripped, as swift build leaves it
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 BIN (a release build of wpnews)" >&2; exit 64; }
bin=$1
source=Sources/ICUDataLeftOut/icu-data-left-out.c
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")")
archive=$toolchain/lib/swift_static/linux/lib_FoundationICU.a

ours=$(sed -n 's/^const unsigned char \(icudt[0-9]*_dat\)\[\([0-9]*\)\].*/\1 \2/p' "$root/$source")
read -r ours ours_bytes <<< "$ours"
[ -n "$ours" ] || { echo "$0: $source defines no icudtNN_dat array: fix this check along with it" >&2; exit 1; }
theirs=$(nm --defined-only "$archive" 2>/dev/null | awk '!found && $NF ~ /^icudt[0-9]+_dat$/ { print $NF; found = 1 }')
[ -n "$theirs" ] || { echo "$0: $archive defines no ICU data symbol (icudtNN_dat): see whether the toolchain still carries ICU's data" >&2; exit 1; }
[ "$theirs" = "$ours" ] \
  || { echo "$0: the toolchain's ICU names its data $theirs, but $source defines $ours: rename it to $theirs so the release binary leaves ICU's data out" >&2; exit 1; }

# Each ICU data symbol BIN defines, with its size in bytes.
symbols=$(nm -S --defined-only "$bin" | awk '$NF ~ /^icudt[0-9]+_dat$/ { print $NF, $2 }' \
  | while read -r name hex; do echo "$name $((16#$hex))"; done)
[ "$symbols" = "$ours $ours_bytes" ] || {
  echo "$0: $bin should define only Sources/ICUDataLeftOut's empty $ours ($ours_bytes bytes) but defines: $(echo "${symbols:-nothing}" | paste -sd, -); was it built with the Makefile's RELEASE_FLAGS?" >&2
  exit 1
}
