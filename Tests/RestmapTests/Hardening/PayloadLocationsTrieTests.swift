import XCTest
@testable import RestmapEngine

/// The compact location store behind `validate` (validate memory): it must answer
/// exactly what the dictionary of whole pointers it replaced answered.
final class PayloadLocationsTrieTests: XCTestCase {
    func testManyPointersReadBackExactlyAsSet() {
        var locations = PayloadLocations()
        var reference: [String: SourceLocation] = [:]
        let keys = ["a", "employees_list", "a~1b", "x~0y", "", "Département", "a rather long key that is not inline"]
        var generator = SystemRandomNumberGenerator()
        for i in 0..<5_000 {
            var pointer = ""
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                pointer += "/" + (Bool.random(using: &generator) ? keys.randomElement(using: &generator)! : String(Int.random(in: 0...40, using: &generator)))
            }
            let location = SourceLocation(file: "in.json", line: i + 1, column: i % 80 + 1)
            locations[pointer] = location
            reference[pointer] = location
        }
        XCTAssertEqual(locations.byPointer, reference)
        for (pointer, location) in reference {
            XCTAssertEqual(locations[pointer], location)
            XCTAssertEqual(locations.nearest(pointer), location)
        }
        XCTAssertFalse(locations.isEmpty)
    }

    func testUnusualLocationsAndRemovalAreKept() {
        var locations = PayloadLocations()
        locations["/a"] = SourceLocation(file: "in.xml", line: 3, column: 4)
        locations["/a/b"] = SourceLocation(file: "in.xml", line: 7)  // libxml2's line alone
        locations["/c"] = SourceLocation(file: "other.json", line: 1, column: 1)
        locations["/d"] = SourceLocation(file: "c.bplist", keyPath: "a.b")
        XCTAssertEqual(locations["/a/b"]?.description, "in.xml:7")
        XCTAssertEqual(locations["/c"]?.description, "other.json:1:1")
        XCTAssertEqual(locations["/d"]?.description, "c.bplist:a.b")
        XCTAssertEqual(locations.nearest("/a/x/y")?.description, "in.xml:3:4")
        XCTAssertNil(locations.nearest("/zzz"))
        locations["/a"] = nil
        XCTAssertNil(locations["/a"])
        XCTAssertEqual(locations.byPointer.keys.sorted(), ["/a/b", "/c", "/d"])
        locations["/a/b"] = nil
        locations["/c"] = nil
        locations["/d"] = nil
        XCTAssertTrue(locations.isEmpty)
    }

    func testNodesAlongAPointerAndTheirPlaces() {
        var locations = PayloadLocations()
        let list = locations.node(creating: "/list")
        let element = locations.child(3, of: list)
        let name = locations.child("na~1me", of: element)
        XCTAssertEqual(locations.nodes(along: "/list/3/na~1me"), [PayloadLocations.root, list, element, name])
        XCTAssertEqual(locations.nodes(along: "/list/4/x"), [PayloadLocations.root, list])
        XCTAssertEqual(locations.existingChild("3", of: list), element)
        XCTAssertNil(locations.existingChild("4", of: list))
        XCTAssertEqual(locations.place(of: "/list/3/na~1me"), .node(name))
        XCTAssertEqual(locations.place(of: "/list/4/x"), .pointer("/list/4/x"))
        XCTAssertEqual(
            locations.ancestorPlaces(of: "/list/3/na~1me/deeper"),
            [.node(name), .node(element), .node(list), .root])
        XCTAssertEqual(locations.ancestorPlaces(of: "/list/9/q"), [.pointer("/list/9"), .node(list), .root])
    }

    func testTheLocatingJSONReaderFillsTheTrie() throws {
        let json = "{\"list\": [{\"a/b\": 1}, {\"c\": [true, null]}]}"
        let (_, locations) = try JSONReader.valueWithLocations(from: Array(json.utf8), file: "in.json")
        XCTAssertEqual(locations["/list/0/a~1b"]?.description, "in.json:1:19")
        XCTAssertEqual(locations["/list/1/c/1"]?.description, "in.json:1:36")
        XCTAssertEqual(locations.byPointer.count, 8)
    }

    func testSitesPackAndUnpackEveryKindOfLocation() {
        var sites = ValidationSites()
        let object = ObjectIdentifier(NSObject())
        let plain = ValidationSites.Site(sample: 2, location: SourceLocation(file: "a.json", line: 5, column: 9), pointer: "/x")
        let lineOnly = ValidationSites.Site(sample: 3, location: SourceLocation(file: "b.xml", line: 4), pointer: nil)
        sites.setAttribute(0, of: object, plain)
        sites.setAttribute(4, of: object, lineOnly)
        sites.setObject(object, plain)
        XCTAssertEqual(sites.attribute(0, of: object)?.location.description, "a.json:5:9")
        XCTAssertEqual(sites.attribute(0, of: object)?.pointer, "/x")
        XCTAssertEqual(sites.attribute(4, of: object)?.location.description, "b.xml:4")
        XCTAssertEqual(sites.attribute(4, of: object)?.sample, 3)
        XCTAssertNil(sites.attribute(1, of: object))
        sites.setAttribute(0, of: object, lineOnly)
        XCTAssertEqual(sites.attribute(0, of: object)?.location.description, "b.xml:4")
        XCTAssertEqual(sites.object(object)?.location.description, "a.json:5:9")
    }
}
