import BrowseApp
import NewsCore
import Testing

/// What the app's lists ask the site for, and the rows of the Categories and Tags tabs.
@Suite struct ListRowsTests {
    static let news = Category(id: 1, name: "News", slug: "news", parent: nil, count: 0)
    static let world = Category(id: 2, name: "World", slug: "world", parent: 1, count: 4)
    static let europe = Category(id: 3, name: "Europe", slug: "europe", parent: 2, count: 1)
    static let empty = Category(id: 4, name: "Empty", slug: "empty", parent: nil, count: 0)
    static let arts = Category(id: 5, name: "arts", slug: "arts", parent: nil, count: 2)

    @Test func eachListAsksForItsOwnStories() {
        #expect(ListRequest.featured.query(page: 2, perPage: 20) == .featured(tag: "featured", page: 2, perPage: 20))
        #expect(ListRequest.latest.query(page: 1, perPage: 20) == .latest(page: 1, perPage: 20))
        #expect(ListRequest.category(Self.world, descendants: [3]).query(page: 3, perPage: 20) == .category(ids: [2, 3], page: 3, perPage: 20))
        let tag = Tag(id: 9, name: "Ferries", slug: "ferries", count: 3)
        #expect(ListRequest.tag(tag).query(page: 1, perPage: 5) == .tag(id: 9, page: 1, perPage: 5))
    }

    /// A parent without stories of its own keeps its place above its children; a category
    /// with none in or under it is left out. Siblings go by name, whatever their case.
    @Test func categoriesAreATreeOfThoseWithStories() {
        let rows = TermRow.categories([Self.europe, Self.empty, Self.world, Self.news, Self.arts])
        #expect(rows.map(\.label) == ["arts", "News", "World", "Europe"])
        #expect(rows.map(\.depth) == [0, 0, 1, 2])
        #expect(rows.map(\.count) == [2, 0, 4, 1])
        #expect(rows[1].target == .stories(.category(Self.news, descendants: [2, 3])))
        #expect(rows[3].target == .stories(.category(Self.europe, descendants: [])))
    }

    /// Levels by hand: log10(count + 1) is 1, 3 and 4, scaled from the lightest (level 1) to
    /// the heaviest (5): 3 sits two thirds up, 1 + 2.67 rounded. A tag with no name shows its
    /// slug, and sorts as its empty name.
    @Test func tagsAreACloudByName() {
        let rows = TermRow.tags([
            Tag(id: 1, name: "Zebra", slug: "zebra", count: 9_999),
            Tag(id: 2, name: "", slug: "no-name", count: 9),
            Tag(id: 3, name: "Apple", slug: "apple", count: 999),
        ])
        #expect(rows.map(\.label) == ["no-name", "Apple", "Zebra"])
        #expect(rows.map(\.level) == [1, 4, 5])
        #expect(rows.map(\.count) == [9, 999, 9_999])
        #expect(rows[1].target == .stories(.tag(Tag(id: 3, name: "Apple", slug: "apple", count: 999))))
    }
}
