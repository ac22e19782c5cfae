import XCTest
@testable import RestmapEngine

/// `RequestRun` driven in process as `restmap request` drives it: the client object's bytes
/// in, the encoded body out, and failures as data (1) or usage/config (2) errors.
final class RequestRunTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {"Account": {"id": "accountID", "opened": "openedAt"}},
         "entity_attribute_types": {"Account": {"accountID": "integer", "openedAt": "date"}},
         "request_mappings": [
           {"uri": "/accounts", "root_keypath": "account", "class_name": "Account",
            "attribute_mappings": {"accountID": "id", "openedAt": "opened", "owner.name": "owner.name"}},
           {"uri": "/bulk", "class_name": "Account", "attribute_mappings": {"accountID": "id"}},
           {"uri": "/bad", "root_keypath": "2fa", "class_name": "Account", "attribute_mappings": {"accountID": "id"}}]}
        """

    func run(
        _ input: String, mapping index: Int = 0, file: String = "in.json", _ configure: (inout RequestOptions) -> Void = { _ in }
    ) throws -> String {
        var options = RequestOptions()
        configure(&options)
        let definitions = try ConfigText.definitions(Self.config)
        let run = try RequestRun(definitions: definitions, mapping: definitions.requestMappings[index], options: options)
        return String(decoding: try run.render(Array(input.utf8), file: file), as: UTF8.self)
    }

    static let account = #"{"accountID": "42", "openedAt": 1360709932, "owner": {"name": "Ann & Bo"}, "secret": "x"}"#

    func testJSONBodyIsWrappedInTheRootWithTypedValuesAndNestedBodyKeys() throws {
        XCTAssertEqual(
            try run(Self.account),
            """
            {
              "account": {
                "id": 42,
                "opened": "2013-02-12T22:58:52Z",
                "owner": {
                  "name": "Ann & Bo"
                }
              }
            }

            """)
        XCTAssertEqual(
            try run(Self.account) { $0.compact = true },
            #"{"account":{"id":42,"opened":"2013-02-12T22:58:52Z","owner":{"name":"Ann & Bo"}}}"# + "\n")
    }

    func testMissingKeysAreNullUnlessOmitted() throws {
        XCTAssertEqual(
            try run(#"{"accountID": 1}"#) { $0.compact = true },
            #"{"account":{"id":1,"opened":null,"owner":{"name":null}}}"# + "\n")
        XCTAssertEqual(
            try run(#"{"accountID": 1}"#) {
                $0.compact = true
                $0.omitMissing = true
            },
            #"{"account":{"id":1}}"# + "\n")
    }

    func testFormBodyIsPercentEncodedBracketedPairs() throws {
        XCTAssertEqual(
            try run(Self.account) { $0.format = .form },
            "account[id]=42&account[opened]=2013-02-12T22%3A58%3A52Z&account[owner][name]=Ann%20%26%20Bo")
    }

    func testXMLBodyIsAnElementPerKeyUnderTheRoot() throws {
        XCTAssertEqual(
            try run(Self.account) { $0.format = .xml },
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <account>
              <id>42</id>
              <opened>2013-02-12T22:58:52Z</opened>
              <owner>
                <name>Ann &amp; Bo</name>
              </owner>
            </account>

            """)
    }

    func testPlistBodyKeepsTheTypes() throws {
        let body = try run(#"{"accountID": 7}"#) {
            $0.format = .plist
            $0.omitMissing = true
        }
        XCTAssertTrue(body.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"), body)
        XCTAssertTrue(body.contains("<dict>\n\t<key>account</key>\n\t<dict>\n\t\t<key>id</key>\n\t\t<integer>7</integer>\n\t</dict>\n</dict>"), body)
    }

    func testAnArrayOfClientObjectsWithoutARootIsAnArrayBodyWhichAFormCannotCarry() throws {
        XCTAssertEqual(try run(#"[{"accountID": 1}, {"accountID": 2}]"#, mapping: 1) { $0.compact = true }, #"[{"id":1},{"id":2}]"# + "\n")
        XCTAssertThrowsError(try run(#"[{"accountID": 1}]"#, mapping: 1) { $0.format = .form }) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertEqual(error?.diagnostics.first?.location?.line, 6, "the request mapping's entry in the config")
        }
    }

    func testMalformedInputIsADataErrorAtItsLineAndColumn() throws {
        XCTAssertThrowsError(try run("{\"accountID\": 1,\n}", file: "obj.json")) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .data)
            XCTAssertEqual(error?.exitCode, 1)
            XCTAssertEqual(error?.diagnostics.map(\.location?.description), ["obj.json:2:1"])
        }
    }

    func testValuesTheirTypeRefusesAreDataErrorsAtEachValue() throws {
        let input = """
            [{"accountID": 1},
             {"accountID": "x1", "openedAt": "someday"}]
            """
        XCTAssertThrowsError(try run(input, file: "obj.json")) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .data)
            XCTAssertEqual(error?.diagnostics.map(\.location?.description), ["obj.json:2:16", "obj.json:2:34"])
        }
    }

    func testKeysXMLCannotNameAreAConfigErrorBeforeAnyInputOrADataErrorInTheInput() throws {
        XCTAssertThrowsError(try run(#"{"accountID": 1}"#, mapping: 2) { $0.format = .xml }) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .usage)
        }
        XCTAssertEqual(try run(#"{"accountID": 1}"#, mapping: 2) { $0.compact = true }, #"{"2fa":{"id":1}}"# + "\n", "JSON can carry it")
        XCTAssertThrowsError(
            try run(#"{"accountID": 1, "owner": {"name": {"first name": "A"}}}"#, file: "obj.json") { $0.format = .xml }
        ) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .data)
            XCTAssertEqual(error?.diagnostics.map(\.location?.description), ["obj.json"])
        }
    }

    func testInputDeeperThanTheLimitIsADataError() throws {
        XCTAssertThrowsError(try run(#"{"accountID": [[[[1]]]]}"#) { $0.maxDepth = 3 }) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .data)
        }
    }
}
