<?php
// Switches a test bed's theme, for scripts/save-web-pages.sh.
// Usage: php switch-theme.php http://127.0.0.1:PORT THEME    (prints the theme it replaced)
if (PHP_SAPI !== 'cli' || $argc !== 3) {
    exit(2);
}
$site_url = $argv[1];
require __DIR__ . '/load-wordpress.php';
echo get_stylesheet(), "\n";
switch_theme($argv[2]);
if (get_stylesheet() !== $argv[2]) {
    fwrite(STDERR, "switch-theme.php: no theme '{$argv[2]}' installed\n");
    exit(1);
}
