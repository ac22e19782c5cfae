import XCTest
import RestmapCore

/// Throughput of the JSON reader and writer on a real-sized payload, printed, never asserted
/// (timings belong to `make bench`). Runs only when `RESTMAP_JSON_BENCH` names a JSON file of
/// the employees shape (`{"employees_list": [...]}`; `RESTMAP_JSON_BENCH_NDJSON` optionally
/// the same records one per line), and means something only in a release build (the other
/// test files need `-enable-testing` there):
/// `RESTMAP_JSON_BENCH=employees.json swift test -c release -Xswiftc -enable-testing --filter JSONPerformance`.
/// `RESTMAP_JSON_BENCH_ONLY=stream,write` picks cases; `RESTMAP_JSON_BENCH_RUNS` sets the runs.
final class JSONPerformanceTests: XCTestCase {
    private final class DiscardingSink: ByteSink {
        var count = 0
        func write(_ bytes: UnsafeRawBufferPointer) throws { count += bytes.count }
    }

    /// Prints the throughput of `body` over `bytes`; `reset` runs untimed before each run (to
    /// free what the previous run built).
    private func measure(_ label: String, bytes: Int, runs: Int? = nil, reset: () -> Void = {},
                         _ body: () throws -> Void) rethrows {
        let runs = runs ?? Int(ProcessInfo.processInfo.environment["RESTMAP_JSON_BENCH_RUNS"] ?? "") ?? 5
        // RESTMAP_JSON_BENCH_ONLY=parse,stream runs only the cases whose label holds one of the words.
        if let only = ProcessInfo.processInfo.environment["RESTMAP_JSON_BENCH_ONLY"],
           !only.split(separator: ",").contains(where: { label.contains($0) }) { return }
        // Wall time, and CPU time, which is steadier on a shared machine.
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<runs {
            reset()
            let cpuStart = clock()
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            cpuTimes.append(Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC))
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        let wall = times.min()!
        let cpu = cpuTimes.min()!
        let padded = label.padding(toLength: 36, withPad: " ", startingAt: 0)
        print("JSON bench  \(padded) \(String(format: "%7.1f", Double(bytes) / 1e6 / wall)) MB/s wall, "
            + "\(String(format: "%7.1f", Double(bytes) / 1e6 / cpu)) MB/s CPU  (best of \(runs): \(String(format: "%.3f", wall)) s)")
    }

    func testThroughput() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["RESTMAP_JSON_BENCH"] else {
            throw XCTSkip("set RESTMAP_JSON_BENCH to an employees JSON file")
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        print("JSON bench  \(path): \(size) bytes")
        let only = environment["RESTMAP_JSON_BENCH_ONLY"] ?? ""
        let inMemory = only.isEmpty || ["parse", "write", "read"].contains { only.contains($0) }
        let bytes = inMemory ? try FileByteSource(path: path).readAll() : []

        measure("read file (readAll)", bytes: size) { _ = try? FileByteSource(path: path).readAll() }

        var value: Value = .null
        try measure("parse to Value (in memory)", bytes: size, reset: { value = .null }) {
            value = try JSONReader.value(from: bytes, file: path)
        }
        try measure("parse Value + locations", bytes: size, runs: 1) {
            _ = try JSONReader.valueWithLocations(from: bytes, file: path)
        }

        var count = 0
        try measure("stream elements (file)", bytes: size) {
            count = 0
            let reader = JSONStreamReader(source: try FileByteSource(path: path))
            try reader.streamElements(at: ["employees_list"]) { _ in count += 1 }
        }
        print("JSON bench  \(count) elements")

        if inMemory && value == .null { value = try JSONReader.value(from: bytes, file: path) }
        for style in [JSONWriter.Style.pretty, .compact] {
            let sink = DiscardingSink()
            try measure("write \(style) (whole Value)", bytes: size) {
                let writer = JSONWriter(sink: sink, style: style)
                try writer.write(value)
                try writer.flush()
            }
            print("JSON bench  \(style) output: \(sink.count / 3) bytes")
        }

        // Roughly what `map` does for the employees benchmark: stream, pick fields, write pretty;
        // then the same building only the keys it reads.
        for members: Set<String>? in [nil, ["id", "name", "description", "dept", "secondary_dept"]] {
          try measure(members == nil ? "stream + transform + write pretty" : "  the same, with members", bytes: size) {
            let writer = JSONWriter(sink: DiscardingSink(), style: .pretty)
            let reader = JSONStreamReader(source: try FileByteSource(path: path))
            let entityId = JSONEncodedKey("entityId"), name = JSONEncodedKey("name")
            let description = JSONEncodedKey("description"), dept = JSONEncodedKey("dept")
            let secondary = JSONEncodedKey("secondaryDeptId")
            try writer.beginArray()
            try reader.streamElements(at: ["employees_list"], members: members) { element in
                let record = element.value
                try writer.beginObject()
                try writer.key(entityId)
                try writer.write(record["id"] ?? .null)
                try writer.key(name)
                try writer.write(record["name"] ?? .null)
                try writer.key(description)
                try writer.write(record["description"] ?? .null)
                try writer.key(dept)
                try writer.beginObject()
                try writer.key(entityId)
                try writer.write(record["dept"]?["id"] ?? .null)
                try writer.key(name)
                try writer.write(record["dept"]?["name"] ?? .null)
                try writer.endObject()
                try writer.key(secondary)
                try writer.write(record["secondary_dept"] ?? .null)
                try writer.endObject()
            }
            try writer.endArray()
            try writer.flush()
          }
        }

        if let ndjson = environment["RESTMAP_JSON_BENCH_NDJSON"] {
            let ndSize = try FileManager.default.attributesOfItem(atPath: ndjson)[.size] as! Int
            try measure("NDJSON nextValue loop (file)", bytes: ndSize) {
                let reader = JSONStreamReader(source: try FileByteSource(path: ndjson))
                var lines = 0
                while try reader.nextValue() != nil { lines += 1 }
            }
        }
    }
}
