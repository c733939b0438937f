"""Prints `make bench` figures: medians from hyperfine's JSON, as ratios against peers."""
import json
import statistics
import sys

site, *exports = sys.argv[1:]
median = {}
for path in exports:
    for result in json.load(open(path))["results"]:
        median[result["command"]] = statistics.median(result["times"]) * 1000

print(f"\nwpnews bench against {site} (medians, ms)")
for name, ms in median.items():
    print(f"  {name:<28} {ms:8.1f}")

latest, newsboat = median["wpnews latest (cold)"], median["newsboat reload (cold)"]
floor_plus_start = median["curl floor"] + median["wpnews --version"]
# (figure, measured ratio, goal or None for figures reported without a goal)
rows = [
    ("cold latest / newsboat cold reload", latest / newsboat, 0.5),
    ("cold latest / (curl floor + start)", latest / floor_plus_start, None),
]
print(f"\n  {'ratio':<40} {'measured':>8}   goal")
for name, ratio, goal in rows:
    verdict = "" if goal is None else f"<= {goal:.2f}x  {'met' if ratio <= goal else 'MISSED'}"
    print(f"  {name:<40} {ratio:7.2f}x   {verdict}")
