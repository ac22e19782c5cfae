import XCTest
@testable import RestmapEngine

/// Line and column of each element, keyed by the JSON pointer of its value.
final class XMLLocationTests: XCTestCase {
    private func locations(_ xml: String) throws -> [String: String] {
        let (_, locations) = try XMLPayloadReader().readWithLocations(MemoryByteSource(xml, name: "in.xml"))
        return locations.byPointer.mapValues(\.description)
    }

    func testElementsAttributesAndArrays() throws {
        let xml = """
            <employees_list>
              <employee id="1">
                <name>Ann</name>
              </employee>
              <employee id="2"><name>Bob</name><tags><tag>a</tag></tags></employee>
            </employees_list>
            """
        XCTAssertEqual(try locations(xml), [
            "": "in.xml:1:1",
            "/employees_list": "in.xml:1:1",
            "/employees_list/employee": "in.xml:2:3",
            "/employees_list/employee/0": "in.xml:2:3",
            "/employees_list/employee/0/id": "in.xml:2:3",
            "/employees_list/employee/0/name": "in.xml:3:5",
            "/employees_list/employee/1": "in.xml:5:3",
            "/employees_list/employee/1/id": "in.xml:5:3",
            "/employees_list/employee/1/name": "in.xml:5:20",
            "/employees_list/employee/1/tags": "in.xml:5:36",
            "/employees_list/employee/1/tags/tag": "in.xml:5:42",
        ])
    }

    func testTextKeyAndPointerEscaping() throws {
        XCTAssertEqual(try locations("<r>\n <a b='1'>x</a><c/></r>"), [
            "": "in.xml:1:1", "/r": "in.xml:1:1", "/r/a": "in.xml:2:2", "/r/a/b": "in.xml:2:2", "/r/a/text": "in.xml:2:2",
            "/r/c": "in.xml:2:16",
        ])
    }

    func testMarkupThatIsNotAnElementIsSkipped() throws {
        let xml = """
            <?xml version="1.0"?>\r
            <!DOCTYPE l [\r
             <!-- a <b> ' comment -->
             <!ENTITY two "<i>2</i><i>3</i>">
             <!ENTITY q '<x a="]>"/>'>
             <?pi <b>?>
            ]>
            <l a='>' b="x-->y">
              <!-- <i>no</i> -->
              <![CDATA[ <i>no</i> ]]>
              <i>1</i>&two;<?pi <i>?>
              <é><i>4</i></é>   <i
               x="&amp;">5</i>
            </l>
            """
        XCTAssertEqual(try locations(xml), [
            "": "in.xml:8:1", "/l": "in.xml:8:1", "/l/a": "in.xml:8:1", "/l/b": "in.xml:8:1", "/l/text": "in.xml:8:1",
            "/l/i": "in.xml:11:3",
            "/l/i/0": "in.xml:11:3",
            // Elements that come from an entity are where the reference is.
            "/l/i/1": "in.xml:11:11",
            "/l/i/2": "in.xml:11:11",
            "/l/i/3": "in.xml:12:21", "/l/i/3/x": "in.xml:12:21", "/l/i/3/text": "in.xml:12:21",
            "/l/é": "in.xml:12:3",
            "/l/é/i": "in.xml:12:6",
        ])
    }

    func testByteOrderMarkDoesNotCountAsAColumn() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<r><a>1</a></r>".utf8)
        let (_, locations) = try XMLPayloadReader().readWithLocations(MemoryByteSource(bytes, name: "bom.xml"))
        XCTAssertEqual(locations["/r/a"]?.description, "bom.xml:1:4")
    }

    func testLinesBeyondLibxml2sSixteenBitNodeLines() throws {
        let xml = "<r>" + String(repeating: "\n", count: 70_000) + "<a>x</a></r>"
        XCTAssertEqual(try locations(xml)["/r/a"], "in.xml:70001:1")
    }

    func testUTF16FallsBackToLines() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<r>\n<a>x</a></r>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (value, locations) = try XMLPayloadReader().readWithLocations(MemoryByteSource(bytes, name: "u.xml"))
        XCTAssertEqual(value, ["r": ["a": "x"]])
        XCTAssertEqual(locations["/r/a"]?.description, "u.xml:2")
    }

    /// The scanner must give the same positions however libxml2 slices the input.
    func testScannerIsIndependentOfChunking() throws {
        let xml = Array("<r><!-- <x> --><a t=\">\">&amp;&e;</a><![CDATA[<y>]]><b/></r>".utf8)
        let whole = XMLMarkupScanner()
        xml.withUnsafeBytes { whole.scan($0) }
        let byByte = XMLMarkupScanner()
        for byte in xml { [byte].withUnsafeBytes { byByte.scan($0) } }
        for scanner in [whole, byByte] {
            XCTAssertEqual(scanner.popElementStart(), .init(line: 1, column: 1))
            XCTAssertEqual(scanner.popElementStart(), .init(line: 1, column: 16))
            XCTAssertEqual(scanner.popElementStart(), .init(line: 1, column: 52))
            XCTAssertNil(scanner.popElementStart())
            XCTAssertEqual(scanner.popEntityReference(), .init(line: 1, column: 30))
            XCTAssertNil(scanner.popEntityReference())
        }
    }
}
