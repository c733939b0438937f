extension CommandLine {
    /// The command as the user would type it again: the name plus the options that change
    /// what the list holds.
    static func repeating(_ name: String, global: GlobalOptions, paging: PagingOptions) -> String {
        var words = [name]
        if let site = global.site { words += ["--site", site] }
        if paging.perPage != 10 { words += ["--per-page", String(paging.perPage)] }
        return words.joined(separator: " ")
    }
}
