import NewsCore

extension ListRequest {
    /// What a list of the app asks the site for, page by page.
    public func query(page: Int, perPage: Int) -> ListQuery {
        switch self {
        case .featured: .featured(tag: "featured", page: page, perPage: perPage)
        case .latest: .latest(page: page, perPage: perPage)
        case .category(let category, let descendants): .category(ids: [category.id] + descendants, page: page, perPage: perPage)
        case .tag(let tag): .tag(id: tag.id, page: page, perPage: perPage)
        case .author(let author): .author(id: author.id, page: page, perPage: perPage)
        }
    }

    /// What a list opened at a date asks for, going down or up from it.
    public func query(_ dated: DatedPage, perPage: Int) -> ListQuery {
        switch dated {
        case .older(let before, let page): query(page: page, perPage: perPage).within(DateWindow(before: before))
        case .newer(let after): query(page: 1, perPage: perPage).within(DateWindow(after: after, oldestFirst: true))
        }
    }
}

extension TermRow {
    /// The Categories tab: the tree, each category with the ids of those under it (its
    /// list holds their stories too); a category with no story in or under it is left out.
    public static func categories(_ categories: [Category]) -> [TermRow] {
        let tree = CategoryTree(categories)
        return tree.rows.filter { tree.hasStories($0.category) }.map { category, depth in
            TermRow(label: category.name, depth: depth, count: category.count,
                    target: .stories(.category(category, descendants: tree.descendants(of: category.id).map(\.id))))
        }
    }

    /// The Tags tab: the cloud of the tags given, each with its weight's level.
    public static func tags(_ tags: [Tag]) -> [TermRow] {
        TagCloud(tags: tags).entries.map { entry in
            TermRow(label: entry.tag.displayName, count: entry.tag.count, level: entry.level, target: .stories(.tag(entry.tag)))
        }
    }
}
