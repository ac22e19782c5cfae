import XCTest
@testable import RestmapEngine

/// How `RecordWriter` lays out mapped objects (SPEC §3.1): `_entity` first, `_id` in the
/// records shape, attributes in mapping order with dotted destinations grouped, then
/// relationships — in place (tree) or as ids (records) — through both emitters.
final class RecordWriterTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "id", "name": "name", "city": "address.city", "zip": "address.zip", "lat": "address.geo.lat", "rank": "rank"},
           "Skill": {"code": "code"}},
         "primary_key_mappings": {"Employee": ["id"], "Skill": ["code"]},
         "relationship_mappings": {"Employee": {
           "manager": {"target": "Employee", "key_path": "manager"},
           "skills": {"target": "Skill", "key_path": "skills"}}}}
        """

    /// The objects mapped from `payloads` with Employee, in order (one identity map).
    func employees(_ payloads: String...) throws -> [MappedObject] {
        let definitions = try ConfigText.definitions(Self.config)
        let plans = MappingPlans(definitions)
        let mapper = Mapper(plans: plans, log: DiagnosticLog())
        let plan = try XCTUnwrap(plans.entity(named: "Employee"))
        return try payloads.map { text in
            let value = try JSONReader.value(from: Array(text.utf8), file: "p.json")
            return try XCTUnwrap(mapper.map(value, with: plan, origin: Mapper.Origin(input: "p.json", pointer: nil)))
        }
    }

    func json(_ objects: [MappedObject], _ shape: RecordWriter.Shape, statistics: RecordWriter.Statistics? = nil) throws -> String {
        let sink = MemorySink()
        let emitter = JSONWriter(sink: sink, style: .compact)
        let writer = RecordWriter(shape: shape)
        for object in objects {
            try writer.write(object, to: emitter, statistics: statistics)
            try emitter.newline()
        }
        try emitter.flush()
        return sink.text
    }

    func testTreeShapeWritesEntityFirstThenAttributesInMappingOrderThenRelatedObjectsInPlace() throws {
        let objects = try employees(#"{"rank": 2, "name": "Ann", "id": 1, "manager": {"id": 2, "name": "Bo"}}"#)
        XCTAssertEqual(
            try json(objects, .tree),
            #"{"_entity":"Employee","id":1,"name":"Ann","rank":2,"manager":{"_entity":"Employee","id":2,"name":"Bo"}}"# + "\n")
    }

    func testRecordsShapeAddsTheIdAndWritesRelationshipsAsIds() throws {
        let objects = try employees(#"{"id": 1, "name": "Ann", "manager": {"id": 2}, "skills": [{"code": "go"}, {"code": "c"}]}"#)
        XCTAssertEqual(
            try json(objects, .records),
            #"{"_entity":"Employee","_id":"Employee/1","id":1,"name":"Ann","manager":"Employee/2","skills":["Skill/go","Skill/c"]}"# + "\n")
    }

    func testToManyRelationshipsAreArraysInPayloadOrder() throws {
        let objects = try employees(#"{"id": 1, "skills": [{"code": "swift"}, {"code": "c"}, {"code": "swift"}]}"#)
        XCTAssertEqual(
            try json(objects, .tree),
            #"{"_entity":"Employee","id":1,"skills":[{"_entity":"Skill","code":"swift"},{"_entity":"Skill","code":"c"},{"_entity":"Skill","code":"swift"}]}"#
                + "\n")
    }

    func testDottedDestinationsAreGroupedWhereTheirFirstAttributeIs() throws {
        let objects = try employees(#"{"id": 1, "lat": 51.5, "city": "Leeds", "rank": 3, "name": "Ann"}"#)
        XCTAssertEqual(
            try json(objects, .tree),
            #"{"_entity":"Employee","id":1,"name":"Ann","address":{"city":"Leeds","geo":{"lat":51.5}},"rank":3}"# + "\n")
    }

    func testAGroupWithNoValueIsLeftOut() throws {
        XCTAssertEqual(try json(employees(#"{"id": 1, "name": "Ann"}"#), .tree), #"{"_entity":"Employee","id":1,"name":"Ann"}"# + "\n")
    }

    func testAnObjectMetAgainInItsOwnSubtreeIsWrittenAsARefAndCounted() throws {
        let objects = try employees(#"{"id": 1, "name": "Ann", "manager": {"id": 2, "manager": {"id": 1}}}"#)
        let statistics = RecordWriter.Statistics()
        XCTAssertEqual(
            try json(objects, .tree, statistics: statistics),
            #"{"_entity":"Employee","id":1,"name":"Ann","manager":{"_entity":"Employee","id":2,"manager":{"_entity":"Employee","_ref":"Employee/1"}}}"#
                + "\n")
        XCTAssertEqual(statistics.references, 1)
    }

    func testAnObjectMetTwiceOutsideItsOwnSubtreeIsWrittenInFullBothTimes() throws {
        let objects = try employees(#"{"id": 1, "manager": {"id": 9, "name": "Boss"}}"#, #"{"id": 2, "manager": {"id": 9}}"#)
        let statistics = RecordWriter.Statistics()
        XCTAssertEqual(
            try json(objects, .tree, statistics: statistics),
            #"{"_entity":"Employee","id":1,"manager":{"_entity":"Employee","id":9,"name":"Boss"}}"# + "\n"
                + #"{"_entity":"Employee","id":2,"manager":{"_entity":"Employee","id":9,"name":"Boss"}}"# + "\n")
        XCTAssertEqual(statistics.references, 0)
    }

    func testRecordsShapeNeverWritesARef() throws {
        let objects = try employees(#"{"id": 1, "manager": {"id": 1}}"#)
        XCTAssertEqual(try json(objects, .records), #"{"_entity":"Employee","_id":"Employee/1","id":1,"manager":"Employee/1"}"# + "\n")
    }

    func testANullRelationshipIsWrittenAsNull() throws {
        XCTAssertEqual(
            try json(employees(#"{"id": 1, "manager": null}"#), .tree), #"{"_entity":"Employee","id":1,"manager":null}"# + "\n")
    }

    func testThePlistEmitterGetsTheSameLayout() throws {
        let objects = try employees(#"{"id": 1, "city": "Leeds", "skills": [{"code": "go"}]}"#)
        let sink = MemorySink()
        let emitter = PlistEmitter(sink: sink)
        try emitter.beginDocument()
        try RecordWriter(shape: .records).write(objects[0], to: emitter)
        try emitter.endDocument()
        XCTAssertEqual(
            sink.text,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_entity</key>
            \t<string>Employee</string>
            \t<key>_id</key>
            \t<string>Employee/1</string>
            \t<key>id</key>
            \t<integer>1</integer>
            \t<key>address</key>
            \t<dict>
            \t\t<key>city</key>
            \t\t<string>Leeds</string>
            \t</dict>
            \t<key>skills</key>
            \t<array>
            \t\t<string>Skill/go</string>
            \t</array>
            </dict>
            </plist>

            """)
    }
}
