import FoundationEssentials
import Testing
@testable import WordPressAPI

@Suite struct GMTDateTests {
    @Test func readsWordPressGMTTimestampsAsUTC() {
        #expect(GMTDate.parse("2026-11-22T09:48:01") == Date(timeIntervalSince1970: 1_795_340_881))
        #expect(GMTDate.parse("1970-01-01T00:00:00") == Date(timeIntervalSince1970: 0))
        #expect(GMTDate.parse("2024-02-29T23:59:59") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test(arguments: ["2026-13-01T00:00:00", "2026-02-30T00:00:00", "2025-02-29T00:00:00", "2026-11-22T25:00:00",
                      "2026-11-22T10:61:00", "2026-11-22", "yesterday", ""])
    func rejectsImpossibleDates(text: String) {
        #expect(GMTDate.parse(text) == nil)
    }
}
