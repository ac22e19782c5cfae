import XCTest
@testable import RestmapEngine

/// Related objects that recur in the tree output (a department in every employee) are
/// encoded once and copied after that: the bytes must be exactly those of writing each one
/// out, at every depth and in both styles, and the cache must step aside when nothing recurs.
final class RecurringObjectCacheTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "id", "name": "name"},
           "Skill": {"code": "code", "label": "label"}},
         "primary_key_mappings": {"Employee": ["id"], "Skill": ["code"]},
         "relationship_mappings": {"Employee": {
           "manager": {"target": "Employee", "key_path": "manager"},
           "skills": {"target": "Skill", "key_path": "skills"}}}}
        """

    func employees(_ payloads: [String]) throws -> [MappedObject] {
        let plans = MappingPlans(try ConfigText.definitions(Self.config))
        let mapper = Mapper(plans: plans, log: DiagnosticLog())
        let plan = try XCTUnwrap(plans.entity(named: "Employee"))
        return try payloads.map { text in
            let value = try JSONReader.value(from: Array(text.utf8), file: "p.json")
            return try XCTUnwrap(mapper.map(value, with: plan, origin: Mapper.Origin(input: "p.json", pointer: nil)))
        }
    }

    /// The records as one array: through `write(all:)` (with the cache), or one `write` at a
    /// time (without it).
    func array(_ objects: [MappedObject], style: JSONWriter.Style, cached: Bool) throws -> String {
        let sink = MemorySink()
        let emitter = JSONWriter(sink: sink, style: style)
        let writer = RecordWriter(shape: .tree)
        try emitter.beginArray()
        if cached {
            try writer.write(all: objects, to: emitter)
        } else {
            for object in objects { try writer.write(object, to: emitter) }
        }
        try emitter.endArray()
        try emitter.flush()
        return sink.text
    }

    func testRecurringObjectsComeOutAsIfEachWereWrittenAnew() throws {
        // Skills recur at two depths (to-many inside a record, and inside a nested manager);
        // the manager Employee 9 recurs too, but with relationships of its own it is never kept.
        let payloads = (1...8).map { id in
            #"{"id": \#(id), "name": "E\#(id)", "skills": [{"code": "go", "label": "Go \"1.2\""}, {"code": "c"}],"#
                + #" "manager": {"id": 9, "name": "Boss", "skills": [{"code": "go"}]}}"#
        }
        let objects = try employees(payloads)
        for style in [JSONWriter.Style.pretty, .compact] {
            let cached = try array(objects, style: style, cached: true)
            XCTAssertEqual(cached, try array(objects, style: style, cached: false), "\(style)")
            XCTAssertTrue(cached.contains(#"Go \"1.2\""#))
        }
    }

    func testTheRecordWriterReplaysRecurringObjectsFromTheThirdMeetingOn() throws {
        // Eight employees with the same two skills at one depth: each skill is written twice
        // (met, then kept) and copied six times; the shared manager, with relationships of its
        // own, is written every time.
        let payloads = (1...8).map { id in
            #"{"id": \#(id), "skills": [{"code": "go"}, {"code": "c"}], "manager": {"id": 9, "skills": [{"code": "go"}]}}"#
        }
        let sink = MemorySink()
        let emitter = ReplayCountingEmitter(JSONWriter(sink: sink, style: .compact))
        try emitter.beginArray()
        try RecordWriter(shape: .tree).write(all: try employees(payloads), to: emitter)
        try emitter.endArray()
        XCTAssertEqual(emitter.replays, 2 * 6 + 6)  // the manager's skill too, one depth deeper
        try emitter.writer.flush()
        XCTAssertEqual(sink.text, try array(try employees(payloads), style: .compact, cached: false))
    }

    func testAnObjectIsWrittenThenKeptThenReplayedAtItsOwnDepthOnly() throws {
        let skill = try XCTUnwrap(employees([#"{"id": 1, "skills": [{"code": "go"}]}"#]).first?.relationship(1))
        guard case .many(let related) = skill, let go = related.first else { return XCTFail("no skill") }
        let cache = RecurringObjectCache()
        XCTAssertTrue(RecurringObjectCache.qualifies(go))
        guard case .write = cache.decision(for: go, depth: 3) else { return XCTFail("first meeting") }
        guard case .capture = cache.decision(for: go, depth: 3) else { return XCTFail("second meeting") }
        cache.store(Array("{}".utf8), for: go, depth: 3)
        guard case .replay(let bytes) = cache.decision(for: go, depth: 3) else { return XCTFail("third meeting") }
        XCTAssertEqual(bytes, Array("{}".utf8))
        guard case .write = cache.decision(for: go, depth: 5) else { return XCTFail("another depth") }
    }

    /// The cache holds the objects it keeps (so their addresses stay theirs) and lets go of
    /// every one, kept bytes or not, when it goes: one is made for each slice of a threaded
    /// output, and a leak there would keep the whole graph.
    func testTheCacheLetsGoOfEveryObjectItHeld() throws {
        weak var kept: MappedObject?
        weak var met: MappedObject?
        do {
            let payload = #"{"id": 1, "skills": [{"code": "go"}, {"code": "c"}]}"#
            let employee = try XCTUnwrap(employees([payload]).first)
            guard case .many(let skills) = employee.relationship(1), skills.count == 2 else { return XCTFail("no skills") }
            kept = skills[0]
            met = skills[1]
            let cache = RecurringObjectCache()
            _ = cache.decision(for: skills[0], depth: 1)
            _ = cache.decision(for: skills[0], depth: 1)
            cache.store(Array("{}".utf8), for: skills[0], depth: 1)
            _ = cache.decision(for: skills[1], depth: 2)
        }
        XCTAssertNil(kept, "a kept object outlived the cache")
        XCTAssertNil(met, "a met object outlived the cache")
    }

    func testObjectsWithRelationshipsDoNotQualify() throws {
        let employee = try XCTUnwrap(employees([#"{"id": 1, "manager": {"id": 2}}"#]).first)
        XCTAssertFalse(RecurringObjectCache.qualifies(employee))
    }

    func testTheCacheStepsAsideWhenObjectsDoNotRecur() throws {
        let payload = "{\"id\": 1, \"skills\": [" + (0..<RecurringObjectCache.trialLookups).map { #"{"code": "s\#($0)"}"# }
            .joined(separator: ",") + "]}"
        let employee = try XCTUnwrap(employees([payload]).first)
        guard case .many(let skills) = employee.relationship(1) else { return XCTFail("no skills") }
        let cache = RecurringObjectCache()
        for skill in skills { _ = cache.decision(for: skill, depth: 3) }
        XCTAssertFalse(cache.isEnabled)
        XCTAssertEqual(try array([employee], style: .pretty, cached: true), try array([employee], style: .pretty, cached: false))
    }

    func testAValueThatOutgrowsTheBufferIsNotKept() throws {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 1 << 16)
        try writer.beginArray()
        let mark = try XCTUnwrap(writer.beginReplayableValue())
        try writer.string(String(repeating: "x", count: 1 << 17))
        XCTAssertNil(writer.valueBytes(since: mark))
        let small = try XCTUnwrap(writer.beginReplayableValue())
        try writer.string("y")
        XCTAssertEqual(writer.valueBytes(since: small), Array(#""y""#.utf8))
        let again = try XCTUnwrap(writer.beginReplayableValue())
        XCTAssertEqual(again.depth, small.depth)
        try writer.replayValue(Array(#""y""#.utf8))
        try writer.endArray()
        try writer.flush()
        XCTAssertEqual(sink.text, "[\"" + String(repeating: "x", count: 1 << 17) + #"","y","y"]"#)
    }
}

/// Forwards everything to a JSON writer and counts the values it replays.
private final class ReplayCountingEmitter: StructuredEmitter {
    let writer: JSONWriter
    private(set) var replays = 0

    init(_ writer: JSONWriter) { self.writer = writer }

    func beginObject() throws { try writer.beginObject() }
    func key(_ name: String) throws { try writer.key(name) }
    func key(_ name: String, encoded: JSONEncodedKey) throws { try writer.key(name, encoded: encoded) }
    func endObject() throws { try writer.endObject() }
    func beginArray() throws { try writer.beginArray() }
    func endArray() throws { try writer.endArray() }
    func scalar(_ value: Value) throws { try writer.scalar(value) }
    func string(_ text: String, encoded: JSONEncodedKey) throws { try writer.string(text, encoded: encoded) }
    func beginReplayableValue() throws -> ReplayMark? { try writer.beginReplayableValue() }
    func valueBytes(since mark: ReplayMark) -> [UInt8]? { writer.valueBytes(since: mark) }
    func replayValue(_ bytes: [UInt8]) throws {
        replays += 1
        try writer.replayValue(bytes)
    }
}
