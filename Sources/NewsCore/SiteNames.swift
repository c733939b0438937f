import URLSyntax

extension FollowedSites {
    /// Names made from titles stay short enough to type.
    static let longestMadeName = 32

    /// A name made from free text, a feed's title or a host, easy to type on any keyboard:
    /// Latin letters without their accents (`théme-ünit` is `theme-unit`, `Straße` is
    /// `strasse`), lower case, each run of other characters one '-', none at the ends ("The
    /// Riverside Ledger" is `the-riverside-ledger`). Nil when nothing is left (a title all in
    /// another script): the caller has another text to try.
    public static func name(from text: String) -> String? {
        var cut = String(Slug.of(ASCIILetters.transliterating(text)).prefix(longestMadeName))
        // Runs of '-' are single and never lead; none may end the name after the cut either.
        while cut.last == "-" { cut.removeLast() }
        return cut.isEmpty ? nil : cut
    }

    /// A new site's name: from the title when it gives one, else from the host of its
    /// address, else `site`.
    public static func name(title: String?, address: String) -> String {
        title.flatMap(name(from:)) ?? name(from: String(WebAddress(typed: address).hostAndPort)) ?? "site"
    }

    /// `name` if no site or group has it, else `name-2`, `name-3` ... the first free one
    /// (`all-2` for a site titled "All": `all` names no site).
    public func unusedName(like name: String) -> String {
        Self.unused(name, among: takenNames)
    }

    /// The names a new site may not take: the sites', the groups', and `all`.
    var takenNames: Set<String> {
        Set(sites.keys).union(groupNames).union([Self.everySite])
    }

    static func unused(_ name: String, among taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        return (2...).lazy.map { "\(name)-\($0)" }.first { !taken.contains($0) }!
    }
}

/// Text in ASCII, Latin letters as the ASCII letters they are typed with: a small table of
/// the letters of Western, Central and Northern European languages (Latin-1 and Latin
/// Extended-A), combining accents dropped. Anything else is a space, which a slug drops.
enum ASCIILetters {
    static func transliterating(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else if let letters = table[scalar] {
                result += letters
            } else if scalar.properties.generalCategory != .nonspacingMark {
                result += " "
            }
        }
        return result
    }

    /// Each group of letters and what all of them become.
    private static let table: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("ÀÁÂÃÄÅĀĂĄ", "A"), ("àáâãäåāăą", "a"), ("Æ", "AE"), ("æ", "ae"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"),
            ("ÐĎĐ", "D"), ("ðďđ", "d"), ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"), ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"),
            ("ĤĦ", "H"), ("ĥħ", "h"), ("ÌÍÎÏĨĪĬĮİ", "I"), ("ìíîïĩīĭįı", "i"), ("Ĳ", "IJ"), ("ĳ", "ij"), ("Ĵ", "J"), ("ĵ", "j"),
            ("Ķ", "K"), ("ķĸ", "k"), ("ĹĻĽĿŁ", "L"), ("ĺļľŀł", "l"), ("ÑŃŅŇŊ", "N"), ("ñńņňŉŋ", "n"),
            ("ÒÓÔÕÖØŌŎŐ", "O"), ("òóôõöøōŏő", "o"), ("Œ", "OE"), ("œ", "oe"), ("ŔŖŘ", "R"), ("ŕŗř", "r"),
            ("ŚŜŞŠ", "S"), ("śŝşšſ", "s"), ("ß", "ss"), ("ŢŤŦ", "T"), ("ţťŧ", "t"), ("Þ", "TH"), ("þ", "th"),
            ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ùúûüũūŭůűų", "u"), ("Ŵ", "W"), ("ŵ", "w"), ("ÝŶŸ", "Y"), ("ýÿŷ", "y"),
            ("ŹŻŽ", "Z"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, ascii) in groups {
            for letter in letters.unicodeScalars { table[letter] = ascii }
        }
        return table
    }()
}

/// Free text as a slug: lower case, each run of characters other than letters, digits and
/// '_' one '-', none at the ends ("City Hall" is `city-hall`). How WordPress slugs a plain
/// name (a feed names terms, not their slugs), and how a site is named from its title.
enum Slug {
    static func of(_ text: String) -> String {
        if let slug = ofASCII(text) { return slug }
        var slug = ""
        for character in text.lowercased() {
            if FollowedSites.isNameCharacter(character) && character != "-" {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }

    /// The same for ASCII text, read on its bytes (nil for any other): a feed's authors and
    /// categories are mostly ASCII, and lower-casing and reading them a character at a time
    /// cost a 500-item feed 5 M instructions.
    private static func ofASCII(_ text: String) -> String? {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): slug.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte | 0x20)
            default: if let last = slug.last, last != UInt8(ascii: "-") { slug.append(UInt8(ascii: "-")) }
            }
        }
        while slug.last == UInt8(ascii: "-") { slug.removeLast() }
        return String(decoding: slug, as: UTF8.self)
    }
}
