#!/usr/bin/env bash
# Prints the path of a tar of a minimal Debian 12 root (debootstrap --variant=minbase
# bookworm), made first when it is missing: a machine that has never seen Swift, for
# scripts/test-install.sh to unpack afresh each run.
#
# The tar is kept outside the clone, in WPNEWS_TEST_CACHE (/var/cache/wpnews-test unless
# set), and written under another name first, so an interrupted run leaves no half-made
# root behind. The mirror is the one this machine's own apt sources name, read here at run
# time: no address is kept in the repository. Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=${WPNEWS_TEST_CACHE:-/var/cache/wpnews-test}
tarball=$cache/bookworm-minbase.tar
if [ -f "$tarball" ]; then
  echo "$tarball"
  exit 0
fi

# The first source of this machine's apt that serves bookworm itself (deb822 files first,
# then one-line ones).
host_mirror() {
  local file
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    awk 'BEGIN { RS = ""; FS = "\n" }
      { uri = ""; bookworm = 0
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^URIs:/) { split($i, words, /[ \t]+/); uri = words[2] }
          if ($i ~ /^Suites:/) { n = split($i, words, /[ \t]+/); for (j = 2; j <= n; j++) if (words[j] == "bookworm") bookworm = 1 }
        }
        if (uri != "" && bookworm) { print uri; exit } }' "$file"
  done
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    awk '$1 == "deb" { for (i = 2; i < NF; i++) if ($i ~ /:\/\// && $(i + 1) == "bookworm") { print $i; exit } }' "$file"
  done
}
mirror=$(host_mirror | head -n 1)
[ -n "$mirror" ] || { echo "$0: no apt source of this machine serves bookworm; add one to /etc/apt/sources.list.d" >&2; exit 1; }

scripts/install-packages.sh debootstrap
mkdir -p "$cache"
work=$(mktemp -d "$cache/making.XXXXXX")
# debootstrap mounts /proc and /sys in the root while it works: an interrupted run may
# leave them, and nothing is deleted through a mount.
cleanup() {
  local mount
  for mount in $(awk -v work="$work/" 'index($2, work) == 1 { print $2 }' /proc/mounts | sort -r); do
    umount "$mount"
  done
  if ! awk -v work="$work/" 'index($2, work) == 1 { found = 1 } END { exit !found }' /proc/mounts; then rm -rf "$work"; fi
}
trap cleanup EXIT
echo "debootstrap: a minimal Debian 12 root into $cache (once; later runs reuse it)" >&2
start=$(date +%s)
debootstrap --variant=minbase bookworm "$work/root" "$mirror" > "$work/debootstrap.log" 2>&1 \
  || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# What the root needs at run time comes from this machine then; nothing of it is kept.
rm -f "$work/root/etc/apt/sources.list" "$work/root/etc/resolv.conf"
tar -C "$work/root" -cf "$tarball.partial" .
mv "$tarball.partial" "$tarball"
echo "debootstrap took $(($(date +%s) - start)) s; the root is $(du -sm "$work/root" | cut -f1) MB" >&2
echo "$tarball"
