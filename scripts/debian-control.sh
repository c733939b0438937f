#!/usr/bin/env bash
# The package's DEBIAN/control on stdout: TEMPLATE (packaging/deb/control) with each
# @NAME@ (a name of letters, digits and _) replaced by the value given as NAME=VALUE.
# scripts/make-deb.sh runs it; on its own it needs no package, so
# scripts/test-debian-control.sh runs it too.
#
# Values are copied as they are, in one pass over the template: no character of one means
# anything (sed's replacement would read a maintainer's `&`, `/` or `\`), and a value that
# holds another placeholder's name keeps it. A value of more than one line would add fields
# of its own, and a placeholder with no value would reach dpkg: each is one line on stderr
# and exit 1, with nothing written.
#
#   scripts/debian-control.sh TEMPLATE NAME=VALUE...
set -euo pipefail
[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: $0 TEMPLATE NAME=VALUE..." >&2; exit 64; }
template_file=$1
shift
declare -A values
for pair; do
  [[ $pair == *=* ]] || { echo "usage: $0 TEMPLATE NAME=VALUE... ('$pair' has no =)" >&2; exit 64; }
  name=${pair%%=*}
  [[ $name =~ ^[A-Za-z0-9_]+$ ]] || { echo "usage: $0 TEMPLATE NAME=VALUE... ('$pair' has no name of letters, digits and _)" >&2; exit 64; }
  [[ ${pair#*=} != *$'\n'* ]] || { echo "$0: the value of $name is more than one line: a control field's value is one line" >&2; exit 1; }
  values[$name]=${pair#*=}
done

rest=$(<"$template_file") control=
while [[ $rest =~ @([A-Za-z0-9_]+)@ ]]; do
  name=${BASH_REMATCH[1]}
  [[ -v values[$name] ]] || { echo "$0: $template_file has @$name@, and no $name=VALUE was given" >&2; exit 1; }
  control+=${rest%%"@$name@"*}${values[$name]}
  rest=${rest#*"@$name@"}
done
printf '%s\n' "$control$rest"
