/// Categories by parent, for the tree and for "children included".
public struct CategoryTree: Sendable {
    public let categories: [Category]
    private let order: TreeOrder<Category, Int>

    public init(_ categories: [Category]) {
        self.categories = categories
        order = TreeOrder(categories.sorted { $0.name.lowercased() < $1.name.lowercased() }, id: \.id, parent: \.parent)
    }

    public func descendants(of id: Int) -> [Category] {
        order.descendants(of: id)
    }

    /// Whether any story is filed under the category or one of its descendants: a category
    /// with none of its own still holds the place of those below it.
    public func hasStories(_ category: Category) -> Bool {
        (category.count ?? 0) > 0 || descendants(of: category.id).contains { ($0.count ?? 0) > 0 }
    }

    /// Top-level categories first, each followed by its children, with their depth; siblings
    /// by name.
    public var rows: [(category: Category, depth: Int)] {
        order.rows.map { ($0.item, $0.depth) }
    }
}
