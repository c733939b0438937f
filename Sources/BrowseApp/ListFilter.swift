import NewsCore

/// `/` on a list: only the rows whose text holds what is typed, case and accents aside, as
/// the reader's find reads them (`FoundText`): "cafe" keeps "Café", "uber" "Über".
enum ListFilter {
    static func matches(_ text: String, _ typed: String) -> Bool {
        typed.isEmpty || FoundText.range(of: typed, in: text) != nil
    }

    /// The rows whose label holds `typed`; a section's title stays over those of its rows that
    /// do (More), the titles of sections left empty go.
    static func rows(_ rows: [TermRow], matching typed: String) -> [TermRow] {
        var kept: [TermRow] = []
        var title: TermRow?
        for row in rows {
            if row.target == .heading {
                if row.depth == 0 { title = row }
                continue
            }
            guard matches(row.label, typed) else { continue }
            if let shown = title {
                kept.append(shown)
                title = nil
            }
            kept.append(row)
        }
        return kept
    }
}

extension TermListContent {
    /// The rows to show, every one of them or those the filter keeps (with the tags the site
    /// found for it); `rows` changes, `unfiltered` keeps them all while a filter is on.
    mutating func show(_ all: [TermRow]) {
        guard !filter.isEmpty else {
            (rows, unfiltered, found, askingSite) = (all, nil, [], false)
            return
        }
        // By the tag's id: the cloud's copy and the site's answer were read at different
        // times, and their counts may differ.
        let known = Set(all.compactMap(\.tagID))
        unfiltered = all
        rows = ListFilter.rows(all + found.filter { row in row.tagID.map { !known.contains($0) } ?? true }, matching: filter)
    }

    /// Every row, filtered or not.
    var allRows: [TermRow] { unfiltered ?? rows }

    /// The rows that open something: a section's title is not one.
    static func count(_ rows: [TermRow]) -> Int {
        rows.count(where: { $0.target != .heading })
    }
}

extension TermRow {
    /// The id of the tag the row opens; nil for a row that opens no tag.
    fileprivate var tagID: Int? {
        guard case .stories(.tag(let tag)) = target else { return nil }
        return tag.id
    }
}

extension AppState {
    /// `/` on Categories, Tags, More or an article's links.
    mutating func filter(_ terms: inout TermListContent, by typed: String, on screen: inout Screen) -> [Effect] {
        terms.filter = typed
        reshow(&terms, on: &screen)
        // The cloud holds the heaviest tags only: the site is asked for the rest by name.
        guard terms.kind == .tags, screen.error == nil else { return [] }
        return [.searchTags(typed)]
    }
}

extension AppState {
    /// The site's answer for the Tags tab's filter: shown only for the text the filter has now.
    mutating func receivedTags(_ answer: LiveTagSearchState, on screen: inout Screen) -> [Effect] {
        guard case .terms(var terms) = screen.content, terms.kind == .tags, !terms.filter.isEmpty, answer.query == terms.filter else { return [] }
        terms.askingSite = answer.phase == .searching
        switch answer.phase {
        case .results(let matches):
            terms.found = matches.tags.map { TermRow(label: $0.displayName, count: $0.count, level: 1, target: .stories(.tag($0))) }
            reshow(&terms, on: &screen)
        case .failed(let reason):
            status = "the site's other tags could not be searched: " + reason
        case .idle, .searching:
            break
        }
        screen.content = .terms(terms)
        return []
    }

    /// The rows shown again after the filter or what the site found changed: the cursor stays
    /// on its row while the row is shown, else goes to the first.
    private func reshow(_ terms: inout TermListContent, on screen: inout Screen) {
        let selected = terms.rows.indices.contains(screen.cursor) ? terms.rows[screen.cursor] : nil
        terms.show(terms.allRows)
        screen.cursor = selected.flatMap { terms.rows.firstIndex(of: $0) } ?? Self.selectable(terms.rows, from: 0, towards: 1)
        screen.content = .terms(terms)
    }
}
