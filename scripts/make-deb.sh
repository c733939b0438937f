#!/usr/bin/env bash
# `make deb`: wpnews_VERSION_ARCH.deb into OUT, from ROOT, the tree `make install
# DESTDIR=ROOT PREFIX=/usr` left (the same file list as every other way of installing).
# ROOT is copied, never changed, so a second run on it makes the same package. The copy
# gets what Debian asks of a package: the documentation in /usr/share/doc/wpnews (README,
# the notices as `copyright`, CHANGELOG.md as `changelog.gz`), the manual page compressed,
# md5sums, lintian's overrides (packaging/deb/lintian-overrides says why), and a control
# file whose Depends dpkg-shlibdeps computes from the binary, with the libraries wpnews
# opens itself added from packaging/opened-libraries. Then lintian, which fails the build
# on an error.
#
#   scripts/make-deb.sh ROOT OUT
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 ROOT OUT" >&2; exit 64; }
stage=$(readlink -f "$1") out=$2
[ -x "$stage/usr/bin/wpnews" ] || { echo "$0: no $stage/usr/bin/wpnews: make install DESTDIR=$stage PREFIX=/usr first" >&2; exit 1; }
scripts/install-packages.sh dpkg-dev lintian

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/package
cp -a "$stage" "$root"
bin=$root/usr/bin/wpnews

version=$(scripts/version.sh "$bin")
arch=$(dpkg --print-architecture)
control=packaging/deb/control
# Who answers for the package: MAINTAINER, also the copyright file's Upstream-Contact.
maintainer=$(cat MAINTAINER)

doc=$root/usr/share/doc/wpnews
install -d -m 755 "$doc"
install -m 644 README.md "$doc/README.md"
scripts/copyright.sh --debian > "$doc/copyright"
chmod 644 "$doc/copyright"
install -D -m 644 packaging/deb/lintian-overrides "$root/usr/share/lintian/overrides/wpnews"
scripts/debian-changelog.py CHANGELOG.md "$version" "$maintainer" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
gzip -9nf "$root/usr/share/man/man1/wpnews.1"

# dpkg-shlibdeps reads debian/control of a source tree: a minimal one, in a folder of its own.
mkdir -p "$work/source/debian"
printf 'Source: wpnews\n\nPackage: wpnews\nArchitecture: any\n' > "$work/source/debian/control"
linked=$(cd "$work/source" && dpkg-shlibdeps -O "$bin" | sed -n 's/^shlibs:Depends=//p')
opened() { # need
  scripts/library-packages.sh "$bin" | awk -v need="$1" '$1 == need { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }' \
    | paste -sd, - | sed 's/,/, /g'
}
depends="$linked, $(opened depends)"
recommends=$(opened recommends)

chmod 755 "$root"
install -d -m 755 "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
scripts/debian-control.sh "$control" VERSION="$version" ARCH="$arch" INSTALLED_SIZE="$installed_size" \
  DEPENDS="$depends" RECOMMENDS="$recommends" MAINTAINER="$maintainer" > "$root/DEBIAN/control"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb=$out/wpnews_${version}_$arch.deb
# Owned by root whoever builds it; the time of the last commit, so a rebuild is the same file.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s) \
  dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "Depends: $depends" >&2
echo "Recommends: $recommends" >&2
lintian --fail-on error "$deb" >&2
echo "$deb"
