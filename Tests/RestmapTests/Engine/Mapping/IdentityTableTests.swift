import XCTest
@testable import RestmapEngine

/// The identity map's table: every key registered finds its own object, through growth,
/// collisions of the probe sequence and keys of every length.
final class IdentityTableTests: XCTestCase {
    private let plan = EntityPlan(
        mapping: EntityMapping(name: "Thing", location: .file("test"), isPlain: false), order: 0)

    private func object(_ number: Int) -> MappedObject {
        MappedObject.make(plan: plan, creationIndex: number)
    }

    func testEveryRegisteredKeyFindsItsObjectThroughGrowth() {
        let table = IdentityTable()
        // Ids as payloads write them, long keys (composite primary keys), non-ASCII and empty.
        var keys = (0..<5_000).map { String(1_000_000 + $0) }
        keys += ["", "0", "-7", "3.25", "17,en", "17,en-GB", "Zürich,Ελλάδα,東京", String(repeating: "k", count: 300)]
        keys += (0..<100).map { "order-\($0)-line-\($0 * 7)" }
        for (number, key) in keys.enumerated() { table.insert(object(number), for: IdentityKey(text: key)) }
        XCTAssertEqual(table.count, keys.count)
        for (number, key) in keys.enumerated() {
            XCTAssertEqual(table.object(for: IdentityKey(text: key))?.creationIndex, number, "key \(key)")
        }
        for absent in ["999999", "1005000", "17,e", "17,en-G", "zürich", " 0", String(repeating: "k", count: 299)] {
            XCTAssertNil(table.object(for: IdentityKey(text: absent)), "key \(absent)")
        }
    }

    func testKeysThatDifferOnlyPastTheFirstWordAreKeptApart() {
        let table = IdentityTable()
        let keys = ["abcdefgh1", "abcdefgh2", "abcdefghijklmnop", "abcdefghijklmnoq", "12345678", "123456789"]
        for (number, key) in keys.enumerated() { table.insert(object(number), for: IdentityKey(text: key)) }
        for (number, key) in keys.enumerated() { XCTAssertEqual(table.object(for: IdentityKey(text: key))?.creationIndex, number) }
    }

    func testIdsInSequenceKeepTheTableOnIntegerPlacement() {
        let table = IdentityTable()
        for number in 0..<20_000 { table.insert(object(number), for: IdentityKey(text: String(1_000_000 + number))) }
        XCTAssertTrue(table.placesIntegersInOrder)
        XCTAssertEqual(table.object(for: IdentityKey(text: "1012345"))?.creationIndex, 12_345)
        XCTAssertNil(table.object(for: IdentityKey(text: "1020000")))
    }

    /// Ids spaced by a power of two all start at one slot: the table must notice and turn to
    /// seeded hashes rather than probe quadratically (a hostile payload chooses its ids).
    func testIdsAimedAtOneSlotTurnTheTableToSeededHashes() {
        let table = IdentityTable()
        let keys = (0..<5_000).map { String($0 << 24) } + (0..<100).map { "-" + String($0 << 24) }
        for (number, key) in keys.enumerated() { table.insert(object(number), for: IdentityKey(text: key)) }
        XCTAssertFalse(table.placesIntegersInOrder)
        for (number, key) in keys.enumerated() { XCTAssertEqual(table.object(for: IdentityKey(text: key))?.creationIndex, number) }
        XCTAssertNil(table.object(for: IdentityKey(text: String(5_000 << 24))))
    }

    func testIntegerValuesAreReadOnlyFromPlainDecimalText() {
        XCTAssertEqual(IdentityKeyHash.integerValue("1000001"), 1_000_001)
        XCTAssertEqual(IdentityKeyHash.integerValue("-42"), -42)
        XCTAssertEqual(IdentityKeyHash.integerValue("999999999999999999"), 999_999_999_999_999_999)
        for text in ["", "-", "1.5", "12a", "1e3", " 1", "9999999999999999999", "١٢"] {
            XCTAssertNil(IdentityKeyHash.integerValue(text), text)
        }
    }

    func testRemoveAllForgetsEveryKeyAndTheTableIsUsableAgain() {
        let table = IdentityTable()
        for number in 0..<100 { table.insert(object(number), for: IdentityKey(text: "id\(number)")) }
        table.removeAll()
        XCTAssertTrue(table.isEmpty)
        XCTAssertNil(table.object(for: IdentityKey(text: "id5")))
        table.insert(object(7), for: IdentityKey(text: "id5"))
        XCTAssertEqual(table.object(for: IdentityKey(text: "id5"))?.creationIndex, 7)
        XCTAssertNil(table.object(for: IdentityKey(text: "id6")))
    }

    func testGraphMergesEqualKeysAndNumbersAnonymousObjects() {
        let graph = ObjectGraph()
        let first = graph.object(for: plan, identityKey: IdentityKey(text: "42"))
        let again = graph.object(for: plan, identityKey: IdentityKey(text: "42"))
        let other = graph.object(for: plan, identityKey: IdentityKey(text: "43"))
        XCTAssertTrue(first.isNew)
        XCTAssertFalse(again.isNew)
        XCTAssertTrue(first.object === again.object)
        XCTAssertFalse(first.object === other.object)
        let anonymous = graph.object(for: plan, identityKey: nil)
        XCTAssertEqual(anonymous.object.anonymousNumber, 1)
        // The store upserts what has a key and inserts the rest.
        XCTAssertTrue(first.object.hasIdentityKey)
        XCTAssertFalse(anonymous.object.hasIdentityKey)
        XCTAssertEqual(graph.objects.count, 3)
        graph.removeAll()
        XCTAssertTrue(graph.object(for: plan, identityKey: IdentityKey(text: "42")).isNew)
    }
}
