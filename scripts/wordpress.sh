#!/usr/bin/env bash
# A local WordPress test bed for wpnews: Debian's WordPress package served by
# PHP's built-in web server on loopback, backed by a private MariaDB, seeded
# with a small fictional news site ("The Riverside Ledger").
#
#   scripts/wordpress.sh install   install the Debian packages if missing
#   scripts/wordpress.sh start     install, start, install WordPress, seed (idempotent);
#                                  prints the site URL as the last line of stdout
#   scripts/wordpress.sh stop      stop the PHP server and MariaDB (idempotent)
#   scripts/wordpress.sh status    exit 0 when the site answers, 1 when not
#   scripts/wordpress.sh url       print the site URL
#   scripts/wordpress.sh reseed    drop the database, re-install and re-seed (starts if needed)
#   scripts/wordpress.sh check     assert the seeded content through the REST API
#
# The feed site: WPNEWS_WP_SITE=feed, the small seed on port 8783 with its posts' GUIDs in
# the editor's `?p=ID` form and its REST API closed to visitors (401 rest_cannot_access)
# while the switch is off: `php scripts/wordpress/feed-site.php URL rest on|off`. `start`
# closes it again; tests that read a site through its feed use this one alone.
#
# The big site: WPNEWS_WP_SITE=big with any command above, or the same command with
# -big appended (start-big, stop-big, status-big, url-big, reseed-big, check-big): a
# second WordPress, "The Tamsin Valley Courier", with 10,000 posts, 10,000 tags (Zipf-like
# use counts) and 200 nested categories, written straight into its database by
# scripts/wordpress/big.php in seconds. Default port 8766, state /var/tmp/wpnews-wordpress-big.
#
# Environment: WPNEWS_WP_SITE (small, the default, big, writable: the small seed on
# port 8779 for tests that publish posts, private: the small seed plus a login and a
# private post on port 8781, or feed, above), WPNEWS_WP_PORT (default 8765, big 8766), WPNEWS_WP_STATE (default /var/tmp/wpnews-wordpress, big
# /var/tmp/wpnews-wordpress-big: MariaDB datadir, socket, pid files, logs),
# WPNEWS_WP_MAX_SEED_AGE (seconds; when set, `start` reseeds a seed older than
# that, so "posted 12 minutes ago" stays true; default: never), WPNEWS_WP_PORT_OFFSET
# (added to every default port, with state directories of their own: one set of test beds
# per checkout, so two checkouts with different seeds never reseed each other's sites).
# The seed is versioned by a hash of the files in scripts/wordpress/ that make it (and
# the port and site): when they change, `start` drops the database and seeds again.
# Needs root (re-executes itself with `sudo -n` when it can). Several test beds
# can run side by side with different ports and state dirs (settings live in
# /etc/wordpress/wpnews-PORT.php); they share the mu-plugin and uploads.
set -euo pipefail

CMD=${1:-}
if [[ $CMD == *-big ]]; then
    CMD=${CMD%-big}
    WPNEWS_WP_SITE=big
fi
SITE=${WPNEWS_WP_SITE:-small}
# Several checkouts can each keep their own five test beds: WPNEWS_WP_PORT_OFFSET moves
# every default port by that much and gives each its own default state directory.
OFFSET=${WPNEWS_WP_PORT_OFFSET:-0}
[[ $OFFSET =~ ^[0-9]+$ ]] || { echo "wordpress.sh: WPNEWS_WP_PORT_OFFSET is a whole number, not '$OFFSET'" >&2; exit 2; }
SUFFIX=""
[[ $OFFSET == 0 ]] || SUFFIX="-offset$OFFSET"
case "$SITE" in
    small)
        PORT=${WPNEWS_WP_PORT:-$((8765 + OFFSET))}
        STATE=${WPNEWS_WP_STATE:-/var/tmp/wpnews-wordpress$SUFFIX}
        ;;
    big)
        PORT=${WPNEWS_WP_PORT:-$((8766 + OFFSET))}
        STATE=${WPNEWS_WP_STATE:-/var/tmp/wpnews-wordpress-big$SUFFIX}
        ;;
    writable)
        # The small site's seed, for tests that publish and delete posts (watch): the
        # shared small site's stories are counted by other tests.
        PORT=${WPNEWS_WP_PORT:-$((8779 + OFFSET))}
        STATE=${WPNEWS_WP_STATE:-/var/tmp/wpnews-wordpress-writable$SUFFIX}
        ;;
    private)
        # The small seed plus a user to sign in as (an application password) and a private
        # post only they can read (private.php): for `sites add --user`, on a site of its
        # own so that no shared site's answers change.
        PORT=${WPNEWS_WP_PORT:-$((8781 + OFFSET))}
        STATE=${WPNEWS_WP_STATE:-/var/tmp/wpnews-wordpress-private$SUFFIX}
        ;;
    feed)
        # The small site's seed read through its feed: its REST API is switched off for
        # visitors, which must not disturb the tests of the other sites.
        PORT=${WPNEWS_WP_PORT:-$((8783 + OFFSET))}
        STATE=${WPNEWS_WP_STATE:-/var/tmp/wpnews-wordpress-feed$SUFFIX}
        ;;
    *)
        echo "wordpress.sh: WPNEWS_WP_SITE is small, big, writable, private or feed, not '$SITE'" >&2
        exit 2
        ;;
esac
URL="http://127.0.0.1:${PORT}"

case "$CMD" in
    install | start | stop | reseed)
        if [[ $(id -u) -ne 0 ]]; then
            if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
                exec sudo -n WPNEWS_WP_SITE="$SITE" WPNEWS_WP_PORT="$PORT" WPNEWS_WP_STATE="$STATE" \
                    WPNEWS_WP_MAX_SEED_AGE="${WPNEWS_WP_MAX_SEED_AGE:-}" bash "${BASH_SOURCE[0]}" "$@"
            fi
            echo "wordpress.sh: '$1' must run as root (or with password-less sudo)" >&2
            exit 1
        fi
        ;;
esac

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WPSRC="$HERE/wordpress"
WP_ROOT=/usr/share/wordpress
WP_CONTENT=/var/lib/wordpress/wp-content
MU_PLUGIN="$WP_CONTENT/mu-plugins/wpnews-offline.php"
# Inert on every test bed but the feed site, whose settings alone define WPNEWS_REST_SWITCH.
REST_SWITCH_PLUGIN="$WP_CONTENT/mu-plugins/wpnews-rest-switch.php"

DATADIR="$STATE/mysql"
RUNDIR="$STATE/run"
LOGDIR="$STATE/log"
SOCK="$RUNDIR/mysqld.sock"
DB_PIDFILE="$RUNDIR/mariadbd.pid"
PHP_PIDFILE="$STATE/php.pid"
ROUTER="$STATE/router.php"
DB_NAME=wpnews
DB_USER=wpnews
DB_PASS=wpnews-local-only

# Files whose content defines the seeded database (hashed; a change reseeds), the script
# that seeds it after install.php, and the one that checks it.
if [[ $SITE == big ]]; then
    SEED_FILES=(load-wordpress.php install.php big.php mu-plugin.php)
    SEED_SCRIPT=big.php
    CHECK_SCRIPT=check-big.php
else
    SEED_FILES=(load-wordpress.php install.php seed.php site.php posts.php awkward.php mu-plugin.php)
    [[ $SITE == feed ]] && SEED_FILES+=(feed-site.php)
    SEED_SCRIPT=seed.php
    CHECK_SCRIPT=check.php
fi
# Run after the seed script on the private site only.
EXTRA_SEED=()
if [[ $SITE == private ]]; then
    SEED_FILES+=(private.php private-login.txt)
    EXTRA_SEED=(private.php)
fi

APT_PKGS=(wordpress mariadb-server php-cli php-mysql php-xml php-mbstring php8.2-cgi micro-httpd)

export LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive

log() { printf '[wordpress.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---------------------------------------------------------------- packages

pkg_installed() {
    [[ $(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true) == installed ]]
}

missing_packages() {
    local p
    for p in "${APT_PKGS[@]}"; do
        if [[ $p == php8.2-cgi ]]; then
            # Any PHP CGI satisfies wordpress's "php" dependency without Apache.
            if pkg_installed php8.2-cgi || pkg_installed php-cgi; then continue; fi
            if ! apt-cache show php8.2-cgi >/dev/null 2>&1; then p=php-cgi; fi
        fi
        pkg_installed "$p" || printf '%s\n' "$p"
    done
}

cmd_install() {
    local missing
    missing=$(missing_packages)
    [[ -z $missing ]] && return 0
    log "installing packages: ${missing//$'\n'/ }"
    local made_policy=0
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\n# temporary, from wpnews scripts/wordpress.sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        made_policy=1
        trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    local apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
        "${apt[@]}" update >&2
    fi
    # wordpress depends on "apache2 | httpd" and "libapache2-mod-php | php"; apt
    # takes the first alternative even with micro-httpd and php8.2-cgi named, so
    # when Apache is absent, forbid it ("pkg-") and let those satisfy the deps.
    local p
    for p in apache2 libapache2-mod-php libapache2-mod-php8.2; do
        if ! pkg_installed "$p" && apt-cache show "$p" >/dev/null 2>&1; then
            missing+=$'\n'"$p-"
        fi
    done
    # shellcheck disable=SC2086
    if ! "${apt[@]}" install $missing </dev/null >&2; then
        log "install failed; refreshing package lists and retrying"
        "${apt[@]}" update >&2
        # shellcheck disable=SC2086
        "${apt[@]}" install $missing </dev/null >&2
    fi
    if [[ $made_policy == 1 ]]; then
        rm -f /usr/sbin/policy-rc.d
        trap - EXIT
    fi
    missing=$(missing_packages)
    [[ -z $missing ]] || die "packages still missing after install: $missing"
}

# ---------------------------------------------------------------- helpers

# pid_of FILE PATTERN: print the pid in FILE if that process is alive and its
# command line contains PATTERN (guards against recycled pids).
pid_of() {
    local file=$1 pattern=$2 pid
    [[ -s $file ]] || return 1
    pid=$(tr -dc '0-9' <"$file")
    [[ -n $pid ]] || return 1
    [[ -r /proc/$pid/cmdline ]] || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$pattern" || return 1
    printf '%s\n' "$pid"
}

# HTTP status of a GET on loopback (php is always there once installed; curl may not be).
http_status() {
    # shellcheck disable=SC2016 # PHP code, not shell
    php -d display_errors=0 -r '
        $ctx = stream_context_create(["http" => ["timeout" => 10, "ignore_errors" => true, "follow_location" => 0]]);
        $fp = @fopen($argv[1], "r", false, $ctx);
        if (!$fp) { echo "000"; exit; }
        $meta = stream_get_meta_data($fp);
        fclose($fp);
        echo preg_match("#^HTTP/\S+ (\d{3})#", $meta["wrapper_data"][0] ?? "", $m) ? $m[1] : "000";
    ' "$1" 2>/dev/null || echo 000
}

sql() { mariadb --no-defaults --socket="$SOCK" -uroot --batch --skip-column-names "$@"; }

seed_hash() {
    (
        cd "$WPSRC"
        sha256sum "${SEED_FILES[@]}"
        echo "port=$PORT"
        [[ $SITE == small ]] || echo "site=$SITE"
    ) | sha256sum | cut -c1-16
}

wait_for() { # wait_for SECONDS COMMAND...: poll COMMAND every 0.1 s
    local limit=$1 i
    shift
    for ((i = 0; i < limit * 10; i++)); do
        if "$@"; then return 0; fi
        sleep 0.1
    done
    return 1
}

# ---------------------------------------------------------------- configuration

write_configs() {
    mkdir -p /etc/wordpress "$WP_CONTENT/mu-plugins" "$WP_CONTENT/uploads"
    # Debian's wp-config.php loads /etc/wordpress/config-HOST.php (HOST from the
    # Host header, port stripped). Ours dispatch on the server port to the
    # settings of the test bed on that port, so several can coexist.
    local host
    for host in 127.0.0.1 localhost; do
        cat >"/etc/wordpress/config-$host.php.tmp" <<EOF
<?php
// Written by wpnews scripts/wordpress.sh (local test bed). Settings per port: wpnews-PORT.php.
\$wpnews_port = isset(\$_SERVER['SERVER_PORT']) ? (int) \$_SERVER['SERVER_PORT'] : 0;
if (!is_file("/etc/wordpress/wpnews-\$wpnews_port.php")) {
    header('HTTP/1.0 404 Not Found');
    echo "No wpnews WordPress test bed is configured for port \$wpnews_port.";
    exit(1);
}
require "/etc/wordpress/wpnews-\$wpnews_port.php";
define('WP_HOME', "http://$host:\$wpnews_port");
define('WP_SITEURL', "http://$host:\$wpnews_port");
EOF
        mv -f "/etc/wordpress/config-$host.php.tmp" "/etc/wordpress/config-$host.php"
    done
    cat >"/etc/wordpress/wpnews-$PORT.php.tmp" <<EOF
<?php
// Written by wpnews scripts/wordpress.sh on every start: the test bed on port $PORT,
// state in $STATE.
define('DB_NAME', '$DB_NAME');
define('DB_USER', '$DB_USER');
define('DB_PASSWORD', '$DB_PASS');
define('DB_HOST', 'localhost:$SOCK');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', 'utf8mb4_unicode_ci');
define('WP_CONTENT_DIR', '$WP_CONTENT');
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_ALLOW_MULTISITE', false);
define('AUTH_KEY',         'wpnews-test-bed-auth-key');
define('SECURE_AUTH_KEY',  'wpnews-test-bed-secure-auth-key');
define('LOGGED_IN_KEY',    'wpnews-test-bed-logged-in-key');
define('NONCE_KEY',        'wpnews-test-bed-nonce-key');
define('AUTH_SALT',        'wpnews-test-bed-auth-salt');
define('SECURE_AUTH_SALT', 'wpnews-test-bed-secure-auth-salt');
define('LOGGED_IN_SALT',   'wpnews-test-bed-logged-in-salt');
define('NONCE_SALT',       'wpnews-test-bed-nonce-salt');
\$table_prefix = 'wp_';
EOF
    [[ $SITE == feed ]] && echo "define('WPNEWS_REST_SWITCH', true);" >>"/etc/wordpress/wpnews-$PORT.php.tmp"
    mv -f "/etc/wordpress/wpnews-$PORT.php.tmp" "/etc/wordpress/wpnews-$PORT.php"
    chmod 644 /etc/wordpress/config-127.0.0.1.php /etc/wordpress/config-localhost.php "/etc/wordpress/wpnews-$PORT.php"
    install -m 644 "$WPSRC/mu-plugin.php" "$MU_PLUGIN.tmp"
    mv -f "$MU_PLUGIN.tmp" "$MU_PLUGIN"
    install -m 644 "$WPSRC/rest-switch.php" "$REST_SWITCH_PLUGIN.tmp"
    mv -f "$REST_SWITCH_PLUGIN.tmp" "$REST_SWITCH_PLUGIN"
    install -m 644 "$WPSRC/router.php" "$ROUTER"
}

# ---------------------------------------------------------------- MariaDB

db_up() { mariadb-admin --no-defaults --socket="$SOCK" -uroot --connect-timeout=2 ping >/dev/null 2>&1; }

db_pid() { pid_of "$DB_PIDFILE" "$DATADIR"; }

init_datadir() {
    log "initialising MariaDB datadir $DATADIR"
    rm -rf "$DATADIR" "$STATE/db.initialized"
    mkdir -p "$DATADIR"
    chown mysql:mysql "$DATADIR"
    chmod 750 "$DATADIR"
    mariadb-install-db --no-defaults --user=mysql --datadir="$DATADIR" \
        --auth-root-authentication-method=socket --skip-test-db \
        >"$LOGDIR/mariadb-install-db.log" 2>&1 ||
        { tail -n 30 "$LOGDIR/mariadb-install-db.log" >&2; die "mariadb-install-db failed"; }
    touch "$STATE/db.initialized"
}

launch_db() {
    rm -f "$SOCK" "$SOCK.lock" "$DB_PIDFILE"
    # fd 9 (our lock) must not leak into the daemon.
    setsid /usr/sbin/mariadbd --no-defaults --user=mysql \
        --datadir="$DATADIR" --socket="$SOCK" --pid-file="$DB_PIDFILE" \
        --skip-networking --log-error="$RUNDIR/mariadb.err" \
        --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
        --skip-log-bin --innodb-buffer-pool-size=64M --innodb-log-file-size=16M \
        --max-connections=50 --skip-name-resolve \
        </dev/null >>"$LOGDIR/mariadb.out" 2>&1 9>&- &
    wait_for 60 db_up
}

start_db() {
    mkdir -p "$RUNDIR" "$LOGDIR"
    chown mysql:mysql "$RUNDIR"
    if db_pid >/dev/null && db_up; then return 0; fi
    # Stale state from a crashed run: a live mariadbd on our datadir without a
    # usable pid file/socket is ours; stop it. Then clear pid file and socket.
    stop_db quiet
    [[ -f $STATE/db.initialized && -d $DATADIR/mysql ]] || init_datadir
    log "starting MariaDB (socket $SOCK)"
    if ! launch_db; then
        log "MariaDB did not come up; last log lines:"
        tail -n 20 "$RUNDIR/mariadb.err" >&2 || true
        log "re-initialising the datadir (test data only) and retrying"
        stop_db quiet
        init_datadir
        launch_db || { tail -n 30 "$RUNDIR/mariadb.err" >&2; die "MariaDB failed to start"; }
    fi
}

stop_db() {
    local pid pids
    pid=$(db_pid || true)
    # Fall back to any mariadbd running on our datadir (pid file lost).
    pids=$(pgrep -f -- "mariadbd --no-defaults --user=mysql --datadir=$DATADIR " || true)
    pids=$(printf '%s\n%s\n' "$pid" "$pids" | sort -u | grep . || true)
    if [[ -n $pids ]]; then
        [[ ${1:-} == quiet ]] || log "stopping MariaDB (${pids//$'\n'/ })"
        # shellcheck disable=SC2086
        kill -TERM $pids 2>/dev/null || true
        local p
        for p in $pids; do
            wait_for 60 bash -c "! kill -0 $p 2>/dev/null" ||
                { log "mariadbd $p did not exit; killing"; kill -KILL "$p" 2>/dev/null || true; }
        done
    fi
    rm -f "$DB_PIDFILE" "$SOCK" "$SOCK.lock"
}

# ---------------------------------------------------------------- PHP server

php_pid() { pid_of "$PHP_PIDFILE" "$ROUTER"; }
# The feed site's REST API may be closed: its feed answers either way.
php_up() { [[ $(http_status "$URL/$([[ $SITE == feed ]] && echo feed/ || echo wp-json/)") == 200 ]]; }

start_php() {
    if php_pid >/dev/null; then return 0; fi
    stop_php quiet
    log "starting php -S 127.0.0.1:$PORT"
    # bash writes its own pid, then becomes php (exec): the pid file names php.
    # shellcheck disable=SC2016
    PHP_CLI_SERVER_WORKERS=4 setsid bash -c 'echo $$ >"$0"; exec "$@"' "$PHP_PIDFILE" \
        php -d display_errors=0 -d log_errors=1 -d memory_limit=256M -d max_execution_time=60 \
        -S "127.0.0.1:$PORT" -t "$WP_ROOT" "$ROUTER" \
        </dev/null >"$LOGDIR/php-server.log" 2>&1 9>&- &
    wait_for 5 test -s "$PHP_PIDFILE" || true
}

stop_php() {
    local pid pids
    pid=$(php_pid || true)
    pids=$(pgrep -f -- "-S 127.0.0.1:[0-9]+ -t $WP_ROOT $ROUTER" || true)
    pids=$(printf '%s\n%s\n' "$pid" "$pids" | sort -u | grep . || true)
    if [[ -n $pids ]]; then
        [[ ${1:-} == quiet ]] || log "stopping php server (${pids//$'\n'/ })"
        # shellcheck disable=SC2086
        kill -TERM $pids 2>/dev/null || true
        local p
        for p in $pids; do
            wait_for 10 bash -c "! kill -0 $p 2>/dev/null" || kill -KILL "$p" 2>/dev/null || true
        done
    fi
    rm -f "$PHP_PIDFILE"
}

wait_for_site() {
    local i
    for ((i = 0; i < 300; i++)); do
        if ! php_pid >/dev/null; then
            tail -n 20 "$LOGDIR/php-server.log" >&2 || true
            die "the php server exited (is port $PORT taken by something else?)"
        fi
        if php_up; then return 0; fi
        sleep 0.2
    done
    log "the site does not answer at $URL/wp-json/; php server log:"
    tail -n 30 "$LOGDIR/php-server.log" >&2 || true
    die "WordPress did not come up"
}

# ---------------------------------------------------------------- WordPress

installed_hash() {
    sql -e "SELECT option_value FROM \`$DB_NAME\`.wp_options WHERE option_name='wpnews_seed_hash'" 2>/dev/null || true
}

seed_age() { # seconds since the last completed seed (empty if unknown)
    local at
    at=$(sql -e "SELECT option_value FROM \`$DB_NAME\`.wp_options WHERE option_name='wpnews_seeded_at'" 2>/dev/null || true)
    [[ -n $at ]] && echo $(($(date +%s) - $(date -d "$at" +%s)))
}

recreate_database() {
    sql <<EOF
DROP DATABASE IF EXISTS \`$DB_NAME\`;
CREATE DATABASE \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASS';
ALTER USER '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASS';
GRANT ALL PRIVILEGES ON \`$DB_NAME\`.* TO '$DB_USER'@'localhost';
FLUSH PRIVILEGES;
EOF
}

install_and_seed() {
    local hash=$1
    log "creating database and installing WordPress (seed $hash)"
    rm -f "$STATE/seed.hash"
    recreate_database
    php -d display_errors=stderr -d memory_limit=512M "$WPSRC/install.php" "$URL" >&2 ||
        die "WordPress install failed"
    log "seeding content ($SEED_SCRIPT)"
    local t0=$SECONDS
    WPNEWS_SEED_HASH=$hash php -d display_errors=stderr -d memory_limit=1024M "$WPSRC/$SEED_SCRIPT" "$URL" >&2 ||
        die "seeding failed"
    local extra
    for extra in "${EXTRA_SEED[@]}"; do
        php -d display_errors=stderr "$WPSRC/$extra" "$URL" >&2 || {
            # The seed script has recorded its hash: take it back, so the next start seeds again.
            sql -e "DELETE FROM \`$DB_NAME\`.wp_options WHERE option_name='wpnews_seed_hash'"
            die "$extra failed"
        }
    done
    log "seeded in $((SECONDS - t0)) s"
    if [[ $SITE == feed ]]; then
        php "$WPSRC/feed-site.php" "$URL" editor-guids >&2 || die "could not give the posts editor GUIDs"
        php "$WPSRC/feed-site.php" "$URL" hostile-category >&2 || die "could not give a post a category with an ESC byte"
    fi
    echo "$hash" >"$STATE/seed.hash"
}

ensure_seeded() {
    local want have
    want=$(seed_hash)
    have=$(installed_hash)
    if [[ ${1:-} == force ]]; then
        log "reseeding on request"
    elif [[ $want == "$have" ]]; then
        # Dates are relative to the seeding time; optionally refresh a stale seed.
        local max=${WPNEWS_WP_MAX_SEED_AGE:-0} age
        [[ $max =~ ^[0-9]+$ && $max -gt 0 ]] || return 0
        age=$(seed_age)
        [[ -n $age && $age -gt $max ]] || return 0
        log "seed is ${age}s old (WPNEWS_WP_MAX_SEED_AGE=$max): reseeding"
    elif [[ -n $have ]]; then
        log "seed files changed ($have -> $want): reseeding"
    fi
    install_and_seed "$want"
}

lock() {
    mkdir -p "$STATE" "$LOGDIR"
    exec 9>"$STATE/lock"
    flock -w 900 9 || die "timed out waiting for another wordpress.sh to finish"
}

# ---------------------------------------------------------------- commands

cmd_start() {
    local t0=$SECONDS
    lock
    cmd_install
    write_configs
    start_db
    ensure_seeded "${1:-}"
    start_php
    wait_for_site
    if [[ $SITE == feed ]]; then
        php "$WPSRC/feed-site.php" "$URL" rest off >&2 || die "could not close the REST API"
    fi
    log "WordPress is up at $URL ($((SECONDS - t0)) s)"
    echo "$URL"
}

cmd_stop() {
    lock
    stop_php
    stop_db
}

cmd_status() {
    if php_pid >/dev/null && php_up; then
        echo "up: $URL" >&2
        return 0
    fi
    echo "down" >&2
    return 1
}

case "$CMD" in
    install) cmd_install ;;
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    url) echo "$URL" ;;
    reseed) cmd_start force ;;
    check) php -d display_errors=stderr "$WPSRC/$CHECK_SCRIPT" "$URL" ;;
    *)
        echo "usage: $0 {install|start|stop|status|url|reseed|check}[-big]   (or WPNEWS_WP_SITE=big $0 ...)" >&2
        exit 2
        ;;
esac
