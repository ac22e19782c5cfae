import XCTest
@testable import RestmapEngine

/// `streamElements` parses on a thread of its own by default and hands event tapes over to the
/// caller's thread. Whatever the input, that must be indistinguishable from parsing on the
/// caller's thread: the same elements in the same order, the same diagnostics interleaved the
/// same way, the same result or error, and a body that throws stops everything.
final class XMLConcurrentStreamingTests: XCTestCase {
    /// What a run looked like from the caller's side, in order.
    private enum Event: Equatable {
        case element(Int, Value, [String: String]?)
        case diagnostic(String)
        case result(XMLKeyPathSearch)
        case error(String)
    }

    private func run(
        _ bytes: [UInt8], at path: [String], concurrently: Bool, members: Set<String>? = nil,
        locations: Bool = false, maxDepth: Int = 10_000, stopAfter: Int? = nil
    ) -> [Event] {
        var events: [Event] = []
        let log = DiagnosticLog(onEmit: { events.append(.diagnostic($0.description)) })
        var reader = XMLPayloadReader(maxDepth: maxDepth, diagnostics: log)
        reader.parsesConcurrently = concurrently
        struct Stop: Error {}
        do {
            let result = try reader.streamElements(
                at: path, from: MemoryByteSource(bytes, name: "in.xml"), recordingLocations: locations,
                members: members
            ) { element in
                events.append(.element(element.index, element.value, element.locations?.byPointer.mapValues(\.description)))
                if let stopAfter, element.index + 1 >= stopAfter { throw Stop() }
            }
            events.append(.result(result))
        } catch is Stop {
            events.append(.error("stopped"))
        } catch {
            events.append(.error("\(error)"))
        }
        return events
    }

    private func assertSameEitherWay(
        _ xml: String, at path: [String], members: Set<String>? = nil, locations: Bool = false, maxDepth: Int = 10_000,
        stopAfter: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let bytes = Array(xml.utf8)
        let serial = run(bytes, at: path, concurrently: false, members: members, locations: locations, maxDepth: maxDepth, stopAfter: stopAfter)
        let concurrent = run(bytes, at: path, concurrently: true, members: members, locations: locations, maxDepth: maxDepth, stopAfter: stopAfter)
        XCTAssertEqual(concurrent, serial, file: file, line: line)
        XCTAssertFalse(serial.isEmpty, file: file, line: line)
    }

    /// Enough records to span many 256 KiB chunks (and so many tapes).
    private func employees(_ count: Int, extra: (Int) -> String = { _ in "" }) -> String {
        var xml = "<?xml version=\"1.0\"?>\n<employees_list>\n"
        for i in 0..<count {
            xml += "<employee id=\"\(i)\"><type>employee</type><name>Näme \(i)</name>"
            xml += "<description>Line one &amp; <![CDATA[two]]> for \(i)</description>"
            xml += "<dept><id>\(i % 7)</id><name>D\(i % 7)</name></dept><tags><tag>a</tag><tag>b\(i % 3)</tag></tags>"
            xml += extra(i) + "</employee>\n"
        }
        return xml + "</employees_list>\n"
    }

    func testLargeStreamsAreIdentical() {
        let xml = employees(20_000)
        XCTAssertGreaterThan(xml.utf8.count, 4 * XMLInputFeed.chunkSize)
        assertSameEitherWay(xml, at: ["employees_list", "employee"])
        assertSameEitherWay(xml, at: ["employees_list", "employee"], members: ["id", "name", "dept"])
        assertSameEitherWay(xml, at: ["employees_list", "employee", "dept"])
        assertSameEitherWay(xml, at: ["employees_list", "nothing"])
    }

    func testLocationsAreIdentical() {
        assertSameEitherWay(employees(3000), at: ["employees_list", "employee"], locations: true)
    }

    func testErrorsAfterManyElementsAreIdentical() {
        let truncated = String(employees(8000).dropLast(40))
        assertSameEitherWay(truncated, at: ["employees_list", "employee"])
        let malformed = employees(8000).replacingOccurrences(of: "<name>Näme 7000</name>", with: "<name>x</nam>")
        assertSameEitherWay(malformed, at: ["employees_list", "employee"])
        assertSameEitherWay(employees(5000), at: ["employees_list", "employee"], maxDepth: 2)
    }

    /// The input is read and pre-scanned ahead on the caller's thread; a start tag with too
    /// many attributes must still stop the parse where one thread stops it, wherever it falls
    /// (deep in the stream, or across the end of a chunk).
    func testCrowdedStartTagsStopTheParseAtTheSamePlace() {
        let crowded = "<x" + (0...InputLimits.xmlAttributesPerElement).map { " a\($0)=\"\"" }.joined() + "/>"
        let deep = employees(8000) { $0 == 6000 ? crowded : "" }
        assertSameEitherWay(deep, at: ["employees_list", "employee"])
        // Reported at the `<` of the tag: employee 6000 is on line 6003.
        let line = deep.split(separator: "\n")[6002]
        let column = line.unicodeScalars.count - crowded.unicodeScalars.count - "</employee>".unicodeScalars.count + 1
        XCTAssertEqual(
            run(Array(deep.utf8), at: ["employees_list", "employee"], concurrently: true).last,
            .error("in.xml:6003:\(column): error: an element has more than 10000 attributes (namespace declarations included); "
                + "restmap refuses more, as libxml2 checks each one against all the others"))
        let end = "</employees_list>\n"
        let head = String(employees(1).dropLast(end.utf8.count)) + "<employee><name>"
        let filler = "<employee><name>" + String(repeating: "f", count: XMLInputFeed.chunkSize) + "</name></employee>\n"
        for before in [1, 4, 7, 9, 5_000] {
            // The crowded tag starts `before` bytes ahead of the first chunk's end.
            let prefix = head + String(repeating: "p", count: XMLInputFeed.chunkSize - before - head.utf8.count - 7) + "</name>"
            XCTAssertEqual(prefix.utf8.count, XMLInputFeed.chunkSize - before)
            let xml = prefix + crowded + "</employee>\n" + filler + end
            assertSameEitherWay(xml, at: ["employees_list", "employee"])
            let last = run(Array(xml.utf8), at: ["employees_list", "employee"], concurrently: true).last
            XCTAssertTrue("\(String(describing: last))".contains("more than 10000 attributes"), "\(String(describing: last))")
        }
    }

    func testCrowdedStartTagsInUTF16StopTheParseAtTheSamePlace() {
        // The scanner's state for UTF-16 (byte order, a half code unit) crosses chunks too.
        let crowded = "<x" + (0...InputLimits.xmlAttributesPerElement).map { " a\($0)=\"\"" }.joined() + "/>"
        let text = employees(2500) { $0 == 2000 ? crowded : "" }.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertGreaterThan(bytes.count, 3 * XMLInputFeed.chunkSize)
        let serial = run(bytes, at: ["employees_list", "employee"], concurrently: false)
        XCTAssertEqual(run(bytes, at: ["employees_list", "employee"], concurrently: true), serial)
        XCTAssertTrue("\(String(describing: serial.last))".contains("more than 10000 attributes"), "\(String(describing: serial.last))")
    }

    func testReadErrorsAfterManyChunksAreIdentical() {
        /// Serves `bytes` 100,000 at a time, then fails.
        final class FailingAfter: ByteSource {
            let name = "pipe"
            let bytes: [UInt8]
            var offset = 0
            // As a file would: the input is then read ahead of the parser.
            var readsWithoutWaiting: Bool { true }
            init(_ bytes: [UInt8]) { self.bytes = bytes }
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                guard offset < bytes.count else { throw RestmapError.data(.readFailed, "cannot read 'pipe': I/O error", at: .file("pipe")) }
                let count = min(100_000, buffer.count, bytes.count - offset)
                buffer.copyBytes(from: bytes[offset..<offset + count])
                offset += count
                return count
            }
        }
        let bytes = Array(employees(8000).utf8.prefix(3 * XMLInputFeed.chunkSize + 12_345))
        var runs: [[String]] = []
        for concurrently in [false, true] {
            var seen: [String] = []
            var reader = XMLPayloadReader()
            reader.parsesConcurrently = concurrently
            do {
                try reader.streamElements(at: ["employees_list", "employee"], from: FailingAfter(bytes)) { seen.append("\($0.index)") }
            } catch {
                seen.append("\(error)")
            }
            runs.append(seen)
        }
        XCTAssertEqual(runs[1], runs[0])
        XCTAssertEqual(runs[0].last, "pipe: error: cannot read 'pipe': I/O error")
        XCTAssertGreaterThan(runs[0].count, 1_000)
    }

    func testWarningsKeepTheirPlaceAmongTheElements() {
        let dtd = "<!DOCTYPE employees_list [<!ENTITY ext SYSTEM \"file:///nonexistent\"><!ENTITY co \"Example, Inc.\">]>\n"
        let xml = dtd + String(employees(6000) { i in i == 5000 ? "<note>&ext;&co;&undeclared;</note>" : "" }.dropFirst(22))
        let serial = run(Array(xml.utf8), at: ["employees_list", "employee"], concurrently: false)
        XCTAssertTrue(serial.contains { if case .diagnostic = $0 { true } else { false } })
        assertSameEitherWay(xml, at: ["employees_list", "employee"])
    }

    func testABodyThatThrowsStopsTheParser() {
        let xml = employees(20_000)
        assertSameEitherWay(xml, at: ["employees_list", "employee"], stopAfter: 1)
        assertSameEitherWay(xml, at: ["employees_list", "employee"], stopAfter: 12_345)
        let events = run(Array(xml.utf8), at: ["employees_list", "employee"], concurrently: true, stopAfter: 3)
        XCTAssertEqual(events.count, 4)
        XCTAssertEqual(events.last, .error("stopped"))
    }

    func testSmallDocumentsAreIdentical() {
        let cases: [(String, [String])] = [
            ("<l><i>1</i><i>2</i></l>", ["l", "i"]),
            ("<l><i>1</i></l>", ["l"]),
            ("", ["l", "i"]),
            ("<l><i>1</i><i>2</j></l>", ["l", "i"]),
            ("<!DOCTYPE l [<!ENTITY two \"<i>2</i><i>3</i>\">]><l><i>1</i>&two;</l>", ["l", "i"]),
            ("<a><b><c>1</c></b><x><c>no</c></x><b><c>2</c><c>3</c></b></a>", ["a", "b", "c"]),
            ("<employees_list count=\"2\"><meta/></employees_list>", ["employees_list", "employe"]),
        ]
        for (xml, path) in cases { assertSameEitherWay(xml, at: path) }
    }

    func testReadErrorsOfTheSourceArePassedOn() {
        final class FailingSource: ByteSource {
            let name = "pipe"
            var calls = 0
            let prefix: [UInt8]
            init(_ prefix: [UInt8]) { self.prefix = prefix }
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                calls += 1
                guard calls == 1 else { throw RestmapError.data(.readFailed, "cannot read 'pipe': I/O error", at: .file("pipe")) }
                buffer.copyBytes(from: prefix)
                return prefix.count
            }
        }
        var seen = 0
        XCTAssertThrowsError(
            try XMLPayloadReader().streamElements(
                at: ["l", "i"], from: FailingSource(Array("<l><i>1</i><i>2</i><i>".utf8))
            ) { _ in seen += 1 }
        ) { XCTAssertEqual("\($0)", "pipe: error: cannot read 'pipe': I/O error") }
        XCTAssertEqual(seen, 2)
    }
}
