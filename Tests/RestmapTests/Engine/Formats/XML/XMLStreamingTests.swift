import XCTest
@testable import RestmapEngine

/// `streamElements(at:from:)`: the elements at a key path, one at a time.
final class XMLStreamingTests: XCTestCase {
    private func stream(
        _ xml: String, at path: [String], locations: Bool = false, members: Set<String>? = nil
    ) throws -> (items: [XMLStreamedElement], result: XMLKeyPathSearch) {
        var items: [XMLStreamedElement] = []
        let result = try XMLPayloadReader().streamElements(
            at: path, from: MemoryByteSource(xml, name: "in.xml"), recordingLocations: locations, members: members
        ) { items.append($0) }
        return (items, result)
    }

    private let employees = """
        <employees_list count="2">
          <meta><page>1</page></meta>
          <employee id="1"><name>Ann</name></employee>
          <other>ignored</other>
          <employee id="2"><name>Bob</name><dept><id>7</id></dept></employee>
        </employees_list>
        """

    func testRepeatedElementsAreStreamedInOrder() throws {
        let (items, result) = try stream(employees, at: ["employees_list", "employee"])
        XCTAssertEqual(result, .found(count: 2))
        XCTAssertEqual(items.map(\.index), [0, 1])
        XCTAssertEqual(items.map(\.value), [["id": "1", "name": "Ann"], ["id": "2", "name": "Bob", "dept": ["id": "7"]]])
        XCTAssertTrue(items.allSatisfy { $0.locations == nil })
    }

    func testStreamedItemsEqualTheFullReadersArray() throws {
        let whole = try XMLPayloadReader().read(MemoryByteSource(employees))
        let (items, _) = try stream(employees, at: ["employees_list", "employee"])
        XCTAssertEqual(whole["employees_list"]?["employee"], .array(items.map(\.value)))
    }

    func testSingleElementIsASingleObject() throws {
        let (items, result) = try stream("<list><item><id>1</id></item></list>", at: ["list", "item"])
        XCTAssertEqual(result, .found(count: 1))
        XCTAssertEqual(items.map(\.value), [["id": "1"]])
    }

    func testDeeperPathsAndLeaves() throws {
        let (items, result) = try stream(employees, at: ["employees_list", "employee", "name"])
        XCTAssertEqual(result, .found(count: 2))
        XCTAssertEqual(items.map(\.value), ["Ann", "Bob"])
        let (root, rootResult) = try stream(employees, at: ["employees_list"])
        XCTAssertEqual(rootResult, .found(count: 1))
        XCTAssertEqual(root.first?.value["meta"], ["page": "1"])
    }

    func testMatchesUnderRepeatedAncestorsComeAsOneSequence() throws {
        let xml = "<a><b><c>1</c></b><x><c>no</c></x><b><c>2</c><c>3</c></b></a>"
        let (items, result) = try stream(xml, at: ["a", "b", "c"])
        XCTAssertEqual(result, .found(count: 3))
        XCTAssertEqual(items.map(\.value), ["1", "2", "3"])
    }

    func testElementsFromEntitiesAreStreamed() throws {
        let xml = "<!DOCTYPE l [<!ENTITY two \"<i>2</i><i>3</i>\">]><l><i>1</i>&two;</l>"
        let (items, _) = try stream(xml, at: ["l", "i"])
        XCTAssertEqual(items.map(\.value), ["1", "2", "3"])
    }

    func testMissingRootReportsTheRootName() throws {
        let (items, result) = try stream(employees, at: ["employees", "employee"])
        XCTAssertTrue(items.isEmpty)
        XCTAssertEqual(result, .notFound(matchedSegments: 0, availableKeys: ["employees_list"]))
    }

    func testMissingChildReportsTheKeysOfTheLastElementFound() throws {
        let (_, result) = try stream(employees, at: ["employees_list", "employe"])
        XCTAssertEqual(result, .notFound(matchedSegments: 1, availableKeys: ["count", "meta", "employee", "other"]))
        let (_, deeper) = try stream(employees, at: ["employees_list", "meta", "size"])
        XCTAssertEqual(deeper, .notFound(matchedSegments: 2, availableKeys: ["page"]))
    }

    func testEmptyPathHandsOutTheDocument() throws {
        let (items, result) = try stream("<r><a>1</a></r>", at: [])
        XCTAssertEqual(result, .found(count: 1))
        XCTAssertEqual(items.map(\.value), [["r": ["a": "1"]]])
    }

    func testLocationsAreRelativeToTheItem() throws {
        let (items, _) = try stream(employees, at: ["employees_list", "employee"], locations: true)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[1].locations?.byPointer.mapValues(\.description), [
            "": "in.xml:5:3", "/id": "in.xml:5:3", "/name": "in.xml:5:20", "/dept": "in.xml:5:36", "/dept/id": "in.xml:5:42",
        ])
    }

    func testErrorsAfterSomeItemsStillThrow() throws {
        var seen = 0
        XCTAssertThrowsError(
            try XMLPayloadReader().streamElements(
                at: ["l", "i"], from: MemoryByteSource("<l><i>1</i><i>2</i><i>3</j></l>", name: "in.xml")
            ) { _ in seen += 1 }
        ) { error in
            XCTAssertEqual((error as? RestmapError)?.description, "in.xml:1:28: error: Opening and ending tag mismatch: i line 1 and j")
        }
    }

    func testCallbackErrorsStopTheStream() throws {
        struct Stop: Error {}
        var seen = 0
        XCTAssertThrowsError(
            try XMLPayloadReader().streamElements(at: ["employees_list", "employee"], from: MemoryByteSource(employees)) { _ in
                seen += 1
                throw Stop()
            }
        ) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, 1)
    }

    /// Memory stays flat: the items are not kept by the reader. Checked indirectly: a large
    /// stream of items is handed out one by one and each can be dropped.
    func testLongStream() throws {
        var xml = "<l>"
        for i in 0..<50_000 { xml += "<i n=\"\(i)\"/>" }
        xml += "</l>"
        var last: Value?
        var count = 0
        let result = try XMLPayloadReader().streamElements(at: ["l", "i"], from: MemoryByteSource(xml)) { item in
            XCTAssertEqual(item.index, count)
            count += 1
            last = item.value
        }
        XCTAssertEqual(result, .found(count: 50_000))
        XCTAssertEqual(last, ["n": "49999"])
    }

    // MARK: Members

    func testMembersKeepOnlyTheNamedAttributesAndChildren() throws {
        let (items, result) = try stream(employees, at: ["employees_list", "employee"], members: ["id", "dept"])
        XCTAssertEqual(result, .found(count: 2))
        XCTAssertEqual(items.map(\.value), [["id": "1"], ["id": "2", "dept": ["id": "7"]]])
    }

    func testFilteredElementsAreTheFullOnesWithoutTheOtherKeys() throws {
        let xml = """
            <l>
              <e a="1" b="2"><x>1</x><y><z>deep</z><z/></y><x>2</x>tail<w/></e>
              <e b="3"><y>only y</y></e>
              <e><x><x>nested x</x></x></e>
            </l>
            """
        let (full, _) = try stream(xml, at: ["l", "e"])
        for members: Set<String> in [["a"], ["x"], ["y", "b"], ["text"], ["x", "text", "w"], []] {
            let (filtered, _) = try stream(xml, at: ["l", "e"], members: members)
            XCTAssertEqual(filtered.count, full.count)
            for (item, whole) in zip(filtered, full) {
                guard case .object(let object) = whole.value else { return XCTFail("not an object") }
                let kept = ValueObject(object.entries.filter { members.contains($0.key) }.map { ($0.key, $0.value) })
                XCTAssertEqual(item.value, .object(kept), "\(members)")
            }
        }
    }

    func testAFilteredElementStaysAnObjectAndALeafStaysAString() throws {
        let xml = "<l><e><a>1</a></e><e>just text</e><e/><e k=\"v\">text</e></l>"
        let (items, _) = try stream(xml, at: ["l", "e"], members: ["b"])
        XCTAssertEqual(items.map(\.value), [.object(ValueObject()), "just text", nil, .object(ValueObject())])
        let (withText, _) = try stream(xml, at: ["l", "e"], members: ["text"])
        XCTAssertEqual(withText.map(\.value), [.object(ValueObject()), "just text", nil, ["text": "text"]])
    }

    func testLeftOutMembersAreStillChecked() {
        XCTAssertThrowsError(
            try stream("<l><e><skip><a>1</b></skip></e></l>", at: ["l", "e"], members: ["keep"])
        ) { XCTAssertEqual(($0 as? RestmapError)?.kind, .data) }
        XCTAssertThrowsError(
            try XMLPayloadReader(maxDepth: 4).streamElements(
                at: ["l", "e"], from: MemoryByteSource("<l><e><skip><a><b/></a></skip></e></l>"), members: ["keep"]
            ) { _ in }
        ) { XCTAssertEqual(($0 as? RestmapError)?.kind, .data) }
    }

    func testMembersApplyToTheStreamedElementOnly() throws {
        let xml = "<l><e><keep><drop>1</drop><x>2</x></keep><drop>3</drop></e></l>"
        let (items, _) = try stream(xml, at: ["l", "e"], members: ["keep"])
        XCTAssertEqual(items.map(\.value), [["keep": ["drop": "1", "x": "2"]]])
    }

    func testMembersWithRepeatedAndQualifiedNames() throws {
        let xml = #"<l xmlns:p="urn:p"><e id="a" p:id="b"><id>c</id><p:id>d</p:id><tag>1</tag><tag>2</tag></e></l>"#
        let (items, _) = try stream(xml, at: ["l", "e"], members: ["id", "tag"])
        XCTAssertEqual(items.map(\.value), [["id": ["a", "c"], "tag": ["1", "2"]]])
        let (qualified, _) = try stream(xml, at: ["l", "e"], members: ["p:id"])
        XCTAssertEqual(qualified.map(\.value), [["p:id": ["b", "d"]]])
    }

    func testMembersAreIgnoredForTheWholeDocument() throws {
        let (items, _) = try stream("<r><a>1</a><b>2</b></r>", at: [], members: ["a"])
        XCTAssertEqual(items.map(\.value), [["r": ["a": "1", "b": "2"]]])
    }
}
