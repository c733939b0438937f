<?php
// Checks the seeded test bed through HTTP, as a client would see it.
// Usage: php check.php http://127.0.0.1:8765    (or: scripts/wordpress.sh check)
// Prints "ok - ..." / "FAIL - ..." lines; exits 1 if anything failed.

$base = rtrim($argv[1] ?? 'http://127.0.0.1:8765', '/');
$failures = 0;

function get($url, $method = 'GET')
{
    $ctx = stream_context_create(array('http' => array(
        'method' => $method, 'timeout' => 30, 'ignore_errors' => true, 'follow_location' => 0,
    )));
    $body = @file_get_contents($url, false, $ctx);
    $headers = $http_response_header ?? array();
    $status = preg_match('#^HTTP/\S+ (\d{3})#', $headers[0] ?? '', $m) ? (int) $m[1] : 0;
    return array($status, $headers, $body === false ? '' : $body);
}

function api($path)
{
    global $base;
    list($status, $headers, $body) = get($base . '/wp-json/' . ltrim($path, '/'));
    $total = null;
    foreach ($headers as $h) {
        if (stripos($h, 'X-WP-Total:') === 0) {
            $total = (int) trim(substr($h, 11));
        }
    }
    return array($status, json_decode($body, true), $total);
}

function check($ok, $what)
{
    global $failures;
    echo ($ok ? 'ok   - ' : 'FAIL - ') . $what . "\n";
    if (!$ok) {
        $failures++;
    }
}

// Discovery
list($status, $headers) = get($base . '/');
$link = implode("\n", array_filter($headers, function ($h) {
    return stripos($h, 'Link:') === 0 && strpos($h, 'rel="https://api.w.org/"') !== false;
}));
check($status === 200 && $link !== '', "GET / is 200 with Link rel=\"https://api.w.org/\" ($link)");
list($status) = api('');
check($status === 200, 'GET /wp-json/ is 200');
list($status) = get($base . '/?rest_route=/');
check($status === 200, 'GET /?rest_route=/ is 200');

// Posts
list($status, $posts, $total) = api('wp/v2/posts?per_page=100&_fields=id,slug,title,date_gmt,modified_gmt,sticky,featured_media,author,categories,tags,excerpt');
check($status === 200 && count($posts) >= 44 && $total === count($posts), 'posts: ' . count($posts) . " published (X-WP-Total $total)");
$by_slug = array();
foreach ($posts as $p) {
    $by_slug[$p['slug']] = $p;
}
$now = time();
$ages = array_map(function ($p) use ($now) {
    return $now - strtotime($p['date_gmt'] . 'Z');
}, $posts);
$last_hour = count(array_filter($ages, function ($a) { return $a >= 0 && $a < 3600; }));
$today = count(array_filter($posts, function ($p) { return substr($p['date_gmt'], 0, 10) === gmdate('Y-m-d'); }));
$week = count(array_filter($ages, function ($a) { return $a < 7 * 86400; }));
$old = count(array_filter($ages, function ($a) { return $a > 30 * 86400; }));
check($last_hour >= 2 && $week >= 8 && $old >= 20, "dates: $last_hour in the last hour, $today today (UTC), $week in the past week, $old older than 30 days");
$modified = count(array_filter($posts, function ($p) { return $p['modified_gmt'] > $p['date_gmt']; }));
check($modified >= 3 && $modified <= 10, "$modified posts modified after publication");
$thumbs = count(array_filter($posts, function ($p) { return $p['featured_media'] > 0; }));
check($thumbs >= 8, "$thumbs posts with a featured image");
list(, $all) = api('wp/v2/posts?per_page=100&_fields=id,slug,title,content,excerpt');
$full = array();
foreach ($all as $p) {
    $full[$p['slug']] = $p;
}
list($status, $page2) = api('wp/v2/posts?per_page=100&page=2');
check($status === 400 && ($page2['code'] ?? '') === 'rest_post_invalid_page_number', 'a page past the end is 400 rest_post_invalid_page_number');

// Sticky
list(, $sticky) = api('wp/v2/posts?sticky=true&_fields=id,slug');
$newest = $posts[0]['id'];
check(count($sticky) === 1 && $sticky[0]['id'] !== $newest, 'exactly one sticky post, not the newest: ' . json_encode($sticky));

// Tags
list(, $tags, $tag_total) = api('wp/v2/tags?per_page=100&orderby=count&order=desc&_fields=id,name,slug,count');
$all_tags = $tags;
for ($page = 2; $page <= ceil($tag_total / 100); $page++) {
    list(, $more) = api("wp/v2/tags?per_page=100&page=$page&orderby=count&order=desc&_fields=id,name,slug,count");
    $all_tags = array_merge($all_tags, $more ?: array());
}
$counts = array_column($all_tags, 'count');
$once = count(array_filter($counts, function ($c) { return $c === 1; }));
check($tag_total === 400 && count($all_tags) === 400 && max($counts) === 22 && $once >= 300,
    "tags: $tag_total, counts " . min($counts) . '..' . max($counts) . ", $once used once (top: " . $tags[0]['slug'] . ' ' . $tags[0]['count'] . ')');
list(, $featured) = api('wp/v2/tags?slug=featured');
check(($featured[0]['count'] ?? 0) === 8 && $featured[0]['name'] === 'Featured', 'tag "featured" on 8 posts');
$encoded = array_filter($all_tags, function ($t) { return strpos($t['slug'], '%') !== false; });
check(count($encoded) >= 1, 'a tag with a %-encoded (non-ASCII) slug: ' . json_encode(array_values($encoded), JSON_UNESCAPED_UNICODE));

// Categories
list(, $cats) = api('wp/v2/categories?per_page=100&_fields=id,name,slug,parent,count');
$nested = array_filter($cats, function ($c) { return $c['parent'] > 0; });
$empty = array_filter($cats, function ($c) { return $c['count'] === 0; });
check(count($cats) >= 6 && count($nested) >= 2 && count($empty) >= 1, count($cats) . ' categories, ' . count($nested) . ' nested, ' . count($empty) . ' empty');

// Users
list(, $users) = api('wp/v2/users?per_page=100&_fields=id,name,slug');
$names = array_column($users, 'name');
check(count($users) >= 3 && in_array('Tomás Ruiz', $names, true), 'authors: ' . implode(', ', $names));

// Pages
list(, $pages) = api('wp/v2/pages?per_page=100&_fields=id,slug,parent,title');
$pslug = array_column($pages, null, 'slug');
$ok = isset($pslug['about'], $pslug['contact'], $pslug['advertise'], $pslug['ethics-policy'])
    && $pslug['ethics-policy']['parent'] === $pslug['about']['id'];
check($ok, 'pages: ' . implode(', ', array_keys($pslug)) . ' (ethics-policy is a child of about)');

// Comments
list(, $comments, $ctotal) = api('wp/v2/comments?per_page=100&_fields=id,post,parent,author_name');
$parent_of = array_column($comments, 'parent', 'id');
$depth = 0;
foreach ($parent_of as $id => $parent) {
    $d = 1;
    while ($parent) {
        $d++;
        $parent = $parent_of[$parent] ?? 0;
    }
    $depth = max($depth, $d);
}
$threads = count(array_unique(array_column(array_filter($comments, function ($c) { return $c['parent'] > 0; }), 'post')));
check($ctotal >= 20 && $depth >= 4 && $threads >= 4, "comments: $ctotal, replies on $threads posts, deepest thread $depth levels");

// Password-protected post
$pw = $by_slug['members-only-draft-ferry-timetable'] ?? null;
list(, $locked) = api('wp/v2/posts/' . ($pw['id'] ?? 0));
list(, $unlocked) = api('wp/v2/posts/' . ($pw['id'] ?? 0) . '?password=letmein');
check(($locked['content']['protected'] ?? null) === true && ($locked['content']['rendered'] ?? 'x') === ''
    && strpos($unlocked['content']['rendered'] ?? '', 'timetable') !== false,
    'password post ' . ($pw['id'] ?? '?') . ': content.protected, readable with ?password=letmein');

// Titles that must come back intact
$expect = array(
    'mid-autumn-lantern-festival' => '河畔市中秋灯会：三千盏灯照亮老码头',
    'sister-city-delegation-visits' => '姉妹都市・青川市から訪問団 🇯🇵 市長が歓迎',
    'greek-festival-in-the-square' => 'Ελληνικό πανηγύρι στην πλατεία: μουσική, χορός και λουκουμάδες',
    'library-opens-arabic-books-corner' => 'مكتبة ريفرسايد تفتتح ركنًا للكتب العربية',
    'readers-photo-contest-river-shots' => 'Readers&#8217; photo contest: your best river shots 👍🏽📸',
    'family-day-at-riverside-park' => 'Family Day at Riverside Park 👨‍👩‍👧‍👦: bouncy castles, a pie contest and 1,200 visitors',
    'parks-and-recreation-unveils-trail-map' => 'Parks &#038; Recreation board unveils a new trail map',
    'review-the-tempest-grange-hall' => 'Review: <em>The Tempest</em> floods the Grange Hall stage',
    'hostile-title-test' => "Hostile \x1b[2J title \x1b]8;;http://evil/\x07 test",
);
foreach ($expect as $slug => $title) {
    $got = $by_slug[$slug]['title']['rendered'] ?? null;
    check($got === $title, "title of $slug: " . json_encode($got, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES));
}
$empty_title = array_filter($posts, function ($p) { return $p['title']['rendered'] === ''; });
check(count($empty_title) === 1, 'one post with an empty title: id ' . implode(',', array_column($empty_title, 'id')));
$long = array_filter($posts, function ($p) { return mb_strlen(html_entity_decode($p['title']['rendered'])) >= 150; });
check(count($long) >= 1, 'a title of 150+ characters: id ' . implode(',', array_column($long, 'id')));
$longword = array_filter($posts, function ($p) { return preg_match('/\w{60,}/u', $p['title']['rendered']); });
check(count($longword) >= 1, 'a title with a 60+ character word: id ' . implode(',', array_column($longword, 'id')));

// Rendered content
$rich = $full['field-guide-tamsin-river-flood-gauges']['content']['rendered'] ?? '';
$need = array('<h2', '<h3', '<h4', '<table', '<thead', 'colspan=', '<blockquote', '<cite>', 'wp-block-pullquote', '<pre', '<code>',
    '<figure class="wp-block-image', '<figcaption', '<dl>', '<dt>', '<dd>', '<ol>', '<kbd>', '<mark>', '<sup>', '<sub>', '<abbr', '<del>', '<a href');
$missing = array_filter($need, function ($n) use ($rich) { return strpos($rich, $n) === false; });
check(!$missing && preg_match('#<ul>(?:(?!</ul>).)*<ul>(?:(?!</ul>).)*<ul>#s', $rich), 'the flood gauge post renders its markup' . ($missing ? ' (missing: ' . implode(' ', $missing) . ')' : ''));
$contest = $full['readers-photo-contest-river-shots']['content']['rendered'] ?? '';
check(strpos($contest, 'wp-block-gallery') !== false && strpos($contest, '<iframe') !== false && strpos($contest, 'youtube.com/embed/') !== false,
    'the photo contest post renders a gallery and a YouTube iframe');

$faq = $full['ferry-questions-answered']['content']['rendered'] ?? '';
$need = array('<details', '<button', 'role="search"', '<math', 'application/x-tex', 'data-fn=', '#_ftn2', 'wp-block-cover__image-background');
$missing = array_filter($need, function ($n) use ($faq) { return strpos($faq, $n) === false; });
check(!$missing, 'the ferry questions post renders accordions, a search form, math and footnotes' . ($missing ? ' (missing: ' . implode(' ', $missing) . ')' : ''));
$badge = $full['the-ferry-companys-new-badge']['content']['rendered'] ?? '';
list($status, , $png) = preg_match('#src="([^"]+ledger-ferry-badge\.png)"#', $badge, $m) ? get($m[1]) : array(0, null, '');
$size = strlen($png) >= 24 ? unpack('N2', substr($png, 16, 8)) : array(1 => 0, 2 => 0);
check($status === 200 && $size[1] === 120 && $size[2] === 90, "the badge post shows a {$size[1]}x{$size[2]} picture ($status)");

// Media
list(, $media) = api('wp/v2/media?per_page=100&_fields=id,source_url,mime_type,media_details');
$src = $media[0]['source_url'] ?? '';
list($status, $h, $png) = get($src);
check(count($media) >= 5 && $status === 200 && substr($png, 0, 8) === "\x89PNG\r\n\x1a\n", count($media) . " images; $src serves a PNG");

// Feed
list($status, , $rss) = get($base . '/feed/');
$items = substr_count($rss, '<item>');
check($status === 200 && strpos($rss, '<rss') !== false && $items === 10, "/feed/ is RSS with $items items");

// Ids of the original content (site.php, posts.php) never change; awkward.php's come after.
$pages_by_slug = array_column($pages, 'id', 'slug');
$ids = array(
    'post the-ledgers-new-website-is-live' => array($by_slug['the-ledgers-new-website-is-live']['id'] ?? 0, 8),
    'post members-only-draft-ferry-timetable' => array($pw['id'] ?? 0, 37),
    'post hostile-title-test' => array($by_slug['hostile-title-test']['id'] ?? 0, 42),
    'post storm-recovery-where-to-get-help' => array($by_slug['storm-recovery-where-to-get-help']['id'] ?? 0, 48),
    'post live-council-votes-on-ferry-contract' => array($by_slug['live-council-votes-on-ferry-contract']['id'] ?? 0, 56),
    'page about' => array($pages_by_slug['about'] ?? 0, 57),
    'page advertise' => array($pages_by_slug['advertise'] ?? 0, 61),
    'post how-our-flood-alert-bot-works' => array($by_slug['how-our-flood-alert-bot-works']['id'] ?? 0, 62),
    'post from-the-archive-1986-2010' => array($by_slug['from-the-archive-1986-2010']['id'] ?? 0, 70),
);
$wrong = array_filter($ids, function ($pair) { return $pair[0] !== $pair[1]; });
$media_ids = array_column($media, 'id');
sort($media_ids);
check(!$wrong && $media_ids === range(1, 7), 'stable ids: attachments 1-7, posts 8-56, pages 57-61, then awkward.php (posts 62-70, pages 71-72)'
    . ($wrong ? ' (wrong: ' . json_encode($wrong) . ')' : ''));

// Awkward content (awkward.php)
/** The text lines of each <pre class="wp-block-KIND"> in some rendered HTML. */
function pre_lines($html, $kind)
{
    preg_match_all('#<pre class="wp-block-' . $kind . '"[^>]*>(.*?)</pre>#s', $html, $m);
    return array_map(function ($pre) {
        return explode("\n", html_entity_decode(strip_tags($pre), ENT_QUOTES | ENT_HTML5, 'UTF-8'));
    }, $m[1]);
}
$bot = $full['how-our-flood-alert-bot-works']['content']['rendered'] ?? '';
$code = pre_lines($bot, 'code')[0] ?? array();
$longest = $code ? max(array_map('mb_strlen', $code)) : 0;
$tabbed = count(array_filter($code, function ($l) { return $l !== '' && $l[0] === "\t"; }));
$deep = count(array_filter($code, function ($l) { return strncmp($l, "\t\t", 2) === 0; }));
check($longest >= 200 && $tabbed >= 4 && $deep >= 2 && in_array('', $code, true),
    "code block: " . count($code) . " lines, longest $longest characters, $tabbed indented with tabs ($deep with two), blank lines kept");
$pre = pre_lines($bot, 'preformatted')[0] ?? array();
$longest = $pre ? max(array_map('mb_strlen', $pre)) : 0;
check($longest >= 200, "preformatted block: longest line $longest characters");
$verse = pre_lines($full['poetry-corner-low-water']['content']['rendered'] ?? '', 'verse')[0] ?? array();
$indents = array_map(function ($l) { return strlen($l) - strlen(ltrim($l, ' ')); }, $verse);
check(count(array_filter($indents)) >= 6 && max($indents ?: array(0)) >= 16 && in_array('', $verse, true),
    'verse block: ' . count($verse) . ' lines, leading spaces ' . implode(',', $indents) . ' (stanza break kept)');

$cat_by_slug = array_column($cats, null, 'slug');
$tree = array();
foreach (array('community' => null, 'clubs' => 'community', 'river-rowing-club' => 'clubs', 'volunteering' => 'community') as $slug => $parent) {
    $c = $cat_by_slug[$slug] ?? array('id' => -1, 'parent' => -1, 'count' => -1);
    $tree[] = $c['parent'] === ($parent ? ($cat_by_slug[$parent]['id'] ?? -2) : 0) ? "$slug:{$c['count']}" : "$slug:misplaced";
}
$community = $cat_by_slug['community']['id'] ?? 0;
list(, $in_tree, $tree_total) = api("wp/v2/posts?categories[terms]=$community&categories[include_children]=true&_fields=id,slug,categories");
$boathouse = $by_slug['rowing-club-volunteers-rebuild-boathouse'] ?? array('categories' => array());
check(implode(' ', $tree) === 'community:0 clubs:1 river-rowing-club:1 volunteering:1' && $tree_total === 1
    && ($in_tree[0]['slug'] ?? '') === 'rowing-club-volunteers-rebuild-boathouse'
    && !array_diff(array($cat_by_slug['clubs']['id'] ?? 0, $cat_by_slug['volunteering']['id'] ?? 0), $boathouse['categories']),
    'category tree ' . implode(' ', $tree) . ": one post in it ($tree_total), filed in both children");

$topics = $cat_by_slug['topics']['id'] ?? -1;
$review = $by_slug['year-in-review-thirty-subjects']['categories'] ?? array();
$parents = array_unique(array_map(function ($id) use ($cats) {
    foreach ($cats as $c) {
        if ($c['id'] === $id) {
            return $c['parent'];
        }
    }
    return null;
}, $review));
check(count($review) === 30 && $parents === array($topics), 'a post in ' . count($review) . ' categories, all children of Topics');

$qa = $by_slug['subscribers-q-and-a-with-the-editor']['id'] ?? 0;
list(, $locked) = api("wp/v2/posts/$qa");
list(, $unlocked) = api("wp/v2/posts/$qa?password=heron1911");
list($hidden) = api("wp/v2/comments?post=$qa");
list(, $qa_comments) = api("wp/v2/comments?post=$qa&password=heron1911&_fields=id,parent");
$qa_parents = array_column($qa_comments ?: array(), 'parent', 'id');
$qa_depth = 0;
foreach ($qa_parents as $id => $parent) {
    for ($d = 1; $parent; $d++) {
        $parent = $qa_parents[$parent] ?? 0;
    }
    $qa_depth = max($qa_depth, $d);
}
check(($locked['content']['protected'] ?? null) === true && ($locked['content']['rendered'] ?? 'x') === ''
    && strpos($unlocked['content']['rendered'] ?? '', 'crossword') !== false && $hidden === 401
    && count($qa_parents) === 4 && $qa_depth === 3,
    "password post $qa with comments: hidden ($hidden) without ?password=heron1911; with it " . count($qa_parents) . " comments, $qa_depth levels deep");

$greek = 'περιεχόμενο';
list(, $found) = api('wp/v2/pages?slug=' . rawurlencode($greek) . '&_fields=id,slug,link,title');
list($status) = get($found[0]['link'] ?? $base . '/nowhere/');
check(($found[0]['slug'] ?? '') === strtolower(rawurlencode($greek)) && $status === 200,
    'page with a Greek slug: ' . ($found[0]['slug'] ?? 'missing') . " (its link answers $status)");

$letters = $pslug['letters-to-the-editor']['id'] ?? 0;
list(, $letter_comments) = api("wp/v2/comments?post=$letters&_fields=id,parent");
$letter_replies = count(array_filter(array_column($letter_comments ?: array(), 'parent')));
check($letters > 0 && count($letter_comments ?: array()) === 4 && $letter_replies === 2,
    "page letters-to-the-editor ($letters) with " . count($letter_comments ?: array()) . " comments, $letter_replies of them replies");

echo $failures ? "$failures check(s) FAILED\n" : "all checks passed\n";
exit($failures ? 1 : 0);
