#!/usr/bin/env python3
"""CHANGELOG.md in Debian's changelog format, for /usr/share/doc/wpnews/changelog.gz.

Each `## VERSION - YYYY-MM-DD` section becomes one entry: its `- ` items as `  * ` items,
any other paragraph as an indented line, signed by MAINTAINER at midnight UTC of its date
(the date alone, so the same CHANGELOG.md always gives the same file). Fails unless the
newest section names VERSION, so the package cannot describe another version than it holds.

Usage: debian-changelog.py CHANGELOG.md VERSION "NAME <EMAIL>" > changelog"""
import datetime
import re
import sys
import textwrap

HEADING = re.compile(r"^## (\S+) - (\d{4}-\d{2}-\d{2})\s*$")


def sections(markdown):
    """(version, date, paragraphs) per version, newest first; a paragraph is (is_item, text)."""
    found = []
    for line in markdown.splitlines():
        heading = HEADING.match(line)
        if heading:
            found.append((heading.group(1), heading.group(2), []))
        elif found and line.strip():
            paragraphs = found[-1][2]
            if line.startswith("- "):
                paragraphs.append((True, line[2:].strip()))
            elif line.startswith("  ") and paragraphs:
                is_item, text = paragraphs[-1]
                paragraphs[-1] = (is_item, text + " " + line.strip())
            else:
                paragraphs.append((False, line.strip()))
        elif found and found[-1][2] and not line.strip():
            found[-1][2].append(None)  # a blank line ends a plain paragraph
    return [(version, date, [p for p in paragraphs if p]) for version, date, paragraphs in found]


def entry(version, date, paragraphs, maintainer):
    lines = [f"wpnews ({version}) unstable; urgency=medium", ""]
    for is_item, text in paragraphs:
        first, rest = ("  * ", "    ") if is_item else ("  ", "  ")
        lines += textwrap.wrap(text, width=79, initial_indent=first, subsequent_indent=rest)
    signed = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
    lines += ["", f" -- {maintainer}  {signed.strftime('%a, %d %b %Y %H:%M:%S %z')}", ""]
    return "\n".join(lines)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, version, maintainer = sys.argv[1:]
    found = sections(open(path, encoding="utf-8").read())
    if not found or found[0][0] != version:
        newest = found[0][0] if found else "none"
        sys.exit(f"{path}: the newest version is {newest}, VERSION says {version}: add a section for {version}")
    sys.stdout.write("\n".join(entry(*section, maintainer) for section in found))


if __name__ == "__main__":
    main()
