<?php
// Seeds the big wpnews test bed ("The Tamsin Valley Courier"): 10,000 posts over eight
// years, 10,000 tags whose use follows a long tail (Zipf: a few tags on thousands of posts,
// most on one or two) and 200 nested categories (four levels), written straight into the
// database with multi-row INSERTs in one transaction, term counts computed here, then
// WordPress's cached term hierarchy dropped. Takes seconds, not 10,000 wp_insert_post calls.
// Usage: WPNEWS_SEED_HASH=... php big.php http://127.0.0.1:PORT   (run by scripts/wordpress.sh
// when WPNEWS_WP_SITE=big). Same content on every seed (fixed random seed); dates are
// relative to the day of seeding (UTC), the newest post yesterday.

if (PHP_SAPI !== 'cli') {
    exit(1);
}
$site_url = $argv[1] ?? 'http://127.0.0.1:8766';
require __DIR__ . '/load-wordpress.php';

add_filter('pre_http_request', function () {
    return new WP_Error('wpnews_seed', 'no HTTP while seeding');
}, 0);

const BIG_POSTS = 10000;
const BIG_TAGS = 10000;
const BIG_CATEGORIES = 200;
const BIG_YEARS = 8;
const BIG_TOP_TAG = 5000; // posts carrying the most used tag; tag at rank r is on max(1, 5000 / r)

global $wpdb;
$t0 = microtime(true);
$now = time();
$midnight = intdiv($now, 86400) * 86400;
mt_srand(1911);

function big_fail($msg)
{
    fwrite(STDERR, "big.php: $msg\n");
    exit(1);
}

/** Runs SQL on WordPress's own connection, bypassing wpdb's per-query charset checks. */
function big_sql($sql)
{
    global $wpdb;
    if (!mysqli_query($wpdb->dbh, $sql)) {
        big_fail('SQL error: ' . mysqli_error($wpdb->dbh) . ' in ' . substr($sql, 0, 200));
    }
}

function big_quote($value)
{
    global $wpdb;
    return is_int($value) ? (string) $value : "'" . mysqli_real_escape_string($wpdb->dbh, (string) $value) . "'";
}

/** INSERT INTO table (columns) VALUES ..., 1000 rows a statement. */
function big_insert($table, $columns, $rows)
{
    foreach (array_chunk($rows, 1000) as $chunk) {
        $values = array();
        foreach ($chunk as $row) {
            $values[] = '(' . implode(',', array_map('big_quote', $row)) . ')';
        }
        big_sql("INSERT INTO $table (" . implode(',', $columns) . ") VALUES\n" . implode(",\n", $values));
    }
}

function big_pick($list)
{
    return $list[mt_rand(0, count($list) - 1)];
}

/** A unique slug as WordPress would make it (sanitize_title, then -2, -3 ...). */
function big_slug($name, &$taken)
{
    $base = sanitize_title($name);
    $slug = $base;
    for ($n = 2; isset($taken[$slug]); $n++) {
        $slug = "$base-$n";
    }
    $taken[$slug] = true;
    return $slug;
}

// ------------------------------------------------------------------ words

$prefixes = array('Ash', 'Brack', 'Cold', 'Dun', 'Elm', 'Fern', 'Glen', 'Hol', 'Kes', 'Lang', 'Marl', 'Nor',
    'Oak', 'Pen', 'Quarr', 'Ros', 'Stan', 'Thorn', 'Wex', 'Bar', 'Cal', 'Dray', 'Hale', 'Ive');
$suffixes = array('ford', 'well', 'bridge', 'ton', 'by', 'mouth', 'field', 'stead', 'wick', 'ham', 'moor', 'dale');
$first_names = array('Ada', 'Agnes', 'Ahmed', 'Aiko', 'Alma', 'Amara', 'Arjun', 'Beatriz', 'Bram', 'Chen',
    'Clara', 'Dario', 'Dev', 'Edith', 'Elif', 'Emeka', 'Esther', 'Farah', 'Finn', 'Grace', 'Hana', 'Hugo',
    'Ines', 'Ivan', 'Jonas', 'Kofi', 'Lars', 'Lena', 'Lucía', 'Malik', 'Marta', 'Mateo', 'Nadia', 'Nils',
    'Noor', 'Olu', 'Omar', 'Pia', 'Priya', 'Rafael', 'Rosa', 'Ruth', 'Sami', 'Sofia', 'Søren', 'Tariq',
    'Thea', 'Tomás', 'Uma', 'Vera', 'Wei', 'Yara', 'Yusuf', 'Zoë', 'Zofia', 'Łucja', 'Ngozi', 'Otto', 'Ilse', 'Kai');

// 36 towns: distinct prefix+suffix pairs.
$towns = array();
for ($i = 0; count($towns) < 36; $i++) {
    $towns[$prefixes[$i % count($prefixes)] . $suffixes[($i * 7 + intdiv($i, count($prefixes))) % count($suffixes)]] = true;
}
$towns = array_keys($towns);
// Surnames: every prefix+suffix pair (288).
$surnames = array();
foreach ($prefixes as $p) {
    foreach ($suffixes as $s) {
        $surnames[] = $p . $s;
    }
}

// ------------------------------------------------------------------ start clean

foreach (array('posts', 'postmeta', 'comments', 'commentmeta', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta') as $t) {
    big_sql("TRUNCATE TABLE {$wpdb->$t}");
}
foreach (array('blogname' => 'The Tamsin Valley Courier', 'blogdescription' => 'Eight years of news from the whole valley',
    'sticky_posts' => array(), 'wp_page_for_privacy_policy' => 0, 'default_category' => 1) as $name => $value) {
    update_option($name, $value);
}

// ------------------------------------------------------------------ authors

wp_update_user(array('ID' => 1, 'display_name' => 'Courier Desk', 'user_nicename' => 'courier-desk'));
$authors = array(1);
$author_names = array('Amara Okonkwo', 'Lars Pennington', 'Priya Raman', 'Hugo Marlby', 'Ines Dunwell', 'Kofi Mensah',
    'Vera Ashdale', 'Wei Zhang', 'Rosa Kestwick', 'Jonas Thornfield', 'Farah Haddad');
$registered = gmdate('Y-m-d H:i:s', $midnight - (BIG_YEARS * 365 + 30) * 86400);
foreach ($author_names as $name) {
    $login = strtolower(str_replace(' ', '.', $name));
    $id = wp_insert_user(array(
        'user_login' => $login,
        'user_pass' => 'wpnews-big-' . $login,
        'user_email' => "$login@courier.example",
        'display_name' => $name,
        'user_nicename' => sanitize_title($name),
        'role' => 'author',
        'user_registered' => $registered,
    ));
    if (is_wp_error($id)) {
        big_fail("author $name: " . $id->get_error_message());
    }
    $authors[] = $id;
}

// ------------------------------------------------------------------ categories (ids 1..200)

// [name, parent index or -1]; parents first.
$cats = array();
$add_cat = function ($name, $parent) use (&$cats) {
    $cats[] = array($name, $parent);
    return count($cats) - 1;
};
$sections = array(
    'News' => array('Courts', 'Crime', 'Politics', 'Transport', 'Health'),
    'Sports' => array('Football' => array('High School Football', 'Youth Football'), 'Rowing', 'Basketball', 'Athletics', 'Cricket'),
    'Business' => array('Farming', 'Shops', 'Jobs', 'Property'),
    'Arts' => array('Music', 'Theatre', 'Books', 'Film', 'Festivals'),
    'Opinion' => array('Editorials', 'Columns', 'Letters'),
    'Life' => array('Food', 'Faith', 'Obituaries', 'Weddings', 'Gardening'),
    'Science' => array('Environment' => array('The River', 'Wildlife'), 'Weather', 'Technology'),
);
foreach ($sections as $section => $children) {
    $s = $add_cat($section, -1);
    foreach ($children as $key => $child) {
        if (is_array($child)) {
            $c = $add_cat($key, $s);
            foreach ($child as $grandchild) {
                $add_cat($grandchild, $c);
            }
        } else {
            $add_cat($child, $s);
        }
    }
}
// Region > 6 counties > 6 towns each > neighbourhoods, until there are 200.
$region = $add_cat('Region', -1);
$counties = array('Tamsin Valley', 'Upper Marl', 'Lower Marl', 'Kestrel Downs', 'Fennick Coast', 'Harrow Hills');
$town_ids = array();
foreach ($counties as $n => $county) {
    $c = $add_cat($county, $region);
    foreach (array_slice($towns, $n * 6, 6) as $town) {
        $town_ids[$town] = $add_cat($town, $c);
    }
}
$quarters = array('Old %s', '%s Heights', 'North %s', 'South %s', '%s Harbour', 'East %s');
for ($q = 0; count($cats) < BIG_CATEGORIES; $q++) {
    $town = $towns[$q % count($towns)];
    $add_cat(sprintf($quarters[intdiv($q, count($towns)) % count($quarters)], $town), $town_ids[$town]);
}

$taken = array(); // slugs are unique within a taxonomy
$term_rows = array();
$tax_rows = array();
$cat_parent = array();
foreach ($cats as $i => list($name, $parent)) {
    $id = $i + 1;
    $cat_parent[$id] = $parent >= 0 ? $parent + 1 : 0;
    $term_rows[] = array($id, $name, big_slug($name, $taken), 0);
    $tax_rows[$id] = array($id, $id, 'category', "Courier stories filed under $name.", $cat_parent[$id], 0);
}

// ------------------------------------------------------------------ tags (ids 201..10200), ranked by use

$head = array('Town Council', 'Schools', 'Police', 'Weather', 'Flooding', 'Roads', 'Budget', 'Elections', 'Housing',
    'The Tamsin', 'Farmers Market', 'Festivals', 'Football', 'Rowing', 'Hospital', 'Library', 'Taxes', 'Fire Service',
    'Ferries', 'Bridges', 'Parks', 'Jobs', 'Restaurants', 'Churches', 'Wildlife', 'Planning', 'Buses', 'Water',
    'Volunteers', 'History', 'Courts', 'Youth', 'Seniors', 'Tourism', 'Music', 'Theatre', 'Climate', 'Energy',
    'Broadband', 'Harvest', 'Storms', 'Snow', 'Heat', 'Fishing', 'Cycling', 'Museums', 'Obituaries', 'Weddings',
    'Ελληνική κοινότητα', '中秋节', 'عيد الفطر', 'Café culture', 'Crème brûlée', 'Q&A', 'Live', 'Explainer', 'Data',
    'Photos', 'Video', 'Corrections');
$tag_names = $head;
$seen = array_fill_keys(array_map('strtolower', $head), true);
for ($i = 0; count($tag_names) < BIG_TAGS; $i++) {
    // People: first name + surname, walking both lists at different speeds.
    $name = $first_names[$i % count($first_names)] . ' ' . $surnames[($i * 37 + intdiv($i, count($first_names))) % count($surnames)];
    if (!isset($seen[strtolower($name)])) {
        $seen[strtolower($name)] = true;
        $tag_names[] = $name;
    }
    if ($i > 100000) {
        big_fail('ran out of tag names');
    }
}
$taken = array();
$tag_count = array();
foreach ($tag_names as $r => $name) {
    $id = BIG_CATEGORIES + $r + 1;
    $term_rows[] = array($id, $name, big_slug($name, $taken), 0);
    $tag_count[$id] = max(1, intdiv(BIG_TOP_TAG, $r + 1));
}

// ------------------------------------------------------------------ posts (ids 1..10000), oldest first

$subjects = array('council', 'school board', 'library', 'fire crews', 'farmers market', 'rowing club', 'police',
    'planning commission', 'youth league', 'hospital', 'ferry operator', 'museum', 'choir', 'chess club', 'bus company');
$verbs = array('approves', 'rejects', 'delays', 'celebrates', 'debates', 'reopens', 'wins', 'loses', 'plans',
    'questions', 'funds', 'cancels');
$objects = array('new bridge', 'budget', 'summer hours', 'parking plan', 'playground', 'flood defences', 'bus route',
    'tax rise', 'festival', 'road repairs', 'water rates', 'cycle lanes', 'school lunches', 'tree planting', 'night market');
$sentences = array(
    'The decision came after a long evening of public comment in %s.',
    'Residents of %s packed the hall; many had to stand at the back.',
    'A spokesperson said more details would follow later in the week.',
    'Supporters say the change is overdue. Critics say it costs too much.',
    'The vote was close, and at least one member asked for it to be taken again.',
    'Neighbours in %s said they had not been asked for their views.',
    'The plan goes back to committee next month for a final look.',
    'Rain kept the crowd small, but those who came stayed until the end.',
    'It is the third time in as many years that the question has come up.',
    'Volunteers from %s have offered to help with the work.',
);

$span = BIG_YEARS * 365 * 86400;
$spacing = intdiv($span, BIG_POSTS);
$start = $midnight - 86400 - $span;
$post_rows = array();
$post_slugs = array();
$home = home_url('/');
$town_list = array_values($towns);
for ($id = 1; $id <= BIG_POSTS; $id++) {
    $town = big_pick($town_list);
    $title = ucfirst("$town " . big_pick($subjects) . ' ' . big_pick($verbs) . ' ' . big_pick($objects));
    $ts = $start + ($id - 1) * $spacing + mt_rand(0, $spacing - 60);
    $date = gmdate('Y-m-d H:i:s', $ts);
    $paragraphs = array();
    for ($p = mt_rand(1, 3); $p > 0; $p--) {
        $text = '';
        for ($s = mt_rand(2, 4); $s > 0; $s--) {
            $text .= ($text === '' ? '' : ' ') . sprintf(big_pick($sentences), $town);
        }
        $paragraphs[] = "<!-- wp:paragraph -->\n<p>$text</p>\n<!-- /wp:paragraph -->";
    }
    $mod = mt_rand(0, 9) === 0 ? min($ts + mt_rand(600, 3 * 86400), $midnight - 3600) : $ts;
    $post_rows[] = array(
        $id, $authors[mt_rand(0, count($authors) - 1)], $date, $date, implode("\n\n", $paragraphs), $title, '',
        'publish', 'open', 'closed', '', big_slug($title, $post_slugs), '', '', gmdate('Y-m-d H:i:s', $mod),
        gmdate('Y-m-d H:i:s', $mod), '', 0, $home . '?p=' . $id, 0, 'post', '', 0,
    );
}

// ------------------------------------------------------------------ relationships and counts

$rels = array();
// Categories: one per post, a second for one in five; skewed so some are busy, a few empty.
$cat_weights = array();
for ($c = 1; $c <= BIG_CATEGORIES; $c++) {
    $cat_weights[$c] = 1000 / pow($c % 37 + 1, 0.9);
}
$weight_total = array_sum($cat_weights);
$pick_cat = function () use ($cat_weights, $weight_total) {
    $x = mt_rand() / mt_getrandmax() * $weight_total;
    foreach ($cat_weights as $c => $w) {
        $x -= $w;
        if ($x <= 0) {
            return $c;
        }
    }
    return BIG_CATEGORIES;
};
$count = array_fill(1, BIG_CATEGORIES, 0);
for ($id = 1; $id <= BIG_POSTS; $id++) {
    $mine = array($pick_cat() => true);
    if (mt_rand(0, 4) === 0) {
        $mine[$pick_cat()] = true;
    }
    foreach (array_keys($mine) as $c) {
        $rels[] = array($id, $c, 0);
        $count[$c]++;
    }
}
// Tags: tag at rank r on max(1, 5000 / r) distinct posts (offset + j * step mod 10000, with
// step coprime to 10000).
foreach ($tag_count as $tt => $n) {
    $offset = mt_rand(0, BIG_POSTS - 1);
    do {
        $step = mt_rand(1, BIG_POSTS - 1);
    } while ($step % 2 === 0 || $step % 5 === 0);
    for ($j = 0; $j < $n; $j++) {
        $rels[] = array(($offset + $j * $step) % BIG_POSTS + 1, $tt, 0);
    }
    $count[$tt] = $n;
}
foreach ($tag_names as $r => $name) {
    $id = BIG_CATEGORIES + $r + 1;
    $tax_rows[$id] = array($id, $id, 'post_tag', '', 0, $count[$id]);
}
foreach ($tax_rows as $id => &$row) {
    $row[5] = $count[$id];
}
unset($row);

// ------------------------------------------------------------------ write

big_sql('SET SESSION unique_checks = 0');
big_sql('START TRANSACTION');
big_insert($wpdb->terms, array('term_id', 'name', 'slug', 'term_group'), $term_rows);
big_insert($wpdb->term_taxonomy, array('term_taxonomy_id', 'term_id', 'taxonomy', 'description', 'parent', 'count'), array_values($tax_rows));
big_insert($wpdb->posts, array('ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title',
    'post_excerpt', 'post_status', 'comment_status', 'ping_status', 'post_password', 'post_name', 'to_ping', 'pinged',
    'post_modified', 'post_modified_gmt', 'post_content_filtered', 'post_parent', 'guid', 'menu_order', 'post_type',
    'post_mime_type', 'comment_count'), $post_rows);
big_insert($wpdb->term_relationships, array('object_id', 'term_taxonomy_id', 'term_order'), $rels);
big_sql('COMMIT');

// What WordPress keeps about terms and posts outside these tables: the category tree
// (category_children) and transients. The object cache lives only for a request.
delete_option('category_children');
$wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%' OR option_name LIKE '\\_site\\_transient\\_%'");
wp_cache_flush();
_get_term_hierarchy('category');
flush_rewrite_rules(false);

// ------------------------------------------------------------------ verify and finish

$got = array(
    'posts' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'publish'"),
    'tags' => (int) wp_count_terms(array('taxonomy' => 'post_tag', 'hide_empty' => false)),
    'categories' => (int) wp_count_terms(array('taxonomy' => 'category', 'hide_empty' => false)),
);
if ($got !== array('posts' => BIG_POSTS, 'tags' => BIG_TAGS, 'categories' => BIG_CATEGORIES)) {
    big_fail('unexpected totals: ' . json_encode($got));
}
$bad = (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->term_taxonomy} tt WHERE tt.count <>
    (SELECT COUNT(*) FROM {$wpdb->term_relationships} tr WHERE tr.term_taxonomy_id = tt.term_taxonomy_id)");
if ($bad) {
    big_fail("$bad terms with a wrong count");
}

update_option('wpnews_seeded_at', gmdate('c', $now));
update_option('wpnews_seed_hash', (string) getenv('WPNEWS_SEED_HASH'));

$depth = 0;
foreach ($cat_parent as $id => $parent) {
    for ($d = 1; $parent; $d++) {
        $parent = $cat_parent[$parent];
    }
    $depth = max($depth, $d);
}
$tag_uses = array_slice($count, BIG_CATEGORIES, null, true);
printf(
    "big.php: %d authors, %d posts (%s .. %s), %d categories (%d levels, %d empty), %d tags (uses %d..%d, %d used once), %d term relationships, %.1f s\n",
    count($authors),
    BIG_POSTS,
    substr($post_rows[0][2], 0, 10),
    substr($post_rows[BIG_POSTS - 1][2], 0, 10),
    BIG_CATEGORIES,
    $depth,
    count(array_filter(array_slice($count, 0, BIG_CATEGORIES), function ($c) { return $c === 0; })),
    BIG_TAGS,
    min($tag_uses),
    max($tag_uses),
    count(array_filter($tag_uses, function ($c) { return $c === 1; })),
    count($rels),
    microtime(true) - $t0
);
