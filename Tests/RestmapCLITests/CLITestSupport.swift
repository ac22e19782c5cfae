import Foundation
import XCTest

/// Runs the built `restmap` executable, the way a user or a CI script does, and captures
/// what it prints and how it exits.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum RestmapBinary {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable: `RESTMAP_BIN` if set, else next to the test bundle.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["RESTMAP_BIN"] {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.bundleURL.appendingPathComponent("restmap")
    }

    /// Starts the executable in the package root without waiting for it (tests that kill it
    /// or run several at once): output is discarded, standard error goes to `stderrLog`
    /// when given.
    static func start(_ arguments: [String], stderrLog: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardOutput = FileHandle.nullDevice
        if let stderrLog {
            _ = FileManager.default.createFile(atPath: stderrLog.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderrLog)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> CommandResult {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Capture through files: pipes could fill up and block the child.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("restmap-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
