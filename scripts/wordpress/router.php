<?php
// Router for PHP's built-in server serving Debian's WordPress (wpnews test bed).
// php -S 127.0.0.1:PORT -t /usr/share/wordpress router.php
//  - real files under the document root are served by the built-in server;
//  - /wp-content/... comes from /var/lib/wordpress/wp-content (Debian's Alias);
//  - everything else (/, /wp-json/..., /feed/, pretty permalinks) goes to index.php.

$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($path === '' || $path[0] !== '/') {
    $path = '/' . $path;
}
$unsafe = strpos($path, "\0") !== false || preg_match('~(^|/)\.\.(/|$)~', $path);

// Stands in for WordPress.com's API host: public-api.wordpress.com serves a hosted site's
// REST API at /wp/v2/sites/SITE/..., so that prefix is served here as /wp-json/wp/v2/...
// for any SITE, and wpnews's WordPress.com addresses run against a real WordPress.
if (preg_match('~^/wp/v2/sites/[^/]+(/.*)?$~', $path, $wpcom)) {
    $query = parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY);
    $path = '/wp-json/wp/v2' . ($wpcom[1] ?? '/');
    $_SERVER['REQUEST_URI'] = $path . ($query === null || $query === '' ? '' : '?' . $query);
}

if (!$unsafe && strncmp($path, '/wp-content/', 12) === 0) {
    $file = '/var/lib/wordpress' . $path;
    if (is_file($file) && !preg_match('/\.php\d?$/i', $file)) {
        $types = array(
            'css' => 'text/css', 'js' => 'application/javascript', 'json' => 'application/json',
            'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif',
            'webp' => 'image/webp', 'svg' => 'image/svg+xml', 'ico' => 'image/x-icon',
            'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf',
            'txt' => 'text/plain; charset=utf-8', 'html' => 'text/html; charset=utf-8',
        );
        $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
        header('Content-Type: ' . ($types[$ext] ?? 'application/octet-stream'));
        header('Content-Length: ' . filesize($file));
        header('Last-Modified: ' . gmdate('D, d M Y H:i:s', filemtime($file)) . ' GMT');
        if ($_SERVER['REQUEST_METHOD'] !== 'HEAD') {
            readfile($file);
        }
        return true;
    }
}

if (!$unsafe && $path !== '/') {
    $target = $root . $path;
    if (is_file($target)) {
        return false; // static file or a .php script: the built-in server handles it
    }
    if (is_dir($target) && is_file(rtrim($target, '/') . '/index.php')) {
        return false; // e.g. /wp-admin/
    }
}

$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir($root);
require $root . '/index.php';
