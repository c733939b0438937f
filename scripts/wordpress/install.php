<?php
// Installs WordPress into an empty database (wpnews test bed).
// Usage: php install.php http://127.0.0.1:PORT   (run by scripts/wordpress.sh)
// Debian's wp-config.php picks /etc/wordpress/config-HOST.php from the Host header.

if (PHP_SAPI !== 'cli') {
    exit(1);
}
$site_url = $argv[1] ?? 'http://127.0.0.1:8765';
define('WP_INSTALLING', true);
require __DIR__ . '/load-wordpress.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

// No HTTP at all while installing (wp_install probes pretty permalinks over HTTP).
add_filter('pre_http_request', function () {
    return new WP_Error('wpnews_install', 'no HTTP during install');
}, 0);

if (is_blog_installed()) {
    fwrite(STDERR, "install.php: WordPress is already installed in this database\n");
    exit(1);
}

$result = wp_install(
    'The Riverside Ledger',
    'admin',
    'desk@riverside-ledger.example',
    true,
    '',
    'wpnews-admin-password',
    ''
);
if (is_wp_error($result) || empty($result['user_id'])) {
    fwrite(STDERR, "install.php: wp_install failed\n");
    exit(1);
}

$options = array(
    'blogdescription' => 'News from both banks of the Tamsin River since 1911',
    'timezone_string' => 'UTC',
    'gmt_offset' => 0,
    'date_format' => 'F j, Y',
    'time_format' => 'H:i',
    'start_of_week' => 1,
    'posts_per_page' => 10,
    'posts_per_rss' => 10,
    'rss_use_excerpt' => 0,
    'blog_public' => 1,
    'default_comment_status' => 'open',
    'default_ping_status' => 'closed',
    'default_pingback_flag' => 0,
    'ping_sites' => '',
    'comment_moderation' => 0,
    'comment_previously_approved' => 0,
    'comments_notify' => 0,
    'moderation_notify' => 0,
    'thread_comments' => 1,
    'thread_comments_depth' => 5,
    'page_comments' => 0,
    'uploads_use_yearmonth_folders' => 0,
    'show_on_front' => 'posts',
    'wp_page_for_privacy_policy' => 0,
);
foreach ($options as $name => $value) {
    update_option($name, $value);
}

global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
$wp_rewrite->set_category_base('');
$wp_rewrite->set_tag_base('');
flush_rewrite_rules(false);

echo "install.php: installed WordPress {$GLOBALS['wp_version']} at " . home_url('/') . "\n";
