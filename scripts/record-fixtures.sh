#!/usr/bin/env bash
# Records the WordPress JSON that the unit tests replay, from the seeded WordPress
# (`make fixtures`). Review the diff: the tests' expectations name this content.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${WPNEWS_E2E_SITE:-$(scripts/wordpress.sh url)}
api="$site/wp-json/wp/v2"
out=Tests/Fixtures/wordpress
mkdir -p "$out"

fields="id,slug,link,title,excerpt,date_gmt,modified_gmt,author,featured_media,sticky,categories,tags"
record() { # name url
  curl -sS --fail-with-body -D "$out/$1.headers" -o "$out/$1" "$2" || true
  # Keep only the headers the client reads; the rest change every run.
  grep -iE '^(x-wp-total|x-wp-totalpages):' "$out/$1.headers" | tr -d '\r' > "$out/$1.headers.tmp" || true
  mv "$out/$1.headers.tmp" "$out/$1.headers"
  python3 -m json.tool --indent 1 "$out/$1" > "$out/$1.tmp" && mv "$out/$1.tmp" "$out/$1"
}

record posts-page1.json "$api/posts?_fields=$fields&page=1&per_page=10&orderby=date&order=desc&ignore_sticky=true"
ids() { python3 -c "import json,sys; posts=json.load(open('$out/posts-page1.json')); print(','.join(sorted({str(i) for p in posts for i in $1 if i})))"; }
record users.json "$api/users?include=$(ids '[p["author"]]')&per_page=100&_fields=id,name,slug"
record categories.json "$api/categories?include=$(ids 'p["categories"]')&per_page=100&_fields=id,name,slug,parent"
record tags.json "$api/tags?include=$(ids 'p["tags"]')&per_page=100&_fields=id,name,slug"
record media.json "$api/media?include=$(ids '[p["featured_media"]]')&per_page=100&_fields=id,source_url,media_details"
record tag-featured.json "$api/tags?slug=featured&_fields=id,name,slug,count"
record posts-page-past-end.json "$api/posts?_fields=$fields&page=999&per_page=10"
# Fixtures name the site by this placeholder, so tests can serve them from any port.
sed -i "s#${site//\//\\/}#http://wordpress.test#g" "$out"/*.json
echo "recorded $(ls "$out"/*.json | wc -l) fixtures from $site into $out" >&2
