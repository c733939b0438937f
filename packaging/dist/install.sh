#!/bin/sh
# Installs wpnews from this folder under PREFIX (~/.local unless given): the files MANIFEST
# lists, nothing else; ./uninstall.sh PREFIX removes them again. First checks that this
# system has the shared libraries wpnews needs (LIBRARIES names each one's Debian package).
#
#   ./install.sh [PREFIX]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:-$HOME/.local}
[ $# -le 1 ] || { echo "usage: $0 [PREFIX]" >&2; exit 64; }

# Libraries the loader needs to start wpnews at all, or a glibc too old for it: refuse,
# and name the packages to install.
missing=$(ldd "$here/bin/wpnews" 2>&1 | awk '/not found/ { print $1 }' | sort -u)
if [ -n "$missing" ]; then
  packages=""
  for soname in $missing; do
    package=$(awk -v soname="$soname" '$2 == soname { print $3 }' "$here/LIBRARIES")
    packages="$packages ${package:-libc6}"
  done
  ldd "$here/bin/wpnews" 2>&1 | grep 'not found' | sed 's/^[[:space:]]*/  /' >&2
  echo "error: wpnews needs libraries this system lacks; install them (Debian, Ubuntu): sudo apt install$(echo "$packages" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//'), then run $0 again" >&2
  exit 1
fi
# Libraries wpnews opens only when it needs them: say which package a missing one is in.
library_present() { /sbin/ldconfig -p 2>/dev/null | awk -v soname="$1" '$1 == soname { found = 1 } END { exit !found }'; }
while read -r need soname package _; do
  case $need in depends | recommends) ;; *) continue ;; esac
  if [ "$soname" = "-" ]; then
    command -v dpkg-query >/dev/null 2>&1 || continue
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" && continue
  elif library_present "$soname"; then
    continue
  fi
  if [ "$need" = depends ]; then
    echo "warning: $package is missing: the commands that need it stop and say so (sudo apt install $package)" >&2
  else
    echo "warning: $package is missing: wpnews shows pictures only with it (sudo apt install $package)" >&2
  fi
done < "$here/LIBRARIES"

while read -r file; do
  mode=644
  [ "$file" = bin/wpnews ] && mode=755
  install -D -m "$mode" "$here/$file" "$prefix/$file"
done < "$here/MANIFEST"
echo "installed wpnews under $prefix; ./uninstall.sh $prefix removes it"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on your PATH; add it to run wpnews by name" >&2 ;; esac
