import XCTest
@testable import RestmapEngine

/// Shared references in binary plists: a small file whose objects list
/// the next one twice would expand exponentially; the reader refuses it, located, exit 2,
/// and still expands honest sharing correctly.
final class BinaryPlistExpansionTests: XCTestCase {
    /// A binary plist `{ "zzz": A1 }` where each of `levels` arrays lists the next one twice
    /// and the last lists the string "x" twice.
    static func doublyReferenced(levels: Int) -> [UInt8] {
        precondition(levels + 3 < 256, "one-byte references")
        var objects: [[UInt8]] = []
        objects.append([0xD1, 1, 2])  // dictionary of one entry: key object 1, value object 2
        objects.append([0x53] + Array("zzz".utf8))
        for level in 0..<levels {
            let next = UInt8(2 + level + 1)
            objects.append([0xA2, next, next])
        }
        objects.append([0x51, UInt8(ascii: "x")])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + word(objects.count) + word(0) + word(tableStart)
        return bytes
    }

    func testSixtyFourLevelsOfSharedReferencesAreRefusedAtAKeyPath() throws {
        let bytes = Self.doublyReferenced(levels: 64)
        XCTAssertLessThan(bytes.count, 400)
        do {
            _ = try ConfigDocumentReader().parse(bytes, file: "bomb.bplist")
            XCTFail("a shared-reference bomb must be refused")
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2)
            let diagnostic = try XCTUnwrap(error.diagnostics.first)
            XCTAssertEqual(diagnostic.code, .binaryPlistExpandsTooFar)
            XCTAssertEqual(
                diagnostic.message,
                "the binary property list expands to more than \(InputLimits.binaryPlistExpandedValues) values through shared references")
            // The deepest array that alone expands past 1,000,000 values is 19 levels of arrays
            // (2^20 - 1 values), reached through "zzz" and index 0 of the 45 arrays above it.
            let path = try XCTUnwrap(diagnostic.location?.keyPath)
            XCTAssertEqual(path, (["zzz"] + Array(repeating: "0", count: 64 - 19)).joined(separator: "."))
        }
    }

    func testHonestSharingExpandsEveryCopyWithItsOwnKeyPath() throws {
        let node = try BinaryPlistReader().read(Self.doublyReferenced(levels: 3), file: "s.bplist")
        let level1 = try XCTUnwrap(node["zzz"]?.elements)
        XCTAssertEqual(level1.count, 2)
        let leaf = try XCTUnwrap(level1[1].elements?[0].elements?[1])
        XCTAssertEqual(leaf.content, .string("x"))
        XCTAssertEqual(leaf.location.description, "s.bplist:zzz.1.0.1")
        var leaves = 0
        func count(_ node: PlistNode) {
            if let elements = node.elements { elements.forEach(count) } else { leaves += 1 }
        }
        count(try XCTUnwrap(node["zzz"]))
        XCTAssertEqual(leaves, 8)
    }

    func testTheLimitCountsEveryExpandedValue() throws {
        let bytes = Self.doublyReferenced(levels: 3)
        // The dictionary (1) + its key (1) + arrays 1 + 2 + 4 + leaves 8 = 17 values.
        XCTAssertNoThrow(try BinaryPlistReader(expansionLimit: 17).read(bytes, file: "s.bplist"))
        XCTAssertThrowsError(try BinaryPlistReader(expansionLimit: 16).read(bytes, file: "s.bplist")) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
    }
}
