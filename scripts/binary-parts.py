#!/usr/bin/env python3
"""What each part of the release binary weighs, from the linker's map (`make release` writes
.build/release/wpnews.map): bytes of code and data each library or target brings, the
sections a running wpnews maps, debug information and symbols left out. Prints JSON, the
parts largest first, for scripts/bench-report.py.

Usage: binary-parts.py MAP"""
import collections
import json
import re
import sys

# Libraries grouped as a reader thinks of them; anything else is named as it is.
GROUPS = {
    "ICU (Foundation's, data and code)": ["lib_FoundationICU"],
    "Foundation": ["libFoundation", "libFoundationEssentials", "libFoundationInternationalization",
                   "libCoreFoundation", "lib_FoundationCollections", "lib_FoundationCShims"],
    "Swift runtime and standard library": ["libswiftCore", "libswift_Concurrency", "libswift_StringProcessing",
                                           "libswift_RegexParser", "libdispatch", "libswiftDispatch",
                                           "libswiftSynchronization", "libswiftGlibc", "libBlocksRuntime", "swiftrt"],
    "GRDB": ["GRDB"],
    "TOMLKit": ["TOMLKit", "CTOML"],
    "wpnews's own targets": ["wpnews", "BrowseApp", "TerminalRender", "NewsCore", "WordPressAPI", "HTTPClient", "TextSafety"],
}
GROUP_OF = {member: group for group, members in GROUPS.items() for member in members}
MAPPED = (".text", ".rodata", ".data", ".eh_frame", ".gcc_except_table", "swift5", ".init_array", ".tdata")


def origin(path):
    """The library or target an input file of the link belongs to."""
    target = re.search(r"/([^/.]+)\.build/.*\.o$", path)
    if target:
        return target.group(1)
    archive = re.search(r"([^/]+)\.a\(", path)
    if archive:
        return archive.group(1)
    return re.sub(r"\.o$", "", path.rsplit("/", 1)[-1])


def parts(map_path):
    sizes = collections.Counter()
    section = None
    for line in open(map_path, errors="replace"):
        # gold writes " .section 0xADDRESS 0xSIZE file", or the section alone on a line
        # when its name is long and the rest on the next.
        whole = re.match(r"^ (\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        rest = re.match(r"^\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        if whole:
            section, size, path = whole.groups()
        elif rest and section:
            size, path = rest.groups()
        else:
            alone = re.match(r"^ (\S+)\s*$", line)
            section = alone.group(1) if alone else None
            continue
        if section.startswith(MAPPED):
            sizes[GROUP_OF.get(origin(path), origin(path))] += int(size, 16)
        section = None
    return dict(sizes.most_common())


def grouped(sizes):
    """The groups, then what is left (C start-up files, libgcc) as one part."""
    named = {part: size for part, size in sizes.items() if part in GROUPS}
    named["the rest"] = sum(size for part, size in sizes.items() if part not in GROUPS)
    return dict(sorted(named.items(), key=lambda item: -item[1]))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    json.dump(grouped(parts(sys.argv[1])), sys.stdout)
    print()
