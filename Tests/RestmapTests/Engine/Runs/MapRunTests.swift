import XCTest
@testable import RestmapEngine

/// `MapRun` driven in process as `restmap map` drives it: definitions, inputs, a sink. Each
/// test pins the bytes written, the diagnostics (by location) and the exit kind.
final class MapRunTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "id", "name": "name", "dept": "deptID"},
           "Department": {"id": "id", "title": "title"}},
         "primary_key_mappings": {"Employee": ["id"], "Department": ["id"]},
         "relationship_mappings": {"Employee": {"department": {"target": "Department", "key_path": "department"}}},
         "path_mappings": [
           {"uri": "/employees", "key_path": "employees", "matchers": [{"entity_name": "Employee"}]},
           {"uri": "/departments", "key_path": "departments", "matchers": [{"entity_name": "Department"}]}]}
        """

    struct Outcome {
        var output: String
        var exitCode: Int32
        var diagnostics: [Diagnostic]
        var inputFailed: Bool
        /// `severity location` of each diagnostic.
        var located: [String] { diagnostics.map { "\($0.severity) \($0.location?.description ?? "-")" } }
    }

    func run(
        _ inputs: [(path: String?, name: String, text: String)], config: String = config,
        _ configure: (inout MapOptions) -> Void = { _ in }
    ) throws -> Outcome {
        var options = MapOptions()
        configure(&options)
        let log = DiagnosticLog()
        let sink = MemorySink()
        let run = try MapRun(definitions: ConfigText.definitions(config), options: options, log: log, output: sink)
        let code = try run.run(inputs.map { MapInput(source: MemoryByteSource($0.text, name: $0.name), requestPath: $0.path) })
        return Outcome(output: sink.text, exitCode: code, diagnostics: log.diagnostics, inputFailed: run.inputFailed)
    }

    static let ann = #"{"employees": [{"id": 1, "name": "Ann", "department": {"id": 7, "title": "R&D"}}]}"#

    func testTreeShapeIsPrettyJSONOfTheRootsWithRelatedObjectsInPlace() throws {
        let outcome = try run([("/employees", "e.json", Self.ann)])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.diagnostics.count, 0)
        XCTAssertEqual(
            outcome.output,
            """
            [
              {
                "_entity": "Employee",
                "id": 1,
                "name": "Ann",
                "department": {
                  "_entity": "Department",
                  "id": 7,
                  "title": "R&D"
                }
              }
            ]

            """)
    }

    func testRecordsShapeGroupsEveryObjectByEntityInConfigOrder() throws {
        let outcome = try run([
            ("/departments", "d.json", #"{"departments": [{"id": 8, "title": "Ops"}]}"#), ("/employees", "e.json", Self.ann),
        ]) {
            $0.shape = .records
            $0.compact = true
        }
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(
            outcome.output,
            #"{"Employee":[{"_entity":"Employee","_id":"Employee/1","id":1,"name":"Ann","department":"Department/7"}],"#
                + #""Department":[{"_entity":"Department","_id":"Department/8","id":8,"title":"Ops"},{"_entity":"Department","_id":"Department/7","id":7,"title":"R&D"}]}"#
                + "\n")
    }

    func testNDJSONRecordsAreOneObjectPerLine() throws {
        let outcome = try run([("/employees", "e.json", Self.ann)]) {
            $0.shape = .records
            $0.format = .ndjson
        }
        XCTAssertEqual(
            outcome.output,
            #"{"_entity":"Employee","_id":"Employee/1","id":1,"name":"Ann","department":"Department/7"}"# + "\n"
                + #"{"_entity":"Department","_id":"Department/7","id":7,"title":"R&D"}"# + "\n")
    }

    func testPlistOutputIsAPropertyListArrayOfRoots() throws {
        let outcome = try run([("/employees", "e.json", #"{"employees": [{"id": 1, "name": "A&B"}]}"#)]) { $0.format = .plist }
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(
            outcome.output,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \t<dict>
            \t\t<key>_entity</key>
            \t\t<string>Employee</string>
            \t\t<key>id</key>
            \t\t<integer>1</integer>
            \t\t<key>name</key>
            \t\t<string>A&amp;B</string>
            \t</dict>
            </array>
            </plist>

            """)
    }

    func testXMLInputIsRecognisedByItsFirstByte() throws {
        let config = """
            {"entity_attribute_mappings": {"Employee": {"id": "id", "name": "name"}},
             "path_mappings": [{"uri": "/e", "key_path": "employees.employee", "matchers": [{"entity_name": "Employee"}]}]}
            """
        let xml = "\u{FEFF}\n  <employees><employee><id>1</id><name>Ann</name></employee><employee><id>2</id></employee></employees>"
        let outcome = try run([("/e", "e.xml", xml)], config: config) { $0.compact = true }
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.output, #"[{"_entity":"Employee","id":"1","name":"Ann"},{"_entity":"Employee","id":"2"}]"# + "\n")
    }

    func testTheOnlyPathMappingServesInputsWithoutARequestPath() throws {
        let config = """
            {"entity_attribute_mappings": {"A": {"id": "id"}},
             "path_mappings": [{"uri": "/a", "matchers": [{"entity_name": "A"}]}]}
            """
        let outcome = try run([(nil, "a.json", #"[{"id": 1}, {"id": 2}]"#)], config: config) { $0.compact = true }
        XCTAssertEqual(outcome.output, #"[{"_entity":"A","id":1},{"_entity":"A","id":2}]"# + "\n")
    }

    func testWithSeveralPathMappingsAnInputWithoutAPathIsAUsageError() throws {
        XCTAssertThrowsError(try run([(nil, "e.json", Self.ann)])) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .usage)
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        let outcome = try run([(nil, "e.json", Self.ann)]) { $0.defaultPath = "/employees" }
        XCTAssertEqual(outcome.exitCode, 0, "--path gives inputs their request path")
    }

    func testAnInputNoPathMappingServesFailsTheRunAndNothingIsPrinted() throws {
        let outcome = try run([("/employees", "e.json", Self.ann), ("/nowhere", "x.json", "{}")])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertTrue(outcome.inputFailed)
        XCTAssertEqual(outcome.output, "", "half the records would read as all of them")
        XCTAssertEqual(outcome.located, ["error x.json"])
    }

    func testMalformedJSONIsADataErrorAtItsLineAndColumn() throws {
        let outcome = try run([("/employees", "e.json", "{\"employees\": [\n  {\"id\": 1,,}\n]}")])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.located, ["error e.json:2:12"])
    }

    func testABadNDJSONLineIsReportedAndTheOtherLinesAreStillStreamed() throws {
        let lines = """
            {"employees": [{"id": 1}]}
            {"employees" [{"id": 2}]}
            {"employees": [{"id": 3}]}

            """
        let outcome = try run([("/employees", "e.ndjson", lines)]) {
            $0.inputFormat = .ndjson
            $0.format = .ndjson
        }
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.output, #"{"_entity":"Employee","id":1}"# + "\n" + #"{"_entity":"Employee","id":3}"# + "\n")
        XCTAssertEqual(outcome.located, ["error e.ndjson:2:14"])
    }

    func testOnlyNDJSONTreeOutputWithoutConnectionsStreams() throws {
        let definitions = try ConfigText.definitions(Self.config)
        var options = MapOptions()
        options.format = .ndjson
        XCTAssertTrue(try MapRun(definitions: definitions, options: options, log: DiagnosticLog(), output: MemorySink()).streams)
        options.shape = .records
        XCTAssertFalse(try MapRun(definitions: definitions, options: options, log: DiagnosticLog(), output: MemorySink()).streams)
    }

    func testEmptyCollectionsEverywhereMeanNothingWasMapped() throws {
        let outcome = try run([("/employees", "e.json", #"{"employees": []}"#)])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.located, ["error e.json"], "located at the input whose collection was empty")
        let mixed = try run([("/employees", "e.json", #"{"employees": []}"#), ("/employees", "f.json", Self.ann)]) { $0.compact = true }
        XCTAssertEqual(mixed.exitCode, 0, "an empty collection is fine when another input maps something")
    }

    func testMappingWithAnEntityDirectlyAndAnUnknownEntityIsAUsageError() throws {
        let outcome = try run([(nil, "d.json", #"{"data": {"id": 3, "title": "QA"}}"#)]) {
            $0.entity = "Department"
            $0.keyPath = "data"
            $0.compact = true
        }
        XCTAssertEqual(outcome.output, #"[{"_entity":"Department","id":3,"title":"QA"}]"# + "\n")
        XCTAssertThrowsError(try run([(nil, "d.json", "{}")]) { $0.entity = "Departmnet" }) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .usage)
        }
    }
}
