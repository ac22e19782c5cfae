import XCTest
@testable import RestmapEngine

/// The block searches of the JSON scanner and writer and the XML pre-scan find the same first
/// byte as a plain loop, wherever it sits (inside the first block, across the block and word
/// boundaries, in the last bytes) and whatever byte it is.
final class ByteScanTests: XCTestCase {
    private static let stringStops: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F, 0x80, 0xC3, 0xFF]
    private static let plain: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7E, 0x7F]

    private func naiveFirst(_ bytes: [UInt8], where stops: (UInt8) -> Bool) -> Int {
        bytes.firstIndex(where: stops) ?? bytes.count
    }

    func testTheWriterSearchFindsTheFirstByteToEscapeAtEveryPosition() {
        let escapes: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        for count in 0...48 {
            for position in 0...count {
                for stop: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F] {
                    var bytes = (0..<count).map { Self.plain[$0 % Self.plain.count] }
                    // Bytes at and above 0x80 are not escaped: they must not stop the search.
                    if count > 0 { bytes[(position + 3) % count] = 0xC3 }
                    if position < count { bytes[position] = stop }
                    let found = bytes.withUnsafeBufferPointer { ByteScan.first(JSONEscapes(), in: $0.baseAddress!, count: count) }
                    XCTAssertEqual(found, naiveFirst(bytes, where: escapes), "count \(count), \(stop) at \(position)")
                }
            }
        }
    }

    func testTheScannerSearchStopsAtTheFirstByteOfAStringThatNeedsALook() {
        let stops: (UInt8) -> Bool = { $0 < 0x20 || $0 >= 0x80 || $0 == 0x22 || $0 == 0x5C }
        for count in 0...48 {
            for position in 0...count {
                for stop in Self.stringStops {
                    var bytes = (0..<count).map { Self.plain[$0 % Self.plain.count] }
                    if position < count { bytes[position] = stop }
                    let found = bytes.withUnsafeBufferPointer { ByteScan.first(JSONStringStops(), in: $0.baseAddress!, count: count) }
                    XCTAssertEqual(found, naiveFirst(bytes, where: stops), "count \(count), \(stop) at \(position)")
                }
            }
        }
    }

    func testTheByteAndTagByteSearchesFindTheFirstAtEveryPosition() {
        let tagBytes: (UInt8) -> Bool = { $0 == 0x3E || $0 == 0x3D || $0 == 0x22 || $0 == 0x27 }
        for count in 0...48 {
            for position in 0...count {
                for stop: UInt8 in [0x3C, 0x3E, 0x3D, 0x22, 0x27] {
                    var bytes = (0..<count).map { Self.plain[$0 % Self.plain.count] == 0x22 ? 0x20 : Self.plain[$0 % Self.plain.count] }
                    if position < count { bytes[position] = stop }
                    // A second one later on: the first must win.
                    if position + 5 < count { bytes[position + 5] = stop }
                    bytes.withUnsafeBufferPointer { buffer in
                        XCTAssertEqual(
                            ByteScan.first(ByteValue(value: stop), in: buffer.baseAddress!, count: count), naiveFirst(bytes, where: { $0 == stop }),
                            "count \(count), \(stop) at \(position)")
                        XCTAssertEqual(
                            ByteScan.first(XMLTagBytes(), in: buffer.baseAddress!, count: count), naiveFirst(bytes, where: tagBytes),
                            "count \(count), \(stop) at \(position)")
                    }
                }
            }
        }
    }
}
