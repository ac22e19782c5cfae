import XCTest
@testable import RestmapEngine

/// The short-string cache the payload readers share: it starts small and grows once, and
/// every lookup gives the string of its bytes before, across and after the growth.
final class ShortStringCacheTests: XCTestCase {
    private func lookup(_ text: String, in cache: ShortStringCache) -> String {
        var made = 0
        let bytes = Array(text.utf8)
        let string = bytes.withUnsafeBytes { raw in
            let (low, high) = ShortStringCache.key(raw.baseAddress!, count: raw.count, readable: raw.count)
            return cache.string(low: low, high: high, hash: ShortStringCache.hash(low: low, high: high)) {
                made += 1
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return string
    }

    func testASmallDocumentKeepsTheSmallTable() {
        let cache = ShortStringCache(slotBits: 10)
        for key in ["id", "name", "type", "dept", "id", "name"] { XCTAssertEqual(lookup(key, in: cache), key) }
        XCTAssertEqual(cache.slotBits, ShortStringCache.initialSlotBits, "a handful of keys must not cost the full table")
    }

    func testManyDistinctStringsGrowTheTableAndStayCorrect() {
        let cache = ShortStringCache(slotBits: 10)
        let keys = (0..<5_000).map { "key\($0)" }
        for round in 0..<3 {
            for key in keys { XCTAssertEqual(lookup(key, in: cache), key, "round \(round)") }
        }
        XCTAssertEqual(cache.slotBits, 10)
        XCTAssertEqual(lookup("", in: cache), "")
        XCTAssertEqual(lookup("fifteen bytes!!", in: cache), "fifteen bytes!!")
    }
}
