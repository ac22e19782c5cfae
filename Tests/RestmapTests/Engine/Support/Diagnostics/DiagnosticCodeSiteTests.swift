import Foundation
import XCTest
@testable import RestmapEngine
@preconcurrency import CLibXML2

/// One representative diagnostic per area, pinned by code and location (the sentences are
/// the goldens' business): a config lint, a JSON and an XML parse error, libxml2's own
/// nesting bound, a mapping and a validation finding, a request problem.
final class DiagnosticCodeSiteTests: XCTestCase {
    /// `CODE FILE:LINE:COL` of each diagnostic.
    private func sites(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code) \($0.location?.description ?? "-")" }
    }

    private func thrown(_ body: () throws -> Any) -> RestmapError? {
        do {
            _ = try body()
            XCTFail("expected a RestmapError")
        } catch let error as RestmapError {
            return error
        } catch {
            XCTFail("unexpected \(error)")
        }
        return nil
    }

    func testConfigLintNamesItsCodeAndEntry() throws {
        let config = """
            {"entity_attribute_mappings": {"Employee": {"id": "entityId"}},
             "primary_key_mappings": {"Employee": ["employeeId"]},
             "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Employe"}]}]}
            """
        let log = DiagnosticLog()
        let root = try ConfigDocumentReader().parse(Array(config.utf8), file: "c.json")
        ConfigLinter().lint(try ConfigLoader().load(root, file: "c.json", log: log), log: log)
        XCTAssertEqual(sites(log.diagnostics), ["RM2003 c.json:2:40", "RM2001 c.json:3:63"])
    }

    func testMalformedConfigIsAUsageErrorWithTheParseCode() throws {
        let error = thrown { try ConfigDocumentReader().parse(Array("{\"a\": [1,]}".utf8), file: "c.json") }
        XCTAssertEqual(error?.kind, .usage)
        XCTAssertEqual(error.map { sites($0.diagnostics) }, ["RM3001 c.json:1:10"])
        let plist = thrown { try ConfigDocumentReader().parse(Array("<plist><dict><key>a</key></dict></plist>".utf8), file: "c.plist") }
        XCTAssertEqual(plist?.codes, [.plistInvalidStructure])
    }

    func testJSONParseErrorsPerKind() {
        let cases: [(String, DiagnosticCode, String)] = [
            ("{\"a\": 1,}", .jsonSyntax, "in.json:1:9"),
            ("{\"a\": [1, 2", .jsonUnexpectedEnd, "in.json:1:12"),
            ("[\"a\\q\"]", .jsonInvalidString, "in.json:1:4"),
            ("[01]", .jsonInvalidNumber, "in.json:1:2"),
            ("[nul]", .jsonInvalidLiteral, "in.json:1:2"),
            ("[\"\u{FF}\"]", .jsonInvalidUTF8, "in.json:1:3"),
        ]
        for (text, code, location) in cases {
            var bytes = Array(text.utf8)
            if code == .jsonInvalidUTF8 { bytes = [0x5B, 0x22, 0xFF, 0x22, 0x5D] }
            let error = thrown { try JSONReader.value(from: bytes, file: "in.json") }
            XCTAssertEqual(error?.kind, .data, text)
            XCTAssertEqual(error.map { sites($0.diagnostics) }, ["\(code) \(location)"], text)
        }
        let deep = thrown { try JSONReader.value(from: Array("[[[1]]]".utf8), file: "in.json", maxDepth: 2) }
        XCTAssertEqual(deep?.codes, [.jsonTooDeep])
    }

    func testXMLParseErrorsAreLocatedAndCoded() {
        let malformed = thrown { try XMLPayloadReader().read(MemoryByteSource("<a>\n  <b></a>", name: "in.xml")) }
        XCTAssertEqual(malformed?.kind, .data)
        XCTAssertEqual(malformed.map { sites($0.diagnostics) }, ["RM3101 in.xml:2:10"])
        let empty = thrown { try XMLPayloadReader().read(MemoryByteSource("<?xml version=\"1.0\"?>", name: "in.xml")) }
        XCTAssertEqual(empty?.codes, [.xmlMalformed])
        let deep = thrown { try XMLPayloadReader(maxDepth: 3).read(MemoryByteSource("<a><a><a><a/></a></a></a>", name: "in.xml")) }
        XCTAssertEqual(deep.map { sites($0.diagnostics) }, ["RM3102 in.xml:1"])
    }

    /// libxml2's own nesting bound (below the reader's limit here) is recognised by its
    /// error code and reported as restmap's depth error, not with libxml2's sentence.
    func testLibxml2sNestingBoundIsRecognisedByItsCode() {
        XMLNestingLimit.raiseLibXML2Bound()
        let saved = xmlParserMaxDepth
        xmlParserMaxDepth = 5
        defer { xmlParserMaxDepth = saved }
        let xml = String(repeating: "<a>", count: 12) + String(repeating: "</a>", count: 12)
        let error = thrown { try XMLPayloadReader(maxDepth: 10).read(MemoryByteSource(xml, name: "in.xml")) }
        XCTAssertEqual(error?.kind, .data)
        XCTAssertEqual(error?.codes, [.xmlTooDeep])
        XCTAssertEqual(error?.diagnostics.first?.message, "XML elements are nested deeper than 10 levels")
        XCTAssertEqual(error?.diagnostics.first?.location?.line, 1)
    }

    func testValidationFindingsCarryTheirCodes() throws {
        let report = try ValidationFixtures.validate([
            ValidationFixtures.sample(
                "e.json", "/employees",
                """
                {"employees": [
                  {"kind": "employee", "id": 1, "name": "Ann", "salary": "lots", "shoe": 42}
                ]}
                """),
            ValidationFixtures.sample("x.json", "/nowhere", "{}"),
            ValidationFixtures.sample("bad.json", "/employees", "{\"employees\": [}"),
        ])
        let found = report.samples.map { sample in sample.findings.map { "\($0.code) \($0.kind.rawValue) \($0.location.description)" } }
        XCTAssertEqual(found[0], [
            "RM4003 conversion-failed e.json:2:58", "RM5008 unread-key e.json:2:74",
        ])
        XCTAssertEqual(found[1], ["RM4001 no-path-mapping x.json"])
        XCTAssertEqual(found[2], ["RM3001 parse-error bad.json:1:16"])
    }

    func testRequestSelectionProblemsAreUsageErrorsWithCodes() throws {
        let definitions = try requestTestDefinitions(RequestMappingSelectionTests.config)
        let unknown = thrown { try RequestMappingSelection.select(.className("Gists"), in: definitions, log: DiagnosticLog()) }
        XCTAssertEqual(unknown?.kind, .usage)
        XCTAssertEqual(unknown.map { sites($0.diagnostics) }, ["RM6002 config.json"])
        let log = DiagnosticLog()
        _ = try RequestMappingSelection.select(.path("/gists/1"), in: definitions, log: log)
        XCTAssertEqual(log.diagnostics.map(\.code), [.requestSeveralMatch])
    }
}

extension Diagnostic {
    /// `CODE FILE:LINE:COL` (`-` without a location): what unit tests pin of a diagnostic.
    var site: String { "\(code) \(location?.description ?? "-")" }
}

extension RestmapError {
    /// The `site` of each diagnostic, one a line.
    var site: String { diagnostics.map(\.site).joined(separator: "\n") }
}
