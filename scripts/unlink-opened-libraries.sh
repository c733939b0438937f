#!/usr/bin/env bash
# Takes the libraries wpnews opens itself on first use (packaging/opened-libraries) out of the
# release binary BIN's NEEDED entries, so the dynamic loader does not map them at every start.
# pkg-config gives SwiftPM libxml2's headers and its library together, so the link names
# libxml2 although wpnews calls it only through Sources/CLibXML2/shim.h. Fails with one line
# when BIN calls such a library directly (the loader would then need it after all), and after
# the change when BIN still names one. The Makefile runs it after each release build.
#
#   scripts/unlink-opened-libraries.sh BIN
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 BIN (a release build of wpnews)" >&2; exit 64; }
bin=$1

needed() { objdump -p "$bin" | awk '$1 == "NEEDED" { print $2 }'; }
# Read whole before searching: grep -q would stop reading early, and under pipefail
# readelf's broken pipe would pass for "not found".
versions=$(readelf -V "$bin")
for soname in $(awk '!/^#/ && $2 ~ /\.so\./ { print $2 }' "$root/packaging/opened-libraries"); do
  # A symbol of the library's, versioned, is a direct call: no shim between.
  if grep -qF "File: $soname " <<< "$versions"; then
    echo "$0: $bin calls $soname directly: call it through its shim in Sources/ (packaging/opened-libraries says wpnews opens it itself)" >&2
    exit 1
  fi
  if needed | grep -qx "$soname"; then patchelf --remove-needed "$soname" "$bin"; fi
  if needed | grep -qx "$soname"; then
    echo "$0: $bin still names $soname among the libraries it needs" >&2
    exit 1
  fi
done
