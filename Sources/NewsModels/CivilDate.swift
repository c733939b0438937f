/// Calendar days without a calendar: the Gregorian date of a day counted from 1970-01-01
/// (Howard Hinnant's `civil_from_days`), for the places that print many dates and cannot
/// afford Foundation's calendar for each (a whole archive's `--json`, a list's relative dates).
public enum CivilDate {
    /// The proleptic Gregorian date of the day `days` after 1970-01-01; negative days count back.
    public static func of(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
