<?php
// Checks the big test bed (big.php) through HTTP, as a client would see it, and times a
// few requests. Usage: php check-big.php http://127.0.0.1:8766   (or: scripts/wordpress.sh check-big)
// Prints "ok - ..." / "FAIL - ..." lines; exits 1 if anything failed.

$base = rtrim($argv[1] ?? 'http://127.0.0.1:8766', '/');
$failures = 0;

/** [status, headers, body, seconds] */
function get($url)
{
    $ctx = stream_context_create(array('http' => array('timeout' => 60, 'ignore_errors' => true, 'follow_location' => 0)));
    $t = microtime(true);
    $body = @file_get_contents($url, false, $ctx);
    $t = microtime(true) - $t;
    $headers = $http_response_header ?? array();
    $status = preg_match('#^HTTP/\S+ (\d{3})#', $headers[0] ?? '', $m) ? (int) $m[1] : 0;
    return array($status, $headers, $body === false ? '' : $body, $t);
}

/** [status, decoded body, X-WP-Total, milliseconds] */
function api($path)
{
    global $base;
    list($status, $headers, $body, $t) = get($base . '/wp-json/' . ltrim($path, '/'));
    $total = null;
    foreach ($headers as $h) {
        if (stripos($h, 'X-WP-Total:') === 0) {
            $total = (int) trim(substr($h, 11));
        }
    }
    return array($status, json_decode($body, true), $total, (int) round($t * 1000));
}

function check($ok, $what)
{
    global $failures;
    echo ($ok ? 'ok   - ' : 'FAIL - ') . $what . "\n";
    if (!$ok) {
        $failures++;
    }
}

// Posts
list($status, $posts, $total, $ms) = api('wp/v2/posts?per_page=100&_fields=id,date_gmt');
check($status === 200 && $total === 10000 && count($posts) === 100, "posts: X-WP-Total $total ($ms ms for the first 100)");
$dates = array_column($posts, 'date_gmt');
$sorted = $dates;
rsort($sorted);
check($dates === $sorted && strtotime($dates[0] . 'Z') < time(), "newest first, newest {$dates[0]}, all in the past");
list($status, $last, , $ms) = api('wp/v2/posts?per_page=100&page=100&_fields=id,date_gmt,title,link');
$oldest = end($last)['date_gmt'] ?? '';
check($status === 200 && count($last) === 100 && (time() - strtotime($oldest . 'Z')) > 5 * 365 * 86400,
    "page 100 of 100: " . count($last) . " posts, the oldest $oldest ($ms ms)");
list($status, $past) = api('wp/v2/posts?per_page=100&page=101');
check($status === 400 && ($past['code'] ?? '') === 'rest_post_invalid_page_number', 'page 101 is 400 rest_post_invalid_page_number');
$times = array();
for ($i = 0; $i < 5; $i++) {
    $times[] = api('wp/v2/posts?per_page=100&page=50&_fields=id,date_gmt')[3];
}
sort($times);
check(true, 'GET /wp/v2/posts?per_page=100&page=50&_fields=id,date_gmt: median ' . $times[2] . ' ms (of ' . implode(', ', $times) . ')');
list($status, $full, , $ms) = api('wp/v2/posts?per_page=100&page=50');
check($status === 200 && count($full) === 100 && strpos($full[0]['content']['rendered'] ?? '', '<p>') !== false,
    "a page of 100 full posts (content rendered): $ms ms");

// Tags
list($status, $tags, $tag_total, $ms) = api('wp/v2/tags?orderby=count&order=desc&per_page=100&_fields=id,name,slug,count');
$counts = array_column($tags ?: array(), 'count');
$sorted = $counts;
rsort($sorted);
check($status === 200 && $tag_total === 10000 && $counts === $sorted && $counts[0] >= 1000 && $counts[4] >= 1000,
    "tags: X-WP-Total $tag_total; heaviest " . implode(', ', array_slice($counts, 0, 6)) . " ($ms ms)");
list(, $tail) = api('wp/v2/tags?orderby=count&order=asc&per_page=100&page=50&_fields=count');
list(, $mid) = api('wp/v2/tags?orderby=count&order=desc&per_page=100&page=20&_fields=count');
check(max(array_column($tail ?: array(), 'count') ?: array(9)) === 1 && max(array_column($mid ?: array(), 'count') ?: array(9)) <= 3,
    'a long tail: tags 4901-5000 from the lightest are on one post, tags 1901-2000 from the heaviest on at most 3');
$encoded = array_filter($tags, function ($t) { return strpos($t['slug'], '%') !== false; });
check(count($encoded) >= 1, 'heavy tags with %-encoded slugs: ' . implode(' ', array_column($encoded, 'slug')));
foreach (array($tags[0], $tags[37], $tags[99]) as $t) {
    list(, , $n, $ms) = api("wp/v2/posts?tags={$t['id']}&per_page=1&_fields=id");
    check($n === $t['count'], "tag {$t['slug']}: count {$t['count']} = X-WP-Total of its posts $n ($ms ms)");
}

// Categories
list($status, $cats, $cat_total, $ms) = api('wp/v2/categories?per_page=100&_fields=id,name,slug,parent,count');
list(, $more) = api('wp/v2/categories?per_page=100&page=2&_fields=id,name,slug,parent,count');
$cats = array_merge($cats ?: array(), $more ?: array());
$parent_of = array_column($cats, 'parent', 'id');
$depth = 0;
foreach ($parent_of as $id => $parent) {
    for ($d = 1; $parent; $d++) {
        $parent = $parent_of[$parent] ?? 0;
    }
    $depth = max($depth, $d);
}
$tops = count(array_filter($parent_of, function ($p) { return $p === 0; }));
check($status === 200 && $cat_total === 200 && count($cats) === 200 && $depth >= 4,
    "categories: X-WP-Total $cat_total, $tops at the top, $depth levels ($ms ms)");
usort($cats, function ($a, $b) { return $b['count'] - $a['count']; });
foreach (array($cats[0], $cats[50]) as $c) {
    list(, , $n) = api("wp/v2/posts?categories={$c['id']}&per_page=1&_fields=id");
    check($n === $c['count'], "category {$c['slug']}: count {$c['count']} = X-WP-Total of its posts $n");
}

// Authors
list(, $users, $user_total) = api('wp/v2/users?per_page=100&_fields=id,name');
check($user_total >= 10, "authors: $user_total (" . implode(', ', array_slice(array_column($users, 'name'), 0, 4)) . ' ...)');

// A post by its link
list($status, , $html) = get($last[0]['link'] ?? ($base . '/?p=' . ($last[0]['id'] ?? 1)));
check($status === 200 && strpos($html, '<title>') !== false, "a post's page (" . ($last[0]['link'] ?? '?') . ") answers $status");

echo $failures ? "$failures check(s) FAILED\n" : "all checks passed\n";
exit($failures ? 1 : 0);
