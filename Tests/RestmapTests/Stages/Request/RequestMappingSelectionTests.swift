import XCTest
@testable import RestmapBase
@testable import RestmapFormats
@testable import RestmapTypes
@testable import RestmapConfig
@testable import RestmapMapping
@testable import RestmapOutput
@testable import RestmapRequest
@testable import RestmapValidation
@testable import RestmapDescribe
@testable import RestmapPipeline

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
        XCTAssertEqual(
            log.diagnostics.map(\.description),
            ["config.json:3:3: warning: 2 request mappings match path '/gists/aa5a315d' (request_mappings.1, request_mappings.2); the first in config order applies"])
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
            XCTAssertEqual(
                (error as? RestmapError)?.description,
                "config.json: error: no request mapping matches '/user/login' (the config has UserLoginInfo for '/user/auth', Gist for '/gists/:gistID', GistPatch for '/gists/:id', Gist for '/drafts')")
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        XCTAssertThrowsError(try select(.className("UserLogininfo"))) { error in
            XCTAssertEqual(
                (error as? RestmapError)?.diagnostics.first?.message,
                "no request mapping for class 'UserLogininfo'; did you mean 'UserLoginInfo'? (the config has UserLoginInfo for '/user/auth', Gist for '/gists/:gistID', GistPatch for '/gists/:id', Gist for '/drafts')")
        }
    }

    func testWithoutSelectorOnlyASoleMappingIsChosen() throws {
        XCTAssertThrowsError(try select(.sole)) { error in
            XCTAssertEqual(
                (error as? RestmapError)?.diagnostics.first?.message,
                "the config has 4 request mappings: pass --path URI or --class NAME (UserLoginInfo for '/user/auth', Gist for '/gists/:gistID', GistPatch for '/gists/:id', Gist for '/drafts')")
        }
        let sole = #"{"request_mappings": [{"class_name": "A", "attribute_mappings": {"a": "a"}}]}"#
        XCTAssertEqual(try select(.sole, sole).0.className?.value, "A")
    }

    func testAConfigWithoutRequestMappings() {
        let config = #"{"entity_attribute_mappings": {"A": {"a": "a"}}}"#
        XCTAssertThrowsError(try select(.className("A"), config)) { error in
            XCTAssertEqual((error as? RestmapError)?.description, "config.json: error: the config has no request_mappings")
        }
    }
}
