import Foundation
import Testing
@testable import NewsModels

@Suite struct TagCloudTests {
    static func tags(_ counts: [Int]) -> [NewsModels.Tag] {
        counts.enumerated().map { NewsModels.Tag(id: $0.offset + 1, name: "tag \($0.offset + 1)", slug: "tag-\($0.offset + 1)", count: $0.element) }
    }

    @Test func weightIsLogOfCountScaledBetweenTheLightestAndTheHeaviest() {
        let cloud = TagCloud(tags: Self.tags([1, 9, 99, 999]))
        let weights: [Int: Double] = Dictionary(uniqueKeysWithValues: cloud.entries.map { ($0.tag.count ?? 0, $0.weight) })
        // Worked by hand: log10(count + 1) is 0.30103, 1, 2 and 3; each weight is its distance
        // above the lightest over the spread 2.69897, so 0, 0.69897 / 2.69897, 1.69897 / 2.69897, 1.
        #expect(weights[1] == 0)
        #expect(weights[999] == 1)
        #expect(abs((weights[9] ?? -1) - 0.25898) < 1e-5)
        #expect(abs((weights[99] ?? -1) - 0.62949) < 1e-5)
        #expect(cloud.entries.map(\.level).sorted() == [1, 2, 4, 5])
    }

    @Test func thereAreFiveLevels() {
        let cloud = TagCloud(tags: Self.tags(Array(1...200)), limit: 200)
        #expect(Set(cloud.entries.map(\.level)) == [1, 2, 3, 4, 5])
    }

    @Test func weightsAreOverAllTagsBeforeTheLimit() {
        let all = TagCloud(tags: Self.tags([1, 2, 3, 50]), limit: 4)
        let limited = TagCloud(tags: Self.tags([1, 2, 3, 50]), limit: 2)
        #expect(limited.entries.count == 2 && limited.leftOut == 2)
        for entry in limited.entries {
            #expect(all.entries.first { $0.tag.id == entry.tag.id }?.weight == entry.weight)
        }
        #expect(Set(limited.entries.map { $0.tag.count! }) == [3, 50], "the heaviest are kept")
    }

    /// The cloud built from the heaviest N tags alone (`orderby=count&order=desc&per_page=N`)
    /// is weighed among them, as WordPress's tag cloud widget weighs the tags it fetched the
    /// same way: its lightest is level 1 and its heaviest level 5, whatever lighter tags the
    /// site has besides.
    @Test func theHeaviestTagsAloneAreWeighedAmongThemselvesAsWordPressDoes() {
        let heaviest = Self.tags([120, 40, 25, 9, 4]) // as the site sends them, heaviest first
        let cloud = TagCloud(tags: heaviest, limit: heaviest.count)
        #expect(cloud.entries.count == 5 && cloud.leftOut == 0)
        let levels = Dictionary(uniqueKeysWithValues: cloud.entries.map { ($0.tag.count!, $0.level) })
        let weights = Dictionary(uniqueKeysWithValues: cloud.entries.map { ($0.tag.count!, $0.weight) })
        #expect(weights[4] == 0 && weights[120] == 1)
        // Worked by hand as wp_generate_tag_cloud does it: each count scaled by
        // round(log10(count + 1) * 100) gives 208, 161, 141, 100 and 70; font sizes from
        // `smallest` 1 to `largest` 5 in proportion, 1 + (scale - 70) * 4 / 138, are
        // 5, 3.64, 3.06, 1.87 and 1, rounded to the levels below.
        #expect(levels == [120: 5, 40: 4, 25: 3, 9: 2, 4: 1])
        #expect(Set(levels.values) == [1, 2, 3, 4, 5])
    }

    @Test func withoutALimitEveryTagGivenIsShown() {
        #expect(TagCloud(tags: Self.tags(Array(1...151))).entries.count == 151)
        let big = TagCloud(tags: Self.tags(Array(1...151)), limit: TagCloud.defaultLimit)
        #expect(big.entries.count == 100 && big.leftOut == 51)
        #expect(big.entries.map { $0.tag.count! }.min() == 52)
    }

    @Test func minCountAndOrder() {
        let cloud = TagCloud(tags: Self.tags([5, 1, 3, 3]), minCount: 2, order: .count)
        #expect(cloud.entries.map { $0.tag.count! } == [5, 3, 3])
        #expect(cloud.entries.map(\.tag.name) == ["tag 1", "tag 3", "tag 4"])
        let byName = TagCloud(tags: [NewsModels.Tag(id: 1, name: "beta", slug: "b", count: 1), NewsModels.Tag(id: 2, name: "Alpha", slug: "a", count: 9)])
        #expect(byName.entries.map(\.tag.name) == ["Alpha", "beta"])
    }

    @Test func oneWeightForAllIsTheLightest() {
        #expect(TagCloud(tags: Self.tags([4, 4, 4])).entries.allSatisfy { $0.weight == 0 && $0.level == 1 })
        #expect(TagCloud(tags: []).entries.isEmpty)
    }

    @Test func tenThousandTagsAreQuick() {
        let tags = (1...10_000).map { NewsModels.Tag(id: $0, name: "tag \($0)", slug: "tag-\($0)", count: $0 % 97 + 1) }
        let before = Self.threadCPUTime()
        _ = TagCloud(tags: tags)
        #expect(Self.threadCPUTime() - before < .seconds(2))
    }

    /// The processor time this thread has had. Unlike the wall clock it stands still while
    /// other tests hold the cores, so the limit is on the work done, not on the machine's load.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test func categoryTreeNestsAndFindsDescendants() {
        let tree = CategoryTree([
            Category(id: 1, name: "Sports", slug: "sports", parent: nil, count: 0),
            Category(id: 2, name: "Football", slug: "football", parent: 1, count: 3),
            Category(id: 3, name: "Youth League", slug: "youth", parent: 2, count: 2),
            Category(id: 4, name: "Arts", slug: "arts", parent: nil, count: 6),
            Category(id: 5, name: "Orphan", slug: "orphan", parent: 99, count: 1),
        ])
        #expect(tree.rows.map { "\($0.depth) \($0.category.slug)" } == ["0 arts", "0 orphan", "0 sports", "1 football", "2 youth"])
        #expect(Set(tree.descendants(of: 1).map(\.id)) == [2, 3])
    }

    @Test func aCategoryHasStoriesWhenItOrADescendantHasAny() {
        let tree = CategoryTree([
            Category(id: 1, name: "Sports", slug: "sports", parent: nil, count: 0),
            Category(id: 2, name: "Football", slug: "football", parent: 1, count: 0),
            Category(id: 3, name: "Youth League", slug: "youth", parent: 2, count: 2),
            Category(id: 4, name: "Arts", slug: "arts", parent: nil, count: 6),
            Category(id: 5, name: "Empty", slug: "empty", parent: nil, count: 0),
            Category(id: 6, name: "Unknown", slug: "unknown", parent: 5, count: nil),
        ])
        #expect(tree.categories.filter(tree.hasStories).map(\.slug) == ["sports", "football", "youth", "arts"])
    }
}

@Suite struct CategoryLoopTests {
    /// Parents that lead back to themselves must not hang the tree or lose a category.
    @Test func categoriesWhoseParentsLoopStandAtTheTop() {
        let tree = CategoryTree([
            Category(id: 1, name: "A", slug: "a", parent: 2, count: 1),
            Category(id: 2, name: "B", slug: "b", parent: 1, count: 1),
            Category(id: 3, name: "C", slug: "c", parent: 3, count: 1),
            Category(id: 4, name: "D", slug: "d", parent: 1, count: 1),
        ])
        #expect(Set(tree.rows.map(\.category.id)) == [1, 2, 3, 4])
        #expect(tree.descendants(of: 1).map(\.id).sorted() == [4])
    }
}
