<?php
// Awkward content for the wpnews test bed: the things real WordPress sites have that
// readers trip over. Inserted by seed.php after everything in site.php and posts.php, so
// the ids of that content never change (attachments 1-7, posts 8-56, pages 57-61); what is
// here gets the ids after them, in this order. Same keys as site.php and posts.php.
// All names, places and text are invented.
//
//   - how-our-flood-alert-bot-works: a code block with a ~200-character line and
//     tab-indented lines (a Makefile), and a preformatted block with a long line
//   - poetry-corner-low-water: a verse block whose lines start with meaningful spaces
//   - rowing-club-volunteers-rebuild-boathouse: the only post in the Community tree
//     (community > clubs > river-rowing-club, community > volunteering), filed in both
//     children and the grandchild, so "adding up the children" counts it three times
//   - subscribers-q-and-a-with-the-editor: password 'heron1911', with approved, threaded comments
//   - year-in-review-thirty-subjects: filed in 30 categories (children of "Topics")
//   - from-the-archive-*: 288 tags of people's names (most on one post, a few on two or
//     three); with the other new tags the site has 400 tags, most used once
//   - the page 'περιεχόμενο' (WordPress stores the slug %-encoded)
//   - the page 'letters-to-the-editor', with approved, threaded comments
//   - ferry-questions-answered: blocks readers lose (accordions of details and of buttons,
//     a search block, math with and without TeX, footnotes of the block editor and of a
//     word processor, a cover with a decorative background)
//   - the-ferry-companys-new-badge: a small picture (120x90, 'files' below), drawn at its
//     own size rather than the width of the text
//   - ferry-badge-readers-write-in: links to another post of the site (with tracking
//     parameters and a fragment), to a page of the site ({{home}} is the site's address),
//     and to another host with the same path

// A closure, so that its variables do not leak into seed.php, which requires this file.
return (function () {
$first = array('Ada', 'Agnes', 'Albert', 'Alma', 'Amos', 'Arthur', 'Beatrice', 'Bertha', 'Clara', 'Cyril',
    'Dora', 'Edgar', 'Edith', 'Elsie', 'Ernest', 'Esther', 'Florence', 'Frank', 'Gertrude', 'Harold',
    'Hazel', 'Herbert', 'Ida', 'Irene', 'Jasper', 'Lena', 'Leonard', 'Mabel', 'Maud', 'Myrtle',
    'Norman', 'Otis', 'Percy', 'Rosa', 'Stanley', 'Walter');
$last = array('Ashby', 'Barlow', 'Birch', 'Brennan', 'Calloway', 'Coyle', 'Crane', 'Dunmore', 'Ellery', 'Fairweather',
    'Finch', 'Galloway', 'Hartwell', 'Hollis', 'Ingram', 'Keane', 'Larkin', 'Lowry', 'Marsh', 'Mercer',
    'Nettleton', 'Oakes', 'Pemberton', 'Quill', 'Radley', 'Rook', 'Sallow', 'Thorne', 'Tilney', 'Upton',
    'Varley', 'Wade', 'Whitlock', 'Winslow', 'Yardley', 'Lindqvist');

// 288 distinct people (8 surnames for each first name), spread over the four archive posts:
// each on one post, every 9th also on the next, every 32nd also on the one after that.
$archive_tags = array(array(), array(), array(), array());
for ($i = 0; $i < 288; $i++) {
    $a = $i % 36;
    $b = ($a * 5 + intdiv($i, 36)) % 36;
    $slug = strtolower($first[$a] . '-' . $last[$b]);
    $archive_tags[$i % 4][] = $slug;
    if ($i % 9 === 0) {
        $archive_tags[($i + 1) % 4][] = $slug;
    }
    if ($i % 32 === 0) {
        $archive_tags[($i + 2) % 4][] = $slug;
    }
}

$topics = array(
    'accessibility' => 'Accessibility', 'agriculture' => 'Agriculture', 'animals' => 'Animals',
    'architecture' => 'Architecture', 'bicycling' => 'Bicycling', 'business' => 'Business',
    'charity' => 'Charity', 'climate' => 'Climate', 'courts' => 'Courts', 'elections' => 'Elections',
    'energy' => 'Energy', 'faith' => 'Faith', 'fishing' => 'Fishing', 'gardening' => 'Gardening',
    'health' => 'Health', 'heritage' => 'Heritage', 'housing' => 'Housing', 'immigration' => 'Immigration',
    'labour' => 'Labour', 'libraries' => 'Libraries', 'music' => 'Music', 'nature' => 'Nature',
    'nightlife' => 'Nightlife', 'property' => 'Property', 'public-safety' => 'Public Safety',
    'retail' => 'Retail', 'seniors' => 'Seniors', 'tourism' => 'Tourism', 'transport' => 'Transport',
    'youth' => 'Youth',
);

$categories = array(
    'community' => array('Community', null, 'Clubs, societies and the people who keep Riverside running for free.'),
    'clubs' => array('Clubs', 'community', 'From the chess club to the Tamsin swimmers.'),
    'river-rowing-club' => array('River Rowing Club', 'clubs', 'News from the boathouse below the Front Street bridge.'),
    'volunteering' => array('Volunteering', 'community', 'Where to help, and the people who already do.'),
    'topics' => array('Topics', null, 'Every subject we cover, one category each.'),
);
foreach ($topics as $slug => $name) {
    $categories[$slug] = array($name, 'topics', "Stories about " . strtolower($name) . " in Riverside.");
}

$archive = array(
    array('1911', '1935', 'd310 10:00', 'The first instalment of our centenary index starts with the four-page weekly printed above the hardware store: the ferrymen, the cannery foremen, the first woman on the school board and the family who ran the Grange Hall dances.'),
    array('1936', '1960', 'd305 10:00', 'The second instalment covers the Depression soup kitchen at the Old Quay, the 1952 flood that left its line on the mill wall, and the volunteers who kept the ferry running when the bridge was shut.'),
    array('1961', '1985', 'd300 10:00', 'The third instalment takes in the closing of the Hartwell cannery, the fight over the bypass, the first Greek festival in the square and a long list of Herons who played on Friday nights.'),
    array('1986', '2010', 'd295 10:00', 'The last instalment reaches the years many readers remember: the new library, the first farmers market at the Old Quay, and the council meetings that ran past midnight even then.'),
);

$posts = array(

    array(
        'slug' => 'how-our-flood-alert-bot-works',
        'title' => 'How our flood alert texts work, down to the Makefile',
        'author' => 'mlin',
        'when' => 'd47 11:00',
        'cats' => array('news', 'climate'),
        'tags' => array('open-data', 'flood-alerts', 'code', 'makefiles', 'text-messages'),
        'excerpt' => 'Four hundred readers get a text when the Tamsin passes flood stage. The whole system is one small Makefile, and we are publishing it.',
        'body' => <<<'TXT'
Since the spring floods, about four hundred readers have signed up for a text message when the river at Front Street passes 3.8 metres. Several asked how it works. The honest answer is: a small computer under a desk in the newsroom runs this Makefile every fifteen minutes.

<!-- wp:code -->
<pre class="wp-block-code"><code># gauge-alerts/Makefile: fetch the last hour of readings, text subscribers when the river is high.
# Recipes must be indented with tabs, which is why this file has them.
FEED = https://gauges.riverside.example/api/v1/stations/FRST/readings
LIMIT = 3.8

.PHONY: check clean

check: readings.csv
	@awk -F, -v limit=$(LIMIT) 'NR &gt; 1 &amp;&amp; $$3 &gt;= limit { print $$1 " " $$3; high = 1 } END { exit !high }' readings.csv &gt; alerts.txt \
		&amp;&amp; ./send-alert --to subscribers.txt --template "The Tamsin is at {level} m at Front Street. Move cars from the Old Quay car park." \
		|| true

readings.csv:
	curl --silent --compressed --fail --retry 3 --max-time 20 -o $@ '$(FEED)?since=$(shell date -u -d "-1 hour" +%Y-%m-%dT%H:%M:%SZ)&amp;format=csv&amp;fields=time,station,level,quality,source,datum,battery_volts,rain_mm'

clean:
	rm -f readings.csv alerts.txt</code></pre>
<!-- /wp:code -->

The feed itself is plain text. This is what the city's gauge sends, exactly as it arrives, including a status line that nobody has shortened since the system was installed:

<!-- wp:preformatted -->
<pre class="wp-block-preformatted">STATION  TIME (UTC)         LEVEL    TREND    QUALITY
FRST     2024-03-14 06:15   3.41 m   rising   good
MLBK     2024-03-14 06:15   1.91 m   steady   good
STATUS: FRST radar sensor operating on backup battery since 2024-03-12 22:40 UTC; readings between 3.0 m and 4.0 m carry an uncertainty of plus or minus 4 cm until the mains supply to the Front Street bridge cabinet is restored by the utility</pre>
<!-- /wp:preformatted -->

If you would rather not get the texts any more, reply STOP. If you would like them, send RIVER to 555-0199.
TXT
    ),

    array(
        'slug' => 'rowing-club-volunteers-rebuild-boathouse',
        'title' => 'Rowing club and weekend volunteers rebuild the old boathouse',
        'author' => 'truiz',
        'when' => 'd54 16:00',
        'cats' => array('clubs', 'river-rowing-club', 'volunteering'),
        'tags' => array('boathouse', 'rowing', 'volunteer-days', 'open-days'),
        'body' => <<<'TXT'
The boathouse below the Front Street bridge has a roof again. Over six Saturdays, members of the River Rowing Club and about sixty volunteers from across town replaced the rotten timbers, rehung the big doors and repainted the club's name on the river side.

The club, founded in 1923, lost the use of the building after the spring floods. Volunteers who had never held an oar turned up with ladders, sandwiches and, in one case, a borrowed crane.

The club holds an open day on the first Sunday of next month. Anyone can try a boat; life jackets are provided.
TXT
    ),

    array(
        'slug' => 'subscribers-q-and-a-with-the-editor',
        'title' => 'Subscribers’ Q&A: the editor answers your questions (password protected)',
        'author' => 'admin',
        'when' => 'd38 12:00',
        'cats' => array('opinion'),
        'tags' => array('subscribers', 'q-and-a'),
        'password' => 'heron1911',
        'body' => <<<'TXT'
Every quarter our editor answers questions from subscribers. The password is in this week's subscriber newsletter.

Why did the crossword move? Because the print edition gained a page of letters, and the puzzle was the only thing small enough to go anywhere.

Will you ever print the Sunday bus timetable again? When there is a Sunday bus.
TXT,
        'comments' => array(
            array('c1', null, 'Walt Kearney', 'walt@example.com', 90, 'Will the crossword ever go back to page 12?'),
            array('c2', 'c1', 'Ledger Staff', 'admin', 130, 'Not this year, Walt. It is staying on page 14.'),
            array('c3', 'c2', 'Walt Kearney', 'walt@example.com', 150, 'Then I shall fold the paper differently.'),
            array('c4', null, 'Imani R.', 'imani@example.com', 300, 'Thank you for doing these. Could we have one every month?'),
        ),
    ),

    array(
        'slug' => 'year-in-review-thirty-subjects',
        'title' => 'The year in review: thirty subjects, one long read',
        'author' => 'soverg',
        'when' => 'd100 08:00',
        'cats' => array_keys($topics),
        'tags' => array('year-in-review'),
        'body' => <<<'TXT'
We file every story under the subjects it touches. This one touches all of them: a look back at a year in which the river rose twice, the council met forty-one times and the Herons finally made the playoffs.

## Where we were

Ramps went in at the library and the ferry landing. Two farms joined the Old Quay market. A courtroom moved into the old post office while the courthouse roof was fixed. The polling station on Hill Road ran out of pencils by noon.

## What we learned

That the town turns out for a flood, a pie contest and a budget vote, in that order. That the Grange Hall can hold three hundred people if none of them sit down. And that nobody, not even the fire department, remembers why the siren sounds at noon without looking it up.
TXT
    ),

    array(
        'slug' => 'poetry-corner-low-water',
        'title' => 'Poetry corner: “Low Water”',
        'author' => 'soverg',
        'when' => 'd66 09:30',
        'cats' => array('arts-culture'),
        'tags' => array('poetry', 'readers-write'),
        'excerpt' => 'A reader’s poem about the Old Quay at low tide, printed the way she wrote it: every space is hers.',
        'body' => <<<'TXT'
This month's poem comes from Hanne Solberg of Eastbank, who asked us to print it exactly as written. The spaces are part of the poem.

<!-- wp:verse -->
<pre class="wp-block-verse">Low water at the Old Quay,
    and the pilings stand up to their knees
        in what the river left behind:
            a bottle, a boot,
                a heron.

The river goes on without us,
  bend
      after
          bend
              after bend,
to a sea it has never seen.</pre>
<!-- /wp:verse -->

Send your poems to letters@riverside-ledger.example. We print one a month.
TXT
    ),

);

foreach ($archive as $n => list($from, $to, $when, $text)) {
    $posts[] = array(
        'slug' => "from-the-archive-$from-$to",
        'title' => "From the archive: the names on our front pages, {$from}–{$to}",
        'author' => 'admin',
        'when' => $when,
        'cats' => array('heritage'),
        'tags' => array_merge(array('from-the-archive', 'centenary-index'), $archive_tags[$n]),
        'body' => "Our centenary index lists every person named on a Ledger front page. Each name is a tag: follow one to see every story that person appears in.\n\n$text\n\nSpotted a relative? Tell us their story at letters@riverside-ledger.example.",
    );
}

$posts[] = array(
    'slug' => 'ferry-questions-answered',
    'title' => 'Ferry questions, answered',
    'author' => 'soverg',
    'when' => 'd120 11:00',
    'cats' => array('heritage'),
    'tags' => array('open-data'),
    'body' => <<<'TXT'
Every summer readers ask us the same questions about the Old Quay ferry. Here are the answers, the operator's fare formula, and a few footnotes.

<!-- wp:html -->
<details class="wp-block-details"><summary>What does the ferry cost?</summary><p>Two dollars each way; children under twelve ride free.</p></details>
<!-- /wp:html -->

<!-- wp:html -->
<div class="wp-block-accordion" role="group"><div class="wp-block-accordion-item"><h3 class="wp-block-accordion-heading"><button type="button" class="wp-block-accordion-heading__toggle" aria-expanded="false" aria-controls="ferry-panel-1"><span class="wp-block-accordion-heading__toggle-title">When does the first boat leave?</span><span class="wp-block-accordion-heading__toggle-icon" aria-hidden="true">+</span></button></h3><div id="ferry-panel-1" class="wp-block-accordion-panel" role="region"><p>At 6:15 on weekdays and 8:00 at weekends.</p></div></div></div>
<!-- /wp:html -->

<!-- wp:search {"label":"Search the Ledger","buttonText":"Find"} /-->

<!-- wp:paragraph -->
<p>The crossing time at river speed: <math display="inline"><semantics><mrow><mi>t</mi><mo>=</mo><mfrac><mi>d</mi><mrow><mi>v</mi><mo>+</mo><mi>c</mi></mrow></mfrac></mrow><annotation encoding="application/x-tex">t = \frac{d}{v + c}</annotation></semantics></math>. The fare for a group: <math><msub><mi>F</mi><mi>n</mi></msub><mo>=</mo><mn>2</mn><msup><mi>n</mi><mn>0.9</mn></msup></math>.</p>
<!-- /wp:paragraph -->

<!-- wp:paragraph -->
<p>The crossing opened in 1911.<sup data-fn="b7e1c2" class="fn"><a href="#b7e1c2" id="b7e1c2-link">1</a></sup> The timetable last changed in 1952.<sup><a href="#_ftn2" name="_ftnref2">[2]</a></sup></p>
<!-- /wp:paragraph -->

<!-- wp:html -->
<ol class="wp-block-footnotes"><li id="b7e1c2">The first boat was a rowing boat. <a href="#b7e1c2-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>
<!-- /wp:html -->

<!-- wp:paragraph -->
<p><a href="#_ftnref2" name="_ftn2">[2]</a> After the flood took the old landing.</p>
<!-- /wp:paragraph -->

<!-- wp:html -->
<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><img class="wp-block-cover__image-background" alt="" src="{{url:market}}" data-object-fit="cover"/><div class="wp-block-cover__inner-container"><p class="has-text-align-center">Saturday at the Old Quay</p></div></div>
<!-- /wp:html -->
TXT
);

$posts[] = array(
    'slug' => 'the-ferry-companys-new-badge',
    'title' => "The ferry company's new badge",
    'author' => 'soverg',
    'when' => 'd121 09:00',
    'cats' => array('heritage'),
    'tags' => array('open-data'),
    'body' => <<<'TXT'
The Old Quay Ferry Company has a new badge for its boats and tickets, drawn by a pupil at Riverside High.

<!-- wp:image {"width":120,"height":90,"sizeSlug":"full"} -->
<figure class="wp-block-image size-full is-resized"><img src="{{upload:ledger-ferry-badge.png}}" alt="The ferry company's badge: blue and gold squares" width="120" height="90"/></figure>
<!-- /wp:image -->

The badge will be painted on both boats before the summer timetable starts.
TXT
);

$posts[] = array(
    'slug' => 'ferry-badge-readers-write-in',
    'title' => 'Readers write in about the ferry badge',
    'author' => 'soverg',
    'when' => 'd120 09:00',
    'cats' => array('heritage'),
    'tags' => array('open-data'),
    'body' => <<<'TXT'
Our story on <a href="{{home}}/the-ferry-companys-new-badge/?utm_source=ledger-newsletter&utm_medium=email#badge">the ferry company's new badge</a> brought a sackful of post. Some of it is on our <a href="{{home}}/letters-to-the-editor/">letters page</a>.

The ferry company keeps its own page about the badge at <a href="https://ferries.example/the-ferry-companys-new-badge/">ferries.example</a>.
TXT
);

return array(
    'categories' => $categories,
    'tag_names' => array(
        'open-data' => 'Open Data',
        'text-messages' => 'Text Messages',
        'q-and-a' => 'Q&A',
    ),
    'posts' => $posts,
    // Pictures written to the uploads folder without an attachment, so that no id moves:
    // file => [width, height, pattern, colour, colour], shown in a post as {{upload:FILE}}.
    'files' => array(
        'ledger-ferry-badge.png' => array(120, 90, 'checks', array(30, 60, 140), array(230, 180, 40)),
    ),
    'pages' => array(
        'περιεχόμενο' => array('Περιεχόμενο στα ελληνικά', null, 4, <<<'TXT'
Η Riverside Ledger δημοσιεύει κάθε μήνα ειδήσεις στα ελληνικά για την ελληνική κοινότητα της πόλης: το πανηγύρι στην πλατεία, τα σχολεία, το δημοτικό συμβούλιο.

<em>In English:</em> Every month the Ledger publishes news in Greek for the town's Greek community. Write to us in Greek or English at letters@riverside-ledger.example.
TXT
        ),
        'letters-to-the-editor' => array('Letters to the editor', null, 5, <<<'TXT'
Write to the Ledger about anything you read in it. We print a selection every Saturday; readers also answer each other below.
TXT
            , array(
                array('l1', null, 'Marguerite Olsen', 'marguerite@example.com', 60, 'Please bring back the tide table on page two.'),
                array('l2', 'l1', 'Ledger Staff', 'admin', 90, 'It is back from next Saturday, Marguerite.'),
                array('l3', 'l2', 'Marguerite Olsen', 'marguerite@example.com', 120, 'Then I shall renew my subscription.'),
                array('l4', null, 'Dev Patel', 'dev@example.com', 200, 'Letters should be shorter than the stories they answer.'),
            ),
        ),
    ),
);
})();
