#!/usr/bin/env bash
# Runs a command with the seeded WordPress up, its URL in WPNEWS_E2E_SITE.
# A WordPress this script started is stopped on the way out, also when the command fails.
set -euo pipefail
cd "$(dirname "$0")/.."

started=0
if ! scripts/wordpress.sh status >/dev/null 2>&1; then
  started=1
  trap 'scripts/wordpress.sh stop >&2' EXIT
fi
WPNEWS_E2E_SITE=$(scripts/wordpress.sh start | tail -n 1)
export WPNEWS_E2E_SITE
"$@"
