extension FollowedSites {
    /// Names made from titles stay short enough to type.
    static let longestMadeName = 32

    /// A valid name made from free text, a feed's title or a host: lower case, each run of
    /// other characters one '-', none at the ends ("The Riverside Ledger" is
    /// `the-riverside-ledger`); `site` when nothing is left.
    public static func name(from text: String) -> String {
        // Runs of '-' are single and never lead; none may end the name after the cut either.
        var cut = String(Slug.of(text).prefix(longestMadeName))
        while cut.last == "-" { cut.removeLast() }
        return cut.isEmpty ? "site" : cut
    }

    /// `name` if no site has it, else `name-2`, `name-3` ... the first free one (`all-2` for
    /// a site titled "All": `all` names no site).
    public func unusedName(like name: String) -> String {
        guard sites[name] != nil || name == Self.everySite else { return name }
        return (2...).lazy.map { "\(name)-\($0)" }.first { sites[$0] == nil }!
    }
}

/// Free text as a slug: lower case, each run of characters other than letters, digits and
/// '_' one '-', none at the ends ("City Hall" is `city-hall`). How WordPress slugs a plain
/// name (a feed names terms, not their slugs), and how a site is named from its title.
enum Slug {
    static func of(_ text: String) -> String {
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
}
