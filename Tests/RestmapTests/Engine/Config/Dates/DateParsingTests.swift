import XCTest
@testable import RestmapEngine

/// Strings and numbers to dates (SPEC §1.6), printed as ISO 8601 UTC.
final class DateParsingTests: XCTestCase {
    let converter = ValueConverter()

    private func assertDate(
        _ input: Value, _ expected: String, converter: ValueConverter? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = (converter ?? self.converter).convert(input, to: .date)
        XCTAssertEqual(result, .converted(.string(expected)), "\(input)", file: file, line: line)
    }

    private func assertNotADate(
        _ input: Value, _ reason: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = converter.convert(input, to: .date)
        guard let failure = result.failure else {
            return XCTFail("\(input) converted to \(String(describing: result.value))", file: file, line: line)
        }
        if let reason { XCTAssertEqual(failure.reason.text, reason, file: file, line: line) }
    }

    // MARK: ISO 8601

    func testExtendedISO8601() {
        assertDate("2013-02-12T22:58:52Z", "2013-02-12T22:58:52Z")
        assertDate("2011-07-07T04:35:28Z", "2011-07-07T04:35:28Z")
        assertDate("2011-08-09T00:00Z", "2011-08-09T00:00:00Z")
        assertDate("2013-02-12T22Z", "2013-02-12T22:00:00Z")
        assertDate("2013-02-12", "2013-02-12T00:00:00Z")
        assertDate("2011-02-02 07:53:08", "2011-02-02T07:53:08Z")
        assertDate("2013-02-12t22:58:52z", "2013-02-12T22:58:52Z")
    }

    func testBasicISO8601() {
        assertDate("20130212", "2013-02-12T00:00:00Z")
        assertDate("20130212T225852Z", "2013-02-12T22:58:52Z")
        assertDate("20130212T2258Z", "2013-02-12T22:58:00Z")
        assertDate("20130212T225852+0100", "2013-02-12T21:58:52Z")
    }

    func testZones() {
        assertDate("2013-02-12T22:58:52-05:00", "2013-02-13T03:58:52Z")
        assertDate("2013-02-12T22:58:52+0530", "2013-02-12T17:28:52Z")
        assertDate("2013-02-12T22:58:52+05", "2013-02-12T17:58:52Z")
        assertDate("2013-02-12T02:00:00+05:30", "2013-02-11T20:30:00Z")
        assertDate("2013-02-12T22:58:52+00:00", "2013-02-12T22:58:52Z")
        assertDate("2013-12-31T23:30:00-01:00", "2014-01-01T00:30:00Z")
        assertNotADate("2013-02-12T22:58:52+24:00", "zone offset is out of range")
    }

    func testFractionalSeconds() {
        assertDate("2013-02-12T22:58:52.250Z", "2013-02-12T22:58:52.250Z")
        assertDate("2013-02-12T22:58:52.25Z", "2013-02-12T22:58:52.250Z")
        assertDate("2013-02-12T22:58:52.2509Z", "2013-02-12T22:58:52.250Z")
        assertDate("2013-02-12T22:58:52.2509999999999Z", "2013-02-12T22:58:52.250Z")
        assertDate("2013-02-12T22:58:52.000Z", "2013-02-12T22:58:52Z")
        assertDate("2013-02-12T22:58:52.001", "2013-02-12T22:58:52.001Z")
        assertDate("2013-02-12T22:58:52,5+01:00", "2013-02-12T21:58:52.500Z")
        assertNotADate("2013-02-12T22:58:52.Z")
    }

    func testLeapDays() {
        assertDate("2024-02-29", "2024-02-29T00:00:00Z")
        assertDate("2000-02-29T12:00:00Z", "2000-02-29T12:00:00Z")
        assertNotADate("2023-02-29", "February 2023 has only 28 days")
        assertNotADate("1900-02-29", "February 1900 has only 28 days")
        assertNotADate("2013-02-30", "February 2013 has only 28 days")
        assertNotADate("2013-04-31", "April 2013 has only 30 days")
        assertNotADate("2013-13-01", "month 13 does not exist")
        assertNotADate("2013-00-10", "month 0 does not exist")
        assertNotADate("2013-01-00", "day 0 does not exist")
    }

    func testTimesAreValidated() {
        assertNotADate("2013-02-12T25:00:00Z", "hour 25 does not exist")
        assertNotADate("2013-02-12T23:60:00Z", "minute 60 does not exist")
        assertNotADate("2013-02-12T23:59:60Z", "leap seconds are not supported")
        assertDate("2013-02-12T24:00:00Z", "2013-02-13T00:00:00Z")
        assertDate("2013-12-31T24:00", "2014-01-01T00:00:00Z")
        assertNotADate("2013-02-12T24:00:01Z", "hour 24 is only allowed as 24:00:00")
    }

    func testISOMustBeTheWholeString() {
        assertNotADate("2013-02-12T22:58:52Z trailing")
        assertNotADate("2013-02-12T")
        assertNotADate("2013-02-12Z")
        assertNotADate("2013-2-12T10:00:00Z")
        assertDate("  2013-02-12T22:58:52Z\n", "2013-02-12T22:58:52Z")
    }

    func testYearBoundaries() {
        assertDate("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z")
        assertDate("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z")
        assertDate("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z")
        assertDate("1600-02-29", "1600-02-29T00:00:00Z")
        assertDate("1582-10-10", "1582-10-10T00:00:00Z")
        assertNotADate("0000-01-01", "year 0 is out of range (0001–9999)")
        assertNotADate("9999-12-31T23:00:00-05:00", "out of range (years 0001–9999 in UTC)")
        assertNotADate("0001-01-01T00:00:00+01:00")
    }

    // MARK: seconds since 1970

    func testEpochStrings() {
        assertDate("457574400", "1984-07-02T00:00:00Z")
        assertDate("0", "1970-01-01T00:00:00Z")
        assertDate("1360709932.25", "2013-02-12T22:58:52.250Z")
        assertDate("1360709932.2509", "2013-02-12T22:58:52.250Z")
        assertDate("-1", "1969-12-31T23:59:59Z")
        assertDate("-1.5", "1969-12-31T23:59:58.500Z")
        assertDate("2013", "1970-01-01T00:33:33Z")
        assertDate("99999999", "1973-03-03T09:46:39Z")
        assertNotADate("1e9")
        assertNotADate("+5")
        assertNotADate("99999999999999999999", "out of range (years 0001–9999)")
        assertNotADate("-62135596801", "out of range (years 0001–9999)")
        assertDate("-62135596800", "0001-01-01T00:00:00Z")
        assertDate("253402300799.999", "9999-12-31T23:59:59.999Z")
    }

    func testEightDigitStringsAreBasicDatesWhenTheyAreDates() {
        assertDate("19700101", "1970-01-01T00:00:00Z")
        assertDate("20131312", "1970-08-22T00:01:52Z")
    }

    func testNumbersAreSecondsSince1970() {
        assertDate(457574400, "1984-07-02T00:00:00Z")
        assertDate(.number("1360709932.25"), "2013-02-12T22:58:52.250Z")
        assertDate(.number("1.36070993225e9"), "2013-02-12T22:58:52.250Z")
        assertDate(.number("1360709932.2509"), "2013-02-12T22:58:52.250Z")
        assertDate(.number("-0.0015"), "1969-12-31T23:59:59.999Z")
        assertDate(.number("0"), "1970-01-01T00:00:00Z")
        assertNotADate(.number("1e300"), "out of range (years 0001–9999)")
        assertNotADate(.bool(true), "a boolean is not a date")
    }

    // MARK: other built-in formats

    func testSlashedAndDashedDates() {
        assertDate("11/27/1982", "1982-11-27T00:00:00Z")
        assertDate("1/5/2013", "2013-01-05T00:00:00Z")
        assertDate("2013-2-5", "2013-02-05T00:00:00Z")
        assertNotADate("02/30/2013", "February 2013 has only 28 days")
        assertNotADate("27/11/1982", "month 27 does not exist")
    }

    func testHTTPDates() {
        assertDate("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z")
        assertDate("Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z")
        assertDate("Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37Z")
        assertDate("sun, 06 nov 1994 08:49:37 gmt", "1994-11-06T08:49:37Z")
        assertDate("Sun, 06 Nov 1994 08:49:37 EST", "1994-11-06T13:49:37Z")
        assertDate("Sun, 06 Nov 1994 08:49:37 +0100", "1994-11-06T07:49:37Z")
        assertNotADate("Mon, 06 Nov 1994 08:49:37 GMT", "1994-11-06 is a Sunday, not a Monday")
    }

    // MARK: blanks, failures, custom formats

    func testBlankStringsAreNull() {
        XCTAssertEqual(converter.convert("", to: .date), .converted(.null))
        XCTAssertEqual(converter.convert(" \t", to: .date), .converted(.null))
        XCTAssertEqual(converter.convert(.null, to: .date), .converted(.null))
    }

    func testNonDatesFail() {
        XCTAssertEqual(
            converter.convert("tomorrow", to: .date).failure?.message,
            "cannot convert \"tomorrow\" to date: not a date in any accepted format")
        assertNotADate("2013/02/12")
        assertNotADate("12.02.2013")
    }

    func testConfiguredFormatsComeLast() throws {
        let custom = ValueConverter(dateFormats: [
            try DatePattern(parsing: "dd.MM.yyyy HH:mm"),
            try DatePattern(parsing: "dd/MM/yyyy"),
        ])
        assertDate("12.02.2013 22:58", "2013-02-12T22:58:00Z", converter: custom)
        // The built-in MM/dd/yyyy is tried first; a day above 12 falls through to dd/MM/yyyy.
        assertDate("01/02/2013", "2013-01-02T00:00:00Z", converter: custom)
        assertDate("27/11/1982", "1982-11-27T00:00:00Z", converter: custom)
        assertDate("2013-02-12T22:58:52Z", "2013-02-12T22:58:52Z", converter: custom)
    }

    func testInstantFormatting() {
        XCTAssertEqual(UTCInstant(millisecondsSince1970: 0)?.iso8601String, "1970-01-01T00:00:00Z")
        XCTAssertEqual(UTCInstant(millisecondsSince1970: -1)?.iso8601String, "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(UTCInstant(millisecondsSince1970: 1_360_709_932_250)?.iso8601String, "2013-02-12T22:58:52.250Z")
        XCTAssertNil(UTCInstant(millisecondsSince1970: UTCInstant.maximumMilliseconds + 1))
        XCTAssertNil(UTCInstant(millisecondsSince1970: UTCInstant.minimumMilliseconds - 1))
    }

    func testCalendarRoundTripsEveryDayOfFourHundredYears() {
        var expectedWeekday = ProlepticGregorian.weekday(daysSince1970: ProlepticGregorian.daysSince1970(year: 1800, month: 1, day: 1))
        XCTAssertEqual(expectedWeekday, 3)  // 1800-01-01 was a Wednesday
        var days = ProlepticGregorian.daysSince1970(year: 1800, month: 1, day: 1)
        for year in 1800..<2200 {
            for month in 1...12 {
                for day in 1...ProlepticGregorian.daysInMonth(month, year: year) {
                    XCTAssertEqual(ProlepticGregorian.daysSince1970(year: year, month: month, day: day), days)
                    let civil = ProlepticGregorian.date(daysSince1970: days)
                    XCTAssertTrue(civil == (year, month, day))
                    XCTAssertEqual(ProlepticGregorian.weekday(daysSince1970: days), expectedWeekday)
                    days += 1
                    expectedWeekday = (expectedWeekday + 1) % 7
                }
            }
        }
    }

    /// A timestamp already in the form a converted date takes is kept without being parsed;
    /// for every text of that shape, valid or not, the result must be what parsing gives.
    func testCanonicalUTCTimestampsConvertAsParsingThemWould() throws {
        let parser = DateParser(formats: [])
        var texts: [String] = []
        for year in ["0000", "0001", "1900", "1970", "2000", "2015", "2024", "2100", "9999"] {
            for month in ["00", "01", "02", "04", "12", "13"] {
                for day in ["00", "01", "28", "29", "30", "31", "32"] {
                    for time in [
                        "00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "9a:00:00", "23:59:59.250", "00:00:00.001",
                        "12:00:00.000", "12:00:00.5", "12:00:00.2500", "12:00:00,250", "12:00:00.2a0",
                    ] {
                        texts.append("\(year)-\(month)-\(day)T\(time)Z")
                    }
                }
            }
        }
        texts += [
            "2015-06-17T21:25:31z", "2015-06-17t21:25:31Z", "2015-06-17 21:25:31Z", "2015-06-17T21:25:31.250Z",
            "2015-06-17T21:25:31.000Z", "2015-06-17T21:25:31+00:00", "2015-06-17T21:25:31-00:00", "2015-06-17T21:25:31+0000",
            " 2015-06-17T21:25:31Z", "2015-06-17T21:25:31Z ", "2015-06-17T21:25Z", "20150617T212531Z", "2015-6-17T21:25:31Z",
            "2015-06-31T00:00:00Z", "2015-09-31T00:00:00Z", "2015-11-31T00:00:00Z", "2/15-06-17T21:25:31Z",
            "2015-0/-17T21:25:31Z", "2015-06-1/T21:25:31Z", "2015-06-17T21:2/:31Z", "2015-06-17T21:25:3/Z",
        ]
        // A config's own formats are tried after ISO 8601, so they change nothing here.
        let withFormats = DateParser(formats: [try DatePattern(parsing: "yyyy-dd-MM'T'HH:mm:ss'Z'")])
        var kept = 0
        for text in texts {
            let value = Value.string(text)
            if ISO8601DateReader.isCanonicalUTC(text) { kept += 1 }
            XCTAssertEqual(DateConversion.convert(value, parser: parser), DateConversion.reading(text, parser: parser), text)
            XCTAssertEqual(
                DateConversion.convert(value, parser: withFormats), DateConversion.reading(text, parser: withFormats), text)
        }
        // The years but 0000, the months but 00 and 13, the days each month has (February 29
        // in 2000 and 2024 only), at 00:00:00, 23:59:59, 23:59:59.250 and 00:00:00.001: 520;
        // and, of the others, 2015-06-17T21:25:31.250Z alone.
        XCTAssertEqual(kept, 521)
    }
}
