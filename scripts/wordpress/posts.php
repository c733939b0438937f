<?php
// Posts for the wpnews test bed, oldest first (inserted in this order, so ids
// are stable from one seed to the next). All text is invented for this project.
//
// Keys:
//   slug, title, author (user login), cats (category slugs), tags (tag slugs)
//   when      'dN HH:MM'  N days before today (UTC), at HH:MM
//             'today F'   fraction F of the part of today that is older than an hour
//             'mN'        N minutes ago
//   modified  minutes after the post date for post_modified (capped at now-1 min);
//             without it, post_modified = post_date
//   body      blank-line separated chunks: '## ', '### ', '#### ' make headings,
//             a chunk starting with '<' is raw block markup, anything else a paragraph.
//             {{url:KEY}} / {{id:KEY}} are replaced with an image's URL / attachment id.
//   excerpt, thumb (image key), sticky, password, raw_title (set with $wpdb,
//   bypassing kses), comments: [key, parent key|null, name, email|user login, minutes after post, text]
//
// Passwords of the protected posts: 'letmein' (members-only-draft-ferry-timetable, id 37,
// no comments) and 'heron1911' (subscribers-q-and-a-with-the-editor in awkward.php, with
// threaded comments). awkward.php holds the content added later (after the pages, so the
// ids here stay as they are): code, verse and preformatted blocks, the Community and
// Topics categories, a post in 30 categories, 300 more tags and a page with a Greek slug.

return array(

    array(
        'slug' => 'the-ledgers-new-website-is-live',
        'title' => "The Ledger's new website is live",
        'author' => 'admin',
        'when' => 'd290 11:00',
        'cats' => array('news'),
        'tags' => array('ledger-news', 'website', 'announcements'),
        'body' => <<<'TXT'
After three years of patching the old site together with tape and good intentions, The Riverside Ledger has a new home on the web. Stories load faster, work on phones, and every article now has a feed you can follow.

Print subscribers keep their Thursday paper. Nothing about the print edition changes except the page numbers for the crossword, which moved to page 14.

Tell us what breaks. The address is at the bottom of every page.
TXT
    ),

    array(
        'slug' => 'council-approves-bridge-repair-plan',
        'title' => 'Council approves $4.2 million bridge repair plan',
        'author' => 'jokafor',
        'when' => 'd270 16:40',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'budget', 'bridges', 'front-street', 'infrastructure', 'tamsin-river'),
        'thumb' => 'bridge',
        'body' => <<<'TXT'
The Front Street bridge will close to trucks for most of next year while crews replace corroded girders, the city council decided on Tuesday in a 6–1 vote.

The $4.2 million plan is paid for mostly by a state grant. The city's share, about $900,000, comes from the road reserve, which Finance Director Hal Brennan said would "run thin, but not dry."

Cars and bicycles will keep one lane in each direction during the work. Councillor Rosa Dimitriou, the lone no vote, said the city should have asked for a second bid.
TXT
    ),

    array(
        'slug' => 'herons-open-season-with-win-over-lakeport',
        'title' => 'Herons open football season with 28–14 win over Lakeport',
        'author' => 'truiz',
        'when' => 'd250 21:30',
        'cats' => array('football'),
        'tags' => array('riverside-high', 'herons', 'football-season', 'lakeport'),
        'thumb' => 'stadium',
        'body' => <<<'TXT'
Riverside High's new quarterback, junior Dev Castellanos, threw for two touchdowns and ran for a third as the Herons beat Lakeport 28–14 in the season opener on Friday night.

Lakeport led 14–7 at half-time. The Herons' defence then allowed just 41 yards in the second half, and linebacker Ama Boateng recovered a fumble on the Lakeport 12 to set up the go-ahead score.

"We were flat for a half," coach Pete Lindqvist said. "Then we remembered it's football and not a fashion show."
TXT,
        'comments' => array(
            array('c1', null, 'Greg from Eastbank', 'greg@example.com', 95, 'Best opener in years. That second half was something else.'),
            array('c2', 'c1', 'Lorna P.', 'lorna@example.com', 130, 'Agreed, though the first half made me want to go home early.'),
            array('c3', 'c2', 'Greg from Eastbank', 'greg@example.com', 160, 'Good thing you stayed!'),
            array('c4', null, 'Tomás Ruiz', 'truiz', 200, 'Thanks for reading, all. Full stats are in Thursday\'s paper.'),
        ),
    ),

    array(
        'slug' => 'robotics-team-heads-to-state-finals',
        'title' => 'Riverside High robotics team heads to state finals',
        'author' => 'mlin',
        'when' => 'd245 15:00',
        'cats' => array('schools'),
        'tags' => array('riverside-high', 'robotics', 'stem', 'students'),
        'body' => <<<'TXT'
A robot named Gerald, built mostly from bicycle parts and a donated lawnmower motor, has carried Riverside High's robotics club to the state finals for the first time.

The eight students on the team spent the summer in the school's metal shop. Their robot stacks crates faster than any other entry in the region, though it still cannot turn left without a running start.

The club is raising money for the trip with a bake sale outside the library on Saturday.
TXT
    ),

    array(
        'slug' => 'parks-and-recreation-unveils-trail-map',
        'title' => 'Parks & Recreation board unveils a new trail map',
        'author' => 'jokafor',
        'when' => 'd235 10:20',
        'cats' => array('news'),
        'tags' => array('parks', 'trails', 'city-council', 'maps'),
        'body' => <<<'TXT'
Riverside's Parks & Recreation board has published its first trail map in two decades, covering 23 miles of paths along the Tamsin and up into the Millbrook woods.

The map marks toilets, water fountains and the three places where the riverside path floods after heavy rain. Printed copies are free at City Hall and the library.

The board asked the city council for $15,000 to replace missing signposts. Council will take up the request next month.
TXT
    ),

    array(
        'slug' => 'opinion-our-library-deserves-longer-hours',
        'title' => 'Opinion: Our library deserves longer hours',
        'author' => 'soverg',
        'when' => 'd220 08:00',
        'cats' => array('opinion'),
        'tags' => array('library', 'city-council', 'budget'),
        'body' => <<<'TXT'
The Riverside Public Library closes at 5 p.m. on weekdays. That is exactly when most people who work for a living could finally use it.

The city council cut evening hours eight years ago to save money during a bad budget year. The bad year ended. The evening hours never came back.

Opening until 8 p.m. three nights a week would cost about as much as the council spends on hanging baskets along Front Street. The flowers are lovely. The library is lovelier.
TXT
    ),

    array(
        'slug' => 'farmers-market-returns-to-old-quay',
        'title' => 'Farmers market returns to Old Quay with 40 stalls',
        'author' => 'truiz',
        'when' => 'd205 09:45',
        'cats' => array('food-drink'),
        'tags' => array('farmers-market', 'old-quay', 'featured', 'local-farms'),
        'thumb' => 'market',
        'body' => <<<'TXT'
The Old Quay farmers market opened for the season on Saturday with 40 stalls, its most ever, and a line for the cider press that stretched past the harbourmaster's hut.

New this year: a stall selling nothing but mushrooms, a knife sharpener who works while you shop, and a bench for people waiting on slow shoppers.

The market runs every Saturday from 8 a.m. to 1 p.m. until the end of October.
TXT
    ),

    array(
        'slug' => 'opinion-bring-back-the-sunday-bus',
        'title' => 'Opinion: Bring back the Sunday bus',
        'author' => 'soverg',
        'when' => 'd200 12:00',
        'cats' => array('opinion'),
        'tags' => array('transit', 'buses', 'city-council'),
        'body' => <<<'TXT'
On Sundays, Riverside has no buses at all. If you do not drive, the town simply ends at the edge of your street.

Restoring a single loop, every hour from 9 to 6, would cost less than one new snowplough. The city council should put it in next year's budget and see who rides.
TXT
    ),

    array(
        'slug' => 'council-debates-front-street-parking-meters',
        'title' => 'Council debates parking meters on Front Street',
        'author' => 'jokafor',
        'when' => 'd190 19:10',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'parking', 'downtown', 'front-street'),
        'body' => <<<'TXT'
Shop owners packed the council chamber on Monday to argue about parking meters, which Front Street has not had since 1994.

A city study found that drivers circle the block an average of four minutes looking for a space. Supporters say meters would free up spaces; opponents say they would send shoppers to the mall in Lakeport.

No vote was taken. The council asked staff to come back with a plan for a six-month trial.
TXT
    ),

    array(
        'slug' => 'review-the-tempest-grange-hall',
        'title' => 'Review: <em>The Tempest</em> floods the Grange Hall stage',
        'author' => 'mlin',
        'when' => 'd176 22:05',
        'cats' => array('arts-culture'),
        'tags' => array('theater', 'grange-hall', 'reviews', 'featured'),
        'body' => <<<'TXT'
The Riverside Players have built a working rain machine for their production of <em>The Tempest</em>, and they are not shy about using it. The first three rows of the Grange Hall are issued ponchos.

Beneath the spray there is a thoughtful, funny show. Ines Varga plays Prospero as a tired grandmother who would rather be gardening, and the shipwrecked nobles arrive soaked and furious, which helps.

<em>The Tempest</em> runs Thursday to Sunday for three more weeks. Tickets are $12, or $6 if you bring your own umbrella.
TXT,
        'comments' => array(
            array('c1', null, 'Bea Nakamura', 'bea@example.com', 600, 'Saw it last night. The rain machine is the best actor in the cast.'),
            array('c2', 'c1', 'Ines Varga', 'ines@example.com', 700, 'As the person standing under it every night, I would like a word with that machine.'),
            array('c3', 'c2', 'Bea Nakamura', 'bea@example.com', 760, 'Ha! You were wonderful, truly.'),
            array('c4', 'c3', 'Mei Lin', 'mlin', 800, 'The ponchos are a nice touch too.'),
            array('c5', null, 'Dan W.', 'dan@example.com', 1500, 'Is there a matinee on Sunday?'),
            array('c6', 'c5', 'Mei Lin', 'mlin', 1560, 'Yes, at 2 p.m.'),
        ),
    ),

    array(
        'slug' => 'heat-advisory-cooling-centres-open',
        'title' => 'Heat advisory: cooling centres open at three locations',
        'author' => 'jokafor',
        'when' => 'd160 07:30',
        'cats' => array('weather', 'news'),
        'tags' => array('heat', 'public-health', 'library', 'city-council'),
        'body' => <<<'TXT'
Temperatures are expected to pass 36°C on Wednesday and Thursday. The city has opened cooling centres at the library, the Eastbank community centre and the Grange Hall, each from 10 a.m. to 8 p.m.

Check on older neighbours, keep pets indoors and drink water before you feel thirsty. The council approved extra overtime for the centres' staff at an emergency meeting on Monday.
TXT
    ),

    array(
        'slug' => 'school-board-weighs-four-day-week',
        'title' => 'School board weighs a four-day week',
        'author' => 'mlin',
        'when' => 'd150 18:00',
        'cats' => array('schools'),
        'tags' => array('school-board', 'riverside-high', 'budget', 'teachers'),
        'body' => <<<'TXT'
The Riverside school board is studying a four-day school week, with longer days, as a way to recruit teachers and save on buses.

Parents at Tuesday's meeting were split. Some welcomed a free Friday; others asked who would look after their children.

The board will survey families this spring and decide by June.
TXT
    ),

    array(
        'slug' => 'field-guide-tamsin-river-flood-gauges',
        'title' => "A field guide to the Tamsin River's flood gauges",
        'author' => 'mlin',
        'when' => 'd140 09:00',
        'modified' => 4320,
        'cats' => array('news', 'weather'),
        'tags' => array('flooding', 'tamsin-river', 'data', 'explainer', 'featured'),
        'thumb' => 'river',
        'excerpt' => 'Four gauges, three flood stages and one very old stick painted on the side of the mill: how to read the numbers that tell Riverside when the Tamsin is coming over its banks.',
        'body' => <<<'TXT'
Every spring the same question arrives in our inbox: <em>how high is the river, and should I move the car?</em> The answer lives in four gauges along the Tamsin. Here is how to read them, with the <strong>data</strong> the city publishes and a few things it does not.

<!-- wp:image {"id":{{id:river}},"sizeSlug":"full","linkDestination":"none"} -->
<figure class="wp-block-image size-full"><img src="{{url:river}}" alt="Mist over a wide river with low hills behind" class="wp-image-{{id:river}}"/><figcaption class="wp-element-caption">The Tamsin at first light. The Front Street gauge is on the far pier.</figcaption></figure>
<!-- /wp:image -->

## Where the gauges are

<!-- wp:list -->
<ul><li>Upstream<ul><li>Millbrook weir<ul><li>Automatic since 2009</li><li>Reports every 15 minutes</li></ul></li><li>Hartwell cannery dock</li></ul></li><li>In town<ul><li>Front Street bridge<ul><li>The official gauge for flood warnings</li><li>Has a painted stick you can read from the pavement</li></ul></li><li>Old Quay</li></ul></li></ul>
<!-- /wp:list -->

### Flood stages at Front Street

<!-- wp:table -->
<figure class="wp-block-table"><table><thead><tr><th>Stage</th><th>Level (m)</th><th>What happens</th></tr></thead><tbody><tr><td>Action</td><td>3.2</td><td>Riverside path closes below the bridge</td></tr><tr><td>Minor</td><td>3.8</td><td>Water on Quay Street and in the Old Quay car park</td></tr><tr><td>Major</td><td>4.6</td><td>Evacuation advised for the lowest Eastbank streets</td></tr><tr><td colspan="2">Record (1952)</td><td>5.9 m: the line painted on the mill wall</td></tr></tbody><tfoot><tr><td colspan="3">Levels are metres above the gauge datum, not above sea level.</td></tr></tfoot></table><figcaption class="wp-element-caption">Source: Riverside emergency management office.</figcaption></figure>
<!-- /wp:table -->

#### Reading the raw feed

The city publishes readings as plain text. Each line is a station code, a timestamp in UTC and a level in metres. Lines are long, and the format has not changed since the last century:

<!-- wp:code -->
<pre class="wp-block-code"><code>FRST 2024-03-14T06:15:00Z 3.412 m  OK  src=radar-v2  note="reading taken from the downstream face of pier 2, corrected for bridge scour survey of the previous autumn"
MLBK 2024-03-14T06:15:00Z 1.907 m  OK  src=float     note=""
curl -s 'https://gauges.riverside.example/api/v1/stations/FRST/readings?since=2024-03-14T00:00:00Z&amp;format=csv&amp;fields=time,level,quality,source' | tail -n 1</code></pre>
<!-- /wp:code -->

## What the numbers mean

<!-- wp:html -->
<dl><dt>Stage</dt><dd>The height of the water surface above a fixed point at the gauge, called the datum.</dd><dt>Flow</dt><dd>How much water passes per second, in cubic metres (m<sup>3</sup>/s). Calculated from the stage, not measured.</dd><dt>Crest</dt><dd>The highest level a flood reaches before the water starts to fall.</dd></dl>
<!-- /wp:html -->

The key figure is the stage at Front Street. When it passes <mark>3.8 m</mark>, expect water on Quay Street within a few hours. The old advice to watch for <del>four</del> <ins>five</ins> bricks showing on the mill wall still works, roughly.

<!-- wp:quote -->
<blockquote class="wp-block-quote"><p>The river gives you a day's warning if you know where to look. Most people look at the sky instead.</p><cite>Marta Keane, Riverside emergency manager</cite></blockquote>
<!-- /wp:quote -->

<!-- wp:pullquote -->
<figure class="wp-block-pullquote"><blockquote><p>Water on Quay Street at 3.8 metres. Every time.</p><cite>Harbourmaster’s log, 1987–2023</cite></blockquote></figure>
<!-- /wp:pullquote -->

### What to do

<!-- wp:list {"ordered":true} -->
<ol><li>Sign up for text alerts at City Hall.</li><li>Move cars from the Old Quay car park when the stage passes 3.2 m.<ol><li>Eastbank residents: use the school lot on Hill Road.<ol><li>It opens automatically during a flood warning.</li><li>Leave your keys with a neighbour if you will be away.</li></ol></li><li>Everyone else: the Grange Hall lot.</li></ol></li><li>Keep a bag packed for the night the river beats the forecast.</li></ol>
<!-- /wp:list -->

Still confused? Press <kbd>Ctrl</kbd>+<kbd>F</kbd> on the city's <a href="https://gauges.riverside.example/">gauge page</a> and search for <code>FRST</code>, or check the flood-prone paths on the <a href="/parks-and-recreation-unveils-trail-map/">new trail map</a>. Water is H<sub>2</sub>O either way; the <abbr title="National Weather Office">NWO</abbr> forecast is the best guide to how much more is coming.
TXT
    ),

    array(
        'slug' => 'council-votes-to-study-composting-pilot',
        'title' => 'Council votes 5–2 to study a downtown composting pilot',
        'author' => 'jokafor',
        'when' => 'd130 20:15',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'recycling', 'downtown', 'environment'),
        'body' => <<<'TXT'
Restaurants on Front Street could soon have their food scraps collected twice a week and turned into compost for the city's parks, under a pilot the council agreed to study on Tuesday.

The study will cost $8,000. The two councillors who voted against it said the city already pays for a study of everything and acts on very little.
TXT
    ),

    array(
        'slug' => 'youth-league-names-coaches',
        'title' => 'Youth league names coaches for the fall season',
        'author' => 'truiz',
        'when' => 'd120 17:00',
        'cats' => array('youth-league'),
        'tags' => array('youth-sports', 'football-season', 'volunteers', 'coaches'),
        'body' => <<<'TXT'
The Riverside Youth Football League has named coaches for all eight of its teams, including three parents coaching for the first time.

Every coach completes a concussion course before the first practice. Registration stays open until the end of the month; fees are waived for any family that asks.
TXT
    ),

    array(
        'slug' => 'greek-festival-in-the-square',
        'title' => 'Ελληνικό πανηγύρι στην πλατεία: μουσική, χορός και λουκουμάδες',
        'author' => 'soverg',
        'when' => 'd112 13:00',
        'cats' => array('arts-culture', 'food-drink'),
        'tags' => array('festivals', 'greek-community', 'community', 'greek'),
        'body' => <<<'TXT'
Το Σάββατο η πλατεία του Riverside γέμισε μουσική από μπουζούκια και μυρωδιές από λουκουμάδες με μέλι. Η ελληνική κοινότητα της πόλης οργάνωσε το πανηγύρι για δέκατη χρονιά.

Πάνω από χίλιοι επισκέπτες χόρεψαν συρτάκι μέχρι τα μεσάνυχτα. «Κάθε χρόνο έρχεται περισσότερος κόσμος», είπε η Ελένη Παπαδάκη, μία από τις διοργανώτριες.

<em>In English:</em> More than a thousand people danced in the square until midnight at the tenth Greek festival, organised by the town's Greek community. Next year's festival is already booked for the second weekend of June.
TXT
    ),

    array(
        'slug' => 'mill-creek-clean-up',
        'title' => 'Mill Creek clean-up pulls two tonnes of rubbish from the water',
        'author' => 'mlin',
        'when' => 'd105 16:30',
        'cats' => array('news'),
        'tags' => array('mill-creek', 'volunteers', 'environment', 'tamsin-river'),
        'body' => <<<'TXT'
Two hundred volunteers in waders spent Saturday hauling shopping trolleys, tyres and a surprising number of garden gnomes out of Mill Creek, which feeds the Tamsin just above town.

The final count was just over two tonnes, including a safe, which was empty. The creek's friends group plans a second clean-up in the autumn.
TXT
    ),

    array(
        'slug' => 'council-extends-ferry-subsidy',
        'title' => 'Council extends ferry subsidy through spring',
        'author' => 'jokafor',
        'when' => 'd98 11:15',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'ferry', 'transit', 'budget', 'tamsin-river'),
        'body' => <<<'TXT'
The little ferry between Old Quay and Eastbank will keep running every half hour until May, after the council voted to extend its $60,000 subsidy.

Ridership is up a third since the bridge work began. The operator, Tamsin Ferries, says it needs a longer contract to replace its 40-year-old boat.
TXT
    ),

    array(
        'slug' => 'ask-the-ledger-noon-fire-siren',
        'title' => 'Ask the Ledger: why does the fire siren sound at noon?',
        'author' => 'soverg',
        'when' => 'd95 10:00',
        'cats' => array('news'),
        'tags' => array('ask-the-ledger', 'history', 'fire-department'),
        'body' => <<<'TXT'
Reader Ruth Abernathy asks why the siren on the fire station wails every day at noon.

It is a test. Since 1948 the fire department has sounded the siren at midday to make sure it works. In the 1950s shops on Front Street also used it to know when to close for lunch, and some older residents still set their watches by it.
TXT
    ),

    array(
        'slug' => 'mid-autumn-lantern-festival',
        'title' => '河畔市中秋灯会：三千盏灯照亮老码头',
        'author' => 'mlin',
        'when' => 'd90 20:00',
        'cats' => array('arts-culture'),
        'tags' => array('festivals', 'old-quay', 'chinese-community', '中秋节', 'featured'),
        'thumb' => 'lanterns',
        'body' => <<<'TXT'
星期六晚上，三千盏红灯笼沿着老码头一字排开，河畔市华人协会举办的中秋灯会吸引了两千多名市民。孩子们在河边猜灯谜，老人们分享自家做的月饼。

协会会长陈玉兰说：“我们希望每个人都能感受到团圆的温暖。”今年的月饼有莲蓉、豆沙，还有一种加了本地苹果的新口味。

<em>In English:</em> Three thousand red lanterns lined the Old Quay on Saturday night for the Mid-Autumn festival. Organisers say next year they will add a lantern-making workshop for children.
TXT,
        'comments' => array(
            array('c1', null, '王小明', 'xiaoming@example.com', 180, '灯笼太漂亮了！明年一定再来。'),
            array('c2', 'c1', '陈玉兰', 'yulan@example.com', 240, '谢谢支持！明年见 🥮'),
            array('c3', null, 'Priya S.', 'priya@example.com', 300, 'The apple mooncakes were a revelation.'),
        ),
    ),

    array(
        'slug' => 'planning-commission-continues-hartwell-cannery-hearing',
        'title' => 'Planning commission continues its hearing on the proposed mixed-use development at the former Hartwell cannery site until residents, the developer and the state transport office have reviewed each other\'s traffic studies',
        'author' => 'jokafor',
        'when' => 'd84 18:30',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'planning', 'hartwell-cannery', 'housing', 'traffic'),
        'body' => <<<'TXT'
The long title is, for once, the whole story. The planning commission met for four hours on Thursday and decided to meet again.

The developer wants to build 180 flats, shops and a small hotel on the derelict cannery site. Neighbours on River Road say the traffic study undercounts the lorries that already use the road. The commission will reopen the hearing once all three studies have been compared, probably in two months. The city council gets the final word.
TXT
    ),

    array(
        'slug' => 'letter-from-the-editor-crime-coverage',
        'title' => "Letter from the editor: why we're changing how we cover crime",
        'author' => 'admin',
        'when' => 'd77 09:00',
        'cats' => array('opinion'),
        'tags' => array('ledger-news', 'crime', 'ethics', 'announcements'),
        'excerpt' => 'Starting this month, the Ledger will stop naming people arrested for minor offences. Here is why.',
        'body' => <<<'TXT'
For as long as anyone here can remember, the Ledger has printed a weekly police log: every arrest, every name, every charge, however small.

Starting this month, we will stop naming people arrested for minor offences unless they are public officials or the case is of clear public interest. A name in the paper lasts forever online. A charge for an unpaid fine should not.

We will keep reporting on crime, and on the police. Our full ethics policy is on the About page.
TXT
    ),

    array(
        'slug' => 'library-opens-arabic-books-corner',
        'title' => 'مكتبة ريفرسايد تفتتح ركنًا للكتب العربية',
        'author' => 'mlin',
        'when' => 'd70 14:00',
        'cats' => array('arts-culture', 'news'),
        'tags' => array('library', 'arabic-community', 'books', 'city-council', 'community', 'arabic'),
        'body' => <<<'TXT'
افتتحت مكتبة ريفرسايد العامة يوم الأحد ركنًا جديدًا يضم أكثر من ستمائة كتاب باللغة العربية، من روايات وكتب أطفال وكتب طبخ. وقالت أمينة المكتبة سلمى حداد إن الفكرة جاءت من العائلات التي تزور المكتبة كل أسبوع.

وسيُقام نادٍ للقراءة باللغة العربية في أول خميس من كل شهر.

<em>In English:</em> The Riverside Public Library opened a corner of more than 600 Arabic books on Sunday, funded by a small grant from the city council. An Arabic reading club will meet on the first Thursday of each month.
TXT
    ),

    array(
        'slug' => 'herons-fall-in-the-rain-at-millbrook',
        'title' => 'Herons fall 21–17 in the rain at Millbrook',
        'author' => 'truiz',
        'when' => 'd63 21:45',
        'cats' => array('football'),
        'tags' => array('riverside-high', 'herons', 'football-season', 'millbrook'),
        'body' => <<<'TXT'
Three fumbles in a downpour cost the Herons their unbeaten record on Friday as Millbrook held on for a 21–17 win.

Castellanos threw for 180 yards, but two of the fumbles came inside the Millbrook 20. "You can't give a good team the ball back three times and expect to win," coach Lindqvist said. The Herons host Port Alder next week.
TXT
    ),

    array(
        'slug' => 'mill-creek-lab-report-decoded',
        'title' => 'Mill Creek lab report decoded: what is tetrachlorodibenzoparadioxinhexafluoropropylenepolytetrafluoroethylene?',
        'author' => 'mlin',
        'when' => 'd58 12:30',
        'cats' => array('news'),
        'tags' => array('mill-creek', 'environment', 'water-quality', 'data', 'tamsin-river'),
        'body' => <<<'TXT'
A line on the state's latest lab report for Mill Creek sediment reads, in full, "tetrachlorodibenzoparadioxinhexafluoropropylenepolytetrafluoroethylene: below detection limit". Several readers asked us what that is and whether they should worry.

It is not one chemical. The lab's software glues together the names of a family of compounds it tests for in a single run, because the field has a fixed width and no spaces. The result means none of them were found.

The full report is filed under a reference that is almost as long: MILLCREEK-SEDIMENT-Q3-COMPOSITE-SAMPLE-07-DOWNSTREAM-OF-HARTWELL-OUTFALL-REVISED. You can request it from the state environment office.
TXT
    ),

    array(
        'slug' => 'council-approves-budget-after-midnight-session',
        'title' => "Council approves next year's budget after a midnight session",
        'author' => 'jokafor',
        'when' => 'd51 23:40',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'budget', 'taxes', 'featured'),
        'excerpt' => 'A $38.6 million budget, a 1.9% property tax rise and evening library hours, approved at 12:40 a.m.',
        'body' => <<<'TXT'
At 12:40 a.m. on Wednesday, after five hours of debate and two cold pizzas, the Riverside city council approved a <strong>$38.6 million</strong> budget for next year by a vote of 4–3.

## What is in it

<!-- wp:table -->
<figure class="wp-block-table"><table><thead><tr><th>Department</th><th>This year</th><th>Next year</th><th>Change</th></tr></thead><tbody><tr><td>Police and fire</td><td>$14.1m</td><td>$14.6m</td><td>+3.5%</td></tr><tr><td>Roads and bridges</td><td>$6.2m</td><td>$7.0m</td><td>+12.9%</td></tr><tr><td>Parks and library</td><td>$3.3m</td><td>$3.5m</td><td>+6.1%</td></tr><tr><td>Everything else</td><td>$13.8m</td><td>$13.5m</td><td>−2.2%</td></tr><tr><th>Total</th><td colspan="2">$37.4m → $38.6m</td><td>+3.2%</td></tr></tbody></table></figure>
<!-- /wp:table -->

The library gets its evening hours back three nights a week, a change this newspaper has argued for. The Sunday bus does <em>not</em> return.

<!-- wp:quote -->
<blockquote class="wp-block-quote"><p>Nobody loves this budget. That is usually how you know it is about right.</p><cite>Mayor Linda Farrow</cite></blockquote>
<!-- /wp:quote -->

### Property taxes

The property tax rate rises by 1.9%, or about <strong><em>$4 a month</em></strong> for a typical house. Councillor Rosa Dimitriou called it "the smallest rise we could get away with"; Councillor Frank Osei called it "the largest rise we could get away with." Both voted no.
TXT,
        'comments' => array(
            array('c1', null, 'Marguerite Olsen', 'molsen@example.com', 420, 'Four dollars a month I can live with. Evening library hours, finally!'),
            array('c2', 'c1', 'Karl', 'karl@example.com', 480, 'It is never just four dollars. Wait for the water rates.'),
            array('c3', 'c2', 'Marguerite Olsen', 'molsen@example.com', 530, 'Karl, you say that every year.'),
            array('c4', 'c3', 'Karl', 'karl@example.com', 555, 'And every year I am right.'),
            array('c5', 'c4', 'Jane Okafor', 'jokafor', 600, 'For what it is worth, water rates are a separate vote later this year. We will cover it.'),
            array('c6', null, 'Sam Q.', 'samq@example.com', 900, 'What happened to the Sunday bus? That was the one thing I wanted.'),
        ),
    ),

    array(
        'slug' => 'snow-day-rules-how-the-district-decides',
        'title' => 'Snow day rules: how the district decides',
        'author' => 'mlin',
        'when' => 'd46 07:00',
        'cats' => array('schools', 'weather'),
        'tags' => array('school-board', 'snow', 'explainer'),
        'body' => <<<'TXT'
The call comes at 5:30 a.m. The superintendent drives three routes herself, one of them up Hill Road, and talks to the bus company and the road crews before deciding.

The rule of thumb: if the buses cannot get up Hill Road by 7, schools close. Families get a text by 6.
TXT
    ),

    array(
        'slug' => 'sister-city-delegation-visits',
        'title' => '姉妹都市・青川市から訪問団 🇯🇵 市長が歓迎',
        'author' => 'soverg',
        'when' => 'd40 10:30',
        'cats' => array('news'),
        'tags' => array('sister-city', 'japan', 'city-council', 'community'),
        'body' => <<<'TXT'
姉妹都市の青川市から十二人の訪問団が月曜日にリバーサイドに到着し、ファロー市長が市役所で歓迎しました。一行は一週間滞在し、学校や農場、旧波止場の市場を見学する予定です。

訪問団長の山田花子さんは「川のある町同士、学び合えることがたくさんあります」と話しました。

<em>In English:</em> A twelve-member delegation from Riverside's sister city, Aokawa, arrived on Monday for a week of visits to schools, farms and the Old Quay market. The city council hosts a dinner for them on Thursday.
TXT
    ),

    array(
        'slug' => 'opinion-the-bridge-plan-is-a-bargain',
        'title' => "Opinion: The bridge plan is a bargain — let's stop arguing and build it",
        'author' => 'soverg',
        'when' => 'd35 08:15',
        'cats' => array('opinion'),
        'tags' => array('bridges', 'city-council', 'infrastructure', 'front-street', 'tamsin-river'),
        'body' => <<<'TXT'
Every month that the Front Street bridge repair is delayed, the steel rusts a little more and the bill grows a little larger.

The state is paying most of it. The city council has already voted. The remaining arguments are about the colour of the railings. Pick one, and let the crews start.
TXT
    ),

    array(
        'slug' => 'members-only-draft-ferry-timetable',
        'title' => 'Members only: draft ferry timetable (password protected)',
        'author' => 'jokafor',
        'when' => 'd30 15:00',
        'cats' => array('news'),
        'tags' => array('ferry', 'transit', 'city-council'),
        'password' => 'letmein',
        'body' => <<<'TXT'
This is the draft timetable the ferry operator sent to the city council, shared with Ledger members before publication.

Weekdays: every 30 minutes from 6:30 a.m. to 9 p.m. Weekends: every hour from 8 a.m. to 8 p.m. The last Sunday boat leaves Eastbank at 7:40 p.m.
TXT
    ),

    array(
        'slug' => 'readers-photo-contest-river-shots',
        'title' => "Readers' photo contest: your best river shots 👍🏽📸",
        'author' => 'soverg',
        'when' => 'd26 12:00',
        'cats' => array('arts-culture'),
        'tags' => array('photography', 'contests', 'tamsin-river', 'featured'),
        'thumb' => 'heron',
        'body' => <<<'TXT'
We asked for your photographs of the Tamsin and you sent 412 of them. Here are the judges' favourites 👍🏽, chosen by a panel of two photographers and one very opinionated heron watcher.

<!-- wp:gallery {"linkTo":"none"} -->
<figure class="wp-block-gallery has-nested-images columns-default is-cropped"><!-- wp:image {"id":{{id:river}},"sizeSlug":"large","linkDestination":"none"} -->
<figure class="wp-block-image size-large"><img src="{{url:river}}" alt="Mist over a wide river with low hills behind" class="wp-image-{{id:river}}"/><figcaption class="wp-element-caption">First place: “Dawn”, by Aiyana Brooks</figcaption></figure>
<!-- /wp:image --><!-- wp:image {"id":{{id:heron}},"sizeSlug":"large","linkDestination":"none"} -->
<figure class="wp-block-image size-large"><img src="{{url:heron}}" alt="A grey heron standing on a wooden piling at low tide" class="wp-image-{{id:heron}}"/><figcaption class="wp-element-caption">Second place: “Patience”, by Olu Adeyemi</figcaption></figure>
<!-- /wp:image --><!-- wp:image {"id":{{id:lanterns}},"sizeSlug":"large","linkDestination":"none"} -->
<figure class="wp-block-image size-large"><img src="{{url:lanterns}}" alt="Red paper lanterns strung along a waterfront" class="wp-image-{{id:lanterns}}"/><figcaption class="wp-element-caption">Third place: “Festival night”, by Kim Haraldsen</figcaption></figure>
<!-- /wp:image --><figcaption class="blocks-gallery-caption wp-element-caption">The winners of this year’s contest. 🏆</figcaption></figure>
<!-- /wp:gallery -->

Our photographer talked through the winning shots in a short video:

<!-- wp:embed {"url":"https://www.youtube.com/watch?v=Rv5dLedger1","type":"video","providerNameSlug":"youtube","responsive":true,"className":"wp-embed-aspect-16-9 wp-has-aspect-ratio"} -->
<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">
https://www.youtube.com/watch?v=Rv5dLedger1
</div><figcaption class="wp-element-caption">Søren Øvergaard on the winning photographs (4 min).</figcaption></figure>
<!-- /wp:embed -->

The runners-up, in the classic gallery our old pages still use (a shortcode, not a block):

[gallery ids="{{id:heron}},{{id:lanterns}}" columns="2" size="full" link="file"]

All entries are on display at the library until the end of the month. 🎉
TXT
    ),

    array(
        'slug' => 'council-names-interim-city-manager',
        'title' => 'Council names an interim city manager',
        'author' => 'jokafor',
        'when' => 'd22 17:20',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'city-manager'),
        'body' => <<<'TXT'
Deputy city manager Oksana Petrenko will run Riverside's day-to-day business while the council searches for a permanent replacement for Gil Harmon, who retires at the end of the month after 14 years.

The council voted unanimously. A search firm will present candidates in the spring.
TXT
    ),

    array(
        'slug' => 'tamsin-valley-cc-night-classes',
        'title' => 'Tamsin Valley CC adds night classes in welding and nursing',
        'author' => 'mlin',
        'when' => 'd19 09:30',
        'cats' => array('schools'),
        'tags' => array('tamsin-valley-cc', 'jobs', 'education', 'adult-learning'),
        'body' => <<<'TXT'
Tamsin Valley Community College will offer evening courses in welding and practical nursing from January, aimed at people who cannot give up a day job to retrain.

Both programmes take about 18 months. The college says local employers have promised interviews to everyone who finishes.
TXT
    ),

    array(
        'slug' => 'herons-clinch-playoff-berth',
        'title' => 'Herons clinch a playoff berth with a last-second kick',
        'author' => 'truiz',
        'when' => 'd16 22:50',
        'cats' => array('football'),
        'tags' => array('riverside-high', 'herons', 'football-season', 'playoffs', 'featured'),
        'thumb' => 'stadium',
        'body' => <<<'TXT'
Sophomore kicker Lucía Ferreira made a 38-yard field goal as time expired to give the Herons a 24–23 win over Port Alder and their first playoff place in six years.

Ferreira, who joined the team from the soccer squad in August, had missed an extra point earlier in the quarter. "I just pretended it was a penalty," she said. The Herons play at Lakeport in the first round.
TXT
    ),

    array(
        'slug' => 'hostile-title-test',
        'title' => 'Hostile title test',
        'raw_title' => "Hostile \x1b[2J title \x1b]8;;http://evil/\x07 test",
        'author' => 'admin',
        'when' => 'd13 13:13',
        'cats' => array('news'),
        'tags' => array('testing'),
        'body' => <<<'TXT'
A note from the web desk: this headline deliberately contains terminal escape sequences (a screen clear and a hyperlink) so that we can check our feeds, and the apps that read them, handle them safely.

If your reader cleared its screen or showed you a link to somewhere odd, please tell us which app you use.
TXT
    ),

    array(
        'slug' => 'town-hall-on-water-rates',
        'title' => 'Council to hold a town hall on water rates',
        'author' => 'jokafor',
        'when' => 'd11 18:00',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'water', 'utilities', 'town-hall'),
        'body' => <<<'TXT'
Water bills could rise by 8% next year to pay for a new filter at the treatment plant. Before it votes, the council will hold a town hall at the Grange Hall on the 21st at 7 p.m.

Bring questions. Staff promise to explain why the old filter, installed in 1978, cannot be patched one more time.
TXT
    ),

    array(
        'slug' => 'family-day-at-riverside-park',
        'title' => 'Family Day at Riverside Park 👨‍👩‍👧‍👦: bouncy castles, a pie contest and 1,200 visitors',
        'author' => 'truiz',
        'when' => 'd9 16:00',
        'cats' => array('news'),
        'tags' => array('parks', 'families', 'community', 'pie'),
        'body' => <<<'TXT'
About 1,200 people came to Riverside Park on Sunday for the first Family Day since the park's playground was rebuilt 👨‍👩‍👧‍👦. There were two bouncy castles, a brass band and a pie contest with 31 entries.

The winner, a rhubarb and ginger pie by 11-year-old Noor Haddad, was described by one judge as "dangerously good". Noor says the recipe is a secret, "but it's mostly rhubarb."
TXT,
        'comments' => array(
            array('c1', null, 'Noor’s mum', 'haddad@example.com', 240, 'So proud of her! 🥧🏆'),
            array('c2', 'c1', 'Tomás Ruiz', 'truiz', 300, 'Congratulations to Noor. The judges are still talking about that pie. 👍🏽'),
        ),
    ),

    array(
        'slug' => 'tomas-kitchen-river-fish-stew',
        'title' => "Tomás's kitchen: a river-fish stew for a grey week",
        'author' => 'truiz',
        'when' => 'd8 19:00',
        'cats' => array('food-drink'),
        'tags' => array('recipes', 'fish', 'cooking'),
        'excerpt' => 'Smoked paprika, potatoes, whatever white fish the Old Quay boats bring in, and forty minutes. Serves four, or two very hungry people.',
        'body' => <<<'TXT'
When the sky over the Tamsin turns the colour of dishwater, I make this stew. It is forgiving, cheap and better the next day.

<!-- wp:list {"ordered":true} -->
<ol><li>Soften an onion and two cloves of garlic in olive oil.</li><li>Add a spoonful of smoked paprika, a tin of tomatoes and 500 g of potatoes cut small.</li><li>Cover with stock and simmer for 20 minutes.</li><li>Lay 600 g of white fish on top, cover, and cook for 8 minutes more.</li><li>Finish with parsley and lemon. Eat with bread.</li></ol>
<!-- /wp:list -->

Any firm white fish works. Ask at the quay what came in that morning.
TXT
    ),

    array(
        'slug' => 'overnight-storm-knocks-out-power',
        'title' => 'Overnight storm knocks out power to 3,000 homes',
        'author' => 'jokafor',
        'when' => 'd6 03:30',
        'modified' => 300,
        'cats' => array('weather', 'news'),
        'tags' => array('storms', 'power-outages', 'utilities', 'eastbank', 'city-council', 'tamsin-river'),
        'thumb' => 'storm',
        'body' => <<<'TXT'
Winds gusting to 110 km/h brought down trees and power lines across Riverside overnight, leaving about 3,000 homes without electricity, most of them in Eastbank.

Update, 8:30 a.m.: The utility says crews from three neighbouring towns are on their way. Schools are closed today. The city council will meet at noon in emergency session.
TXT
    ),

    array(
        'slug' => 'council-approves-emergency-tree-removal',
        'title' => 'Council approves emergency tree-removal contract',
        'author' => 'jokafor',
        'when' => 'd5 15:40',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'storms', 'trees', 'budget'),
        'body' => <<<'TXT'
The council approved a $240,000 emergency contract on Thursday to clear fallen trees from streets, parks and the riverside path.

The work comes out of the city's rainy-day fund, which, Finance Director Hal Brennan noted, is what it is for.
TXT
    ),

    array(
        'slug' => 'storm-recovery-where-to-get-help',
        'title' => 'Storm recovery: where to get help, drop off debris and report damage',
        'author' => 'jokafor',
        'when' => 'd4 10:00',
        'modified' => 2880,
        'sticky' => true,
        'cats' => array('news', 'weather'),
        'tags' => array('storms', 'resources', 'city-council', 'featured', 'power-outages', 'tamsin-river'),
        'thumb' => 'storm',
        'excerpt' => 'Everything in one place: debris drop-off, damage reports, emergency grants and who to call. We update this guide as things change.',
        'body' => <<<'TXT'
This guide is updated as the city announces new services. Last change: the Eastbank drop-off site now opens on Sunday too.

## Debris

<!-- wp:list -->
<ul><li>Branches and logs: the Eastbank depot on Mill Road, 8 a.m. to 6 p.m. daily.</li><li>Damaged furniture and appliances: put them at the kerb; city crews collect street by street.</li><li>Do <strong>not</strong> put storm debris in your regular bins.</li></ul>
<!-- /wp:list -->

## Report damage

Call City Hall on 555-0144 or use the form on the city's website. Photograph everything before you clean up: insurers and the state grant programme both ask for pictures.

## Money

The council has approved emergency grants of up to $2,000 per household for repairs not covered by insurance. Applications open at the library on Monday.
TXT,
        'comments' => array(
            array('c1', null, 'Hiroshi T.', 'hiroshi@example.com', 60, 'Is the Mill Road depot taking leaves, or only branches?'),
            array('c2', 'c1', 'Jane Okafor', 'jokafor', 90, 'Leaves too, bagged. We have added that to the guide.'),
            array('c3', 'c2', 'Hiroshi T.', 'hiroshi@example.com', 120, 'Thank you!'),
            array('c4', null, 'Fatima Z.', 'fatima@example.com', 400, 'The grant form asks for a council tax reference. Where do I find that?'),
            array('c5', 'c4', 'Ruth Abernathy', 'ruth@example.com', 450, 'It is on the top right of your tax bill, starting with RV.'),
            array('c6', 'c5', 'Fatima Z.', 'fatima@example.com', 470, 'Found it, thanks Ruth.'),
            array('c7', 'c6', 'Ruth Abernathy', 'ruth@example.com', 500, 'Any time. Good luck with the roof.'),
        ),
    ),

    array(
        'slug' => '',
        'title' => '',
        'author' => 'soverg',
        'when' => 'd3 07:10',
        'cats' => array('arts-culture'),
        'tags' => array('photography', 'old-quay', 'wildlife', 'tamsin-river'),
        'thumb' => 'heron',
        'body' => <<<'TXT'
<!-- wp:image {"id":{{id:heron}},"sizeSlug":"full","linkDestination":"none"} -->
<figure class="wp-block-image size-full"><img src="{{url:heron}}" alt="A grey heron standing on a wooden piling at low tide" class="wp-image-{{id:heron}}"/><figcaption class="wp-element-caption">Photo of the week: a heron waits out the tide beneath the Old Quay pilings.</figcaption></figure>
<!-- /wp:image -->
TXT
    ),

    array(
        'slug' => 'mayors-office-no-comment-ferry-contract',
        'title' => 'Mayor\'s office says "no comment" on the ferry contract',
        'author' => 'jokafor',
        'when' => 'd2 11:30',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'ferry', 'mayor', 'tamsin-river'),
        'body' => <<<'TXT'
Mayor Linda Farrow's office declined on Monday to say whether she supports a ten-year contract with Tamsin Ferries, days before the council votes on it.

"The mayor will make her views known at the meeting," a spokesperson said. Three councillors have said they will vote yes; three have said no.
TXT
    ),

    array(
        'slug' => 'review-quay-street-dumpling-bar',
        'title' => 'Review: the new dumpling bar on Quay Street is worth the queue',
        'author' => 'mlin',
        'when' => 'd2 19:45',
        'cats' => array('food-drink'),
        'tags' => array('restaurants', 'reviews', 'old-quay', 'cafes'),
        'body' => <<<'TXT'
There are eleven seats at Little Fold, the dumpling bar that opened in the old bait shop on Quay Street, and on a Friday night there are about forty people waiting for them.

The pork and chive dumplings are the ones to order; the vegetarian ones, with mushroom and smoked tofu, are nearly as good. Everything costs under $10. Bring cash, patience and a friend to hold your place.
TXT
    ),

    array(
        'slug' => 'youth-league-final-moves-indoors',
        'title' => 'Youth league final moves indoors after field flooding',
        'author' => 'truiz',
        'when' => 'd1 14:20',
        'cats' => array('youth-league'),
        'tags' => array('youth-sports', 'storms', 'playoffs', 'flooding', 'tamsin-river'),
        'body' => <<<'TXT'
The river fields are under half a metre of water, so Saturday's youth league final between the Otters and the Kingfishers will be played in the Tamsin Valley CC sports hall instead.

Kick-off stays at 10 a.m. Parking at the college is free; the league asks families to share cars.
TXT
    ),

    array(
        'slug' => 'council-agenda-five-things-to-watch',
        'title' => 'Council agenda: five things to watch tonight',
        'author' => 'jokafor',
        'when' => 'today 0.35',
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'explainer', 'ferry', 'water'),
        'body' => <<<'TXT'
Tonight's council meeting starts at 7 p.m. and could run late. Here is what to watch:

<!-- wp:list {"ordered":true} -->
<ol><li>The ten-year ferry contract, the big one.</li><li>Water rates, after last week's town hall.</li><li>More money for storm clean-up.</li><li>A new name for the riverside path.</li><li>Whether anyone mentions the Sunday bus.</li></ol>
<!-- /wp:list -->

We will cover the meeting live on this site.
TXT
    ),

    array(
        'slug' => 'school-lunches-go-local',
        'title' => 'School lunches go local as Eastbank farms sign supply deal',
        'author' => 'mlin',
        'when' => 'today 0.75',
        'cats' => array('schools', 'food-drink'),
        'tags' => array('school-board', 'eastbank', 'local-farms', 'farmers-market'),
        'body' => <<<'TXT'
Four farms in Eastbank will supply vegetables, eggs and apples to Riverside's school cafeterias from next month, under a deal the school board signed this morning.

The farms already sell at the Old Quay farmers market. The district says the deal costs about the same as its old wholesale contract, and the apples are better.
TXT
    ),

    array(
        'slug' => 'power-restored-to-last-eastbank-streets',
        'title' => 'Power restored to the last Eastbank streets, utility says',
        'author' => 'jokafor',
        'when' => 'm41',
        'modified' => 38,
        'cats' => array('news'),
        'tags' => array('power-outages', 'eastbank', 'utilities', 'storms'),
        'body' => <<<'TXT'
Electricity is back on Birch Lane and Ferry Road, the last streets in Eastbank still without power after last week's storm, the utility said this afternoon.

Update: a utility spokesperson says any household still without power should call the outage line rather than wait.
TXT
    ),

    array(
        'slug' => 'live-council-votes-on-ferry-contract',
        'title' => 'Live: council votes on the ferry contract',
        'author' => 'jokafor',
        'when' => 'm12',
        'modified' => 11,
        'cats' => array('city-hall'),
        'tags' => array('city-council', 'ferry', 'live', 'tamsin-river'),
        'body' => <<<'TXT'
We are in the council chamber, where the ten-year ferry contract is the first item on tonight's agenda. Refresh this page for updates.

The mayor has just said she supports the contract "with reservations about the fares." Public comment is under way; eleven people have signed up to speak.
TXT,
        'comments' => array(
            array('c1', null, 'Dale from Old Quay', 'dale@example.com', 4, 'Is the vote before or after public comment?'),
            array('c2', 'c1', 'Jane Okafor', 'jokafor', 8, 'After. Probably within the hour.'),
        ),
    ),
);
