<?php
/**
 * Plugin Name: wpnews offline test bed
 * Description: Installed by wpnews scripts/wordpress.sh. The machine has no
 *   internet: refuse every outgoing HTTP request that is not to loopback, turn
 *   off update checks, pings and oEmbed discovery, never send mail, and answer
 *   YouTube oEmbed lookups locally so embed blocks still render an iframe.
 */

if (!defined('ABSPATH')) {
    exit;
}

function wpnews_offline_is_loopback($url)
{
    $host = strtolower((string) parse_url((string) $url, PHP_URL_HOST));
    $host = trim($host, '[]');
    return in_array($host, array('127.0.0.1', 'localhost', '::1'), true);
}

add_filter('pre_http_request', function ($pre, $args, $url) {
    if (false !== $pre || wpnews_offline_is_loopback($url)) {
        return $pre;
    }
    error_log('wpnews offline: blocked outgoing HTTP request to ' . $url);
    return new WP_Error('wpnews_offline', 'wpnews test bed: outgoing HTTP is disabled (' . $url . ')');
}, 1, 3);

// Update checks: pretend we just checked and found nothing.
$wpnews_no_updates = function () {
    global $wp_version;
    return (object) array(
        'last_checked' => time(),
        'version_checked' => $wp_version,
        'updates' => array(),
        'translations' => array(),
        'response' => array(),
        'no_update' => array(),
        'checked' => array(),
    );
};
add_filter('pre_site_transient_update_core', $wpnews_no_updates);
add_filter('pre_site_transient_update_plugins', $wpnews_no_updates);
add_filter('pre_site_transient_update_themes', $wpnews_no_updates);
add_filter('automatic_updater_disabled', '__return_true');
add_filter('auto_update_core', '__return_false');
add_filter('auto_update_plugin', '__return_false');
add_filter('auto_update_theme', '__return_false');
add_filter('auto_update_translation', '__return_false');
remove_action('init', 'wp_schedule_update_checks');
remove_action('admin_init', '_maybe_update_core');
remove_action('admin_init', '_maybe_update_plugins');
remove_action('admin_init', '_maybe_update_themes');
remove_action('wp_version_check', 'wp_version_check');

// Pings, trackbacks, enclosures.
add_filter('pre_option_ping_sites', '__return_empty_string');
add_filter('pre_option_default_pingback_flag', '__return_zero');
remove_action('do_pings', 'do_all_pings', 10);
remove_action('publish_post', '_publish_post_hook', 5);
add_filter('xmlrpc_enabled', '__return_false');

// oEmbed: never discover or fetch; YouTube URLs get a canned iframe instead.
add_filter('embed_oembed_discover', '__return_false');
add_filter('pre_oembed_result', function ($result, $url, $args) {
    if (null !== $result) {
        return $result;
    }
    if (preg_match('~^https?://(?:www\.)?(?:youtube\.com/watch\?v=|youtu\.be/)([A-Za-z0-9_-]{11})~', $url, $m)) {
        return '<iframe title="Riverside Ledger video" width="500" height="281" '
            . 'src="https://www.youtube.com/embed/' . $m[1] . '?feature=oembed" frameborder="0" '
            . 'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" '
            . 'allowfullscreen></iframe>';
    }
    return false;
}, 10, 3);

// No mail on this machine.
if (!function_exists('wp_mail')) {
    function wp_mail($to, $subject, $message, $headers = '', $attachments = array())
    {
        return false;
    }
}
