<?php
// Publishes a post on a wpnews test bed, or deletes one, for WatchE2ETests.
// Usage: php publish-post.php http://127.0.0.1:PORT publish TITLE   (prints the new post's id)
//        php publish-post.php http://127.0.0.1:PORT delete ID
// The test bed's settings are chosen by port, as for a request (scripts/wordpress.sh).

if (PHP_SAPI !== 'cli' || count($argv) !== 4) {
    exit(2);
}
$site_url = $argv[1];
require __DIR__ . '/../../scripts/wordpress/load-wordpress.php';
// The admin may put any text in a title; no one else's filters run on it.
wp_set_current_user(1);

if ($argv[2] === 'publish') {
    $id = wp_insert_post(array(
        'post_title' => wp_slash($argv[3]),
        'post_content' => 'Published by the watch end-to-end test.',
        'post_status' => 'publish',
        'post_author' => 1,
    ), true);
    if (is_wp_error($id)) {
        fwrite(STDERR, 'publish-post.php: ' . $id->get_error_message() . "\n");
        exit(1);
    }
    echo $id, "\n";
} elseif ($argv[2] === 'delete') {
    exit(wp_delete_post((int) $argv[3], true) ? 0 : 1);
} else {
    exit(2);
}
