#!/usr/bin/env bash
# Installs wpnews under a prefix, or takes it away again:
#
#   scripts/install.sh BIN PREFIX           BIN: the wpnews binary to install
#   scripts/install.sh --uninstall PREFIX
#
# DESTDIR, when set, goes before PREFIX (a package's staging folder). `make install` and
# `make uninstall` run it with the release binary, $(DESTDIR) and $(PREFIX); `make deb` and
# `make dist` stage their files with `make install`, so every way of installing has this list;
# the end-to-end test runs it with the debug binary and a temporary prefix. The completions
# and the manual page are written by BIN itself from its commands' descriptions, so they
# describe the commands installed: `--generate-completion-script SHELL` and `---manual DATE`.
# Resources/ (the demo site) goes to
# PREFIX/share/wpnews, where the installed binary looks (Sources/wpnews/Paths.swift).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Debian's zsh reads packages' completions from vendor-completions; site-functions is for
# what is installed locally.
zsh_completions() {
  if [ "$1" = /usr ]; then echo share/zsh/vendor-completions; else echo share/zsh/site-functions; fi
}

# Every file an install writes, relative to PREFIX: what --uninstall removes, exactly.
installed_files() {
  echo bin/wpnews
  echo share/bash-completion/completions/wpnews
  echo "$zsh_completions/_wpnews"
  echo share/fish/vendor_completions.d/wpnews.fish
  echo share/man/man1/wpnews.1
  (cd "$root/Resources" && find . -type f | sed 's|^\./|share/wpnews/|' | sort)
}

if [ "${1:-}" = "--uninstall" ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --uninstall PREFIX" >&2; exit 64; }
  zsh_completions=$(zsh_completions "$2")
  prefix=${DESTDIR:-}$2
  installed_files | while read -r file; do rm -f "$prefix/$file"; done
  # The folders wpnews alone uses, once empty; shared ones (bin, share/man ...) stay.
  (cd "$root/Resources" && find . -mindepth 1 -type d | sort -r) | while read -r dir; do
    rmdir "$prefix/share/wpnews/${dir#./}" 2>/dev/null || true
  done
  rmdir "$prefix/share/wpnews" 2>/dev/null || true
  exit 0
fi

[ $# -eq 2 ] || { echo "usage: $0 BIN PREFIX | $0 --uninstall PREFIX" >&2; exit 64; }
bin=$1 zsh_completions=$(zsh_completions "$2") prefix=${DESTDIR:-}$2
[ -x "$bin" ] || { echo "$0: no wpnews binary at $bin" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/wpnews" \
  "$prefix/share/bash-completion/completions" "$prefix/$zsh_completions" "$prefix/share/fish/vendor_completions.d"

install -m 755 "$bin" "$prefix/bin/wpnews"
# Symbols are for debugging a build, not for running one: most of the binary's size.
strip --remove-section=.comment "$prefix/bin/wpnews"

"$bin" --generate-completion-script bash > "$work/bash"
"$bin" --generate-completion-script zsh > "$work/zsh"
"$bin" --generate-completion-script fish > "$work/fish"
install -m 644 "$work/bash" "$prefix/share/bash-completion/completions/wpnews"
install -m 644 "$work/zsh" "$prefix/$zsh_completions/_wpnews"
install -m 644 "$work/fish" "$prefix/share/fish/vendor_completions.d/wpnews.fish"

# Dated by the last commit, so installing the same source twice gives the same page.
date=$(git -C "$root" log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)
"$bin" ---manual "$date" > "$work/wpnews.1"
# Its .Os names no release: the page's footer names the version (VERSION, which the binary
# must have been built from), as the packages' names do.
version=$("$root/scripts/version.sh" "$bin")
sed -e "s/^\.Os\$/.Os wpnews $version/" "$work/wpnews.1" > "$work/wpnews.1.mdoc"
install -m 644 "$work/wpnews.1.mdoc" "$prefix/share/man/man1/wpnews.1"

cp -R "$root/Resources/." "$prefix/share/wpnews/"
