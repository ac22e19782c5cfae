import Foundation
import RestmapTestSupport
import XCTest

/// `map --shard I/K`: the K shards of an input together map every element (or NDJSON line)
/// exactly once — an object's representations all in the shard its primary key falls to —
/// and a malformed I/K is a usage error.
final class MapShardTests: XCTestCase {
    func mapLines(_ arguments: [String], stdin: Data? = nil) throws -> [String] {
        let result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--path", "/employees", "--format", "ndjson"] + arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func ids(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard let range = line.range(of: #""entityId":"#) else { return nil }
            return String(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// The shares of `input` for K shards: disjoint, together every id once, in input order.
    func assertShardsPartition(_ input: Data, count: Int, ids expected: [String], _ extra: [String] = []) throws {
        var seen: [String] = []
        for shard in 1...count {
            let mapped = ids(try mapLines(extra + ["--shard", "\(shard)/\(count)", "-"], stdin: input))
            XCTAssertEqual(mapped, expected.filter(mapped.contains), "shard \(shard) keeps input order")
            seen += mapped
        }
        XCTAssertEqual(seen.sorted { Int($0)! < Int($1)! }, expected, "\(count) shards")
    }

    func testTheShardsOfAnArrayTakeEveryElementOnce() throws {
        let elements = (1...40).map { #"{"type": "employee", "id": \#($0), "name": "n\#($0)"}"# }
        let input = Data((#"{"employees_list": ["# + elements.joined(separator: ",") + "]}").utf8)
        let all = (1...40).map(String.init)
        XCTAssertEqual(ids(try mapLines(["-"], stdin: input)), all)
        for count in [2, 3, 5] { try assertShardsPartition(input, count: count, ids: all) }
    }

    func testTheShardsOfNDJSONTakeEveryLineOnce() throws {
        let lines = (1...30).map { #"{"employees_list": [{"type": "employee", "id": \#($0), "name": "n\#($0)"}]}"# }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        try assertShardsPartition(input, count: 3, ids: (1...30).map(String.init), ["--input-format", "ndjson"])
    }

    /// A detail payload updating an object of the list goes to the same shard as the list's
    /// entry, after it: the update wins, as in one run.
    func testEveryRepresentationOfAnObjectGoesToOneShard() throws {
        let list = Data(#"{"employees_list": [{"type": "employee", "id": 1, "name": "old"}, {"type": "employee", "id": 2, "name": "two"}]}"#.utf8)
        let detail = Data(#"{"employees_list": [{"type": "employee", "id": 1, "name": "new"}]}"#.utf8)
        let input = Data((String(decoding: list, as: UTF8.self) + "\n" + String(decoding: detail, as: UTF8.self) + "\n").utf8)
        var holders: [Int] = []
        for shard in 1...4 {
            let result = try RestmapBinary.run(
                ["map", "-c", "Configs/employees.plist", "--path", "/employees", "--shape", "records", "--compact",
                 "--input-format", "ndjson", "--shard", "\(shard)/4", "-"], stdin: input)
            XCTAssertEqual(result.status, 0, result.stderr)
            if result.stdout.contains(#""entityId":1"#) {
                holders.append(shard)
                XCTAssertTrue(result.stdout.contains(#""name":"new""#), result.stdout)
            }
        }
        XCTAssertEqual(holders.count, 1, "Employee/1 was mapped by shards \(holders)")
    }

    func testAMalformedShardIsAUsageError() throws {
        for bad in ["0/2", "3/2", "1/0", "half", "1/2/3"] {
            let result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--shard", bad, "Samples/employees/employees.json"])
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("--shard"), result.stderr)
        }
    }
}
