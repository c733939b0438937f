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

    @Test(arguments: [0, -1, 59, 11_016, 11_017, -25_508, 20_783, 2_932_896, -719_468])
    func aGregorianDateIsItsDayNumber(days: Int) {
        let date = CivilDate.of(daysSince1970: days)
        #expect(CivilDate.days(year: date.year, month: date.month, day: date.day) == days)
    }

    @Test(arguments: [(2, 2024, 29), (2, 2023, 28), (2, 2000, 29), (2, 1900, 28), (4, 2024, 30), (12, 2024, 31)])
    func monthsHaveTheirLengths(month: Int, year: Int, days: Int) {
        #expect(CivilDate.daysIn(month: month, year: year) == days)
    }
}
