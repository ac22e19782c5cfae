import XCTest
@testable import RestmapEngine

/// Canonical integer text (`0`, `42`, `-7`, at most 18 digits) is read by one rule for the
/// identity key's integer form and for the Integer 64 conversion's shortcut: an id the one
/// takes as it is, the other must too, or `17` and `"17"` could become two objects.
final class IdentityTextTests: XCTestCase {
    func testOnlyCanonicalIntegersAreReadAsSuch() {
        XCTAssertEqual(IdentityText.canonicalInteger("1000001"), 1_000_001)
        XCTAssertEqual(IdentityText.canonicalInteger("-12"), -12)
        XCTAssertEqual(IdentityText.canonicalInteger("0"), 0)
        XCTAssertEqual(IdentityText.canonicalInteger("999999999999999999"), 999_999_999_999_999_999)
        XCTAssertEqual(IdentityText.canonicalInteger("-999999999999999999"), -999_999_999_999_999_999)
        for text in ["-0", "012", "+1", "1.0", "", "-", "1_000", "1234567890123456789", "-1234567890123456789", " 1"] {
            XCTAssertNil(IdentityText.canonicalInteger(text), text)
        }
    }

    /// Text the rule takes converts to itself; longer or non-canonical text still converts,
    /// through the general number reading, to canonical text.
    func testTheInteger64ConversionKeepsCanonicalTextAndReadsTheRest() {
        let expected: [(Value, String)] = [
            (.number("-999999999999999999"), "-999999999999999999"), (.string("-999999999999999999"), "-999999999999999999"),
            (.number("1234567890123456789"), "1234567890123456789"), (.number("-1234567890123456789"), "-1234567890123456789"),
            (.string("007"), "7"), (.number("1e3"), "1000"), (.string("42"), "42"),
        ]
        for (value, text) in expected {
            guard case .converted(let converted) = ValueConverter().convert(value, to: .integer64) else {
                XCTFail("\(value) does not convert")
                continue
            }
            XCTAssertEqual(converted, .number(text), "\(value)")
        }
        guard case .converted = ValueConverter().convert(.number("9223372036854775808"), to: .integer64) else { return }
        XCTFail("a number above Int64's range converts")
    }
}
