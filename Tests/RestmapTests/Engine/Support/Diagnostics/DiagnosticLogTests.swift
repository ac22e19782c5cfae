import Foundation
import XCTest
@testable import RestmapEngine

final class DiagnosticLogTests: XCTestCase {
    /// A run's parse and mapping threads report to one log: however they interleave, every
    /// diagnostic is counted and kept once.
    func testThreadsReportingAtOnceLoseNothing() {
        let log = DiagnosticLog()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                let severity: Diagnostic.Severity = [.error, .warning, .note][index % 3]
                log.emit(Diagnostic(.nothingMapped, severity, "thread \(thread) #\(index)"))
            }
        }
        XCTAssertEqual(log.diagnostics.count, 4000)
        XCTAssertEqual(log.errorCount + log.warningCount + log.noteCount, 4000)
        XCTAssertEqual(log.errorCount, 8 * 167)
        XCTAssertEqual(Set(log.diagnostics.map(\.message)).count, 4000)
    }

    /// Past the retention limit diagnostics are counted, not kept: a payload with a million
    /// bad values cannot exhaust memory through its warnings.
    func testCountsStayExactPastTheRetentionLimit() {
        let log = DiagnosticLog()
        log.retentionLimit = 3
        for index in 0..<10 { log.emit(.warning(.nothingMapped, "w\(index)")) }
        XCTAssertEqual(log.diagnostics.map(\.message), ["w0", "w1", "w2"])
        XCTAssertEqual(log.warningCount, 10)
    }

    /// Work run again (a store load that lost a conflict) reports the same diagnostics
    /// first: the replaying log passes on only what comes after them, so nothing prints twice.
    func testAReplayPassesOnOnlyWhatTheFirstAttemptDidNotReport() {
        var printed: [String] = []
        let log = DiagnosticLog { printed.append($0.message) }
        log.emit(.warning(.nothingMapped, "config warning"))
        let before = log.count
        log.emit(.warning(.nothingMapped, "first"))
        log.emit(.warning(.nothingMapped, "second"))
        let replay = DiagnosticLog.replaying(into: log, skipping: log.count - before)
        for message in ["first", "second", "third"] { replay.emit(.warning(.nothingMapped, message)) }
        XCTAssertEqual(printed, ["config warning", "first", "second", "third"])
        XCTAssertEqual(log.count, 4)
    }
}
