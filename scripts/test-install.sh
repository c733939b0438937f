#!/usr/bin/env bash
# `make test-install`: the .deb and the tarball in OUT (dist/ unless given) on a minimal
# Debian 12 that has never seen Swift, as a stranger's machine would take them.
#
# A fresh copy of the cached root (scripts/debian-root.sh) each run, given this machine's
# apt sources and settings, its resolv.conf and hosts at run time. Nothing of the host is
# mounted in it but a proc file system while a command runs (unmounted in a trap, before
# the copy is deleted). The root shares the host's loopback, so wpnews there reads the test
# WordPress started here. Then:
#
#   - scripts/make-deb.sh run a second time on the same stage makes the same .deb;
#   - the tarball's install.sh refuses while libraries are missing, naming their packages;
#   - `apt-get install --no-install-recommends ./wpnews_....deb`: a picture asked for says
#     which packages to install and the article is read all the same; then its Recommends,
#     no -dev package and no Swift after it, the runtime packages it pulled in printed;
#   - --version, -v --version, featured (the demo), latest --site, read -n 1, a picture in
#     symbols, man wpnews, bash completion of `wpnews la<TAB>`;
#   - the package of an older commit (scripts/older-deb.sh), whose state schema is older,
#     installed over it: its wpnews refuses the state this one wrote with a line to upgrade,
#     exit 1, the folder and every row as they were; then this package again reads
#     on from that state;
#   - libcurl removed behind dpkg's back: reading a site stops with a line naming libcurl4;
#   - libxml2 removed the same way: --version still runs, rendering HTML stops with a line
#     naming libxml2;
#   - `apt-get purge wpnews` leaves no file of the package;
#   - the tarball's install.sh under a prefix, --version and the demo from there, and
#     uninstall.sh leaving no file.
#
# Ends with one line `test-install: N passed, M failed`, and fails when M is not 0.
# Needs root. WPNEWS_WP_PORT_OFFSET is honoured, as for every test bed.
#
#   scripts/test-install.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
[ "$(id -u)" -eq 0 ] || { echo "$0: needs root (debootstrap, chroot)" >&2; exit 1; }

version=$(scripts/version.sh .build/release/wpnews)
# What --version prints in the root: the packages hold this binary, stripped.
version_line=$(.build/release/wpnews --version)
deb=$out/wpnews_${version}_$(dpkg --print-architecture).deb
tarball=$out/wpnews-$version-linux-$(uname -m).tar.xz
for file in "$deb" "$tarball" "$out/SHA256SUMS"; do
  [ -f "$file" ] || { echo "$0: no $file: make deb dist first" >&2; exit 1; }
done

passed=0 failed=0
check() { # description, then shell code that succeeds when the check holds
  if eval "$2"; then
    passed=$((passed + 1))
    echo "ok: $1"
  else
    failed=$((failed + 1))
    echo "FAILED: $1" >&2
  fi
}
seconds_since() { echo $(($(date +%s) - $1)); }

work=$(mktemp -d /var/tmp/wpnews-test-install.XXXXXX)
root=$work/root
small_started=
cleanup() {
  if mountpoint -q "$root/proc"; then umount "$root/proc"; fi
  # Never delete through a mount that is still there.
  if ! mountpoint -q "$root/proc"; then rm -rf "$work"; fi
  if [ -n "$small_started" ]; then WPNEWS_WP_SITE=small scripts/wordpress.sh stop >&2; fi
}
trap cleanup EXIT

# A command inside the root, as root with a clean environment and HOME=/root.
in_root() {
  mount -t proc proc "$root/proc"
  local status=0
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@" || status=$?
  umount "$root/proc"
  return $status
}
# Runs a command in the root, keeping its stdout, stderr and status in $work/run.*.
run_in_root() {
  local status=0
  in_root "$@" > "$work/run.out" 2> "$work/run.err" || status=$?
  echo "$status" > "$work/run.status"
}
ran() { # expected status, then grep arguments stdout must match (none: any stdout)
  local expected=$1
  shift
  [ "$(cat "$work/run.status")" = "$expected" ] && { [ $# -eq 0 ] || grep -q "$@" "$work/run.out"; } && return 0
  echo "status $(cat "$work/run.status"); stdout:" >&2
  head -n 20 "$work/run.out" >&2
  echo "stderr:" >&2
  head -n 20 "$work/run.err" >&2
  return 1
}
stderr_says() { grep -q "$@" "$work/run.err" || { cat "$work/run.err" >&2; return 1; }; }
packages_in_root() { in_root dpkg-query -W -f '${Package}\n' | sort; }

check "SHA256SUMS matches the tarball" '(cd "$out" && sha256sum --quiet -c SHA256SUMS)'
# make-deb.sh again on the stage `make deb` left (its Makefile's STAGE): the same package.
check "scripts/make-deb.sh run again on the same stage makes the same .deb, byte for byte" \
  'scripts/make-deb.sh .build/stage/deb "$work/again" > "$work/again.log" 2>&1 && cmp "$deb" "$work/again/$(basename "$deb")" \
    || { tail -n 20 "$work/again.log" >&2; false; }'

small_status=0
WPNEWS_WP_SITE=small scripts/wordpress.sh status >/dev/null 2>&1 || small_status=$?
[ "$small_status" -eq 0 ] || small_started=1
site=$(WPNEWS_WP_SITE=small scripts/wordpress.sh start | tail -n 1)

start=$(date +%s)
cached=$(scripts/debian-root.sh)
echo "the Debian 12 root: $(seconds_since "$start") s to have it ($cached)"
# The last commit before the state's schema changed (state v3, a web feed's items: 11e97c4)
# that already refused a newer state (6431277) and had `make deb`.
older_commit=4955f8716bd8bf02278e62435f3f49e030cd4e4d
start=$(date +%s)
older=$(scripts/older-deb.sh "$older_commit")
echo "the package of ${older_commit:0:7}: $(seconds_since "$start") s to have it ($older)"
start=$(date +%s)
mkdir "$root"
tar -C "$root" -xf "$cached"
echo "unpacked in $(seconds_since "$start") s"

# This machine's apt, as it is now: its sources (updates and security included), its
# settings, and any key file a source names that the root lacks.
mkdir -p "$root/etc/apt/sources.list.d" "$root/etc/apt/apt.conf.d"
[ ! -f /etc/apt/sources.list ] || cp /etc/apt/sources.list "$root/etc/apt/"
cp -R /etc/apt/sources.list.d/. "$root/etc/apt/sources.list.d/"
cp -R /etc/apt/apt.conf.d/. "$root/etc/apt/apt.conf.d/"
for key in $(cat /etc/apt/sources.list.d/* /etc/apt/sources.list 2>/dev/null | grep -o -i -E 'signed-by[:=] *[^] ]+' | sed -E 's/^[^:=]*[:=] *//' | sort -u); do
  if [ -f "$key" ] && [ ! -e "$root$key" ]; then install -D -m 644 "$key" "$root$key"; fi
done
cp /etc/resolv.conf /etc/hosts "$root/etc/"
start=$(date +%s)
in_root apt-get update -qq
echo "apt-get update in the root: $(seconds_since "$start") s"
packages_in_root > "$work/packages.before"

# The tarball first, where nothing wpnews links is installed yet.
tar -C "$root/tmp" -xf "$tarball"
folder=/tmp/$(basename "$tarball" .tar.xz)
run_in_root "$folder/install.sh" /opt/wpnews
missing=$(awk '$1 == "linked" { print $3 }' "$root$folder/LIBRARIES" | sort -u | comm -23 - "$work/packages.before")
names_each_missing() {
  local package
  for package in $missing; do grep -q "apt install.* $package\b" "$work/run.err" || { cat "$work/run.err" >&2; return 1; }; done
}
check "the tarball's install.sh refuses on a bare Debian and names the packages to install ($(echo $missing))" \
  'ran 1 && names_each_missing'
check "and installs nothing" '[ ! -e "$root/opt/wpnews/bin/wpnews" ]'

start=$(date +%s)
cp "$deb" "$older" "$root/tmp/"
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" > "$work/apt.log" 2>&1 \
  || { tail -n 30 "$work/apt.log" >&2; exit 1; }
echo "apt-get install --no-install-recommends ./$(basename "$deb"): $(seconds_since "$start") s"

# Without the Recommends, pictures cannot be drawn: said once, with what to install.
run_in_root wpnews read 38 --site "$site" --images symbols --no-pager --width 60
check "without chafa and gdk-pixbuf a picture names their packages, and the article is read without it" \
  'ran 0 . && ! LC_ALL=C grep -q -P "\xe2\x96[\x80-\x9f]" "$work/run.out" && stderr_says -E "apt install .*libchafa0"'
run_in_root wpnews -v --version
check "wpnews -v --version says chafa is not installed and how to install it" \
  'ran 0 -E "^gdk-pixbuf and chafa not installed: .apt install .*libchafa0"'

recommends=$(dpkg-deb -f "$deb" Recommends | sed 's/([^)]*)//g; s/,/ /g')
in_root apt-get install -y -qq $recommends > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
echo "its Recommends ($(echo $recommends)): $(seconds_since "$start") s in all"
packages_in_root > "$work/packages.after"
echo "runtime packages pulled in: $(comm -13 "$work/packages.before" "$work/packages.after" | grep -v '^wpnews$' | tr '\n' ' ')"
check "no development package in the root" '! grep -E -- "-dev\$" "$work/packages.after"'
swift_files() { # a compiler, a runtime or Foundation library, or a toolchain's lib/swift
  find "$root" -xdev \( -name swift -o -name swiftc -o -name "libswift*" -o -name "libFoundation*" -o -path "*/lib/swift" \) -print
}
check "no Swift in the root" '! grep -i swift "$work/packages.after" && [ -z "$(swift_files)" ]'

run_in_root wpnews --version
check "wpnews --version says $version_line" 'ran 0 -x -F "$version_line"'
run_in_root wpnews -v --version
check "wpnews -v --version names libcurl, libxml2, SQLite, gdk-pixbuf and chafa" \
  'ran 0 -E "^libcurl [0-9.]+\$" && ran 0 -E "^libxml2 [0-9.]+\$" && ran 0 -E "^SQLite [0-9.]+\$" && ran 0 -E "^gdk-pixbuf [0-9.]+\$" && ran 0 -E "^chafa libchafa"'
run_in_root wpnews featured
check "wpnews featured with no site reads the demo in /usr/share/wpnews" 'ran 0 -E "^ *1\. " && stderr_says "demo site"'
run_in_root wpnews latest --site "$site"
check "wpnews latest --site $site" 'ran 0 -E "^ *1\. "'
first_title=$(sed -n 's/^ *1\. \(NEW \)\{0,1\}//p' "$work/run.out" | head -n 1)
run_in_root wpnews read -n 1 --no-pager
check "wpnews read -n 1 --no-pager reads \"$first_title\"" 'ran 0 -F "$first_title"'
# Post 38 has a featured picture and a gallery; a loaded machine may take a while.
mkdir -p "$root/root/.config/wpnews"
printf '[images]\nwait_ms = 60000\n' > "$root/root/.config/wpnews/config.toml"
run_in_root wpnews read 38 --site "$site" --images symbols --no-pager --width 60
check "a picture drawn in symbols (chafa, gdk-pixbuf from the Recommends)" \
  'ran 0 && LC_ALL=C grep -q -P "\xe2\x96[\x80-\x9f]" "$work/run.out"'

# The package of an older commit over this one: its wpnews meets the state this one wrote
# (read marks and the last list of the runs above), refuses it with one line saying to
# upgrade and leaves it as it was; this package again reads on from it.
state_dir=/root/.local/state/wpnews
# wpnews leaves its state in WAL mode, its last writes in state.sqlite-wal, which SQLite folds
# into the file when a reader closes it: the same rows in other bytes. So what is compared is
# every row and the schema version, read without writing (mode=ro), and the folder's files.
stamped() {
  ls -A "$root$state_dir" | grep -v -E -- '-(wal|shm)$'
  python3 -c 'import sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
print("user_version", db.execute("PRAGMA user_version").fetchone()[0])
for line in db.iterdump(): print(line)' "$root$state_dir/state.sqlite"
}
before=$(stamped)
echo "the state this package wrote is at schema version $(echo "$before" | sed -n 's/^user_version //p'), $(echo "$before" | grep -c '^INSERT') rows"
# Both packages may say one version (VERSION has not changed since that commit): --reinstall
# installs the file even then.
in_root apt-get install -y -qq --allow-downgrades --reinstall "/tmp/$(basename "$older")" > "$work/apt.log" 2>&1 \
  || { tail -n 30 "$work/apt.log" >&2; exit 1; }
run_in_root wpnews --version
check "the package of ${older_commit:0:7} installed over it (wpnews --version names it)" 'ran 0 -F "(${older_commit:0:7}, "'
run_in_root wpnews latest --site "$site"
check "its older wpnews refuses the newer state in one line saying to upgrade, exit 1, every row of the state as it was" \
  'ran 1 && stderr_says "upgrade wpnews" && [ "$(grep -c . "$work/run.err")" -eq 1 ] && [ "$(stamped)" = "$before" ]'
in_root apt-get install -y -qq --allow-downgrades --reinstall "/tmp/$(basename "$deb")" > "$work/apt.log" 2>&1 \
  || { tail -n 30 "$work/apt.log" >&2; exit 1; }
run_in_root wpnews read -n 1 --no-pager
check "this package again: wpnews read -n 1 reads the last list's \"$first_title\" from the state" \
  'ran 0 -F "$first_title" && [ "$(cat "$work/run.err")" = "" ]'

# libcurl taken away behind dpkg's back: a command that reads a site says what to install.
in_root dpkg --remove --force-depends libcurl4 > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
run_in_root env HOME=/tmp/no-curl wpnews latest --site "$site"
check "without libcurl, reading a site stops with one line naming libcurl4" \
  'ran 1 && stderr_says -F "apt install libcurl4" && [ "$(grep -c . "$work/run.err")" -eq 1 ]'
in_root apt-get install -y -qq libcurl4 > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }

# libxml2 taken away the same way: wpnews still starts, and the first HTML it reads says
# what to install.
in_root dpkg --remove --force-depends libxml2 > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
echo '<p>A page.</p>' > "$root/tmp/page.html"
run_in_root wpnews --version
check "without libxml2, wpnews --version still says $version_line" 'ran 0 -x -F "$version_line"'
run_in_root wpnews render /tmp/page.html
check "without libxml2, rendering HTML stops with one line naming libxml2" \
  'ran 1 && stderr_says -F "apt install libxml2" && [ "$(grep -c . "$work/run.err")" -eq 1 ]'
in_root apt-get install -y -qq libxml2 > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }

# The manual page and bash completion, with the tools a user reads them with.
in_root apt-get install -y -qq --no-install-recommends man-db bash-completion > "$work/apt.log" 2>&1 \
  || { tail -n 30 "$work/apt.log" >&2; exit 1; }
run_in_root env MANWIDTH=80 man wpnews
check "man wpnews, its footer naming $version" 'ran 0 -F "Read WordPress news sites in the terminal." && tail -n 1 "$work/run.out" | grep -q -F "wpnews $version"'
run_in_root bash -c '. /usr/share/bash-completion/bash_completion
  _completion_loader wpnews
  function=$(complete -p wpnews | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
  COMP_WORDS=(wpnews la) COMP_CWORD=1 COMP_LINE="wpnews la" COMP_POINT=9
  "$function" wpnews la wpnews
  printf "%s\n" "${COMPREPLY[@]}"'
check "bash completes wpnews la<TAB> to latest" 'ran 0 -x latest'

# Purge: no file of the package may stay.
in_root dpkg-query -L wpnews > "$work/files"
in_root apt-get purge -y -qq wpnews > "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
left_behind() {
  local path left=0
  while read -r path; do
    if [ -e "$root$path" ] && [ ! -d "$root$path" ]; then echo "left: $path" >&2; left=1; fi
  done < "$work/files"
  for path in /usr/share/wpnews /usr/share/doc/wpnews; do
    if [ -e "$root$path" ]; then echo "left: $path" >&2; left=1; fi
  done
  return $left
}
check "apt-get purge wpnews leaves no file of the package ($(grep -c . "$work/files") paths)" 'left_behind'

# The tarball, now that the libraries are there (apt keeps them after the purge).
run_in_root "$folder/install.sh" /opt/wpnews
check "the tarball's install.sh installs under a prefix" 'ran 0'
run_in_root /opt/wpnews/bin/wpnews --version
check "wpnews --version from the prefix says $version_line" 'ran 0 -x -F "$version_line"'
run_in_root env HOME=/tmp/stranger /opt/wpnews/bin/wpnews featured
check "wpnews from the prefix finds its demo in share/wpnews" 'ran 0 -E "^ *1\. " && stderr_says "demo site"'
run_in_root "$folder/uninstall.sh" /opt/wpnews
check "uninstall.sh leaves no file under the prefix" 'ran 0 && [ -z "$(find "$root/opt/wpnews" -type f -print -quit)" ]'

echo "test-install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
