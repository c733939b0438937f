import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// categories, category, tags, tag, author against the seeded WordPress.
@Suite struct BrowseCommandTests {
    @Test func categoriesAreATreeWithCounts() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["categories", "--site", site])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let sports = try #require(lines.firstIndex { $0.contains("  Sports  sports") })
        #expect(lines[sports + 1].contains("    Football  football"), "children indented under their parent")
        #expect(lines[sports + 2].contains("      Youth League"))
        #expect(!run.stdout.contains("Uncategorized"), "empty categories are hidden")
        let all = try await CommandRun.run(["categories", "--site", site, "--empty", "--json"])
        let categories = try all.json()
        #expect(categories.contains { $0["slug"] as? String == "uncategorized" })
        #expect(categories.allSatisfy { Set($0.keys) == ["id", "name", "slug", "parent", "count"] })
    }

    @Test func aCategoryIncludesItsChildrenUnlessExact() async throws {
        let site = try TestSites.site
        let withChildren = try await CommandRun.run(["category", "Sports", "--site", site, "--all", "--json"]).json()
        let exact = try await CommandRun.run(["category", "sports", "--site", site, "--exact", "--all", "--json"]).json()
        #expect(withChildren.count > exact.count)
        #expect(withChildren.contains { ($0["categories"] as? [String])?.contains("Youth League") == true })
        let byID = try await CommandRun.run(["category", "news", "--site", site, "--json"])
        let news = try byID.json()
        #expect(byID.status == 0 && news.count == 10)
    }

    @Test func anEmptyCategoryIsNotAnError() async throws {
        let site = try TestSites.site
        let all = try await CommandRun.run(["categories", "--site", site, "--empty", "--json"]).json()
        let empty = try #require(all.first { $0["count"] as? Int == 0 && $0["slug"] as? String != "sports" && $0["parent"] is Int })
        let name = try #require(empty["name"] as? String)
        let run = try await CommandRun.run(["category", try #require(empty["slug"] as? String), "--site", site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "No stories in \(name) yet.\n")
    }

    @Test func theTagCloudIsWeightedAndWrapped() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["tags", "--site", site, "--width", "60"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("**City\u{00A0}Council**"), "the heaviest tag marked, its name as written")
        #expect(run.stdout.split(separator: "\n").allSatisfy { displayWidth($0) <= 60 })
        let json = try await CommandRun.run(["tags", "--site", site, "--json"]).json()
        #expect(json.count == 100)
        let heaviest = try #require(json.max { ($0["count"] as? Int ?? 0) < ($1["count"] as? Int ?? 0) })
        #expect(heaviest["weight"] as? Double == 1 && heaviest["level"] as? Int == 5)
        #expect(json.allSatisfy { Set($0.keys) == ["name", "slug", "count", "weight", "level"] })
        let names = json.compactMap { ($0["name"] as? String)?.lowercased() }
        #expect(names == names.sorted(), "alphabetical, like WordPress")
    }

    @Test func tagOptionsLimitFilterSortAndList() async throws {
        let site = try TestSites.site
        let limited = try await CommandRun.run(["tags", "--site", site, "--limit", "5", "--sort", "count", "--json"])
        #expect(limited.stderr.contains("showing the 5 heaviest of 400 tags"))
        #expect(try limited.json().compactMap { $0["count"] as? Int } == [22, 13, 8, 6, 5])
        let filtered = try await CommandRun.run(["tags", "--site", site, "--min-count", "3", "--json"]).json()
        #expect(filtered.allSatisfy { ($0["count"] as? Int ?? 0) >= 3 })
        let table = try await CommandRun.run(["tags", "--site", site, "--list", "--limit", "3", "--sort", "count"])
        #expect(table.stdout.hasPrefix("Tag "))
        #expect(table.stdout.contains("City Council  city-council  22"))
        let plain = try await CommandRun.run(["tags", "--site", site, "--counts", "--min-count", "8"])
        #expect(plain.stdout.contains("**City\u{00A0}Council** 22"))
        let bad = try await CommandRun.run(["tags", "--site", site, "--sort", "size"])
        #expect(bad.status == 64)
    }

    @Test func storiesWithATagPageAndWalkEveryPage() async throws {
        let site = try TestSites.site
        let first = try await CommandRun.run(["tag", "city-council", "--site", site, "--per-page", "5"])
        #expect(first.stdout.contains("page 1 of 5"))
        #expect(first.stdout.contains("next: wpnews tag city-council --site \(site) --per-page 5 --page 2\n"))
        let all = try await CommandRun.run(["tag", "City Council", "--site", site, "--per-page", "5", "--all"])
        let numbers = all.stdout.split(separator: "\n").compactMap { line in line.split(separator: ".").first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        #expect(numbers == Array(1...22), "every page, in order")
        let json = try await CommandRun.run(["tag", "city-council", "--site", site, "--per-page", "5", "--all", "--json"]).json()
        #expect(json.count == 22)
        let past = try await CommandRun.run(["tag", "city-council", "--site", site, "--per-page", "5", "--page", "9"])
        #expect(past.status == 1 && past.stderr.contains("page 9 of 5 does not exist"))
    }

    @Test func storiesByAnAuthor() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["author", "Mei Lin", "--site", site, "--all", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let stories = try run.json()
        #expect(!stories.isEmpty && stories.allSatisfy { $0["author"] as? String == "Mei Lin" })
        let missing = try await CommandRun.run(["author", "nobody-at-all", "--site", site])
        #expect(missing.status == 1 && missing.stderr.contains("no author 'nobody-at-all'"))
    }

    /// The cloud asks for the heaviest hundred, in one request, not for every tag of a site
    /// with ten thousand; every tag (--limit 0) takes a request per hundred.
    @Test func aSiteWithTenThousandTagsMakesItsCloudInOneRequest() async throws {
        let server = try FakeWordPress.start { route, request in
            guard route == "/wp/v2/tags", let page = Int(request.query["page"] ?? "1") else { return nil }
            let perPage = Int(request.query["per_page"] ?? "10") ?? 10
            // Tag n is used 10001 - n times: by id is by weight.
            let tags = (1...perPage).map { index in
                let id = (page - 1) * perPage + index
                return "{\"id\":\(id),\"name\":\"tag \(id)\",\"slug\":\"tag-\(id)\",\"count\":\(10_001 - id)}"
            }
            return FakeWordPress.collection("[" + tags.joined(separator: ",") + "]", total: 10_000, totalPages: 10_000 / perPage)
        }
        let run = try await CommandRun.run(["tags", "--site", server.baseURL, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json().count == 100)
        #expect(run.stderr.contains("showing the 100 heaviest of 10000 tags"))
        let asked = server.requests.filter { $0.path.hasSuffix("/tags") }
        #expect(asked.count == 1, "\(asked.map(\.target))")
        #expect(asked.first?.query["orderby"] == "count" && asked.first?.query["order"] == "desc" && asked.first?.query["per_page"] == "100")

        let five = try await CommandRun.run(["tags", "--site", server.baseURL, "--limit", "5", "--json", "--refresh"])
        #expect(try five.json().compactMap { $0["count"] as? Int } == [10_000, 9_999, 9_998, 9_997, 9_996], "tag 1 to tag 5, by name")
        #expect(server.requests.last { $0.path.hasSuffix("/tags") }?.query["per_page"] == "5")

        let all = try await CommandRun.run(["tags", "--site", server.baseURL, "--limit", "0", "--json"])
        #expect(try all.json().count == 10_000)
        #expect(Set(server.requests.filter { $0.query["orderby"] == nil }.compactMap { $0.query["page"] }).count == 100)
    }
}
