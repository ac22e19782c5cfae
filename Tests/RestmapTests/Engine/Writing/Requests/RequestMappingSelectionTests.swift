import XCTest
@testable import RestmapEngine

final class RequestMappingSelectionTests: XCTestCase {
    static let config = """
        {"request_mappings": [
          {"uri": "/user/auth", "root_keypath": "user", "class_name": "UserLoginInfo", "attribute_mappings": {"username": "username"}},
          {"uri": "/gists/:gistID", "class_name": "Gist", "attribute_mappings": {"descriptionText": "description"}},
          {"uri": "/gists/:id", "class_name": "GistPatch", "attribute_mappings": {"descriptionText": "description"}},
          {"uri": "/drafts", "class_name": "Gist", "attribute_mappings": {"isPublic": "public"}}
        ]}
        """

    func select(_ selector: RequestMappingSelector, _ config: String = config) throws -> (RequestMapping, DiagnosticLog) {
        let log = DiagnosticLog()
        let mapping = try RequestMappingSelection.select(selector, in: requestTestDefinitions(config), log: log)
        return (mapping, log)
    }

    func testPathMatchesPatternsWithParametersQueriesAndFullURLs() throws {
        XCTAssertEqual(try select(.path("/user/auth")).0.index, 0)
        XCTAssertEqual(try select(.path("/user/auth/?remember=1")).0.index, 0)
        XCTAssertEqual(try select(.path("https://api.example.com/user/auth")).0.index, 0)
        XCTAssertEqual(try select(.path("/drafts")).0.index, 3)
    }

    func testSeveralMatchesTakeTheFirstInConfigOrderWithAWarning() throws {
        let (mapping, log) = try select(.path("/gists/aa5a315d"))
        XCTAssertEqual(mapping.index, 1)
        XCTAssertEqual(log.diagnostics.map(\.code), [.requestSeveralMatch])
        XCTAssertEqual(log.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(log.diagnostics.first?.location?.description, "config.json:3:3")
        XCTAssertEqual(log.diagnostics.first?.related.map(\.location.line), [4])
    }

    func testClassNamesAreExact() throws {
        let (mapping, log) = try select(.className("Gist"))
        XCTAssertEqual(mapping.index, 1)
        XCTAssertEqual(log.warningCount, 1)
        XCTAssertEqual(try select(.className("GistPatch")).0.index, 2)
    }

    func testNoMatchListsTheRequestMappingsThereAre() {
        XCTAssertThrowsError(try select(.path("/user/login"))) { error in
            XCTAssertEqual((error as? RestmapError)?.codes, [.requestNoMatch])
            XCTAssertEqual((error as? RestmapError)?.diagnostics.first?.location, .file("config.json"))
            XCTAssertTrue(
                (error as? RestmapError)?.description.hasSuffix(
                    "(the config has UserLoginInfo for '/user/auth', Gist for '/gists/:gistID', GistPatch for '/gists/:id', Gist for '/drafts')") == true,
                "the message lists the mappings there are")
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        XCTAssertThrowsError(try select(.className("UserLogininfo"))) { error in
            XCTAssertEqual((error as? RestmapError)?.codes, [.requestNoMatch])
            XCTAssertTrue((error as? RestmapError)?.description.contains("did you mean 'UserLoginInfo'?") == true)
        }
    }

    func testWithoutSelectorOnlyASoleMappingIsChosen() throws {
        XCTAssertThrowsError(try select(.sole)) { error in
            XCTAssertEqual((error as? RestmapError)?.codes, [.requestAmbiguous])
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        let sole = #"{"request_mappings": [{"class_name": "A", "attribute_mappings": {"a": "a"}}]}"#
        XCTAssertEqual(try select(.sole, sole).0.className?.value, "A")
    }

    func testAConfigWithoutRequestMappings() {
        let config = #"{"entity_attribute_mappings": {"A": {"a": "a"}}}"#
        XCTAssertThrowsError(try select(.className("A"), config)) { error in
            XCTAssertEqual((error as? RestmapError)?.codes, [.requestNoMappings])
            XCTAssertEqual((error as? RestmapError)?.diagnostics.first?.location, .file("config.json"))
        }
    }
}
