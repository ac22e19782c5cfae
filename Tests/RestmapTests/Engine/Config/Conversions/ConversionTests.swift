import XCTest
@testable import RestmapEngine

/// `ValueConverter` for every type but dates (DateParsingTests): SPEC §1.6.
final class ConversionTests: XCTestCase {
    let converter = ValueConverter()

    private func assertConverts(
        _ input: Value, _ type: AttributeType, _ expected: Value, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = converter.convert(input, to: type)
        XCTAssertEqual(result, .converted(expected), "\(input) as \(type)", file: file, line: line)
    }

    private func assertFails(
        _ input: Value, _ type: AttributeType, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = converter.convert(input, to: type)
        guard let failure = result.failure else {
            return XCTFail("\(input) as \(type) converted to \(String(describing: result.value))", file: file, line: line)
        }
        if let message { XCTAssertEqual(failure.message, message, file: file, line: line) }
    }

    // MARK: null, blanks, containers

    func testNullStaysNullForEveryType() {
        for type in AttributeType.allCases { assertConverts(.null, type, .null) }
    }

    func testBlankStringsAreNullExceptForStringsDataAndTransformables() {
        for type in AttributeType.allCases {
            let expected: Value = [.string, .binary, .transformable].contains(type) ? "" : .null
            assertConverts("", type, expected)
        }
        assertConverts("  ", .integer64, .null)
        assertConverts("  ", .date, .null)
        assertConverts("  ", .string, "  ")
    }

    func testContainersFailForScalarTypesAndPassForTransformable() {
        assertFails([1, 2], .integer64, "cannot convert an array to integer: expected a single value")
        assertFails(["a": 1], .string, "cannot convert an object to string: expected a single value")
        assertFails([1], .date)
        assertConverts([1, "a"], .transformable, [1, "a"])
        assertConverts(["a": [true]], .transformable, ["a": [true]])
        assertConverts("x", .transformable, "x")
        assertConverts(.number("1.50"), .transformable, .number("1.50"))
    }

    // MARK: integers

    /// Text already in the form the decimal and floating-point conversions give is kept
    /// without being read as a number; for every text, as a number or a string, the result
    /// must be what reading it gives, success or failure.
    func testPlainNumbersConvertAsReadingThemWould() {
        var texts = [
            "0", "-0", "7", "-7", "131.30", "62881.50", "0.0", "-0.000", "10", "100.001", "007", "00", "-01.5",
            "+1", ".5", "5.", "-", "", " 42", "42 ", "1e3", "1E-400", "1e400", "abc", "٣", "1.2.3", "--1", "0x1F",
            "-0.0", "-00", "-.5", "1.e5", "1\n", "\u{FF11}", "\u{2212}1",
        ]
        let nines38 = String(repeating: "9", count: 38), nines39 = String(repeating: "9", count: 39)
        texts += [nines38, nines39, "-\(nines38).\(nines38)", "1.\(nines39)", "0." + String(repeating: "0", count: 37) + "1",
                  "0." + String(repeating: "0", count: 45) + "1", "0." + String(repeating: "0", count: 400) + "1",
                  "0." + String(repeating: "0", count: 38), String(repeating: "12345678901", count: 7)]
        for text in texts {
            for value in [Value.number(text), .string(text)] {
                XCTAssertEqual(DecimalConversion.convert(value), DecimalConversion.reading(text), "\(value) as decimal")
                XCTAssertEqual(
                    FloatingPointConversion.convert(value, single: false), FloatingPointConversion.reading(text, single: false),
                    "\(value) as double")
                XCTAssertEqual(
                    FloatingPointConversion.convert(value, single: true), FloatingPointConversion.reading(text, single: true),
                    "\(value) as float")
            }
        }
        XCTAssertEqual(NumericText.plainLiteralDigits("62881.50").map { [$0.integer, $0.fraction] }, [5, 2])
        XCTAssertEqual(NumericText.plainLiteralDigits("-0").map { [$0.integer, $0.fraction] }, [1, 0])
        XCTAssertEqual(NumericText.plainLiteralDigits("-\(nines38).\(nines38)").map { [$0.integer, $0.fraction] }, [38, 38])
        for text in ["007", "+1", ".5", "5.", "1e3", " 42", "-", "", "٣"] {
            XCTAssertNil(NumericText.plainLiteralDigits(text), text)
        }
    }

    /// Canonical decimal text converts to the number with the same digits, whether it came as
    /// a number or as a string (as XML ids do), exactly as the general reading of numeric text.
    func testCanonicalIntegerTextConvertsToItsOwnDigits() throws {
        for text in ["0", "7", "-7", "1000000", "999999999999999999", "-12345678901234567", "-123456789012345678"] {
            assertConverts(.string(text), .integer64, .number(text))
            assertConverts(.number(text), .integer64, .number(text))
            let general = try XCTUnwrap(NumericText(text)).integerText(bits: 64)
            XCTAssertEqual(try general.get(), text)
        }
    }

    func testIntegersFromNumbersAndNumericStrings() {
        assertConverts(42, .integer64, 42)
        assertConverts("42", .integer64, 42)
        assertConverts(" 42 ", .integer32, 42)
        assertConverts("+42", .integer64, 42)
        assertConverts("-42", .integer16, .number("-42"))
        assertConverts("007", .integer64, 7)
        assertConverts("-0", .integer64, 0)
        assertConverts(.number("-0"), .integer64, 0)
    }

    func testIntegralValuesInAnyNotationConvert() {
        assertConverts("1.0e3", .integer64, 1000)
        assertConverts(.number("1.0e3"), .integer64, 1000)
        assertConverts(.number("1E+3"), .integer16, 1000)
        assertConverts("1.0", .integer64, 1)
        assertConverts("12.500e1", .integer64, 125)
        assertConverts(.number("0.0"), .integer64, 0)
        assertConverts("1000e-3", .integer64, 1)
        assertFails("1500e-3", .integer64)
        assertFails("-1500e-4", .integer64)
    }

    func testFractionsFail() {
        assertFails(.number("1.5"), .integer64, "cannot convert 1.5 to integer: not a whole number")
        assertFails("1.5", .integer32, "cannot convert \"1.5\" to integer (32-bit): not a whole number")
        assertFails("1e-1", .integer64)
        assertFails(.number("1e-99999999999999999999"), .integer64, "cannot convert 1e-99999999999999999999 to integer: not a whole number")
    }

    func testNonNumbersFailWithAReason() {
        assertFails("abc", .integer64, "cannot convert \"abc\" to integer: not a number")
        assertFails("12abc", .integer64, "cannot convert \"12abc\" to integer: not a number")
        assertFails("1_000", .integer64)
        assertFails("1,000", .integer64)
        assertFails("0x10", .integer64)
        assertFails("--1", .integer64)
        assertFails(".", .integer64)
        assertFails("1e", .integer64)
        assertFails("yes", .integer64, "cannot convert \"yes\" to integer: not a number")
    }

    func testWidthsAreRangeChecked() {
        assertConverts(32767, .integer16, 32767)
        assertConverts(-32768, .integer16, -32768)
        assertFails(40000, .integer16, "cannot convert 40000 to integer (16-bit): out of range (-32768...32767)")
        assertFails(-32769, .integer16)
        assertFails("32768", .integer16)
        assertConverts(.number("2147483647"), .integer32, .number("2147483647"))
        assertConverts(.number("-2147483648"), .integer32, .number("-2147483648"))
        assertFails(.number("2147483648"), .integer32, "cannot convert 2147483648 to integer (32-bit): out of range (-2147483648...2147483647)")
        assertConverts(.number("9223372036854775807"), .integer64, .number("9223372036854775807"))
        assertConverts(.number("-9223372036854775808"), .integer64, .number("-9223372036854775808"))
        assertFails(.number("9223372036854775808"), .integer64)
        assertFails(.number("-9223372036854775809"), .integer64)
        assertConverts("69726278940360707", .integer64, .number("69726278940360707"))
    }

    func testHugeIntegersFailWithoutTrapping() {
        assertFails(.number("12345678901234567890123456789"), .integer64)
        assertFails(.number("1e19"), .integer64)
        assertFails(.number("1e99999999999999999999999"), .integer64)
        assertFails("-1e400", .integer64)
        assertConverts(.number("0e99999999999999999999999"), .integer64, 0)
        assertConverts(.number("9.223372036854775807e18"), .integer64, .number("9223372036854775807"))
    }

    func testBooleansBecomeOneAndZero() {
        assertConverts(true, .integer16, 1)
        assertConverts(false, .integer64, 0)
        assertConverts(true, .double, 1)
        assertConverts(false, .decimal, 0)
    }

    // MARK: floating point and decimals

    func testDoublesKeepTheirText() {
        assertConverts("0.1", .double, .number("0.1"))
        assertConverts(.number("0.1"), .double, .number("0.1"))
        assertConverts(.number("-1.50e3"), .double, .number("-1.50e3"))
        assertConverts("1.5", .float, .number("1.5"))
        assertConverts("42", .double, 42)
    }

    func testLooseNumericStringsAreRewrittenAsJSON() {
        assertConverts(".5", .double, .number("0.5"))
        assertConverts("+1.5", .double, .number("1.5"))
        assertConverts("5.", .double, .number("5"))
        assertConverts("-.5e2", .double, .number("-0.5e2"))
        assertConverts(" 2.5 ", .double, .number("2.5"))
        assertConverts("0012.50", .decimal, .number("12.50"))
    }

    func testOutOfRangeDoublesFail() {
        assertFails("1e400", .double, "cannot convert \"1e400\" to double: too large for a double")
        assertFails(.number("-1e400"), .double)
        assertFails("1e-400", .double, "cannot convert \"1e-400\" to double: too small for a double (it would be 0)")
        assertConverts("1e308", .double, .number("1e308"))
        assertConverts("0e-400", .double, .number("0e-400"))
        assertFails("1e39", .float, "cannot convert \"1e39\" to float: too large for a float")
        assertConverts("1e38", .float, .number("1e38"))
    }

    func testNaNAndInfinityAreNotNumbers() {
        for text in ["NaN", "nan", "Infinity", "-Infinity", "inf"] {
            assertFails(.string(text), .double)
            assertFails(.string(text), .decimal)
        }
        assertFails("abc", .double, "cannot convert \"abc\" to double: not a number")
    }

    func testDecimalsAreExact() {
        assertConverts("131.30", .decimal, .number("131.30"))
        assertConverts("131.3", .decimal, .number("131.3"))
        assertConverts(
            "123456789012345678901234567890.123456789012345678901234567890", .decimal,
            .number("123456789012345678901234567890.123456789012345678901234567890"))
        assertConverts(.number("12345678901234567891"), .decimal, .number("12345678901234567891"))
        assertConverts(.number("1e400"), .decimal, .number("1e400"))
        assertFails("12abc", .decimal, "cannot convert \"12abc\" to decimal: not a number")
    }

    // MARK: booleans

    func testBooleanStringsInAnyCase() {
        for text in ["true", "TRUE", "True", "yes", "YES", "t", "T", "y", "Y", "1", " yes "] {
            assertConverts(.string(text), .boolean, true)
        }
        for text in ["false", "FALSE", "no", "No", "f", "F", "n", "N", "0"] {
            assertConverts(.string(text), .boolean, false)
        }
    }

    func testBooleansFromZeroAndOne() {
        assertConverts(1, .boolean, true)
        assertConverts(0, .boolean, false)
        assertConverts(.number("1.0"), .boolean, true)
        assertConverts(.number("0e5"), .boolean, false)
        assertConverts(.number("-0"), .boolean, false)
        assertConverts("1.0", .boolean, true)
        assertConverts(true, .boolean, true)
        assertConverts(false, .boolean, false)
    }

    func testOtherBooleansFail() {
        assertFails(2, .boolean, "cannot convert 2 to boolean: only 0 and 1 are booleans")
        assertFails(-1, .boolean)
        assertFails(.number("0.5"), .boolean)
        assertFails("maybe", .boolean, "cannot convert \"maybe\" to boolean: not a boolean (true/false, yes/no, t/f, y/n or 1/0)")
        assertFails("on", .boolean)
        assertFails("2", .boolean)
    }

    // MARK: strings

    func testStrings() {
        assertConverts("abc", .string, "abc")
        assertConverts(123, .string, "123")
        assertConverts(.number("1.5"), .string, "1.5")
        assertConverts(.number("1.50"), .string, "1.50")
        assertConverts(.number("12345678901234567890"), .string, "12345678901234567890")
        assertConverts(true, .string, "true")
        assertConverts(false, .string, "false")
    }

    // MARK: URLs, UUIDs, data

    func testURLs() {
        for text in [
            "https://example.com/a/b?c=d&e=%20#frag", "http://[::1]:8080/x", "/avatars/1.png", "img.png",
            "mailto:a@b.org", "?q=1", "#top", "https://example.com/café", "urn:isbn:0451450523",
        ] {
            assertConverts(.string(text), .url, .string(text))
        }
        assertFails("http://exa mple.com", .url, "cannot convert \"http://exa mple.com\" to url: contains a space")
        assertFails("http://x/\u{1}", .url)
        assertFails("http://x/%zz", .url)
        assertFails("http://x/a#b#c", .url)
        assertFails("http://x/<a>", .url)
        assertFails("1http://x", .url)
        assertFails("http://x/[a]", .url)
        assertFails(42, .url, "cannot convert 42 to url: expected a string")
    }

    func testUUIDs() {
        assertConverts("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", .uuid, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        assertConverts("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", .uuid, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        assertFails("e621e1f8c36c495a93fc0c247a3e6e5f", .uuid)
        assertFails("{e621e1f8-c36c-495a-93fc-0c247a3e6e5f}", .uuid)
        assertFails("g621e1f8-c36c-495a-93fc-0c247a3e6e5f", .uuid, "cannot convert \"g621e1f8-c36c-495a-93fc-0c247a3e6e5f\" to uuid: not a UUID (8-4-4-4-12 hexadecimal digits)")
    }

    func testBinaryIsCanonicalBase64() {
        assertConverts("Zm9vYmFy", .binary, "Zm9vYmFy")
        assertConverts("Zm9vYg", .binary, "Zm9vYg==")
        assertConverts("Zm9v\nYmFy", .binary, "Zm9vYmFy")
        assertConverts("-_8=", .binary, "+/8=")
        assertFails("Zm9v!mFy", .binary, "cannot convert \"Zm9v!mFy\" to data: not valid base64")
        assertFails(12, .binary)
    }

    // MARK: messages

    func testMessagesQuoteAndShortenStrings() {
        let long = String(repeating: "x", count: 100)
        let message = converter.convert(.string(long), to: .integer64).failure?.message
        XCTAssertEqual(message, "cannot convert \"\(String(repeating: "x", count: 60))…\" to integer: not a number")
        XCTAssertEqual(
            converter.convert("a\"b\n", to: .integer64).failure?.message,
            "cannot convert \"a\\\"b\\n\" to integer: not a number")
    }
}
