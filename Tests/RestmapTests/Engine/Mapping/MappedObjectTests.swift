import XCTest
@testable import RestmapEngine

/// A mapped object keeps its attribute values and relationship states in its own allocation:
/// what is set reads back, what is unset reads as unset, and what it holds goes with it.
final class MappedObjectTests: XCTestCase {
    private func plan(attributes: Int, relationships: Int) -> EntityPlan {
        var mapping = EntityMapping(name: "Thing", location: .file("test"))
        mapping.attributes = (0..<attributes).map { AttributeMapping(source: "a\($0)", destination: "a\($0)", location: .file("test")) }
        mapping.relationships = (0..<relationships).map {
            RelationshipMapping(source: KeyPath("r\($0)"), name: "r\($0)", target: Located("Thing", at: .file("test")), connection: nil, location: .file("test"))
        }
        return EntityPlan(mapping: mapping, order: 0)
    }

    func testValuesAndRelationshipsReadBackAndStartUnset() {
        let plan = plan(attributes: 3, relationships: 2)
        let object = MappedObject.make(plan: plan, creationIndex: 7)
        XCTAssertEqual(object.creationIndex, 7)
        XCTAssertEqual(object.attributeCount, 3)
        XCTAssertEqual((0..<3).map { object.attribute($0) }, [nil, nil, nil])
        XCTAssertNil(object.attribute(3), "past the last position: unset")
        XCTAssertFalse(object.hasRelationships)

        object.setAttribute(0, .string(String(repeating: "long text ", count: 20)))
        object.setAttribute(2, .null)
        XCTAssertEqual(object.attribute(0), .string(String(repeating: "long text ", count: 20)))
        XCTAssertNil(object.attribute(1))
        XCTAssertEqual(object.attribute(2), .null)
        object.setAttribute(0, nil)
        XCTAssertNil(object.attribute(0), "unset again")

        let other = MappedObject.make(plan: plan, creationIndex: 8)
        object.setRelationship(1, .many([other, other]))
        XCTAssertTrue(object.hasRelationships)
        guard case .unset = object.relationship(0), case .many(let list) = object.relationship(1), case .unset = object.relationship(5) else {
            return XCTFail("relationships read back wrong")
        }
        XCTAssertTrue(list.count == 2 && list[0] === other)
    }

    /// An object's values and related objects are released with it (no leak), and only then.
    func testWhatAnObjectHoldsGoesWithIt() {
        let plan = plan(attributes: 1, relationships: 1)
        weak var related: MappedObject?
        var owner: MappedObject? = MappedObject.make(plan: plan, creationIndex: 0)
        do {
            let target = MappedObject.make(plan: plan, creationIndex: 1)
            target.setAttribute(0, .array([.string(String(repeating: "x", count: 100))]))
            owner?.setRelationship(0, .one(target))
            related = target
        }
        XCTAssertNotNil(related, "held by its owner's relationship")
        owner = nil
        XCTAssertNil(related, "released with its owner")
    }

    /// A plan without attributes or relationships makes an object with no slots at all.
    func testAnObjectOfAnEmptyPlan() {
        let object = MappedObject.make(plan: plan(attributes: 0, relationships: 0), creationIndex: 0)
        XCTAssertEqual(object.attributeCount, 0)
        XCTAssertNil(object.attribute(0))
        guard case .unset = object.relationship(0) else { return XCTFail("no relationship is set") }
        XCTAssertEqual(object.id, "Thing#0")
    }
}
