import Foundation
import XCTest
@testable import RestmapEngine

/// The config readers: XML plists with exact locations, binary plists with key paths, and
/// every kind of malformed or hostile file ending in a located error, never a crash or hang.
final class PlistReaderTests: XCTestCase {
    func parse(_ text: String, file: String = "c.plist") throws -> PlistNode {
        try ConfigDocumentReader().parse(Array(text.utf8), file: file)
    }

    func error(_ text: String) -> String {
        error(bytes: Array(text.utf8))
    }

    /// `CODE FILE:LINE:COL` of the refusal: what tests pin (the sentences are the goldens').
    func site(_ text: String) -> String {
        site(bytes: Array(text.utf8))
    }

    func site(bytes: [UInt8]) -> String {
        do {
            _ = try ConfigDocumentReader().parse(bytes, file: "c.plist")
            return "no error"
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2, "a bad config is a usage error")
            return error.site
        } catch {
            return "unexpected \(error)"
        }
    }

    func error(bytes: [UInt8]) -> String {
        do {
            _ = try ConfigDocumentReader().parse(bytes, file: "c.plist")
            return "no error"
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2, "a bad config is a usage error")
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    func testXMLPlistKeepsOrderTypesAndLocations() throws {
        let node = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>zeta</key>
            \t<integer>12345678901234567890</integer>
            \t<key>alpha</key>
            \t<array><real>0.10</real><true/><false/><date>2013-02-12T22:58:52Z</date><data>Zm9v</data></array>
            \t<key>Département</key> <string>a &amp; b &#233;</string>
            </dict>
            </plist>
            """)
        let entries = try XCTUnwrap(node.entries)
        XCTAssertEqual(entries.map(\.key), ["zeta", "alpha", "Département"])
        XCTAssertEqual(entries[0].value.content, .integer("12345678901234567890"))
        XCTAssertEqual(
            entries[1].value.elements?.map(\.content),
            [.real("0.10"), .boolean(true), .boolean(false), .date("2013-02-12T22:58:52Z"), .data(Array("foo".utf8))])
        XCTAssertEqual(entries[2].value.content, .string("a & b é"))
        XCTAssertEqual(entries[0].keyLocation.description, "c.plist:5:2")
        XCTAssertEqual(entries[0].value.location.description, "c.plist:6:2")
        // Columns count characters, not bytes: the <string> after "Département" sits at 25.
        XCTAssertEqual(entries[2].value.location.description, "c.plist:9:25")
    }

    func testLocationsStayExactDeepIntoLargeFiles() throws {
        // libxml2 drops consumed input from its buffer; positions must still count from the start.
        var text = "<plist><dict>\n"
        for i in 0..<3000 { text += "  <key>k\(i)</key> <string>value \(i)</string>\n" }
        text += "  <key>last</key> <integer>1</integer>\n</dict></plist>\n"
        let node = try parse(text)
        let last = try XCTUnwrap(node.entries?.last)
        XCTAssertEqual(last.keyLocation.description, "c.plist:3002:3")
        XCTAssertEqual(last.value.location.description, "c.plist:3002:19")
    }

    func testUTF16AndLatin1PlistsReadWithLibxml2Positions() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><dict>\n<key>é</key>\n<string>x</string></dict></plist>\n"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let node = try ConfigDocumentReader().parse(utf16, file: "u.plist")
        XCTAssertEqual(node.entries?.map(\.key), ["é"])
        XCTAssertEqual(node.entries?.first?.keyLocation.line, 3)
        var latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist><string>caf".utf8)
        latin1 += [0xE9] + Array("</string></plist>".utf8)
        XCTAssertEqual(try ConfigDocumentReader().parse(latin1, file: "l.plist").content, .string("café"))
    }

    func testKeyWithoutValue() {
        XCTAssertEqual(
            site("<plist>\n<dict>\n  <key>a</key>\n</dict>\n</plist>"), "RM3202 c.plist:3:3")
        XCTAssertEqual(
            site("<plist><dict><key>a</key><key>b</key><string/></dict></plist>"),
            "RM3202 c.plist:1:14")
    }

    func testMalformedXMLReportsLibxml2sFirstError() {
        XCTAssertEqual(
            site("<plist><dict><key>a</key><string>x</dict></plist>"),
            "RM3201 c.plist:1:42")
        XCTAssertTrue(error("<plist><dict><key>a</key>").contains("error: "), "truncated file")
        XCTAssertTrue(error("<?xml version=\"1.0\"?>\n<plist><dict><key>a").hasPrefix("c.plist:2:"))
    }

    func testStructureErrors() {
        XCTAssertEqual(site("<plist><dict><key>a</key><strin>x</strin></dict></plist>"), "RM3202 c.plist:1:26")
        XCTAssertEqual(site("<plist><integer>12abc</integer></plist>"), "RM3203 c.plist:1:8")
        XCTAssertEqual(site("<plist><dict>text</dict></plist>"), "RM3202 c.plist:1:8")
        XCTAssertEqual(site("<plist></plist>"), "RM3202 c.plist:1:1")
        XCTAssertEqual(site("<plist><string>a</string><string>b</string></plist>"), "RM3202 c.plist:1:26")
        XCTAssertEqual(site(""), "RM1002 c.plist:1:1")
        XCTAssertEqual(site("<key>a</key>"), "RM3202 c.plist:1:1", "found by fuzzing: a root <key> crashed")
        XCTAssertEqual(site("hello"), "RM1003 c.plist:1:1")
    }

    func testInvalidUTF8IsLocated() {
        var bytes = Array("<plist><string>caf".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</string></plist>".utf8)
        let message = error(bytes: bytes)
        XCTAssertTrue(message.hasPrefix("c.plist:1:"), message)
        XCTAssertTrue(message.contains("UTF-8"), message)
    }

    func testEntitiesAreNeverExpandedOrFetched() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-secret-\(UUID().uuidString)")
        try "TOP SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY e SYSTEM "file://\(secret.path)">]>
            <plist><string>&e;</string></plist>
            """
        let message = error(xxe)
        XCTAssertFalse(message.contains("TOP SECRET"))
        XCTAssertEqual(message, "c.plist:2:18: error: entity declarations are not allowed in a config (<!ENTITY e ...>)")
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <plist><string>&c;</string></plist>
            """
        XCTAssertEqual(site(laughs), "RM3202 c.plist:2:18")
        XCTAssertEqual(
            site("<plist><string>&nbsp;</string></plist>"), "RM3201 c.plist:1:22")
    }

    func testOversizedConfigIsRefusedBeforeParsing() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-big-\(UUID().uuidString).plist")
        var text = "<plist><array>"
        text += String(repeating: "<string>xxxxxxxxxxxxxxxxxxxxxxxx</string>", count: 500_000)
        text += "</array></plist>"
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try ConfigDocumentReader().read(path: url.path)) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertEqual(error.codes, [.configTooLarge])
            XCTAssertEqual(error.diagnostics.first?.location, .file(url.path))
        }
    }

    // MARK: binary plists

    /// Assembles a binary plist from raw object bytes (offset and reference size 1).
    func bplist(_ objects: [[UInt8]], top: Int = 0, tableOffsetDelta: Int = 0, count: Int? = nil) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += word(count ?? objects.count) + word(top) + word(table + tableOffsetDelta)
        return bytes
    }

    func testBinaryPlistReadsWithKeyPathLocations() throws {
        // {"rel": {"a": ["x", 5]}}
        let data = bplist([
            [0xD1, 1, 2],  // 0: dict rel -> 2
            [0x53] + Array("rel".utf8),  // 1
            [0xD1, 3, 4],  // 2: dict a -> 4
            [0x51, UInt8(ascii: "a")],  // 3
            [0xA2, 5, 6],  // 4: array
            [0x51, UInt8(ascii: "x")],  // 5
            [0x10, 5],  // 6: int 5
        ])
        let node = try ConfigDocumentReader().parse(data, file: "c.bplist")
        let inner = try XCTUnwrap(node["rel"]?["a"])
        XCTAssertEqual(inner.elements?.map(\.content), [.string("x"), .integer("5")])
        XCTAssertEqual(inner.elements?[1].location.description, "c.bplist:rel.a.1")
    }

    func testHostileBinaryPlistsFailCleanly() {
        // An array that contains itself.
        XCTAssertEqual(
            site(bytes: bplist([[0xA1, 0]])), "RM3205 c.plist:0")
        // A reference to an object that does not exist.
        XCTAssertEqual(
            site(bytes: bplist([[0xA1, 9]])), "RM3205 c.plist:0")
        // An offset table pointing past the file.
        XCTAssertEqual(
            site(bytes: bplist([[0x51, 0x61]], tableOffsetDelta: 200)),
            "RM3205 c.plist")
        // A string claiming more bytes than the file has.
        XCTAssertEqual(
            site(bytes: bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])),
            "RM3205 c.plist:(root)")
        // Truncated to the header.
        XCTAssertEqual(site(bytes: Array("bplist00".utf8)), "RM3205 c.plist")
        // A dictionary key that is not a string.
        XCTAssertEqual(
            site(bytes: bplist([[0xD1, 1, 1], [0x10, 1]])), "RM3205 c.plist:(root)")
    }

    /// Fuzz/regressions/plist/reference-past-int-max.bplist: 8-byte object references above
    /// Int.max trapped converting to Int (in the shared-reference size check and the reader).
    func testAnEightByteReferencePastIntMaxIsCorruptNotATrap() {
        var bytes = Array("bplist00".utf8)
        bytes += [0xA1] + [UInt8](repeating: 0xFF, count: 8)  // object 0: an array of one reference
        let table = bytes.count
        bytes += [8]
        func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += [0, 0, 0, 0, 0, 0, 1, 8] + word(1) + word(0) + word(table)
        XCTAssertEqual(site(bytes: bytes), "RM3205 c.plist:0")
    }
}
