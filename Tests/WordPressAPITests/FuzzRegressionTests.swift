import FoundationEssentials
import Testing
@testable import WordPressAPI

/// Inputs that made a fuzz target (`Fuzz/`, `make fuzz`) fail, kept here so that the fix stays.
@Suite struct FuzzRegressionTests {
    /// `wordpress-json` found this body: a `..._gmt` date whose year is Int.max overflowed the
    /// day count and trapped. A year past 9999 is no WordPress date.
    @Test func aDateWithAHugeYearIsRejectedNotATrap() throws {
        let body = #""::9223372036854775807:T04:22T09:48:01""#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GMTDate.self, from: Data(body.utf8)) }
        #expect(GMTDate.parse("9223372036854775807-04-22T09:48:01") == nil)
        #expect(GMTDate.parse("10000-01-01T00:00:00") == nil)
        #expect(GMTDate.parse("9999-12-31T23:59:59") == Date(timeIntervalSince1970: 253_402_300_799))
    }
}
