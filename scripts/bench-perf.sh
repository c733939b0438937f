#!/usr/bin/env bash
# `make bench`'s figures of issue 26 (start-up, the warm list, a whole archive): instruction
# counts from callgrind, which are the same on a busy machine as on an idle one, each next to
# its peer measured in the same run and its goal. Called by scripts/bench.sh:
#   scripts/bench-perf.sh BINARY SITE BIG-SITE WORK-DIRECTORY
# valgrind cannot read the release binary's debug information, so a stripped copy runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh valgrind hyperfine newsboat time

bin=$1 site=$2 big=$3 work=$4/perf
mkdir -p "$work"
wpnews=$work/wpnews
strip --strip-debug -o "$wpnews" "$bin"

in_home() { # home, then the command
  local home=$1
  shift
  env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" "$@"
}
instructions() { # home, then the command: the instructions it ran, all threads
  local home=$1
  shift
  in_home "$home" valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$work/callgrind.out" "$@" >/dev/null 2>&1
  awk '/^totals:/ { print $2 }' "$work/callgrind.out"
}

# Goal 2: start-up, with nothing a command does not need.
version=$(instructions "$work/start" "$wpnews" --version)
help=$(instructions "$work/start" "$wpnews" help latest)

# Goal 1, in instructions: the warm list against newsboat printing the same site's feed
# from its cache, filled by one reload.
echo "$site/feed/" > "$work/urls"
touch "$work/newsboat.conf"
newsboat=(newsboat -u "$work/urls" -C "$work/newsboat.conf" -c "$work/newsboat.db")
"${newsboat[@]}" -x reload
in_home "$work/warm" "$wpnews" latest --site "$site" >/dev/null
warm=$(instructions "$work/warm" "$wpnews" latest --site "$site")
newsboat_warm=$(instructions "$work/warm" "${newsboat[@]}" -x print-unread)

# Lists stay fresh for a day in the homes below: under valgrind, on a loaded machine, the
# default five minutes can pass between two runs meant to be warm.
for home in one all; do
  mkdir -p "$work/$home/config/wpnews"
  printf '[freshness]\nlists_minutes = 1440\n' > "$work/$home/config/wpnews/config.toml"
done

# Goal 3: the big site's page 1 with one page cached, against the same page with its whole
# archive (10,000 stories and tags) cached by `latest --all --json`: on the first run after
# it and in steady state. The one page is cached as `--all --json` caches each of its pages,
# names and all (`--json` asks for the tags too), then shown once: the stories of a list
# carry the tags the cache holds (the app's reader shows them), so a page whose tags were
# never asked for is less work, which no store size explains. Filled by a plain `latest`,
# the one page's 16.0 M against 17.6 M after `--all` was 1.10x; its 34 tags cost 0.4 M.
# The cold `--all` gives goal 4's CPU a story.
in_home "$work/one" "$wpnews" latest --json --site "$big" >/dev/null
in_home "$work/one" "$wpnews" latest --site "$big" >/dev/null
one_page=$(instructions "$work/one" "$wpnews" latest --site "$big")
in_home "$work/all" /usr/bin/time -f '{"user": %U, "system": %S}' -o "$work/all-cpu.json" "$wpnews" latest --all --json --site "$big" >/dev/null
after_all=$(instructions "$work/all" "$wpnews" latest --site "$big")
steady=$(instructions "$work/all" "$wpnews" latest --site "$big")

# Goal 4's warm figure: the whole archive again, from the cache.
hyperfine -N --style basic --warmup 1 --runs "${BENCH_BIG_RUNS:-5}" --export-json "$work/warm-all.json" \
  -n "wpnews latest --all --json (warm, 10,000)" \
  "env HOME=$work/all XDG_CACHE_HOME=$work/all/cache XDG_CONFIG_HOME=$work/all/config XDG_STATE_HOME=$work/all/state $wpnews latest --all --json --site $big" >&2
# The same in instructions, which a loaded machine does not change.
warm_all=$(instructions "$work/all" "$wpnews" latest --all --json --site "$big")

# Goals 4 and 5, in wall time against their floors measured in the same run, while the
# sites run on the same cores: the requests wpnews made, read from its trace, fetched by
# curl as many at a time as wpnews's per-host limit (6) allows. Goal 5's site is followed
# (`sites add`) and its cache and state start empty, as a new user's first `latest`.
requests() { # trace file, file to write: the exchanges' URLs as a curl config, each to /dev/null
  awk '$2 == "exchange" { print "url = \"" $4 "\"\noutput = \"/dev/null\"" }' "$1" > "$2"
}
cold_home=$work/cold-all
rm -rf "$cold_home"
in_home "$cold_home" env WPNEWS_TRACE="$work/cold-all.trace" "$wpnews" latest --all --json --site "$big" >/dev/null
requests "$work/cold-all.trace" "$work/cold-all.urls"
rm -rf "$cold_home" "$work/cold-one.trace"
in_home "$cold_home" "$wpnews" sites add ledger "$site" >/dev/null 2>&1
rm -rf "$cold_home/cache" "$cold_home/state"
in_home "$cold_home" env WPNEWS_TRACE="$work/cold-one.trace" "$wpnews" latest >/dev/null
requests "$work/cold-one.trace" "$work/cold-one.urls"
cold_env="HOME=$cold_home XDG_CACHE_HOME=$cold_home/cache XDG_CONFIG_HOME=$cold_home/config XDG_STATE_HOME=$cold_home/state"
hyperfine -N --style basic --warmup 1 --runs "${BENCH_BIG_RUNS:-5}" --export-json "$work/cold-all.json" \
  --prepare "rm -rf $cold_home/cache $cold_home/state" -n "wpnews latest --all --json (cold, 10,000)" \
    "env $cold_env $wpnews latest --all --json --site $big" \
  --prepare "true" -n "curl, the same requests, 6 at a time" "curl -s -f --parallel --parallel-max 6 -K $work/cold-all.urls" >&2
hyperfine -N --style basic --warmup 3 --runs "${BENCH_RUNS:-30}" --export-json "$work/cold-one.json" \
  --prepare "rm -rf $cold_home/cache $cold_home/state" -n "wpnews latest (cold, followed)" "env $cold_env $wpnews latest" \
  --prepare "true" -n "curl, the same requests" "curl -s -f --parallel --parallel-max 6 -K $work/cold-one.urls" \
  --prepare "true" -n "wpnews --version" "$wpnews --version" >&2

python3 - "$version" "$help" "$warm" "$newsboat_warm" "$one_page" "$after_all" "$steady" "$work/all-cpu.json" "$work/warm-all.json" \
  "$work/cold-all.json" "$work/cold-one.json" "$work/cold-all.urls" "$work/cold-one.urls" "$warm_all" <<'EOF'
import json, statistics, sys
version, help, warm, newsboat, one_page, after_all, steady = (int(n) for n in sys.argv[1:8])
cpu = json.load(open(sys.argv[8]))
warm_all = statistics.median(json.load(open(sys.argv[9]))["results"][0]["times"])

def row(name, figure, unit, goal):
    print(f"  {name:<52} {figure:9.2f}{unit:<3} <= {goal:g}{unit}  {'met' if figure <= goal else 'MISSED'}")

print("\n  start-up, the warm list, a whole archive (issue 26; instructions from callgrind)")
row("--version, instructions (M)", version / 1e6, " M", 8)
row("help latest, instructions (M)", help / 1e6, " M", 10)
row("warm latest / newsboat print-unread, instructions", warm / newsboat, "x", 1.0)
row("page 1, 10,000 cached / one page, after --all", after_all / one_page, "x", 1.1)
row("page 1, 10,000 cached / one page, steady", steady / one_page, "x", 1.1)
row("cold latest --all --json, CPU a story (µs)", (cpu["user"] + cpu["system"]) / 10_000 * 1e6, " µs", 100)
row("warm latest --all --json, 10,000 (s)", warm_all, " s", 0.25)
def medians(path):
    return {result["command"]: statistics.median(result["times"]) for result in json.load(open(path))["results"]}
cold_all, cold_one = medians(sys.argv[10]), medians(sys.argv[11])
row("cold latest --all --json / curl, the same requests", cold_all["wpnews latest --all --json (cold, 10,000)"]
    / cold_all["curl, the same requests, 6 at a time"], "x", 1.2)
row("cold latest / (curl, the same requests + --version)", cold_one["wpnews latest (cold, followed)"]
    / (cold_one["curl, the same requests"] + cold_one["wpnews --version"]), "x", 1.2)
requests = [sum(line.startswith("url") for line in open(path)) for path in sys.argv[12:14]]
print(f"  {'(requests: cold latest --all --json; cold latest)':<52} {requests[0]}; {requests[1]}")
print(f"  {'(instructions: warm latest, newsboat; one page, after --all, steady)':<52} "
      f"{warm / 1e6:.1f}, {newsboat / 1e6:.1f}; {one_page / 1e6:.1f}, {after_all / 1e6:.1f}, {steady / 1e6:.1f} M")
print(f"  {'(instructions: warm latest --all --json, 10,000)':<52} {int(sys.argv[14]) / 1e6:.1f} M")
EOF
