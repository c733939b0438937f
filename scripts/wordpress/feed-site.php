<?php
// The `feed` test bed (scripts/wordpress.sh): the small seed, read through its feed.
// Usage: php feed-site.php http://127.0.0.1:PORT rest on|off    (the REST switch, rest-switch.php)
//        php feed-site.php http://127.0.0.1:PORT editor-guids   (after seeding)
// `editor-guids` gives every post the GUID WordPress gives a post written in its editor,
// `?p=ID` (the seed inserts posts already published, so theirs are their permalinks, as an
// imported archive's are): the post ids a feed can carry.
// The test bed's settings are chosen by port, as for a request.

if (PHP_SAPI !== 'cli' || $argc < 3) {
    exit(2);
}
$site_url = $argv[1];
require __DIR__ . '/load-wordpress.php';

if ($argv[2] === 'rest' && $argc === 4 && in_array($argv[3], array('on', 'off'), true)) {
    update_option('wpnews_rest_off', $argv[3] === 'off' ? 1 : 0);
} elseif ($argv[2] === 'editor-guids') {
    global $wpdb;
    $wpdb->query($wpdb->prepare(
        "UPDATE {$wpdb->posts} SET guid = CONCAT(%s, '/?p=', ID) WHERE post_type = 'post'",
        untrailingslashit(home_url())
    ));
} else {
    exit(2);
}
