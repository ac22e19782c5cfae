import Foundation
import RestmapTestSupport
import XCTest

/// `restmap request` as a user runs it: exact bytes of every format, exit codes and messages.
final class RequestCommandTests: XCTestCase {
    let employees = "Configs/employees.plist"
    let gists = "Configs/gists.plist"
    let login = "Samples/requests/user-login.json"
    let logins = "Samples/requests/user-logins.json"

    func request(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try RestmapBinary.run(["request"] + arguments, stdin: stdin.map { Data($0.utf8) })
    }

    /// A scratch directory, removed after the test.
    func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("restmap-request-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// Writes a JSON config into a scratch directory and returns its path.
    func config(_ json: String) throws -> String {
        let url = try scratchDirectory().appendingPathComponent("config.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func assertSuccess(_ result: CommandResult, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        XCTAssertEqual(result.status, 0, file: file, line: line)
        XCTAssertEqual(result.stdout, expected, file: file, line: line)
    }

    // MARK: - The /user/auth example of the RestKitMapper page, in every format

    func testLoginAsJSON() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", login]),
            """
            {
              "user": {
                "username": "alice@example.com",
                "password": "correct horse & battery"
              }
            }

            """)
    }

    func testLoginAsCompactJSON() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--compact", login]),
            #"{"user":{"username":"alice@example.com","password":"correct horse & battery"}}"# + "\n")
    }

    func testLoginAsForm() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--format", "form", login]),
            "user[password]=correct%20horse%20%26%20battery&user[username]=alice%40example.com")
    }

    func testLoginAsXML() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--format", "xml", login]),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <user>
              <username>alice@example.com</username>
              <password>correct horse &amp; battery</password>
            </user>

            """)
    }

    func testLoginAsPlist() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--format", "plist", login]),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>user</key>
            \t<dict>
            \t\t<key>username</key>
            \t\t<string>alice@example.com</string>
            \t\t<key>password</key>
            \t\t<string>correct horse &amp; battery</string>
            \t</dict>
            </dict>
            </plist>

            """)
    }

    func testPathMayBeAFullURLWithAQuery() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "https://api.example.com/user/auth?v=2", "--compact", login]),
            #"{"user":{"username":"alice@example.com","password":"correct horse & battery"}}"# + "\n")
    }

    // MARK: - Arrays and missing keys

    func testArrayGivesAnArrayUnderTheRootWithNullForMissingKeys() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", logins]),
            """
            {
              "user": [
                {
                  "username": "alice@example.com",
                  "password": "s3cret"
                },
                {
                  "username": "bob",
                  "password": null
                }
              ]
            }

            """)
    }

    func testOmitMissingLeavesAbsentKeysOut() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--omit-missing", "--compact", logins]),
            #"{"user":[{"username":"alice@example.com","password":"s3cret"},{"username":"bob"}]}"# + "\n")
    }

    /// Follows RestKit's RKObjectParameterizationTest.m
    /// `testSerializingOmitsNullAttributesWhenAssignsDefaultValueForMissingAttributesIsFalse`:
    /// without defaults, a nil property is left out of the body.
    func testOmitMissingAlsoLeavesOutAnExplicitNull() throws {
        assertSuccess(
            try request(["-c", employees, "--omit-missing", "--compact"], stdin: #"{"username": "bob", "password": null}"#),
            #"{"user":{"username":"bob"}}"# + "\n")
    }

    func testArrayAsFormWritesNullAsTheBareKey() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--format", "form", logins]),
            "user[][password]=s3cret&user[][username]=alice%40example.com&user[][password]&user[][username]=bob")
    }

    func testArrayAsXMLRepeatsTheRootInsideItsPlural() throws {
        assertSuccess(
            try request(["-c", employees, "--path", "/user/auth", "--format", "xml", logins]),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <users>
              <user>
                <username>alice@example.com</username>
                <password>s3cret</password>
              </user>
              <user>
                <username>bob</username>
                <password/>
              </user>
            </users>

            """)
    }

    func testArrayAsPlistLeavesNullsOut() throws {
        let result = try request(["-c", employees, "--path", "/user/auth", "--format", "plist", logins])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.stdout.contains("\t\t<dict>\n\t\t\t<key>username</key>\n\t\t\t<string>bob</string>\n\t\t</dict>\n"),
            result.stdout)
    }

    // MARK: - --class, standard input, the sole mapping

    func testClassChoosesTheMappingAndStandardInputIsRead() throws {
        assertSuccess(
            try request(["-c", gists, "--class", "Gist", "-"], stdin: #"{"descriptionText": "Hello", "isPublic": true, "gistID": "x"}"#),
            """
            {
              "description": "Hello",
              "public": true
            }

            """)
    }

    func testWithoutRootKeyPathXMLIsNamedAfterTheClassAndArraysAfterItsPlural() throws {
        assertSuccess(
            try request(["-c", gists, "--class", "Gist", "--format", "xml", "--compact"], stdin: #"[{"descriptionText": "a"}, {"isPublic": false}]"#),
            #"<?xml version="1.0" encoding="UTF-8"?><Gists><Gist><description>a</description><public/></Gist><Gist><description/><public>false</public></Gist></Gists>"# + "\n")
    }

    func testBooleansInAFormAreOneAndZero() throws {
        assertSuccess(
            try request(["-c", gists, "--class", "Gist", "--format", "form"], stdin: #"{"descriptionText": "Zoë's gist", "isPublic": true}"#),
            "description=Zo%C3%AB%27s%20gist&public=1")
    }

    // MARK: - Types

    static let typedConfig = """
        {
          "entity_attribute_mappings": {"Payment": {"id": "paymentID", "amount": "amount", "paid_at": "paidAt", "note": "note"}},
          "entity_attribute_types": {"Payment": {"paymentID": "integer", "amount": "decimal", "paidAt": "date"}},
          "request_mappings": [{"uri": "/payments", "root_keypath": "payment", "class_name": "Payment",
            "attribute_mappings": {"paymentID": "id", "amount": "amount", "paidAt": "paid_at", "note": "meta.note"}}]
        }
        """

    func testDeclaredTypesGiveISODatesAndDecimalStrings() throws {
        let config = try config(Self.typedConfig)
        let input = #"{"paymentID": "7", "amount": 1234.50, "paidAt": "2013-02-12T23:58:52+01:00", "note": "rent"}"#
        assertSuccess(
            try request(["-c", config, "--path", "/payments"], stdin: input),
            """
            {
              "payment": {
                "id": 7,
                "amount": "1234.50",
                "paid_at": "2013-02-12T22:58:52Z",
                "meta": {
                  "note": "rent"
                }
              }
            }

            """)
        assertSuccess(
            try request(["-c", config, "--path", "/payments", "--format", "form"], stdin: input),
            "payment[amount]=1234.50&payment[id]=7&payment[meta][note]=rent&payment[paid_at]=2013-02-12T22%3A58%3A52Z")
    }

    func testAValueItsTypeRefusesIsADataErrorAtItsLine() throws {
        let config = try config(Self.typedConfig)
        let result = try request(["-c", config, "--path", "/payments"], stdin: "{\n  \"paymentID\": 7,\n  \"paidAt\": \"soon\"\n}\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "<stdin>:3:13: error: 'paidAt': cannot convert \"soon\" to date: not a date in any accepted format\n")
    }

    // MARK: - Bad input, bad arguments, bad config

    func testMalformedJSONExitsOne() throws {
        let result = try request(["-c", employees], stdin: "{\"username\": ")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:1:14: error: "), result.stderr)
    }

    func testInputThatIsNotObjectsExitsOne() throws {
        let result = try request(["-c", employees], stdin: "[{\"username\": \"a\"},\n 42]")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "<stdin>:2:2: error: element 1 of the input is a number; a request body is built from client objects (JSON objects)\n")
    }

    func testNoMappingForThePathListsTheOnesThereAre() throws {
        let result = try request(["-c", employees, "--path", "/user/login", login])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "Configs/employees.plist: error: no request mapping matches '/user/login' (the config has UserLoginInfo for '/user/auth')\n")
    }

    func testNoMappingForTheClassSuggestsOne() throws {
        let result = try request(["-c", employees, "--class", "userLoginInfo", login])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "Configs/employees.plist: error: no request mapping for class 'userLoginInfo'; did you mean 'UserLoginInfo'? (the config has UserLoginInfo for '/user/auth')\n")
    }

    func testPathAndClassTogetherAreAUsageError() throws {
        let result = try request(["-c", employees, "--path", "/user/auth", "--class", "UserLoginInfo", login])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: --path and --class both choose the request mapping; pass one of them\n"), result.stderr)
    }

    func testSeveralMatchingMappingsWarnAndTheFirstApplies() throws {
        let config = try config("""
            {"request_mappings": [
              {"uri": "/users/:id", "class_name": "User", "attribute_mappings": {"name": "name"}},
              {"uri": "/users/:login", "class_name": "Profile", "attribute_mappings": {"bio": "bio"}}
            ]}
            """)
        let result = try request(["-c", config, "--path", "/users/42", "--compact"], stdin: #"{"name": "n", "bio": "b"}"#)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, #"{"name":"n"}"# + "\n")
        XCTAssertEqual(
            result.stderr,
            """
            \(config):2:3: warning: 2 request mappings match path '/users/42' (request_mappings.0, request_mappings.1); the first in config order applies
            \(config):3:3: note: also matches

            """)
    }

    func testConflictingBodyKeysAreAConfigError() throws {
        let config = try config("""
            {"request_mappings": [{"class_name": "User", "attribute_mappings": {
              "name": "user",
              "firstName": "user.name"}}]}
            """)
        let result = try request(["-c", config, "--class", "User"], stdin: "{}")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            \(config):3:3: error: request_mappings.0: the body keys 'user' and 'user.name' conflict: 'user' would hold both a value and the dictionary 'user.name' nests in
            \(config):2:3: note: 'user' is written here

            """)
    }

    func testAnArrayCannotBeAFormWithoutARootKeyPath() throws {
        let result = try request(["-c", gists, "--class", "Gist", "--format", "form"], stdin: #"[{"descriptionText": "a"}]"#)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.contains(
                "error: request_mappings.0 has no root_keypath, so an array of client objects gives an array body, which a form cannot carry (its pairs need names); add a root_keypath, or use --format json, xml or plist\n"),
            result.stderr)
    }

    func testXMLRefusesNamesItCannotCarry() throws {
        let config = try config(#"{"request_mappings": [{"class_name": "User", "attribute_mappings": {"name": "full name"}}]}"#)
        let fromConfig = try request(["-c", config, "--format", "xml"], stdin: "{}")
        XCTAssertEqual(fromConfig.status, 2)
        XCTAssertEqual(
            fromConfig.stderr,
            "\(config):1:69: error: request_mappings.0 writes the body key 'full name': 'full name' is not a valid XML element name\n")
        let fromInput = try request(["-c", gists, "--class", "Gist", "--format", "xml"], stdin: #"{"descriptionText": {"my key": 1}}"#)
        XCTAssertEqual(fromInput.status, 1)
        XCTAssertEqual(fromInput.stdout, "")
        XCTAssertEqual(
            fromInput.stderr,
            "<stdin>: error: the key 'my key' (at /description/my key in the body) is not a valid XML element name; keys inside client values become element names in XML: use --format json, form or plist for this input\n")
    }

    // MARK: - -o FILE

    func testOutputFileIsWrittenOnSuccessAndLeftAloneOnFailure() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("body.json").path
        let ok = try request(["-c", employees, "--compact", "-o", output, login])
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.stdout, "")
        let written = #"{"user":{"username":"alice@example.com","password":"correct horse & battery"}}"# + "\n"
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), written)

        let failed = try request(["-c", employees, "-o", output], stdin: "[1]")
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), written)
        let fresh = directory.appendingPathComponent("fresh.json").path
        _ = try request(["-c", employees, "-o", fresh], stdin: "nope")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["body.json"])
    }

    // MARK: - Round trip

    /// Map a response, edit the client object as a user would with jq, build the request.
    func testMapEditRequestRoundTrip() throws {
        let mapped = try RestmapBinary.run(
            ["map", "-c", gists, "--path", "/gists/aa5a315d61ae9438b18d", "--compact", "Samples/requests/gist-response.json"])
        XCTAssertEqual(mapped.status, 0, mapped.stderr)
        let edited = mapped.stdout
            .replacingOccurrences(of: #""descriptionText":"Hello World Examples""#, with: #""descriptionText":"Hello World, edited""#)
            .replacingOccurrences(of: #""isPublic":true"#, with: #""isPublic":false"#)
        XCTAssertNotEqual(edited, mapped.stdout)
        assertSuccess(
            try request(["-c", gists, "--class", "Gist", "--compact"], stdin: edited),
            #"[{"description":"Hello World, edited","public":false}]"# + "\n")
        assertSuccess(
            try request(["-c", gists, "--path", "/gists", "--format", "xml"], stdin: edited),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Gists>
              <Gist>
                <description>Hello World, edited</description>
                <public>false</public>
              </Gist>
            </Gists>

            """)
    }
}
