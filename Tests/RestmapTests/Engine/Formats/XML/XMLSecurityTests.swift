import XCTest
@testable import RestmapEngine

/// Hostile XML: external entities, entity bombs, deep nesting. None may leak a file, touch the
/// network, hang, or exhaust memory; each is an exit-1 error or a warning.
final class XMLSecurityTests: XCTestCase {
    private var directory: URL!
    private let secret = "TOP-SECRET-\(UUID().uuidString)"

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-xxe-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(secret.utf8).write(to: directory.appendingPathComponent("secret.txt"))
        try Data("<!ENTITY e \"\(secret)\">".utf8).write(to: directory.appendingPathComponent("secret.dtd"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func url(_ name: String) -> String { "file://" + directory.appendingPathComponent(name).path }

    private func read(_ xml: String, maxDepth: Int = 10_000, log: DiagnosticLog? = nil) throws -> Value {
        try XMLPayloadReader(maxDepth: maxDepth, diagnostics: log).read(MemoryByteSource(xml, name: "in.xml"))
    }

    private func assertDataError(
        _ xml: String, maxDepth: Int = 10_000, _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try read(xml, maxDepth: maxDepth), file: file, line: line) { error in
            guard let error = error as? RestmapError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, .data, file: file, line: line)
            XCTAssertEqual(error.description, expected, file: file, line: line)
        }
    }

    // MARK: External entities

    func testExternalEntityIsNotLoadedAndDrawsAWarning() throws {
        let log = DiagnosticLog()
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(url("secret.txt"))\">]>\n<x>a &e; b &e;</x>"
        let value = try read(xml, log: log)
        XCTAssertEqual(value, ["x": "a  b"])
        XCTAssertFalse("\(value)".contains(secret))
        XCTAssertEqual(log.diagnostics.map(\.description), ["in.xml:2: warning: external entity 'e' was not loaded"])
    }

    func testWarningHasAColumnWhenLocationsAreRecorded() throws {
        let log = DiagnosticLog()
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(url("secret.txt"))\">]>\n<x>a &e;</x>"
        let (value, _) = try XMLPayloadReader(diagnostics: log).readWithLocations(MemoryByteSource(xml, name: "in.xml"))
        XCTAssertEqual(value, ["x": "a"])
        XCTAssertEqual(log.diagnostics.map(\.description), ["in.xml:2:6: warning: external entity 'e' was not loaded"])
    }

    func testExternalEntityInsideAnInternalOneIsNotLoaded() throws {
        let log = DiagnosticLog()
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(url("secret.txt"))\"><!ENTITY i \"[&e;]\">]><x>&i;</x>"
        XCTAssertEqual(try read(xml, log: log), ["x": "[]"])
        XCTAssertEqual(log.warningCount, 1)
    }

    func testExternalDTDIsNotLoaded() throws {
        let log = DiagnosticLog()
        let xml = "<!DOCTYPE x SYSTEM \"\(url("secret.dtd"))\">\n<x>a &e; b</x>"
        XCTAssertEqual(try read(xml, log: log), ["x": "a  b"])
        XCTAssertEqual(log.diagnostics.map(\.description), ["in.xml:2: warning: entity 'e' is not declared; the reference was left out"])
    }

    func testExternalParameterEntityIsNotLoaded() {
        // Without the parameter entity's text, `e` is undeclared in a standalone document.
        let xml = "<!DOCTYPE x [<!ENTITY % p SYSTEM \"\(url("secret.dtd"))\"> %p;]>\n<x>a &e; b</x>"
        assertDataError(xml, "in.xml:2:9: error: Entity 'e' not defined")
    }

    func testExternalEntityInAnAttributeIsMalformed() {
        // XML's "No External Entity References" constraint: libxml2 rejects it, nothing is read.
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(url("secret.txt"))\">]>\n<x a=\"&e;\"/>"
        assertDataError(xml, "in.xml:2:10: error: Attribute references external entity 'e'")
    }

    func testNetworkEntityIsNotFetched() throws {
        let log = DiagnosticLog()
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"http://127.0.0.1:9/x\">]><x>&e;</x>"
        XCTAssertEqual(try read(xml, log: log), ["x": nil])
        XCTAssertEqual(log.warningCount, 1)
    }

    // MARK: Entity bombs

    private func billionLaughs(_ use: String) -> String {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [\n<!ENTITY lol0 \"lol\">\n"
        for i in 1..<10 { xml += "<!ENTITY lol\(i) \"\(String(repeating: "&lol\(i - 1);", count: 10))\">\n" }
        return xml + "]>\n" + use
    }

    func testBillionLaughsInTextIsRefused() {
        assertDataError(
            billionLaughs("<x>&lol9;</x>"),
            "in.xml:14:10: error: Detected an entity reference loop or an exponential entity expansion "
                + "(an entity-expansion bomb such as billion laughs)")
    }

    func testBillionLaughsInAnAttributeIsRefused() {
        // With XML_PARSE_HUGE this one hangs inside libxml2 2.9.14; the reader never sets it.
        for maxDepth in [100, 10_000] {
            assertDataError(
                billionLaughs("<x a=\"&lol9;\"/>"), maxDepth: maxDepth,
                "in.xml:14:13: error: Detected an entity reference loop or an exponential entity expansion "
                    + "(an entity-expansion bomb such as billion laughs)")
        }
    }

    func testQuadraticBlowupIsRefusedByTheBudget() {
        let big = String(repeating: "A", count: 100_000)
        let text = "<!DOCTYPE x [<!ENTITY a \"\(big)\">]><x>\(String(repeating: "&a;", count: 50_000))</x>"
        XCTAssertThrowsError(try read(text)) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .data)
            XCTAssertTrue("\(error)".contains("entity expansion exceeds its limit"), "\(error)")
        }
        let attribute = "<!DOCTYPE x [<!ENTITY a \"\(big)\">]><x b=\"\(String(repeating: "&a;", count: 50_000))\"/>"
        XCTAssertThrowsError(try read(attribute)) { error in
            XCTAssertTrue("\(error)".contains("entity expansion exceeds its limit"), "\(error)")
        }
    }

    func testElementBombIsRefusedByTheBudget() {
        // Elements, not text: each level multiplies the number of nodes by 16.
        var xml = "<!DOCTYPE x [<!ENTITY e0 \"<i/>\">"
        for i in 1..<6 { xml += "<!ENTITY e\(i) \"\(String(repeating: "&e\(i - 1);", count: 16))\">" }
        xml += "]><x>&e5;&e5;&e5;&e5;</x>"
        XCTAssertThrowsError(try read(xml)) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .data)
        }
    }

    func testEntityLoopIsRefused() {
        assertDataError(
            "<!DOCTYPE a [<!ENTITY x \"&y;\"><!ENTITY y \"&x;\">]><a>&x;</a>",
            "in.xml:1:56: error: Detected an entity reference loop or an exponential entity expansion "
                + "(an entity-expansion bomb such as billion laughs)")
    }

    func testModestEntityUseIsFine() throws {
        var xml = "<!DOCTYPE l [<!ENTITY co \"Example Corporation, Inc.\">]><l>"
        for _ in 0..<5000 { xml += "<i>&co;</i>" }
        xml += "</l>"
        guard case .array(let items) = try read(xml)["l"]?["i"] else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 5000)
        XCTAssertEqual(items.last, "Example Corporation, Inc.")
    }

    // MARK: Depth

    private func nested(_ depth: Int) -> String {
        String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
    }

    func testMaxDepthIsEnforcedAtTheElementThatGoesTooDeep() throws {
        XCTAssertNoThrow(try read(nested(5), maxDepth: 5))
        assertDataError(nested(6), maxDepth: 5, "in.xml:1: error: XML elements are nested deeper than 5 levels")
        let (_, locations) = try XMLPayloadReader(maxDepth: 5).readWithLocations(MemoryByteSource(nested(5)))
        XCTAssertEqual(locations.byPointer.count, 6)
        XCTAssertThrowsError(try XMLPayloadReader(maxDepth: 5).readWithLocations(MemoryByteSource(nested(6), name: "in.xml"))) {
            XCTAssertEqual("\($0)", "in.xml:1:16: error: XML elements are nested deeper than 5 levels")
        }
    }

    func testDepthAboveLibxml2sDefaultNeedsNoHugeMode() throws {
        XCTAssertNoThrow(try read(nested(300), maxDepth: 300))
        XCTAssertNoThrow(try read(nested(2048)))
    }

    func testDepthIsCappedAt2048() {
        assertDataError(nested(2049), "in.xml:1: error: XML elements are nested deeper than 2048 levels")
        assertDataError(nested(100_000), maxDepth: 1_000_000, "in.xml:1: error: XML elements are nested deeper than 2048 levels")
    }

    func testLibxml2sDepthBoundIsReportedAsTheLimit() {
        // With maxDepth 200, libxml2 (bound 256, parsing ahead of the reader) may stop first;
        // either way the message names the caller's limit.
        XCTAssertThrowsError(try read(nested(400), maxDepth: 200)) { error in
            XCTAssertTrue("\(error)".hasSuffix("error: XML elements are nested deeper than 200 levels"), "\(error)")
        }
    }

    func testDepthCountsElementsFromEntities() {
        let xml = "<!DOCTYPE a [<!ENTITY deep \"<b><b><b>x</b></b></b>\">]><a>&deep;</a>"
        XCTAssertNoThrow(try read(xml, maxDepth: 4))
        XCTAssertThrowsError(try read(xml, maxDepth: 3))
    }

    func testDeepStreamingIsBoundedToo() {
        XCTAssertThrowsError(
            try XMLPayloadReader(maxDepth: 10).streamElements(at: ["a", "b"], from: MemoryByteSource(nested(50))) { _ in }
        ) { XCTAssertEqual(($0 as? RestmapError)?.kind, .data) }
    }
}
