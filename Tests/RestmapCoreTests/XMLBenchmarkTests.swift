import XCTest
@testable import RestmapCore

/// Throughput of the XML reader on a large file, printed, never asserted (timings vary too
/// much between machines). Skipped unless `RESTMAP_XML_BENCH` names a file, e.g. the
/// employees XML of notes/performance.md; run in release:
/// `RESTMAP_XML_BENCH=/tmp/emp.xml swift test -c release --filter XMLBenchmark`.
final class XMLBenchmarkTests: XCTestCase {
    private var benchmarkFile: String? { ProcessInfo.processInfo.environment["RESTMAP_XML_BENCH"] }

    private func measure(_ label: String, _ body: (String) throws -> Int) throws {
        guard let path = benchmarkFile else { throw XCTSkip("set RESTMAP_XML_BENCH to a large XML file") }
        let size = Double(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
        var best = Double.infinity
        var bestCPU = Double.infinity
        var count = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let startCPU = cpuSeconds()
            count = try body(path)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            bestCPU = min(bestCPU, cpuSeconds() - startCPU)
        }
        print(String(
            format: "XML bench %@: %.1f MB, wall %.3f s = %.1f MB/s, cpu %.3f s = %.1f MB/s (%d items)",
            label, size / 1e6, best, size / 1e6 / best, bestCPU, size / 1e6 / bestCPU, count))
    }

    /// User plus system time of this process: steadier than wall time on a shared machine.
    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    func testWholeDocument() throws {
        try measure("read") { path in
            let value = try XMLPayloadReader().read(FileByteSource(path: path))
            guard case .object(let root) = value, case .object(let list)? = root.entries.first?.value else { return 0 }
            if case .array(let items)? = list.entries.first?.value { return items.count }
            return 1
        }
    }

    func testWholeDocumentWithLocations() throws {
        try measure("read+locations") { path in
            try XMLPayloadReader().readWithLocations(FileByteSource(path: path)).locations.byPointer.count
        }
    }

    func testStreamingAtKeyPath() throws {
        try measure("stream employees_list.employee") { path in
            var count = 0
            try XMLPayloadReader().streamElements(at: ["employees_list", "employee"], from: FileByteSource(path: path)) { _ in
                count += 1
            }
            return count
        }
    }

    /// Parsing with nothing built: the floor the reader and walker set.
    func testParseOnly() throws {
        try measure("parse only (path matches nothing)") { path in
            let result = try XMLPayloadReader().streamElements(at: ["employees_list", "none"], from: FileByteSource(path: path)) { _ in }
            return result == .found(count: 0) ? 0 : 1
        }
    }
}
