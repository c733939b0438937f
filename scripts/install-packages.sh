#!/usr/bin/env bash
# Installs the named Debian packages that are missing. Needs root when anything is missing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  echo "error: ${missing[*]} missing; run as root or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
# Package lists may be missing on a fresh machine.
if ! apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null; then
  apt-get update -qq -o DPkg::Lock::Timeout=300
  apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
fi
