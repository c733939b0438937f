import Testing
import NewsModels

@Suite struct CivilDateTests {
    @Test(arguments: [
        (0, 1970, 1, 1), (-1, 1969, 12, 31), (59, 1970, 3, 1), (11_016, 2000, 2, 29), (11_017, 2000, 3, 1),
        (-25_508, 1900, 3, 1), (20_783, 2026, 11, 26), (2_932_896, 9999, 12, 31), (-719_468, 0, 3, 1),
    ])
    func aDayNumberIsItsGregorianDate(days: Int, year: Int, month: Int, day: Int) {
        let date = CivilDate.of(daysSince1970: days)
        #expect(date.year == year && date.month == month && date.day == day)
    }
}
