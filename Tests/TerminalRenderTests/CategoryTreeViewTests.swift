import NewsModels
import Testing
@testable import TerminalRender

@Suite struct CategoryTreeViewTests {
    /// One story, filed under both Football and Rugby; nothing filed under Sports itself.
    static let tree = CategoryTree([
        Category(id: 1, name: "Sports", slug: "sports", parent: nil, count: 0),
        Category(id: 2, name: "Football", slug: "football", parent: 1, count: 1),
        Category(id: 3, name: "Rugby", slug: "rugby", parent: 1, count: 1),
        Category(id: 4, name: "Youth League", slug: "youth", parent: 2, count: 0),
        Category(id: 5, name: "Arts", slug: "arts", parent: nil, count: 0),
        Category(id: 6, name: "Weather", slug: "weather", parent: nil, count: 12),
    ])

    func render(includeEmpty: Bool) -> [String] {
        CategoryTreeView(width: 60).lines(for: Self.tree, includeEmpty: includeEmpty).map(\.plainText)
    }

    @Test func eachCategoryShowsTheSiteOwnCountAndParentsStayForTheirChildren() {
        #expect(render(includeEmpty: false) == [
            " 0  Sports  sports",
            " 1    Football  football",
            " 1    Rugby  rugby",
            "12  Weather  weather",
        ])
    }

    @Test func emptyCategoriesWhenAskedFor() {
        #expect(render(includeEmpty: true) == [
            " 0  Arts  arts",
            " 0  Sports  sports",
            " 1    Football  football",
            " 0      Youth League  youth",
            " 1    Rugby  rugby",
            "12  Weather  weather",
        ])
    }
}
