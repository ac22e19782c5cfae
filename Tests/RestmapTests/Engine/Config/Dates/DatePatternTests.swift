import XCTest
@testable import RestmapEngine

/// `date_formats` entries: compiling Unicode date patterns and matching strings.
final class DatePatternTests: XCTestCase {
    private func iso(_ pattern: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return try DatePattern(parsing: pattern).date(from: text)?.iso8601String
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    private func patternError(_ pattern: String) -> String? {
        do {
            _ = try DatePattern(parsing: pattern)
            return nil
        } catch let error as DatePatternError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    func testNumericPatterns() {
        XCTAssertEqual(iso("dd.MM.yyyy HH:mm", "12.02.2013 22:58"), "2013-02-12T22:58:00Z")
        XCTAssertEqual(iso("dd.MM.yyyy HH:mm", "5.3.2013 9:05"), "2013-03-05T09:05:00Z")
        XCTAssertEqual(iso("d.M.yyyy", "05.03.2013"), "2013-03-05T00:00:00Z")
        XCTAssertEqual(iso("yyyyMMdd", "20130212"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("yyyyMMddHHmmss", "20130212225852"), "2013-02-12T22:58:52Z")
        XCTAssertNil(iso("yyyyMMdd", "2013212"))
        XCTAssertNil(iso("dd.MM.yyyy", "12.02.2013 extra"))
        XCTAssertNil(iso("dd.MM.yyyy", "12-02-2013"))
    }

    func testQuotedLiteralsAndZones() {
        XCTAssertEqual(iso("yyyy-MM-dd'T'HH:mm:ssZZZZZ", "2013-02-12T22:58:52-05:00"), "2013-02-13T03:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd'T'HH:mm:ssZZZZZ", "2013-02-12T22:58:52Z"), "2013-02-12T22:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2013-02-12T22:58:52.250+0530"), "2013-02-12T17:28:52.250Z")
        XCTAssertEqual(iso("yyyy-MM-dd'T'HH:mm:ss.SSSX", "2013-02-12T22:58:52.2509Z"), "2013-02-12T22:58:52.250Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss xxx", "2013-02-12 22:58:52 +01:00"), "2013-02-12T21:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss z", "2013-02-12 22:58:52 PST"), "2013-02-13T06:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss zzz", "2013-02-12 22:58:52 UTC"), "2013-02-12T22:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss ZZZZ", "2013-02-12 22:58:52 GMT-08:00"), "2013-02-13T06:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss Z", "2013-02-12 22:58:52 GMT+1"), "2013-02-12T21:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss Z", "2013-02-12 22:58:52 EDT"), "2013-02-13T02:58:52Z")
        XCTAssertNil(iso("yyyy-MM-dd HH:mm:ss Z", "2013-02-12 22:58:52 CET"))
        XCTAssertEqual(iso("'Day' dd 'of' MM yyyy", "day 12 OF 02 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("dd MM yyyy 'o''clock' HH", "12 02 2013 o'clock 22"), "2013-02-12T22:00:00Z")
        XCTAssertEqual(iso("yyyy''MM''dd", "2013'02'12"), "2013-02-12T00:00:00Z")
    }

    func testNames() {
        XCTAssertEqual(iso("EEE, d MMM yyyy", "Tue, 12 Feb 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("EEEE, MMMM d, yyyy", "Tuesday, February 12, 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("EEEE, MMMM d, yyyy", "TUESDAY, FEBRUARY 12, 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("d MMM yyyy", "12 February 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("d MMMM yyyy", "12 Feb 2013"), "2013-02-12T00:00:00Z")
        XCTAssertEqual(iso("d LLL yyyy", "1 Sep 2013"), "2013-09-01T00:00:00Z")
        XCTAssertNil(iso("d MMM yyyy", "12 Fbr 2013"))
        let pattern = try? DatePattern(parsing: "EEE, d MMM yyyy")
        XCTAssertEqual(pattern?.match("Wed, 12 Feb 2013"), .invalid("2013-02-12 is a Tuesday, not a Wednesday"))
    }

    func testTwelveHourClock() {
        XCTAssertEqual(iso("MM/dd/yy h:mm a", "02/12/13 10:58 PM"), "2013-02-12T22:58:00Z")
        XCTAssertEqual(iso("MM/dd/yy h:mm a", "02/12/13 12:05 am"), "2013-02-12T00:05:00Z")
        XCTAssertEqual(iso("MM/dd/yy h:mm a", "02/12/13 12:05 PM"), "2013-02-12T12:05:00Z")
        XCTAssertEqual(iso("MM/dd/yy hh:mm a", "02/12/13 01:05 AM"), "2013-02-12T01:05:00Z")
        XCTAssertEqual(iso("MM/dd/yy K:mm a", "02/12/13 0:05 PM"), "2013-02-12T12:05:00Z")
        XCTAssertEqual(iso("MM/dd/yyyy kk:mm", "02/12/2013 24:05"), "2013-02-12T00:05:00Z")
        let pattern = try? DatePattern(parsing: "MM/dd/yy h:mm a")
        XCTAssertEqual(pattern?.match("02/12/13 13:05 PM"), .invalid("hour 13 is not on a 12-hour clock (1–12)"))
    }

    func testTwoDigitYearsPivotAt69() {
        XCTAssertEqual(iso("dd-MM-yy", "06-11-94"), "1994-11-06T00:00:00Z")
        XCTAssertEqual(iso("dd-MM-yy", "06-11-69"), "1969-11-06T00:00:00Z")
        XCTAssertEqual(iso("dd-MM-yy", "06-11-68"), "2068-11-06T00:00:00Z")
        XCTAssertEqual(iso("dd-MM-yy", "06-11-00"), "2000-11-06T00:00:00Z")
        XCTAssertEqual(iso("dd-MM-yy", "06-11-1994"), "1994-11-06T00:00:00Z")
        XCTAssertEqual(iso("yyMMdd", "941106"), "1994-11-06T00:00:00Z")
    }

    func testFractions() {
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss.S", "2013-02-12 22:58:52.2509"), "2013-02-12T22:58:52.250Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss.SSSSSS", "2013-02-12 22:58:52.000001"), "2013-02-12T22:58:52Z")
        XCTAssertEqual(iso("yyyy-MM-dd HH:mm:ss.SSS", "2013-02-12 22:58:52.5"), "2013-02-12T22:58:52.500Z")
        XCTAssertEqual(iso("yyyyMMddHHmmssSSS", "20130212225852250"), "2013-02-12T22:58:52.250Z")
    }

    func testCalendarIsStrict() throws {
        let pattern = try DatePattern(parsing: "dd.MM.yyyy")
        XCTAssertEqual(pattern.match("29.02.2024").instantText, "2024-02-29T00:00:00Z")
        XCTAssertEqual(pattern.match("29.02.2023"), .invalid("February 2023 has only 28 days"))
        XCTAssertEqual(pattern.match("31.06.2013"), .invalid("June 2013 has only 30 days"))
        XCTAssertEqual(pattern.match("01.01.0000"), .invalid("year 0 is out of range (0001–9999)"))
        XCTAssertEqual(pattern.match("01.01.99").instantText, "0099-01-01T00:00:00Z")
        XCTAssertEqual(pattern.match("nonsense"), .noMatch)
    }

    func testWhitespaceInThePatternMatchesAnyRunOfWhitespace() {
        XCTAssertEqual(iso("MMM d yyyy", "Nov  6 1994"), "1994-11-06T00:00:00Z")
        XCTAssertNil(iso("MMM d yyyy", "Nov6 1994"))
        XCTAssertEqual(iso("dd.MM.yyyy", "  12.02.2013  "), "2013-02-12T00:00:00Z")
    }

    func testInvalidPatternsAreReported() {
        XCTAssertEqual(patternError(""), "the pattern is empty")
        XCTAssertEqual(patternError("dd.MM.yyyy 'T"), "unterminated quote (a literal ' is written '')")
        XCTAssertEqual(patternError("dd.MM.yyyy G"), "unsupported pattern letter 'G' (quote text meant literally: 'G')")
        XCTAssertEqual(patternError("dd.MMMMM.yyyy"), "'MMMMM' is not supported (use M, MM, MMM or MMMM)")
        XCTAssertEqual(patternError("ddd.MM.yyyy"), "'ddd' is not supported (use d or dd)")
        XCTAssertEqual(patternError("yyyy-MM-dd yyyy"), "the year appears twice")
        XCTAssertEqual(patternError("HH:mm"), "a date pattern needs a year, a month and a day; this one has no year (y), month (M) or day (d)")
        XCTAssertEqual(patternError("MM/yyyy"), "a date pattern needs a year, a month and a day; this one has no day (d)")
        XCTAssertEqual(patternError("dd.MM.yyyy HH hh"), "the hour appears twice")
        XCTAssertEqual(
            "\(DatePatternError(pattern: "x", message: "m"))", "invalid date pattern \"x\": m")
    }

    func testBuiltInPatternsCompile() {
        XCTAssertEqual(DateParser.builtInPatterns.count, 5)
    }
}

extension DateParseOutcome {
    fileprivate var instantText: String? {
        if case .parsed(let instant) = self { return instant.iso8601String }
        return nil
    }
}
