#!/usr/bin/env bash
# Saves the test WordPress's own post pages, as its themes draw them, for the extractor's
# golden tests (Tests/HTMLParsingTests/ArticleExtractorTests.swift): under Twenty
# Twenty-Three (a block theme: `.wp-block-post-content`) and Twenty Twenty-One (a classic
# theme: `.entry-content` in `<article id="post-N">`), into Tests/Fixtures/web/pages/ as
# wp-THEME-SLUG.html, each beside WordPress's own content for it from the REST API as plain
# text (wp-THEME-SLUG.expected.txt: what the extractor must find, reviewed by eye).
# Uses the writable test bed, and gives it back its theme. The site's port is written as
# the default one's (8765), so saving from any WPNEWS_WP_PORT_OFFSET gives the same files.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh wordpress-theme-twentytwentythree wordpress-theme-twentytwentyone curl python3
site=$(WPNEWS_WP_SITE=writable scripts/wordpress.sh start | tail -n 1)
out=Tests/Fixtures/web/pages
mkdir -p "$out"
slugs=(field-guide-tamsin-river-flood-gauges readers-photo-contest-river-shots council-approves-budget-after-midnight-session)

previous=$(php scripts/wordpress/switch-theme.php "$site" twentytwentythree)
trap 'php scripts/wordpress/switch-theme.php "$site" "$previous" >/dev/null' EXIT
for theme in twentytwentythree twentytwentyone; do
  php scripts/wordpress/switch-theme.php "$site" "$theme" >/dev/null
  short=${theme/twentytwentythree/tt3}
  short=${short/twentytwentyone/tt1}
  for slug in "${slugs[@]}"; do
    curl -sf "$site/$slug/" | sed "s/127\.0\.0\.1:[0-9]*/127.0.0.1:8765/g" > "$out/wp-$short-$slug.html"
    curl -sf "$site/wp-json/wp/v2/posts?slug=$slug&_fields=content" | python3 -c '
import html, json, re, sys
content = json.load(sys.stdin)[0]["content"]["rendered"]
content = re.sub(r"<(script|style|iframe)\b.*?</\1>", " ", content, flags=re.S)
text = html.unescape(re.sub(r"<[^>]+>", " ", content))
print(" ".join(text.split()))' > "$out/wp-$short-$slug.expected.txt"
  done
done
