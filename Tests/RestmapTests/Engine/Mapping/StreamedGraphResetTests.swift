import XCTest
@testable import RestmapEngine

/// A streaming run (NDJSON, `--format ndjson`) maps an element, writes it and forgets it:
/// `resetGraph` must free every object of the element — with its values and the related
/// objects only it held — or memory would grow with the input, and leave the graph and its
/// identity tables ready for the next element.
final class StreamedGraphResetTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "id", "name": "name", "tags": "tags"},
           "Department": {"id": "id", "name": "name"}},
         "primary_key_mappings": {"Employee": ["id"], "Department": ["id"]},
         "relationship_mappings": {"Employee": {
           "dept": {"target": "Department", "key_path": "dept"},
           "mentors": {"target": "Employee", "key_path": "mentors"}}}}
        """

    private func map(_ text: String, with mapper: Mapper, plan: EntityPlan) throws -> MappedObject {
        let value = try JSONReader.value(from: Array(text.utf8), file: "p.ndjson")
        return try XCTUnwrap(mapper.map(value, with: plan, origin: Mapper.Origin(input: "p.ndjson", pointer: nil)))
    }

    /// The objects of the first element, held weakly: they live as long as the graph keeps them.
    private final class Watched {
        weak var employee: MappedObject?
        weak var department: MappedObject?
        weak var mentor: MappedObject?
    }

    /// Maps the first element in a scope of its own, so that no strong reference outlives it.
    private func mapFirstElement(with mapper: Mapper, plan: EntityPlan, watching watched: Watched) throws {
        let mapped = try map(
            #"{"id": 1, "name": "A long enough name to live on the heap", "tags": ["x", "y"],"#
                + #" "dept": {"id": 7, "name": "Seven"}, "mentors": [{"id": 2, "name": "B", "dept": {"id": 7}}]}"#,
            with: mapper, plan: plan)
        watched.employee = mapped
        guard case .one(let related) = mapped.relationship(0), case .many(let mentors) = mapped.relationship(1) else {
            return XCTFail("relationships not mapped: \(mapped.relationship(0)), \(mapped.relationship(1))")
        }
        watched.department = related
        watched.mentor = mentors.first
        // The mentor's department is the same object: the identity map merged them.
        guard case .one(let mentorsDepartment) = mentors[0].relationship(0) else { return XCTFail("mentor's dept") }
        XCTAssertTrue(mentorsDepartment === related)
        XCTAssertEqual(mapper.graph.objects.count, 3)
    }

    func testResettingTheGraphFreesEachElementsObjectsAndKeepsItUsable() throws {
        let plans = MappingPlans(try ConfigText.definitions(Self.config))
        let mapper = Mapper(plans: plans, log: DiagnosticLog())
        let plan = try XCTUnwrap(plans.entity(named: "Employee"))
        let watched = Watched()
        try mapFirstElement(with: mapper, plan: plan, watching: watched)
        XCTAssertNotNil(watched.employee, "the graph holds what it mapped until it is reset")
        mapper.resetGraph()
        XCTAssertNil(watched.employee, "the element's root object outlived the reset")
        XCTAssertNil(watched.department, "a related object outlived the reset")
        XCTAssertNil(watched.mentor, "a related object of the same entity outlived the reset")
        XCTAssertTrue(mapper.graph.objects.isEmpty)

        // The next element maps afresh: id 7 is new again, not the freed department.
        let next = try map(#"{"id": 3, "name": "C", "dept": {"id": 7, "name": "Renamed"}}"#, with: mapper, plan: plan)
        guard case .one(let nextDepartment) = next.relationship(0) else { return XCTFail("dept of the next element") }
        XCTAssertEqual(nextDepartment.value(of: "name"), .string("Renamed"))
        XCTAssertEqual(mapper.graph.objects.count, 2)
    }

    func testRemovingAllKeepingStorageEmptiesInPlace() {
        var values: [Value?] = [.string(String(repeating: "v", count: 40)), nil, .number("1")]
        values.reserveCapacity(64)
        let capacity = values.capacity
        values.removeAllKeepingStorage()
        XCTAssertTrue(values.isEmpty)
        XCTAssertEqual(values.capacity, capacity)
        values.append(.bool(true))
        XCTAssertEqual(values, [.bool(true)])
    }
}
