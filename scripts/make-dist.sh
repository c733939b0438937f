#!/usr/bin/env bash
# `make dist`: wpnews-VERSION-linux-ARCH.tar.xz and its SHA256SUMS into OUT, from ROOT, the
# tree `make install DESTDIR=ROOT PREFIX=` left (the same file list as every other way of
# installing). The tarball holds that tree under one folder with README.md, LICENSE, the
# notices (NOTICES, as the .deb's copyright), install.sh and uninstall.sh
# (packaging/dist/), MANIFEST (the files install.sh puts under its prefix, which
# uninstall.sh removes) and LIBRARIES (the Debian package of each shared library, which
# install.sh checks for).
#
#   scripts/make-dist.sh ROOT OUT
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 ROOT OUT" >&2; exit 64; }
root=$1 out=$2
bin=$root/bin/wpnews
[ -x "$bin" ] || { echo "$0: no $bin: make install DESTDIR=$root PREFIX= first" >&2; exit 1; }
scripts/install-packages.sh xz-utils

version=$(scripts/version.sh "$bin")
# The README promises the oldest glibc the tarball runs on: the newest version the binary asks for.
glibc=$(objdump -p "$bin" | sed -n '/Version References/,$p' | grep -o 'GLIBC_[0-9.]*' | sed 's/^GLIBC_//' | sort -V | tail -n 1)
grep -q "needs glibc $glibc or newer" README.md \
  || { echo "$0: the binary needs glibc $glibc, which README.md's install section does not say: update it" >&2; exit 1; }
name=wpnews-$version-linux-$(uname -m)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
folder=$work/$name
mkdir -p "$folder"
cp -R "$root/." "$folder/"
(cd "$root" && find . -type f | sed 's|^\./||' | sort) > "$folder/MANIFEST"
scripts/library-packages.sh "$bin" > "$folder/LIBRARIES"
scripts/copyright.sh > "$folder/NOTICES"
install -m 644 README.md LICENSE "$folder/"
install -m 755 packaging/dist/install.sh packaging/dist/uninstall.sh "$folder/"

mkdir -p "$out"
tarball=$name.tar.xz
# Sorted, owned by root, dated by the last commit: the same source gives the same tarball.
date=$(git log -1 --format=%cI 2>/dev/null || date -Iseconds)
tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime="$date" -cJf "$out/$tarball" "$name"
(cd "$out" && sha256sum "$tarball" > SHA256SUMS)
echo "$out/$tarball"
