import FolioModel
import XCTest

@testable import InquiryService

final class LocalDateTests: XCTestCase {
    func testADateThatDoesNotExistIsRejected() {
        XCTAssertNil(LocalDate(year: 2024, month: 2, day: 30))
        XCTAssertNil(LocalDate(year: 2023, month: 2, day: 29))
        XCTAssertNil(LocalDate(year: 2024, month: 13, day: 1))
        XCTAssertNil(LocalDate(year: 2024, month: 4, day: 31))
        XCTAssertNil(LocalDate(year: 2024, month: 1, day: 0))
        XCTAssertNil(LocalDate(year: 0, month: 1, day: 1))
        XCTAssertNotNil(LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertNotNil(LocalDate(year: 2000, month: 2, day: 29))
        XCTAssertNil(LocalDate(year: 1900, month: 2, day: 29))
    }

    func testISOTextRoundTrips() throws {
        let date = try XCTUnwrap(LocalDate(iso: "2026-03-01"))
        XCTAssertEqual([date.year, date.month, date.day], [2026, 3, 1])
        XCTAssertEqual(date.iso, "2026-03-01")
        XCTAssertEqual(LocalDate(year: 5, month: 1, day: 9)?.iso, "0005-01-09")
    }

    func testISOReadingIsStrict() {
        for text in ["2026-3-01", "2026-03-1", "20260301", "2026/03/01", "2026-02-30", "+026-03-01", "2026-03-01 ", ""]
        {
            XCTAssertNil(LocalDate(iso: text), text)
        }
    }

    func testDatesCompareByDay() throws {
        let earlier = try XCTUnwrap(LocalDate(iso: "2025-12-31"))
        let later = try XCTUnwrap(LocalDate(iso: "2026-01-01"))
        XCTAssertLessThan(earlier, later)
    }

    func testCodableAsISOText() throws {
        let date = try XCTUnwrap(LocalDate(iso: "2026-03-01"))
        let data = try JSONEncoder().encode([date])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["2026-03-01"]"#)
        XCTAssertEqual(try JSONDecoder().decode([LocalDate].self, from: data), [date])
        XCTAssertThrowsError(try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8)))
    }

    func testWeekdayOfKnownDates() throws {
        let cases = [
            ("1970-01-01", Weekday.thursday), ("2000-02-29", .tuesday), ("2024-02-29", .thursday),
            ("2026-03-01", .sunday), ("2026-03-02", .monday), ("1600-03-01", .wednesday), ("0001-01-01", .monday),
        ]
        for (iso, weekday) in cases {
            XCTAssertEqual(try XCTUnwrap(LocalDate(iso: iso)).weekday, weekday, iso)
        }
    }

    func testDaysSince1970RoundTripsOverLeapYears() throws {
        XCTAssertEqual(try XCTUnwrap(LocalDate(iso: "1970-01-01")).daysSince1970, 0)
        XCTAssertEqual(try XCTUnwrap(LocalDate(iso: "1969-12-31")).daysSince1970, -1)
        for days in stride(from: -719_162, through: 2_932_896, by: 997) {
            XCTAssertEqual(LocalDate(daysSince1970: days).daysSince1970, days)
        }
        XCTAssertEqual(LocalDate(daysSince1970: 19_782).iso, "2024-02-29")
    }

    func testDaysOutsideTheYearRangeAreClamped() {
        XCTAssertEqual(LocalDate(daysSince1970: Int.min / 2).iso, "0001-01-01")
        XCTAssertEqual(LocalDate(daysSince1970: Int.max / 2).iso, "9999-12-31")
    }

    func testWeekdayIsCodableAsItsWireName() throws {
        let data = try JSONEncoder().encode([Weekday.monday, .sunday])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["MONDAY","SUNDAY"]"#)
    }
}

final class LocalDateTimeTests: XCTestCase {
    func testISOTextRoundTrips() throws {
        let value = try XCTUnwrap(LocalDateTime(iso: "2026-03-01T09:05"))
        XCTAssertEqual(value.date.iso, "2026-03-01")
        XCTAssertEqual([value.hour, value.minute], [9, 5])
        XCTAssertEqual(value.iso, "2026-03-01T09:05")
    }

    func testATimeThatDoesNotExistIsRejected() {
        for text in [
            "2026-03-01T24:00", "2026-03-01T12:60", "2026-02-30T10:00", "2026-03-01 10:00", "2026-03-01T10:00:00",
        ] {
            XCTAssertNil(LocalDateTime(iso: text), text)
        }
    }

    func testCodableAsISOText() throws {
        let value = try XCTUnwrap(LocalDateTime(iso: "2026-03-01T23:59"))
        let data = try JSONEncoder().encode([value])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["2026-03-01T23:59"]"#)
        XCTAssertEqual(try JSONDecoder().decode([LocalDateTime].self, from: data), [value])
    }

    func testDateTimesCompareByDateThenTime() throws {
        XCTAssertLessThan(
            try XCTUnwrap(LocalDateTime(iso: "2026-03-01T23:59")), try XCTUnwrap(LocalDateTime(iso: "2026-03-02T00:00"))
        )
        XCTAssertLessThan(
            try XCTUnwrap(LocalDateTime(iso: "2026-03-01T09:59")), try XCTUnwrap(LocalDateTime(iso: "2026-03-01T10:00"))
        )
    }
}
