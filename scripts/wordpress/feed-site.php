<?php
// The `feed` test bed (scripts/wordpress.sh): the small seed, read through its feed.
// Usage: php feed-site.php http://127.0.0.1:PORT rest on|off    (the REST switch, rest-switch.php)
//        php feed-site.php http://127.0.0.1:PORT editor-guids   (after seeding)
//        php feed-site.php http://127.0.0.1:PORT hostile-category   (after seeding)
//        php feed-site.php http://127.0.0.1:PORT excerpts on|off   (a feed of summaries, for read --full)
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
} elseif ($argv[2] === 'hostile-category') {
    // A post gets a category whose name holds one raw ESC byte, as a hostile name
    // would: WordPress writes it into the feed as it is (a byte XML forbids), while the REST
    // API's JSON escapes it. Written to the table directly, past the term name's filters.
    global $wpdb;
    $term = wp_insert_term('Harbour Alert', 'category', array('slug' => 'harbour-alert'));
    $wpdb->update($wpdb->terms, array('name' => "Harbour \x1b[31mAlert"), array('term_id' => $term['term_id']));
    clean_term_cache($term['term_id'], 'category');
    // The oldest post that no list FeedSiteCommandTests compares (City Hall, the ferry tag,
    // a search for "ferry") holds: only a whole archive meets the byte.
    foreach (get_posts(array('numberposts' => -1, 'orderby' => 'date', 'order' => 'ASC')) as $post) {
        if (stripos($post->post_title . $post->post_content . $post->post_excerpt, 'ferry') === false
            && !has_category('city-hall', $post) && !has_tag('ferry', $post)) {
            wp_set_post_categories($post->ID, array($term['term_id']), true);
            break;
        }
    }
} elseif ($argv[2] === 'excerpts' && $argc === 4 && in_array($argv[3], array('on', 'off'), true)) {
    // WordPress's "For each post in a feed, include: Summary": the feed carries excerpts only.
    update_option('rss_use_excerpt', $argv[3] === 'on' ? 1 : 0);
} else {
    exit(2);
}
