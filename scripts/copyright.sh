#!/usr/bin/env bash
# Writes the notices of everything the release binary carries to stdout, in Debian's
# machine-readable copyright format: wpnews's own license, then each library linked into it
# (the Swift runtime, Foundation and Dispatch, ICU inside Foundation, GRDB, TOMLKit and
# toml++). The .deb ships it as
# /usr/share/doc/wpnews/copyright, the tarball beside LICENSE.
#
# The texts are read where the build found the code: the package checkouts in .build/ and
# the toolchain's own license file. ICU's is kept in packaging/licenses/, because the
# toolchain ships its ICU copy without one. The Debian libraries wpnews loads (libcurl,
# libxml2, SQLite, chafa ...) are installed from their own packages, with their own notices.
#
# With --debian, the Apache License's text is left to /usr/share/common-licenses, as Debian
# asks of a package; without it (the tarball's NOTICES), every text is written out.
#
#   scripts/copyright.sh [--debian] [CHECKOUTS]     CHECKOUTS: .build/checkouts unless given
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
debian=
if [ "${1:-}" = --debian ]; then
  debian=1
  shift
fi
checkouts=${1:-$root/.build/checkouts}
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")")
swift_license=$toolchain/share/swift/LICENSE.txt

for file in "$swift_license" "$checkouts/GRDB.swift/LICENSE" \
  "$checkouts/TOMLKit/LICENSE" "$checkouts/TOMLKit/Sources/CTOML/Sources/toml.hpp"; do
  [ -f "$file" ] || { echo "$0: no $file (a release build fetches the packages)" >&2; exit 1; }
done

# A license text as a field's continuation lines: each line indented, blank ones a lone dot.
body() {
  sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$1" | sed -e :a -e '/^ \.$/{$d;N;ba' -e '}'
}
# The holders a license file names: its Copyright lines without the word and the sign.
holders() {
  sed -n 's|^\(// \)\{0,1\}Copyright \(([cC]) \)\{0,1\}||p' "$1"
}
# Every MIT text here is the same terms under its own copyright line, given once below.
without_copyright() {
  grep -v -e '^Copyright' -e '^MIT License' "$1" | sed '/./,$!d'
}
toml_hpp=$checkouts/TOMLKit/Sources/CTOML/Sources/toml.hpp
# The Swift project's license: Apache 2.0, then its exception for what the compiler embeds.
apache_with_exception() {
  if [ -n "$debian" ]; then
    echo "On Debian systems, the full text of the Apache License, Version 2.0, is in"
    echo "/usr/share/common-licenses/Apache-2.0. The Swift project adds this exception to it:"
    echo
    sed -n '/^## Runtime Library Exception/,$p' "$swift_license" | sed -e '1d' -e 's/^ *//' | sed '/./,$!d'
  else
    cat "$swift_license"
  fi
}
# ICU names its data after its major version (icudt76_dat).
icu_version=$(nm "$toolchain/lib/swift_static/linux/lib_FoundationICU.a" 2>/dev/null | sed -n 's/.* icudt\([0-9]*\)_dat$/\1/p' | head -n 1)

cat <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: wpnews
Upstream-Contact: $(cat "$root/MAINTAINER")
Comment: wpnews is linked with the Swift standard library, Foundation and its ICU copy
 statically (--static-swift-stdlib) and with the Swift packages in Package.swift. The
 stanzas below name where each part of the binary comes from: the project's sources, the
 Swift toolchain's static libraries (usr/lib/swift_static) and the package checkouts.

Files: *
Copyright: $(holders "$root/LICENSE")
License: Expat

Files: usr/lib/swift_static/linux/libswiftCore.a
 usr/lib/swift_static/linux/libswift_Concurrency.a
 usr/lib/swift_static/linux/libswift_StringProcessing.a
 usr/lib/swift_static/linux/libswift_RegexParser.a
 usr/lib/swift_static/linux/libswiftSynchronization.a
 usr/lib/swift_static/linux/libswiftGlibc.a
 usr/lib/swift_static/linux/libswiftDispatch.a
 usr/lib/swift_static/linux/libdispatch.a
 usr/lib/swift_static/linux/libBlocksRuntime.a
 usr/lib/swift_static/linux/libFoundation.a
 usr/lib/swift_static/linux/libFoundationEssentials.a
 usr/lib/swift_static/linux/libFoundationInternationalization.a
 usr/lib/swift_static/linux/libCoreFoundation.a
 usr/lib/swift_static/linux/lib_FoundationCollections.a
 usr/lib/swift_static/linux/lib_FoundationCShims.a
Copyright: 2014-2026 Apple Inc. and the Swift project authors
License: Apache-2.0 WITH Swift-exception
Comment: The Swift standard library, Swift Concurrency, Dispatch and Foundation, from the
 Swift toolchain that built the binary.

Files: usr/lib/swift_static/linux/lib_FoundationICU.a
Copyright: $(sed -n 's/^Copyright © //p' "$root/packaging/licenses/ICU.txt" | head -n 1)
 $(sed -n 's/^Copyright (c) \(.*International Business Machines.*\)/\1/p' "$root/packaging/licenses/ICU.txt" | head -n 1)
License: Unicode-3.0
Comment: ICU $icu_version, as Foundation carries it (swift-foundation-icu), without its data,
 which the release build leaves out. The license below is ICU's, with the notices of the
 third-party parts ICU includes.

Files: .build/checkouts/GRDB.swift/*
Copyright: $(holders "$checkouts/GRDB.swift/LICENSE")
License: Expat

Files: .build/checkouts/TOMLKit/*
Copyright: $(holders "$checkouts/TOMLKit/LICENSE")
License: Expat

Files: .build/checkouts/TOMLKit/Sources/CTOML/Sources/toml.hpp
Copyright: $(holders "$toml_hpp" | head -n 1)
License: Expat
Comment: toml++ $(sed -n 's|^// toml++ v\([0-9.]*\)$|\1|p' "$toml_hpp"), which TOMLKit wraps; its license is in the comment that opens the file.

License: Expat
$(body <(without_copyright "$root/LICENSE"))

License: Apache-2.0 WITH Swift-exception
$(body <(apache_with_exception))

License: Unicode-3.0
$(body "$root/packaging/licenses/ICU.txt")
EOF
