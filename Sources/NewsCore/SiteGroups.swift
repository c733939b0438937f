/// Groups of followed sites (`groups = ["tech"]` in sites.toml): OPML folders and newsboat
/// tags brought in by `sites import`, set with `sites add --group` and `sites set --groups`.
/// `--sites NAME` reads a group's sites when no site has that name, so a group's name is
/// never a site's, nor `all`.
extension FollowedSites {
    /// Every group some site is in, sorted.
    public var groupNames: [String] {
        Set(sites.values.flatMap { $0.groups ?? [] }).sorted()
    }

    /// The names of the sites in `group`, sorted.
    public func names(inGroup group: String) -> [String] {
        names.filter { sites[$0]!.groups?.contains(group) == true }
    }

    /// What TAB offers after `--sites TYPED`: `all` alone, else each site and group not yet
    /// in the list typed so far (`campus,lo` offers `campus,local`), the typed list kept in front.
    public func selectionCompletions(for typed: String) -> [String] {
        let listed = typed.lastIndex(of: ",").map { String(typed[...$0]) } ?? ""
        let named = Set(listed.split(separator: ",").map { $0.trimmingWhitespace() })
        let word = typed.dropFirst(listed.count)
        let choices = (listed.isEmpty ? [Self.everySite] : []) + names + groupNames
        return choices.filter { !named.contains($0) && $0.hasPrefix(word) }.map { listed + $0 }
    }

    /// Whether each of `groups` may name a group: a valid name that no site has.
    public func checkGroups(_ groups: [String]) throws(SettingsError) {
        for group in groups {
            guard Self.isValidName(group) else { throw .badGroup(group) }
            guard sites[group] == nil else { throw .groupIsSite(group) }
        }
    }
}
