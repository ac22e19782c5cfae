import XCTest
@testable import RestmapEngine

/// The sites `validate` keeps for every object (where a conflicting or unconnected value was
/// first met) read back exactly as they were recorded, however they are packed.
final class ValidationSitesTests: XCTestCase {
    final class Object {}

    func testSitesReadBackWithPointerAndLocationAndALaterReadReplacesAnEarlierOne() {
        var sites = ValidationSites()
        let first = Object(), second = Object()
        let a = ObjectIdentifier(first), b = ObjectIdentifier(second)
        sites.setObject(a, .init(sample: 0, location: SourceLocation(file: "one.json", line: 3, column: 5), pointer: "/list/0"))
        sites.setAttribute(2, of: a, .init(sample: 0, location: SourceLocation(file: "one.json", line: 3, column: 20), pointer: "/list/0/id"))
        sites.setAttribute(4, of: a, .init(sample: 0, location: SourceLocation(file: "one.json", line: 4, column: 9), pointer: "/list/0/name"))
        sites.setAttribute(2, of: b, .init(sample: 1, location: SourceLocation(file: "two.json", line: 1, column: 2), pointer: nil))
        // Mapped again from a later sample: the later site is the one kept.
        sites.setAttribute(2, of: a, .init(sample: 1, location: SourceLocation(file: "two.json", line: 9, column: 1), pointer: "/0/id"))

        XCTAssertEqual(sites.object(a)?.location, SourceLocation(file: "one.json", line: 3, column: 5))
        XCTAssertEqual(sites.object(a)?.pointer, "/list/0")
        XCTAssertEqual(sites.attribute(2, of: a)?.location, SourceLocation(file: "two.json", line: 9, column: 1))
        XCTAssertEqual(sites.attribute(2, of: a)?.pointer, "/0/id")
        XCTAssertEqual(sites.attribute(2, of: a)?.sample, 1)
        XCTAssertEqual(sites.attribute(4, of: a)?.pointer, "/list/0/name")
        XCTAssertNil(sites.attribute(3, of: a))
        XCTAssertEqual(sites.attribute(2, of: b)?.location.file, "two.json")
        XCTAssertNil(sites.attribute(2, of: b)?.pointer)
        XCTAssertNil(sites.object(b), "an object whose attributes alone were recorded has no representation site")
    }

    func testLocationsWithoutAColumnOrWithAKeyPathAreKeptWhole() {
        var sites = ValidationSites()
        let object = Object(), id = ObjectIdentifier(object)
        let keyed = SourceLocation(file: "c.plist", line: 7, column: nil, keyPath: "a.b")
        let lineOnly = SourceLocation(file: "x.xml", line: 12)
        sites.setObject(id, .init(sample: 0, location: keyed, pointer: "/"))
        sites.setAttribute(0, of: id, .init(sample: 0, location: lineOnly, pointer: "/x"))
        XCTAssertEqual(sites.object(id)?.location, keyed)
        XCTAssertEqual(sites.attribute(0, of: id)?.location, lineOnly)
        // Replaced by an ordinary location, the whole one is gone.
        sites.setAttribute(0, of: id, .init(sample: 0, location: SourceLocation(file: "x.xml", line: 2, column: 3), pointer: "/x"))
        XCTAssertEqual(sites.attribute(0, of: id)?.location, SourceLocation(file: "x.xml", line: 2, column: 3))
    }
}
