#!/usr/bin/env python3
"""Writes the 300 KB news-site page `make bench` times `render --extract` on
(scripts/bench-extract.sh), and the article a person would read on it, for the extractor's
golden test: Tests/Fixtures/web/pages/news-300k.html and news-300k.expected.txt.

The page has the shape of a big news site's story page: a head full of scripts, styles and
structured data, a mega menu, breadcrumbs, share bars, a long article with pictures, a
quotation, a table and inline promotions, a newsletter box, a sidebar of most-read lists,
rows of related stories, a long comment thread and a footer of links. Deterministic: the
same file every run.
"""
import html
import random
import sys
from pathlib import Path

random.seed(27)
out = Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/web/pages")

subjects = ["The council", "The harbour board", "A spokesperson for the operator", "The county surveyor",
            "Residents of the Eastbank estate", "The union's regional secretary", "An independent engineer",
            "The chair of the transport committee", "Local shopkeepers", "The island's only doctor"]
verbs = ["said on Tuesday that", "told the Daily that", "warned in a letter that", "argued at the meeting that",
         "confirmed in a statement that", "admitted, under questioning, that"]
claims = ["the work would finish before the spring tides", "the cost had risen by a fifth since the first estimate",
          "the timetable would be published within a fortnight", "no decision had been taken on the fares",
          "the old landing would stay open as a reserve", "the steel had been ordered from two suppliers",
          "the survey found no damage below the waterline", "more buses would run while the pier was closed",
          "the fund could not be spent on anything else", "the islanders had been consulted at every stage"]
tails = ["and that the figures would be checked again in March", "although not everyone at the meeting agreed",
         "a claim the opposition disputed", "which few in the room had expected",
         "with the caveat that the weather could change everything", "and nobody present asked a follow-up question"]


def sentence():
    return f"{random.choice(subjects)} {random.choice(verbs)} {random.choice(claims)}, {random.choice(tails)}."


def paragraph():
    return " ".join(sentence() for _ in range(random.randint(3, 5)))


def links(prefix, count, words=3):
    vocabulary = ["news", "harbour", "ferry", "council", "weather", "sport", "rowing", "schools", "health", "business",
                  "culture", "books", "music", "opinion", "letters", "islands", "transport", "housing", "crime", "courts"]
    items = []
    for i in range(count):
        title = " ".join(random.choice(vocabulary) for _ in range(words)).capitalize()
        items.append(f'<li class="{prefix}-item"><a href="/{prefix}/{i}/" data-track="{prefix}-{i}">{title}</a></li>')
    return "\n".join(items)


article_text = []
body = []
for section in range(6):
    heading = f"Part {section + 1}: what the documents show"
    body.append(f"<h2>{heading}</h2>")
    article_text.append(heading)
    for _ in range(7):
        text = paragraph()
        body.append(f"<p>{html.escape(text)}</p>")
        article_text.append(text)
    caption = f"Picture {section + 1}: the works seen from the quay, photographed in week {section * 3 + 2}."
    body.append(f'<figure class="article-image"><img src="/images/works-{section}.jpg" srcset="/images/works-{section}-640.jpg 640w, '
                f'/images/works-{section}-1280.jpg 1280w" alt="" loading="lazy"><figcaption>{caption}</figcaption></figure>')
    article_text.append(caption)
    body.append('<div class="inline-promo"><a href="/subscribe/">Read without limits: subscribe for 1 a month</a></div>')
    if section == 2:
        quote = "We were told fourteen months, and we planned our lives around fourteen months."
        body.append(f"<blockquote><p>{quote}</p></blockquote>")
        article_text.append(quote)
        rows = [("Piles", "48", "steel"), ("Deck", "2,400 m²", "concrete"), ("Cost", "18.4m", "shared")]
        body.append("<table><thead><tr><th>Item</th><th>Amount</th><th>Note</th></tr></thead><tbody>"
                    + "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows) + "</tbody></table>")
        article_text.append("Item Amount Note " + " ".join(" ".join(row) for row in rows))

share = ('<div class="share-tools"><a href="https://social.example/share">Share</a> <a href="https://chat.example/send">Send</a> '
         '<a href="mailto:?subject=story">Email</a> <button class="copy-link">Copy link</button></div>')
cards = "\n".join(
    f'<div class="story-card"><a href="/news/related-{i}/"><img src="/img/card-{i}.jpg" alt=""><h3>{html.escape(sentence()[:70])}</h3></a>'
    f'<p class="teaser">{html.escape(sentence())}</p><span class="card-meta"><a href="/section/{i % 7}/">Section</a> · {i + 2} hours ago</span></div>'
    for i in range(70))
comments = "\n".join(
    f'<li class="comment" id="comment-{i}"><div class="comment-meta"><a href="/users/reader{i}/">reader{i}</a> '
    f'<time>{i + 1} hours ago</time></div><div class="comment-body"><p>{html.escape(paragraph())}</p></div>'
    f'<div class="comment-actions"><a href="#reply-{i}">Reply</a> <a href="#report-{i}">Report</a> <button>Like</button></div></li>'
    for i in range(100))
head_script = "window.config = " + repr({f"key{i}": f"value-{i}" * 3 for i in range(200)}) + ";"
css = "\n".join(f".c{i} {{ margin: {i}px; padding: {i % 7}px; color: #{i:06x}; }}" for i in range(1500))

page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Two years, 18 million and a new pier: inside the ferry rebuild | The Harbour Daily</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="application/ld+json">{{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Inside the ferry rebuild"}}</script>
<script>{head_script}</script>
<style>{css}</style>
</head>
<body class="story-page">
<div class="ad-slot ad-leaderboard"><iframe src="https://ads.example/slot/1"></iframe></div>
<header class="site-header"><a class="logo" href="/">The Harbour Daily</a>
<nav class="mega-menu"><ul>{links("section", 260, 2)}</ul></nav>
<form class="search-form" action="/search"><input name="q"><button>Search</button></form></header>
<div class="breadcrumbs"><a href="/">Home</a> › <a href="/news/">News</a> › <a href="/news/transport/">Transport</a></div>
<main class="page-main">
<div class="story-grid">
<div class="story-main">
<h1 class="story-headline">Two years, 18 million and a new pier: inside the ferry rebuild</h1>
<div class="story-byline">By <a href="/staff/mq/">Mara Quinn</a> · 20 November 2026</div>
{share}
<div class="story-text">
{chr(10).join(body)}
<div class="newsletter-signup"><h3>The morning briefing</h3><p>Our best local stories, every weekday at seven.</p>
<form><input type="email"><button>Sign up</button></form></div>
</div>
{share}
<div class="story-topics">Topics: <a href="/t/ferries/">Ferries</a> <a href="/t/harbour/">Harbour</a> <a href="/t/islands/">Islands</a></div>
</div>
<aside class="story-sidebar"><section class="most-read"><h3>Most read</h3><ol>{links("most-read", 40, 8)}</ol></section>
<div class="ad-slot ad-mpu"><iframe src="https://ads.example/slot/2"></iframe></div>
<section class="most-shared"><h3>Most shared</h3><ol>{links("most-shared", 40, 8)}</ol></section></aside>
</div>
<section class="related-stories"><h2>More on this story</h2>{cards}</section>
<section id="comments" class="comments-area"><h2>Comments</h2><ol class="comment-list">{comments}</ol>
<form class="comment-form"><textarea></textarea><button>Post</button></form></section>
</main>
<footer class="site-footer"><nav class="footer-links"><ul>{links("footer", 160, 2)}</ul></nav>
<p>© 2026 The Harbour Daily</p></footer>
<script src="/static/app.js"></script>
<script>{head_script.replace("config", "later")}</script>
</body>
</html>
"""
(out / "news-300k.html").write_text(page)
(out / "news-300k.expected.txt").write_text("\n".join(article_text) + "\n")
print(f"news-300k.html: {len(page.encode())} bytes", file=sys.stderr)
