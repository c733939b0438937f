<?php
// Seeds a freshly installed WordPress with "The Riverside Ledger" (wpnews test bed).
// Usage: WPNEWS_SEED_HASH=... php seed.php http://127.0.0.1:PORT   (run by scripts/wordpress.sh)
// Data: site.php (users, categories, tag names, images, pages), posts.php (posts, comments),
// then awkward.php (content that real sites have and readers trip over: more categories,
// hundreds of tags, posts and a page), inserted after everything else so that the ids of
// site.php's and posts.php's content never change.
// Dates are relative to the moment of seeding, in UTC; everything else is fixed.

if (PHP_SAPI !== 'cli') {
    exit(1);
}
$site_url = $argv[1] ?? 'http://127.0.0.1:8765';
require __DIR__ . '/load-wordpress.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/media.php';
require_once ABSPATH . 'wp-admin/includes/post.php';

add_filter('pre_http_request', function () {
    return new WP_Error('wpnews_seed', 'no HTTP while seeding');
}, 0);

$site = require __DIR__ . '/site.php';
$posts = require __DIR__ . '/posts.php';
$awkward = require __DIR__ . '/awkward.php';

global $wpdb;
$now = time();
$midnight = intdiv($now, 86400) * 86400; // today 00:00 UTC

function wpnews_fail($msg)
{
    fwrite(STDERR, "seed.php: $msg\n");
    exit(1);
}

function wpnews_check($result, $what)
{
    if (is_wp_error($result)) {
        wpnews_fail("$what: " . $result->get_error_message());
    }
    if (!$result) {
        wpnews_fail("$what failed");
    }
    return $result;
}

function wpnews_mysql_date($ts)
{
    return gmdate('Y-m-d H:i:s', $ts);
}

/** Timestamp for a 'when' spec (see posts.php). */
function wpnews_when($spec, $now, $midnight)
{
    if (preg_match('/^d(\d+) (\d\d):(\d\d)$/', $spec, $m)) {
        return $midnight - (int) $m[1] * 86400 + (int) $m[2] * 3600 + (int) $m[3] * 60;
    }
    if (preg_match('/^today ([0-9.]+)$/', $spec, $m)) {
        $end = max($midnight + 60, $now - 3600);
        return min($midnight + (int) round(((float) $m[1]) * ($end - $midnight)), $now - 120);
    }
    if (preg_match('/^m(\d+)$/', $spec, $m)) {
        return $now - (int) $m[1] * 60;
    }
    wpnews_fail("bad 'when' spec: $spec");
}

/** Turns the light markup of posts.php into block markup. */
function wpnews_blocks($body)
{
    $out = array();
    $parts = preg_split('/(\n[ \t]*\n)/', trim($body), -1, PREG_SPLIT_DELIM_CAPTURE);
    for ($i = 0; $i < count($parts); $i += 2) {
        $chunk = trim($parts[$i]);
        // Raw block markup with blank lines inside (code, verse): up to its closing comment,
        // blank lines and all.
        if (preg_match('/^<!-- wp:([a-z][a-z0-9\/-]*)[ \-]/', $chunk, $m) && !preg_match('#/-->$#', strtok($chunk, "\n"))) {
            $close = '<!-- /wp:' . $m[1] . ' -->';
            while (strpos($chunk, $close) === false && $i + 2 < count($parts)) {
                $chunk .= $parts[$i + 1] . $parts[$i + 2];
                $i += 2;
            }
        }
        if ($chunk === '') {
            continue;
        }
        if (strncmp($chunk, '<!--', 4) === 0) {
            $out[] = $chunk;
        } elseif (preg_match('/^(#{2,4}) (.*)$/s', $chunk, $m)) {
            $level = strlen($m[1]);
            $attrs = $level === 2 ? '' : ' {"level":' . $level . '}';
            $out[] = "<!-- wp:heading$attrs -->\n<h$level>" . trim($m[2]) . "</h$level>\n<!-- /wp:heading -->";
        } else {
            $out[] = "<!-- wp:paragraph -->\n<p>" . preg_replace('/\s*\n\s*/', ' ', $chunk) . "</p>\n<!-- /wp:paragraph -->";
        }
    }
    return implode("\n\n", $out);
}

/** A small truecolour PNG drawn from a pattern and two colours, without GD. */
function wpnews_png($w, $h, $pattern, $a, $b)
{
    $raw = '';
    for ($y = 0; $y < $h; $y++) {
        $row = "\0";
        for ($x = 0; $x < $w; $x++) {
            switch ($pattern) {
                case 'vgradient':
                    $t = $y / ($h - 1);
                    break;
                case 'hgradient':
                    $t = $x / ($w - 1);
                    break;
                case 'stripes':
                    $t = (intdiv($x, 24) % 2) ? 0.85 : 0.15 + 0.2 * $y / $h;
                    break;
                case 'checks':
                    $t = ((intdiv($x, 40) + intdiv($y, 40)) % 2) ? 1.0 : 0.0;
                    break;
                case 'diagonal':
                    $t = (intdiv($x + $y, 30) % 2) ? 0.7 * $y / $h : 0.3 + 0.7 * $y / $h;
                    break;
                case 'dots':
                    $dx = ($x % 40) - 20;
                    $dy = ($y % 40) - 20;
                    $t = ($dx * $dx + $dy * $dy < 100) ? 1.0 : 0.0;
                    break;
                default:
                    $t = 0.5;
            }
            $row .= chr((int) ($a[0] + ($b[0] - $a[0]) * $t))
                . chr((int) ($a[1] + ($b[1] - $a[1]) * $t))
                . chr((int) ($a[2] + ($b[2] - $a[2]) * $t));
        }
        $raw .= $row;
    }
    $chunk = function ($type, $data) {
        return pack('N', strlen($data)) . $type . $data . pack('N', crc32($type . $data));
    };
    return "\x89PNG\r\n\x1a\n"
        . $chunk('IHDR', pack('NNCCCCC', $w, $h, 8, 2, 0, 0, 0))
        . $chunk('IDAT', gzcompress($raw, 9))
        . $chunk('IEND', '');
}

// ------------------------------------------------------------------ start clean

wp_set_current_user(1);   // administrator: unfiltered_html, so block markup and iframes survive
kses_remove_filters();

// wp_install() made a sample post, page, privacy page and comment: remove them
// and restart the ids at 1 so every seed gives the same ids.
foreach (array('posts', 'postmeta', 'comments', 'commentmeta', 'term_relationships') as $t) {
    $wpdb->query("TRUNCATE TABLE {$wpdb->$t}");
}
$wpdb->query("UPDATE {$wpdb->term_taxonomy} SET count = 0");
update_option('sticky_posts', array());
update_option('wp_page_for_privacy_policy', 0);
wp_cache_flush();

// One transaction for the rest: a commit (and its disk flush) per statement took most of
// the seeding time. TRUNCATE above commits implicitly, so it stays outside.
$wpdb->query('START TRANSACTION');

// ------------------------------------------------------------------ users

$user_ids = array();
$registered = wpnews_mysql_date($midnight - 400 * 86400 + 9 * 3600);
foreach ($site['users'] as $login => $data) {
    if ($login === 'admin') {
        $id = 1;
        wpnews_check(wp_update_user(array_merge($data, array('ID' => 1))), 'update admin');
    } else {
        $id = wpnews_check(wp_insert_user(array_merge($data, array(
            'user_login' => $login,
            'user_pass' => 'wpnews-' . $login . '-password',
            'role' => 'author',
            'user_registered' => $registered,
        ))), "user $login");
    }
    $user_ids[$login] = $id;
}

// ------------------------------------------------------------------ categories and tags

/** Categories: slug => [name, parent slug or null, description], parents first. */
function wpnews_add_categories($categories)
{
    global $cat_ids;
    foreach ($categories as $slug => list($name, $parent, $description)) {
        if ($parent && !isset($cat_ids[$parent])) {
            wpnews_fail("category $slug: unknown parent $parent");
        }
        $r = wpnews_check(wp_insert_term($name, 'category', array(
            'slug' => $slug,
            'parent' => $parent ? $cat_ids[$parent] : 0,
            'description' => $description,
        )), "category $slug");
        $cat_ids[$slug] = $r['term_id'];
    }
}

/** Creates the tags the posts use that do not exist yet, in order of first use. */
function wpnews_add_tags($posts, $tag_names)
{
    global $tag_ids;
    foreach ($posts as $p) {
        foreach ($p['tags'] as $tag) {
            if (isset($tag_ids[$tag])) {
                continue;
            }
            if (isset($tag_names[$tag])) {
                $r = wp_insert_term($tag_names[$tag], 'post_tag', array('slug' => $tag));
            } elseif (preg_match('/^[a-z0-9-]+$/', $tag)) {
                $r = wp_insert_term(ucwords(str_replace('-', ' ', $tag)), 'post_tag', array('slug' => $tag));
            } else {
                $r = wp_insert_term($tag, 'post_tag'); // non-ASCII: WordPress derives a %-encoded slug
            }
            $tag_ids[$tag] = wpnews_check($r, "tag $tag")['term_id'];
        }
    }
}

$cat_ids = array();
$tag_ids = array();
wpnews_add_categories($site['categories']);
wpnews_add_tags($posts, $site['tag_names']);

// ------------------------------------------------------------------ images

$uploads = wp_upload_dir(null, true, true);
if (!empty($uploads['error'])) {
    wpnews_fail('uploads: ' . $uploads['error']);
}
$image_ids = array();
$image_urls = array();
$img_date = wpnews_mysql_date($midnight - 300 * 86400 + 10 * 3600);
foreach ($site['images'] as $key => list($file, $title, $alt, $caption, $pattern, $ca, $cb)) {
    $path = $uploads['basedir'] . '/' . $file;
    // Same bytes every time; written atomically (another test bed may be serving it).
    file_put_contents("$path.tmp", wpnews_png(480, 270, $pattern, $ca, $cb));
    rename("$path.tmp", $path);
    $id = wpnews_check(wp_insert_attachment(array(
        'post_mime_type' => 'image/png',
        'post_title' => $title,
        'post_excerpt' => $caption,
        'post_content' => '',
        'post_status' => 'inherit',
        'post_author' => $user_ids['soverg'],
        'post_date' => $img_date,
        'post_date_gmt' => $img_date,
        'guid' => $uploads['baseurl'] . '/' . $file,
    ), $path, 0, true), "attachment $key");
    // With GD (php-gd) this also makes thumbnail/medium sizes; without it, just width/height.
    wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $path));
    update_post_meta($id, '_wp_attachment_image_alt', $alt);
    $image_ids[$key] = $id;
    $image_urls[$key] = wp_get_attachment_url($id);
}

// ------------------------------------------------------------------ posts

/** Inserts one post of posts.php / awkward.php with its tags, image and comments; returns its id. */
function wpnews_add_post($i, $p)
{
    global $wpdb, $now, $midnight, $site, $user_ids, $cat_ids, $tag_ids, $image_ids, $image_urls, $notable, $uploads;
    $ts = wpnews_when($p['when'], $now, $midnight);
    $date = wpnews_mysql_date($ts);
    $content = wpnews_blocks($p['body']);
    $content = preg_replace_callback('/\{\{(url|id):([a-z]+)\}\}/', function ($m) use ($image_ids, $image_urls) {
        if (!isset($image_ids[$m[2]])) {
            wpnews_fail("unknown image {$m[2]}");
        }
        return $m[1] === 'url' ? $image_urls[$m[2]] : (string) $image_ids[$m[2]];
    }, $content);
    $content = preg_replace_callback('/\{\{upload:([a-z0-9.-]+)\}\}/', function ($m) use ($uploads) {
        return $uploads['baseurl'] . '/' . $m[1];
    }, $content);
    $content = str_replace('{{home}}', untrailingslashit(home_url()), $content);
    $cats = array();
    foreach ($p['cats'] as $c) {
        if (!isset($cat_ids[$c])) {
            wpnews_fail("post $i: unknown category $c");
        }
        $cats[] = $cat_ids[$c];
    }
    $id = wpnews_check(wp_insert_post(wp_slash(array(
        'post_type' => 'post',
        'post_status' => 'publish',
        'post_title' => $p['title'],
        'post_name' => $p['slug'],
        'post_content' => $content,
        'post_excerpt' => $p['excerpt'] ?? '',
        'post_author' => $user_ids[$p['author']],
        'post_date' => $date,
        'post_date_gmt' => $date,
        'post_category' => $cats,
        'post_password' => $p['password'] ?? '',
        'comment_status' => 'open',
        'ping_status' => 'closed',
    )), true), "post $i ({$p['slug']})");
    wpnews_check(wp_set_object_terms($id, array_map(function ($t) use ($tag_ids) {
        return (int) $tag_ids[$t];
    }, $p['tags']), 'post_tag'), "tags of post $id");

    // wp_insert_post stamps post_modified with the current time: put it back to the
    // post date, or to the requested later time.
    $mod = isset($p['modified']) ? min($ts + 60 * (int) $p['modified'], $now - 60) : $ts;
    $update = array('post_modified' => wpnews_mysql_date($mod), 'post_modified_gmt' => wpnews_mysql_date($mod));
    if (isset($p['raw_title'])) {
        // kses (wp_kses_no_null) strips control characters; write the title directly.
        $update['post_title'] = $p['raw_title'];
    }
    $wpdb->update($wpdb->posts, $update, array('ID' => $id));
    clean_post_cache($id);

    if (!empty($p['thumb'])) {
        wpnews_check(set_post_thumbnail($id, $image_ids[$p['thumb']]), "thumbnail of post $id");
    }
    if (!empty($p['sticky'])) {
        stick_post($id);
        $notable['sticky'][] = $id;
    }
    if (!empty($p['password'])) {
        $notable['password'][] = $id;
    }

    wpnews_add_comments($id, $p['comments'] ?? array(), $ts);
    return $id;
}

/** Approved comments on a post or page: [key, parent key or null, name, user login or email, minutes after $ts, text]. */
function wpnews_add_comments($id, $comments, $ts)
{
    global $now, $site, $user_ids;
    $comment_ids = array();
    foreach ($comments as list($key, $parent, $name, $who, $after, $text)) {
        $cts = min($ts + 60 * $after, $now - 30);
        $user = 0;
        $email = $who;
        if (isset($user_ids[$who])) {
            $user = $user_ids[$who];
            $email = $site['users'][$who]['user_email'] ?? 'desk@riverside-ledger.example';
        }
        $comment_ids[$key] = wpnews_check(wp_insert_comment(array(
            'comment_post_ID' => $id,
            'comment_author' => $name,
            'comment_author_email' => $email,
            'comment_author_url' => '',
            'comment_author_IP' => '127.0.0.1',
            'comment_agent' => 'wpnews-seed',
            'comment_content' => $text,
            'comment_parent' => $parent ? $comment_ids[$parent] : 0,
            'user_id' => $user,
            'comment_date' => wpnews_mysql_date($cts),
            'comment_date_gmt' => wpnews_mysql_date($cts),
            'comment_approved' => 1,
            'comment_type' => 'comment',
        )), "comment $key on post $id");
    }
}

$post_ids = array();
$notable = array();
foreach ($posts as $i => $p) {
    $post_ids[] = wpnews_add_post($i, $p);
}

// ------------------------------------------------------------------ pages

/** Pages: slug => [title, parent slug or null, menu order, body, and optionally comments as a post's]. */
function wpnews_add_pages($pages)
{
    global $wpdb, $midnight, $page_ids;
    $page_date = $midnight - 290 * 86400 + 12 * 3600;
    foreach ($pages as $slug => $page) {
        list($title, $parent, $order, $body) = $page;
        $comments = $page[4] ?? array();
        $date = wpnews_mysql_date($page_date + $order * 60);
        $id = wpnews_check(wp_insert_post(wp_slash(array(
            'post_type' => 'page',
            'post_status' => 'publish',
            'post_title' => $title,
            'post_name' => $slug, // a non-ASCII slug is stored %-encoded (sanitize_title)
            'post_content' => wpnews_blocks($body),
            'post_author' => 1,
            'post_parent' => $parent ? $page_ids[$parent] : 0,
            'menu_order' => $order,
            'post_date' => $date,
            'post_date_gmt' => $date,
            'comment_status' => $comments ? 'open' : 'closed',
            'ping_status' => 'closed',
        )), true), "page $slug");
        $wpdb->update($wpdb->posts, array('post_modified' => $date, 'post_modified_gmt' => $date), array('ID' => $id));
        clean_post_cache($id);
        $page_ids[$slug] = $id;
        wpnews_add_comments($id, $comments, $page_date + $order * 60);
    }
}

$page_ids = array();
wpnews_add_pages($site['pages']);

// ------------------------------------------------------------------ awkward content (awkward.php)

// Everything above keeps its ids; what follows gets the next ones.
foreach ($awkward['files'] as $file => list($w, $h, $pattern, $ca, $cb)) {
    $path = $uploads['basedir'] . '/' . $file;
    file_put_contents("$path.tmp", wpnews_png($w, $h, $pattern, $ca, $cb));
    rename("$path.tmp", $path);
}
wpnews_add_categories($awkward['categories']);
wpnews_add_tags($awkward['posts'], $awkward['tag_names']);
foreach ($awkward['posts'] as $i => $p) {
    $post_ids[] = wpnews_add_post('awkward ' . $i, $p);
}
$posts = array_merge($posts, $awkward['posts']);
wpnews_add_pages($awkward['pages']);

// ------------------------------------------------------------------ finish

$wpdb->query("DELETE FROM {$wpdb->postmeta} WHERE meta_key IN ('_encloseme', '_pingme')");
flush_rewrite_rules(false);
wp_cache_flush();

// Read back what must survive the database round trip byte for byte.
foreach ($posts as $i => $p) {
    $want = $p['raw_title'] ?? $p['title'];
    $got = $wpdb->get_row($wpdb->prepare("SELECT post_title FROM {$wpdb->posts} WHERE ID = %d", $post_ids[$i]), ARRAY_A);
    if (($got['post_title'] ?? null) !== $want) {
        wpnews_fail("post {$post_ids[$i]}: title did not survive the database: " . json_encode($got));
    }
}

$wpdb->query('COMMIT');

// Last: the hash tells scripts/wordpress.sh that this seed completed.
update_option('wpnews_seeded_at', gmdate('c', $now));
update_option('wpnews_seed_hash', (string) getenv('WPNEWS_SEED_HASH'));

$tag_counts = $wpdb->get_col("SELECT count FROM {$wpdb->term_taxonomy} WHERE taxonomy = 'post_tag' ORDER BY count DESC");
printf(
    "seed.php: %d users, %d categories, %d tags (counts %d..%d), %d images, %d posts (ids %d..%d), %d pages, %d comments; sticky %s, password %s\n",
    count($user_ids),
    count($cat_ids),
    count($tag_ids),
    end($tag_counts),
    reset($tag_counts),
    count($image_ids),
    count($post_ids),
    min($post_ids),
    max($post_ids),
    count($page_ids),
    (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->comments}"),
    implode(',', $notable['sticky'] ?? array()),
    implode(',', $notable['password'] ?? array())
);
