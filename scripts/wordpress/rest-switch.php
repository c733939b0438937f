<?php
/**
 * Plugin Name: wpnews REST switch
 * Description: Installed by wpnews scripts/wordpress.sh. On a test bed whose settings
 *   define WPNEWS_REST_SWITCH (the `feed` site only), the REST API answers anonymous
 *   visitors 401 `rest_cannot_access` while the option `wpnews_rest_off` is set, as
 *   security plugins do; feeds and pages stay on. Flipped with feed-site.php.
 */

if (!defined('ABSPATH') || !defined('WPNEWS_REST_SWITCH')) {
    return;
}

add_filter('rest_authentication_errors', function ($result) {
    if (!empty($result) || is_user_logged_in() || !get_option('wpnews_rest_off')) {
        return $result;
    }
    return new WP_Error('rest_cannot_access', 'The REST API is closed to visitors on this site.', array('status' => 401));
});
