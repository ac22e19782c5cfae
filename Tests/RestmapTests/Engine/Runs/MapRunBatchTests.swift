import Foundation
import XCTest
@testable import RestmapEngine

/// `MapRun.onObjectBatch` (`map -q --store`): the run hands its objects over in batches of
/// about `objectBatchSize` as it maps them and keeps none, on one thread and on a thread of
/// its own.
final class MapRunBatchTests: XCTestCase {
    /// Five employees of departments 7, 7, 8, 9, 9, each department nested in its employee.
    static let employees = """
        {"employees": [
          {"id": 1, "name": "Ann", "department": {"id": 7, "title": "R&D"}},
          {"id": 2, "name": "Bo", "department": {"id": 7, "title": "R&D"}},
          {"id": 3, "name": "Cy", "department": {"id": 8, "title": "Ops"}},
          {"id": 4, "name": "Di", "department": {"id": 9, "title": "Law"}},
          {"id": 5, "name": "Ed", "department": {"id": 9, "title": "Law"}}]}
        """

    /// The `_id`s of each non-empty batch, in the order the batches arrived.
    private func batches(size: Int?, threads: Int) throws -> (batches: [[String]], output: String, exitCode: Int32) {
        var options = MapOptions()
        options.threads = threads
        options.writesRecords = false
        let sink = MemorySink()
        let run = try MapRun(definitions: ConfigText.definitions(MapRunTests.config), options: options, log: DiagnosticLog(), output: sink)
        if let size { run.objectBatchSize = size }
        let lock = NSLock()
        var received: [[String]] = []
        run.onObjectBatch = { graph, _ in
            let ids = graph.objects.map(\.id)
            guard !ids.isEmpty else { return }
            lock.withLock { received.append(ids) }
        }
        let code = try run.run([MapInput(source: MemoryByteSource(Self.employees, name: "e.json"), requestPath: "/employees")])
        return (lock.withLock { received }, sink.text, code)
    }

    func testObjectsArriveInBatchesOfTheGivenSizeAndNothingIsPrinted() throws {
        for threads in [1, 2] {
            let outcome = try batches(size: 2, threads: threads)
            XCTAssertEqual(outcome.exitCode, 0)
            XCTAssertEqual(outcome.output, "", "-q prints nothing")
            // Each root with its department fills a batch of two; the identity map spans a
            // batch only, so department 7 comes again with employee 2 (the store merges it).
            XCTAssertEqual(outcome.batches, [
                ["Employee/1", "Department/7"], ["Employee/2", "Department/7"], ["Employee/3", "Department/8"],
                ["Employee/4", "Department/9"], ["Employee/5", "Department/9"],
            ], "threads \(threads)")
        }
    }

    func testTheDefaultBatchHoldsASmallRunWholeWithObjectsMerged() throws {
        for threads in [1, 2] {
            let outcome = try batches(size: nil, threads: threads)
            XCTAssertEqual(outcome.batches, [
                ["Employee/1", "Department/7", "Employee/2", "Employee/3", "Department/8", "Employee/4", "Department/9", "Employee/5"],
            ], "threads \(threads)")
        }
    }
}
