#!/usr/bin/env bash
# `make test`: the .deb's control file as scripts/debian-control.sh writes it from
# packaging/deb/control, without building a package. Every value lands as it was given,
# whatever it holds: a maintainer's name may carry `&`, `/` or `\`, and no value may add a
# field of its own. Ends with one line `test-debian-control: N passed, M failed`, and fails
# when M is not 0.
set -euo pipefail
cd "$(dirname "$0")/.."
template=packaging/deb/control
passed=0 failed=0
check() { # description, expected, actual
  if [ "$2" = "$3" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAILED: %s\n  expected: %q\n  got:      %q\n' "$1" "$2" "$3" >&2
  fi
}
field() { # NAME, control text: the field's value
  sed -n "s/^$1: //p" <<< "$2"
}
fill() { # MAINTAINER, then the control on stdout (stderr and status as the script left them)
  scripts/debian-control.sh "$template" VERSION=1.2.3 ARCH=amd64 INSTALLED_SIZE=34567 \
    DEPENDS="libc6 (>= 2.35), libcurl4 | libcurl4t64" RECOMMENDS="libchafa0" MAINTAINER="$1"
}

for maintainer in \
  'wpnews maintainers <maintainers@example.org>' \
  'Smith & Jones <news@example.org>' \
  'A/B Team <a/b@example.org>' \
  'Back\slash \1 \\ <bs@example.org>' \
  'At @ARCH@ <at@example.org>'; do
  control=$(fill "$maintainer" 2>&1) || control="(exit $?) $control"
  check "the maintainer '$maintainer'" "$maintainer" "$(field Maintainer "$control")"
  check "the other fields beside '$maintainer'" "1.2.3 amd64 34567 libc6 (>= 2.35), libcurl4 | libcurl4t64 libchafa0" \
    "$(field Version "$control") $(field Architecture "$control") $(field Installed-Size "$control") $(field Depends "$control") $(field Recommends "$control")"
  check "every line of the template beside '$maintainer'" "$(wc -l < "$template")" "$(wc -l <<< "$control")"
done

# A line break would start a field of its own: refused in one line, nothing written.
errors_file=$(mktemp)
trap 'rm -f "$errors_file"' EXIT
status=0
output=$(fill $'Mallory <m@example.org>\nEssential: yes' 2>"$errors_file") || status=$?
errors=$(cat "$errors_file")
check "a value of two lines: exit 1" 1 "$status"
check "a value of two lines: nothing on stdout" "" "$output"
check "a value of two lines: one line on stderr" 1 "$(grep -c . <<< "$errors")"

# A placeholder left without a value would reach dpkg as it is.
status=0
output=$(scripts/debian-control.sh "$template" VERSION=1.2.3 2>/dev/null) || status=$?
check "a placeholder with no value: exit 1, nothing on stdout" "1 " "$status $output"

# Any placeholder's name is a placeholder, digits and lower case too: one the script did not
# see would reach dpkg as it is.
odd_template=$(mktemp)
trap 'rm -f "$errors_file" "$odd_template"' EXIT
printf 'Architecture: @ARCH2@\nHomepage: @home_page@\n' > "$odd_template"
status=0
output=$(scripts/debian-control.sh "$odd_template" ARCH2=arm64 2>/dev/null) || status=$?
check "a placeholder in lower case with no value: exit 1, nothing on stdout" "1 " "$status $output"
check "placeholders with digits and lower case filled in" $'Architecture: arm64\nHomepage: https://example.org/' \
  "$(scripts/debian-control.sh "$odd_template" ARCH2=arm64 home_page=https://example.org/ 2>&1)"

# A pair with no name is a usage error: the usage line, exit 64, nothing on stdout.
status=0
output=$(scripts/debian-control.sh "$template" =value 2>"$errors_file") || status=$?
check "a value with no name: exit 64, nothing on stdout" "64 " "$status $output"
check "a value with no name: the usage line" 1 "$(grep -c '^usage: ' "$errors_file")"

echo "test-debian-control: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
