<?php
// After seed.php on the `private` test bed (scripts/wordpress.sh): a user wpnews signs in as
// and what only a login shows. The editor "night-editor" has a known application password
// (private-login.txt, which the tests read too) and writes one private post, which
// anonymous visitors never see: the public posts and their counts stay the small seed's.
// Usage: php private.php http://127.0.0.1:PORT

if (PHP_SAPI !== 'cli') {
    exit(1);
}
$site_url = $argv[1] ?? 'http://127.0.0.1:8781';
require __DIR__ . '/load-wordpress.php';

function private_fail($msg)
{
    fwrite(STDERR, "private.php: $msg\n");
    exit(1);
}

$login = array();
foreach (file(__DIR__ . '/private-login.txt', FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
    if ($line[0] === '#') {
        continue;
    }
    list($key, $value) = array_map('trim', explode('=', $line, 2));
    $login[$key] = $value;
}

$user_id = wp_insert_user(array(
    'user_login' => $login['user'],
    'user_pass' => wp_generate_password(32),
    'display_name' => 'Night Editor',
    'user_email' => 'night.editor@riverside-ledger.example',
    'role' => 'editor',
));
if (is_wp_error($user_id)) {
    private_fail('user: ' . $user_id->get_error_message());
}

// WordPress generates application passwords itself; the tests need to know this one, so
// its hash replaces the generated one. WordPress compares it without the spaces.
$created = WP_Application_Passwords::create_new_application_password($user_id, array('name' => 'wpnews tests'));
if (is_wp_error($created)) {
    private_fail('application password: ' . $created->get_error_message());
}
$items = WP_Application_Passwords::get_user_application_passwords($user_id);
$items[0]['password'] = wp_hash_password(str_replace(' ', '', $login['password']));
update_user_meta($user_id, WP_Application_Passwords::USERMETA_KEY_APPLICATION_PASSWORDS, $items);

$post_id = wp_insert_post(array(
    'post_title' => $login['private_title'],
    'post_content' => '<p>Draft terms of the ferry contract, for the newsroom only until the vote.</p>',
    'post_status' => 'private',
    'post_author' => $user_id,
    'post_date_gmt' => gmdate('Y-m-d H:i:s', time() - 600),
), true);
if (is_wp_error($post_id)) {
    private_fail('post: ' . $post_id->get_error_message());
}
printf("private.php: user %s (id %d), private post %d\n", $login['user'], $user_id, $post_id);
