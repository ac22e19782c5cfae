import XCTest
@testable import RestmapEngine

final class RequestXMLBodyEncoderTests: XCTestCase {
    func encode(_ name: String, _ json: String, style: XMLBodyEncoder.Style = .pretty) throws -> String {
        try XMLBodyEncoder(style: style).encode(element: name, content: requestTestValue(json))
    }

    func testMembersAreChildElementsInBodyOrder() throws {
        XCTAssertEqual(
            try encode("user", #"{"username": "alice", "password": "a<b&c>\"d'", "age": 30, "admin": false}"#),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <user>
              <username>alice</username>
              <password>a&lt;b&amp;c&gt;&quot;d'</password>
              <age>30</age>
              <admin>false</admin>
            </user>

            """)
    }

    func testCompactWritesOneLine() throws {
        XCTAssertEqual(
            try encode("user", #"{"name": {"first": "Ada"}, "tags": ["a", "b"]}"#, style: .compact),
            #"<?xml version="1.0" encoding="UTF-8"?><user><name><first>Ada</first></name><tags>a</tags><tags>b</tags></user>"# + "\n")
    }

    func testNestedDictionariesNestAndArraysRepeatTheirElement() throws {
        XCTAssertEqual(
            try encode("Person", #"{"name": {"first": "Ada", "last": "L"}, "tags": ["x", "y"], "grid": [[1, 2], []]}"#),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Person>
              <name>
                <first>Ada</first>
                <last>L</last>
              </name>
              <tags>x</tags>
              <tags>y</tags>
              <grid>
                <grid>1</grid>
                <grid>2</grid>
              </grid>
              <grid/>
            </Person>

            """)
    }

    func testNullAndEmptyValues() throws {
        XCTAssertEqual(
            try encode("user", #"{"password": null, "meta": {}, "note": "", "tags": []}"#),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <user>
              <password/>
              <meta/>
              <note></note>
            </user>

            """)
    }

    func testAnArrayBodyIsWrappedInThePluralOfTheRoot() throws {
        XCTAssertEqual(
            try encode("UserLoginInfo", #"[{"username": "a"}, {"username": "b"}]"#),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <UserLoginInfos>
              <UserLoginInfo>
                <username>a</username>
              </UserLoginInfo>
              <UserLoginInfo>
                <username>b</username>
              </UserLoginInfo>
            </UserLoginInfos>

            """)
        XCTAssertEqual(try encode("user", "[]"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<users/>\n")
    }

    func testPluralRules() {
        XCTAssertEqual(XMLBodyEncoder.plural("user"), "users")
        XCTAssertEqual(XMLBodyEncoder.plural("Address"), "Addresses")
        XCTAssertEqual(XMLBodyEncoder.plural("box"), "boxes")
        XCTAssertEqual(XMLBodyEncoder.plural("batch"), "batches")
        XCTAssertEqual(XMLBodyEncoder.plural("Category"), "Categories")
        XCTAssertEqual(XMLBodyEncoder.plural("key"), "keys")
        XCTAssertEqual(XMLBodyEncoder.plural("y"), "ys")
    }

    func testElementNamesMustBeXMLNames() {
        for name in ["user", "_x", "a-b.c1", "Département", "東京"] {
            XCTAssertTrue(XMLBodyEncoder.isValidName(name), name)
        }
        for name in ["", "1st", "-a", ".a", "first name", "a[b]", "ns:name", "a/b", "a\u{0}"] {
            XCTAssertFalse(XMLBodyEncoder.isValidName(name), name)
        }
    }

    func testAKeyXMLCannotNameIsAnErrorNamingWhereItIs() throws {
        XCTAssertThrowsError(try encode("user", #"{"meta": {"ok": 1, "not ok": 2}}"#)) { error in
            let invalid = error as? XMLBodyEncoder.InvalidNameError
            XCTAssertEqual(invalid, XMLBodyEncoder.InvalidNameError(name: "not ok", pointer: "/meta/not ok"))
            XCTAssertEqual(invalid?.message, "the key 'not ok' (at /meta/not ok in the body) is not a valid XML element name")
        }
        XCTAssertThrowsError(try encode("2fa", "{}")) { error in
            XCTAssertEqual(error as? XMLBodyEncoder.InvalidNameError, XMLBodyEncoder.InvalidNameError(name: "2fa", pointer: ""))
        }
    }

    /// Deep nesting stays linear: past `IndentationCap.levels` lines keep that indentation,
    /// and a bad name deep down is still named by its whole pointer.
    func testDeepNestingIsLinearInSizeAndStillLocatesABadName() throws {
        var value: Value = .string("x")
        for _ in 0..<1_000 { value = .object(ValueObject([("a", value)])) }
        let body = try XMLBodyEncoder(style: .pretty).encode(element: "root", content: value)
        XCTAssertLessThan(body.utf8.count, 1_000 * 2 * (IndentationCap.levels * 2 + 10), "quadratic in the depth")
        XCTAssertTrue(body.contains("\n" + String(repeating: "  ", count: IndentationCap.levels) + "<a>"))
        XCTAssertFalse(body.contains(String(repeating: "  ", count: IndentationCap.levels + 1) + "<a>"))

        var bad: Value = .object(ValueObject([("not ok", .string("x"))]))
        for _ in 0..<3 { bad = .object(ValueObject([("a", bad)])) }
        XCTAssertThrowsError(try XMLBodyEncoder(style: .pretty).encode(element: "root", content: bad)) { error in
            XCTAssertEqual(error as? XMLBodyEncoder.InvalidNameError, XMLBodyEncoder.InvalidNameError(name: "not ok", pointer: "/a/a/a/not ok"))
        }
    }
}
