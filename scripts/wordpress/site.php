<?php
// Site-wide seed data for the wpnews test bed: "The Riverside Ledger", a small
// fictional town paper. All names, places and text are invented.
// Returned to seed.php; posts live in posts.php.

return array(
    // login => user data. 'admin' is created by install.php and only updated here.
    'users' => array(
        'admin' => array(
            'display_name' => 'Ledger Staff',
            'user_nicename' => 'ledger-staff',
            'first_name' => 'Ledger',
            'last_name' => 'Staff',
            'description' => 'Notes from the newsroom of The Riverside Ledger.',
        ),
        'jokafor' => array(
            'display_name' => 'Jane Okafor',
            'user_nicename' => 'jane-okafor',
            'first_name' => 'Jane',
            'last_name' => 'Okafor',
            'user_email' => 'jane.okafor@riverside-ledger.example',
            'description' => 'Jane covers City Hall, the budget and anything with a public hearing attached.',
        ),
        'truiz' => array(
            'display_name' => 'Tomás Ruiz',
            'user_nicename' => 'tomas-ruiz',
            'first_name' => 'Tomás',
            'last_name' => 'Ruiz',
            'user_email' => 'tomas.ruiz@riverside-ledger.example',
            'description' => 'Tomás writes about sports on Fridays and food on every other day.',
        ),
        'mlin' => array(
            'display_name' => 'Mei Lin',
            'user_nicename' => 'mei-lin',
            'first_name' => 'Mei',
            'last_name' => 'Lin',
            'user_email' => 'mei.lin@riverside-ledger.example',
            'description' => 'Mei is the Ledger’s data and environment reporter, and its unofficial theatre critic.',
        ),
        'soverg' => array(
            'display_name' => 'Søren Øvergaard',
            'user_nicename' => 'soren-overgaard',
            'first_name' => 'Søren',
            'last_name' => 'Øvergaard',
            'user_email' => 'soren.overgaard@riverside-ledger.example',
            'description' => 'Søren edits the opinion pages and takes most of the photographs.',
        ),
    ),

    // slug => [name, parent slug or null, description]. Order matters (parents first).
    'categories' => array(
        'news' => array('News', null, 'What happened in Riverside today.'),
        'city-hall' => array('City Hall', 'news', 'Council meetings, budgets and the people who run the town.'),
        'sports' => array('Sports', null, 'Scores, schedules and the stories behind them.'),
        'football' => array('Football', 'sports', 'The Riverside High Herons and their rivals.'),
        'youth-league' => array('Youth League', 'football', 'Saturday mornings at the river fields.'),
        'arts-culture' => array('Arts & Culture', null, 'Stage, page, festivals and photographs.'),
        'food-drink' => array('Food & Drink', null, 'Markets, kitchens and places to eat.'),
        'opinion' => array('Opinion', null, 'Columns and editorials. Views are the writers’ own.'),
        'weather' => array('Weather', null, 'Rain, heat, snow and the river.'),
        'schools' => array('Schools & Campus', null, 'Riverside High, the school board and Tamsin Valley Community College.'),
        'letters' => array('Letters to the Editor', 'opinion', 'Readers write in. (Nothing published here yet.)'),
    ),

    // Tag display names where "ucfirst words of the slug" is not right. Tags used
    // by posts but not listed get a name derived from their slug.
    'tag_names' => array(
        'city-council' => 'City Council',
        'featured' => 'Featured',
        'riverside-high' => 'Riverside High',
        'tamsin-valley-cc' => 'Tamsin Valley CC',
        'tamsin-river' => 'Tamsin River',
        'stem' => 'STEM',
        'ask-the-ledger' => 'Ask the Ledger',
        'ledger-news' => 'Ledger News',
        'old-quay' => 'Old Quay',
        'mill-creek' => 'Mill Creek',
        'front-street' => 'Front Street',
        'grange-hall' => 'Grange Hall',
        'hartwell-cannery' => 'Hartwell Cannery',
        'cafes' => 'Cafés',
        'greek' => 'Ελληνικά',
        'arabic' => 'عربي',
        'live' => 'LIVE',
    ),

    // key => [file name, title, alt text, caption, pattern, colour A, colour B].
    // seed.php draws these as small PNG files (no GD needed).
    'images' => array(
        'river' => array('ledger-river-dawn.png', 'Tamsin River at dawn', 'Mist over a wide river with low hills behind', 'The Tamsin at first light, seen from the Front Street bridge.', 'vgradient', array(32, 64, 120), array(250, 190, 120)),
        'bridge' => array('ledger-front-street-bridge.png', 'Front Street bridge', 'Steel truss bridge with rust-coloured girders', 'The Front Street bridge, due for repairs.', 'stripes', array(120, 120, 128), array(200, 110, 60)),
        'market' => array('ledger-old-quay-market.png', 'Old Quay market stalls', 'Rows of market stalls under orange awnings', 'Saturday morning at the Old Quay farmers market.', 'checks', array(240, 150, 40), array(250, 220, 120)),
        'heron' => array('ledger-heron-pilings.png', 'Heron on the pilings', 'A grey heron standing on a wooden piling at low tide', 'A heron waits out the tide beneath the Old Quay.', 'hgradient', array(20, 110, 120), array(200, 230, 225)),
        'storm' => array('ledger-eastbank-storm.png', 'Storm clouds over Eastbank', 'Dark clouds above rooftops and bare trees', 'The storm front arriving over Eastbank.', 'diagonal', array(40, 44, 60), array(110, 120, 140)),
        'lanterns' => array('ledger-quay-lanterns.png', 'Lanterns on the quay', 'Red paper lanterns strung along a waterfront', 'Lanterns along the Old Quay for the Mid-Autumn festival.', 'dots', array(150, 20, 30), array(250, 200, 60)),
        'stadium' => array('ledger-herons-field.png', 'Herons field at night', 'Floodlit football field seen from the stands', 'Friday night under the lights at Heron Field.', 'stripes', array(30, 120, 50), array(60, 160, 80)),
    ),

    // Pages: slug => [title, parent slug or null, menu order, body].
    'pages' => array(
        'about' => array('About', null, 1, <<<'TXT'
The Riverside Ledger has covered the towns on both banks of the Tamsin River since 1911. We started as a four-page weekly printed above a hardware store on Front Street; today we publish every day online and every Thursday in print.

We are owned by the Riverside Ledger Trust, a local non-profit. No advertiser, politician or owner gets to see a story before it is published.

## Who we are

Our newsroom is small: four reporters, one editor and a rotating cast of student interns from Tamsin Valley Community College. You will find our names on everything we write.
TXT
        ),
        'ethics-policy' => array('Ethics Policy', 'about', 1, <<<'TXT'
We correct our mistakes in the open. When a story changes in a way that matters, we say so at the bottom of the story, with the date.

Reporters do not cover organisations they belong to, accept gifts worth more than a cup of coffee, or write about relatives.

We name people charged with minor offences only when there is a clear public interest. Our editor explains that decision in "Letter from the editor: why we're changing how we cover crime".
TXT
        ),
        'corrections' => array('Corrections', 'about', 2, <<<'TXT'
Spotted an error? Write to corrections@riverside-ledger.example with the headline and what we got wrong. We answer every message, usually within a day.
TXT
        ),
        'contact' => array('Contact', null, 2, <<<'TXT'
Newsroom: 14 Front Street, Riverside. Open weekdays from 9 to 5.

Tips: tips@riverside-ledger.example. If you need to reach us privately, ask for our Signal number.

Letters to the editor: letters@riverside-ledger.example. Keep them under 300 words and include your neighbourhood.
TXT
        ),
        'advertise' => array('Advertise', null, 3, <<<'TXT'
Reach readers on both banks of the Tamsin. We sell print ads by the column inch and web sponsorships by the week.

Our advertising staff never talk to our reporters about coverage. Rates and deadlines: ads@riverside-ledger.example.
TXT
        ),
    ),
);
