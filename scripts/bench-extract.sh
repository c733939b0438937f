#!/usr/bin/env bash
# `make bench`'s figure of issue 27: `wpnews render --extract` of a 300 KB news-site page
# (the article found, then laid out: the whole process) against `w3m -dump` of the same page,
# goal at most 0.8x of its wall-clock time; and, from callgrind on a stripped copy, the
# instructions of the whole run and of the extraction alone (which are the same on a busy
# machine as on an idle one). Called by scripts/bench.sh:
#   scripts/bench-extract.sh BINARY WORK-DIRECTORY RUNS
# The page is Tests/Fixtures/web/pages/news-300k.html (scripts/make-news-page.py).
#
# The two run in turns, a pair a round, the first of each pair swapped every round, so a
# change of load on the shared machine falls on both alike (hyperfine runs all of one, then
# all of the other). Each run's wall-clock time and its CPU time (user and system, from
# wait4) are kept; the ratios are of their medians.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh w3m valgrind

bin=$1 work=$2/extract runs=$3
page=$PWD/Tests/Fixtures/web/pages/news-300k.html
mkdir -p "$work"

python3 - "$work/times.json" "$runs" "$bin" render --extract "$page" --width 80 --no-color -- \
  "$(command -v w3m)" -dump -T text/html -cols 80 "$page" <<'PYTHON'
import json, os, sys, time

out, runs = sys.argv[1], int(sys.argv[2])
split = sys.argv.index("--")
commands = {"wpnews render --extract": sys.argv[3:split], "w3m -dump": sys.argv[split + 1:]}
quiet = [(os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_WRONLY, 0) for fd in (1, 2)]

def run(argv):
    """Wall-clock and CPU seconds of one run, its output thrown away."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed: {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_utime + usage.ru_stime

names = list(commands)
for _ in range(3):
    for name in names:
        run(commands[name])
times = {name: {"wall": [], "cpu": []} for name in names}
for turn in range(runs):
    for name in (names if turn % 2 == 0 else names[::-1]):
        wall, cpu = run(commands[name])
        times[name]["wall"].append(wall)
        times[name]["cpu"].append(cpu)
json.dump(times, open(out, "w"))
PYTHON

strip --strip-debug -o "$work/wpnews" "$bin"
valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$work/callgrind.out" \
  "$work/wpnews" render --extract "$page" --width 80 --no-color >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$work/callgrind.out" > "$work/callgrind.txt" 2>/dev/null
valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$work/callgrind-w3m.out" \
  w3m -dump -T text/html -cols 80 "$page" >/dev/null 2>&1
w3m_instructions=$(awk '/^totals:/ { print $2 }' "$work/callgrind-w3m.out")

python3 - "$work/times.json" "$work/callgrind.txt" "$(stat -c %s "$page")" "$w3m_instructions" <<'PYTHON'
import json, re, statistics, sys

times = json.load(open(sys.argv[1]))
median = {name: {kind: statistics.median(values) * 1000 for kind, values in runs.items()} for name, runs in times.items()}
extract, w3m = median["wpnews render --extract"], median["w3m -dump"]
annotated = open(sys.argv[2]).read()

def instructions(pattern):
    """The inclusive count of the first function whose name matches, else None."""
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+)\s.*?\s(\S*" + pattern + r"\S*)", line)
        if match:
            return int(match.group(1).replace(",", ""))
    return None

total = int(re.search(r"([\d,]+)\s.*PROGRAM TOTALS", annotated).group(1).replace(",", ""))
extraction = instructions("ArticleExtractor.*extract")
# A renamed or inlined extractor would otherwise leave its row out of the report unseen.
if extraction is None:
    sys.exit(f"bench-extract: no function matching ArticleExtractor.*extract in {sys.argv[2]}")
ratio = extract["wall"] / w3m["wall"]
# The ratio of each round's pair, its middle half: how far the load moved it.
pairs = sorted(a / b for a, b in zip(times["wpnews render --extract"]["wall"], times["w3m -dump"]["wall"]))
quarter = len(pairs) // 4
print(f"\n  render --extract, a {int(sys.argv[3]) // 1000} KB news page (issue 27), {len(pairs)} rounds in turns")
print(f"  {'render --extract / w3m -dump, medians (ms)':<40} {extract['wall']:.1f} / {w3m['wall']:.1f}")
print(f"  {'render --extract / w3m -dump':<40} {ratio:7.2f}x   <= 0.80x  {'met' if ratio <= 0.8 else 'MISSED'}")
print(f"  {'  ratio of a pair, middle half':<40} {pairs[quarter]:.2f}x to {pairs[-quarter - 1]:.2f}x")
# CPU time, user and system: what the process itself spent, waits for the CPU aside.
print(f"  {'  CPU, render --extract / w3m (ms)':<40} {extract['cpu']:.1f} / {w3m['cpu']:.1f}"
      f" = {extract['cpu'] / w3m['cpu']:.2f}x")
w3m_total = int(sys.argv[4])
# The same comparison in instructions, which a busy machine does not move.
print(f"  {'  instructions, render --extract / w3m':<40} {total / 1e6:7.1f} M / {w3m_total / 1e6:.1f} M = {total / w3m_total:.2f}x")
print(f"  {'  instructions, the extraction':<40} {extraction / 1e6:7.1f} M")
PYTHON
