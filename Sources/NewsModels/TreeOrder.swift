/// Items that each name their parent (categories, pages, comments) in the order a tree is
/// read: each item followed by the items under it, with its depth.
///
/// The site's word is not trusted to make a tree. An item whose parent is missing (a reply
/// to a comment held for moderation) stands at the top, and so does one whose parents lead
/// back to itself: every item has a place, and no walk goes round forever.
public struct TreeOrder<Item, ID: Hashable> {
    private let items: [Item]
    private let ids: [ID]
    /// The positions in `items` under each parent's id, nil for the top, in the given order.
    private let positionsUnder: [ID?: [Int]]

    /// Siblings keep the order they have in `items`.
    public init(_ items: [Item], id: (Item) -> ID, parent: (Item) -> ID?) {
        self.items = items
        let ids = items.map(id)
        self.ids = ids
        let parents = items.map(parent)
        // Were an id given twice, its first item says whose child it is.
        let parentOfID = Dictionary(zip(ids, parents), uniquingKeysWith: { first, _ in first })
        func placedParent(of position: Int) -> ID? {
            guard let parent = parents[position], parentOfID[parent] != nil else { return nil }
            var seen: Set<ID> = []
            var next: ID? = parent
            while let ancestor = next, seen.insert(ancestor).inserted {
                if ancestor == ids[position] { return nil }
                next = parentOfID[ancestor] ?? nil
            }
            return parent
        }
        positionsUnder = Dictionary(grouping: items.indices, by: placedParent)
    }

    /// The items from the top down, each followed by those under it; depth 0 is the top.
    public var rows: [(item: Item, depth: Int)] {
        walk(under: nil).map { (items[$0.position], $0.depth) }
    }

    /// The items under the one with `id`, at any depth, in the order of `rows`.
    public func descendants(of id: ID) -> [Item] {
        walk(under: id).map { items[$0.position] }
    }

    /// Depth first, each item once: ids given twice could otherwise lead a walk round and round.
    private func walk(under parent: ID?) -> [(position: Int, depth: Int)] {
        var rows: [(position: Int, depth: Int)] = []
        var visited: Set<Int> = []
        var stack = (positionsUnder[parent] ?? []).reversed().map { (position: $0, depth: 0) }
        while let row = stack.popLast() {
            guard visited.insert(row.position).inserted else { continue }
            rows.append(row)
            stack += (positionsUnder[ids[row.position]] ?? []).reversed().map { (position: $0, depth: row.depth + 1) }
        }
        return rows
    }
}

extension TreeOrder: Sendable where Item: Sendable, ID: Sendable {}
