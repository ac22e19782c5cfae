import Foundation

/// Runs another program for a test — a shell line, git, actionlint, pre-commit — with its
/// standard output and error together, standard input empty, colours off.
public enum ProgramRun {
    public static func run(
        _ program: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["NO_COLOR": "1"]) { $1 }) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `line` run by `sh -c` in `directory`, the built restmap first on PATH.
    public static func shell(_ line: String, in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let path = RestmapBinary.url.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try run("/bin/sh", ["-c", line], in: directory, environment: ["PATH": path].merging(environment) { $1 })
    }
}
