import Foundation
import XCTest

/// `map --shard I/K`: the K shards of an input together map every element (or NDJSON line)
/// exactly once, in turn, and a malformed I/K is a usage error.
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

    func testTheShardsOfAnArrayDealItsElementsInTurn() throws {
        let elements = (1...7).map { #"{"type": "employee", "id": \#($0), "name": "n\#($0)"}"# }
        let input = Data((#"{"employees_list": ["# + elements.joined(separator: ",") + "]}").utf8)
        XCTAssertEqual(ids(try mapLines(["-"], stdin: input)), (1...7).map(String.init))
        let first = ids(try mapLines(["--shard", "1/2", "-"], stdin: input))
        let second = ids(try mapLines(["--shard", "2/2", "-"], stdin: input))
        XCTAssertEqual(first, ["1", "3", "5", "7"])
        XCTAssertEqual(second, ["2", "4", "6"])
    }

    func testTheShardsOfNDJSONDealItsLinesInTurn() throws {
        let lines = (1...9).map { #"{"employees_list": [{"type": "employee", "id": \#($0), "name": "n\#($0)"}]}"# }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        var seen: [String] = []
        for shard in 1...3 {
            let mapped = ids(try mapLines(["--input-format", "ndjson", "--shard", "\(shard)/3", "-"], stdin: input))
            XCTAssertEqual(mapped, stride(from: shard, through: 9, by: 3).map(String.init))
            seen += mapped
        }
        XCTAssertEqual(seen.sorted { Int($0)! < Int($1)! }, (1...9).map(String.init))
    }

    func testAMalformedShardIsAUsageError() throws {
        for bad in ["0/2", "3/2", "1/0", "half", "1/2/3"] {
            let result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--shard", bad, "Samples/employees/employees.json"])
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("--shard"), result.stderr)
        }
    }
}
