import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// A scratch directory per test, removed afterwards.
func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// One `map --store` run in memory: the config (JSON), payloads with their request paths.
/// Returns the map exit code; store errors are thrown as `RestmapError`.
@discardableResult
func storeRun(config: String, inputs: [(path: String?, payload: String)], store: String) throws -> Int32 {
    let log = DiagnosticLog()
    let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "config.json")
    precondition(!log.hasErrors, "test config has errors: \(log.diagnostics)")
    var options = MapOptions()
    options.keepsGraph = true
    options.writesRecords = false
    let run = try MapRun(definitions: definitions, options: options, log: log, output: MemorySink())
    run.onGraphComplete = { graph, plans in
        try ObjectStore.persist(graph, plans: plans, configFile: "config.json", to: store)
    }
    // Each payload from a file of its own, as the CLI reads inputs.
    let folder = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = try inputs.enumerated().map { index, input in
        let file = folder.appendingPathComponent("input\(index + 1).json")
        try Data(input.payload.utf8).write(to: file)
        return MapInput(source: try FileByteSource(path: file.path), requestPath: input.path)
    }
    return try run.run(sources)
}

/// `restmap dump --store … --format ndjson`: one record a line.
func dumpLines(_ store: String, entity: String? = nil) throws -> [String] {
    let sink = MemorySink()
    try ObjectStore.dump(path: store, entity: entity, format: .ndjson, compact: true, to: sink)
    return sink.text.split(separator: "\n").map(String.init)
}

/// The message of a store error, failing the test when something else was thrown.
func storeError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        try body()
        XCTFail("expected a store error", file: file, line: line)
        return ""
    } catch let error as RestmapError {
        XCTAssertEqual(error.exitCode, 2, file: file, line: line)
        // As the CLI prints it: each diagnostic and its notes.
        return error.diagnostics.map(DiagnosticRenderer(colors: false).render).joined(separator: "\n")
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return ""
    }
}

/// Runs sqlite3 (the CLI) on the store, for checks from the outside.
func sqlite(_ store: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", store, sql]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
