<?php
// Loads WordPress for a command-line script of the test bed as a request to $site_url would:
// Debian's wp-config.php picks /etc/wordpress/config-HOST.php from the Host header. Included
// at a script's top level, with $site_url set, so that WordPress's globals are global.
$_SERVER['HTTP_HOST'] = parse_url($site_url, PHP_URL_HOST);
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
$_SERVER['SERVER_PORT'] = (string) (parse_url($site_url, PHP_URL_PORT) ?: 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
require '/usr/share/wordpress/wp-load.php';
