extension FollowedSites {
    /// Names made from titles stay short enough to type.
    static let longestMadeName = 32

    /// A valid name made from free text, a feed's title or a host: lower case, each run of
    /// other characters one '-', none at the ends ("The Riverside Ledger" is
    /// `the-riverside-ledger`); `site` when nothing is left.
    public static func name(from text: String) -> String {
        var name = ""
        for character in text.lowercased() {
            if isNameCharacter(character) && character != "-" {
                name.append(character)
            } else if !name.isEmpty && name.last != "-" {
                name.append("-")
            }
        }
        // Runs of '-' are single and never lead; none may end the name after the cut either.
        var cut = String(name.prefix(longestMadeName))
        while cut.last == "-" { cut.removeLast() }
        return cut.isEmpty ? "site" : cut
    }

    /// `name` if no site has it, else `name-2`, `name-3` ... the first free one.
    public func unusedName(like name: String) -> String {
        guard sites[name] != nil else { return name }
        return (2...).lazy.map { "\(name)-\($0)" }.first { sites[$0] == nil }!
    }
}
