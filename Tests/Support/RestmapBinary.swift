import Foundation

/// What one run of the built `restmap` printed and how it exited.
public struct CommandResult: Equatable, Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// How a run's standard input is given: from a file (what `< file` does), or through a pipe
/// written a few bytes at a time, so that the reader meets its input cut at every place.
public enum StandardInput: Sendable {
    case file(Data)
    case pipe(Data, chunkSize: Int)
}

/// Runs the built `restmap` executable, the way a user or a CI script does, and captures
/// what it prints and how it exits.
public enum RestmapBinary {
    /// The package root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable: `RESTMAP_BIN` if set, else next to the test bundle.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["RESTMAP_BIN"] {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.bundleURL.appendingPathComponent("restmap")
    }

    /// Starts the executable in the package root without waiting for it (tests that kill it
    /// or run several at once): output is discarded, standard error goes to `stderrLog`
    /// when given.
    public static func start(_ arguments: [String], stderrLog: URL? = nil, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
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

    public static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        try run(arguments, input: .file(stdin ?? Data()), in: directory, environment: environment)
    }

    public static func run(
        _ arguments: [String], input: StandardInput, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
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
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        var feeder: Thread?
        var inputFile: FileHandle?
        switch input {
        case .file(let data):
            let inURL = scratch.appendingPathComponent("stdin")
            _ = FileManager.default.createFile(atPath: inURL.path, contents: data)
            inputFile = try FileHandle(forReadingFrom: inURL)
            process.standardInput = inputFile
        case .pipe(let data, let chunkSize):
            let pipe = Pipe()
            process.standardInput = pipe
            feeder = Thread { PipeFeeder.feed(data, chunkSize: chunkSize, to: pipe.fileHandleForWriting) }
        }
        try process.run()
        feeder?.start()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try inputFile?.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Writes a run's standard input a chunk at a time, pausing between chunks so that each
/// arrives in a read of its own, then closes the pipe. A reader that stops early (an error)
/// closes its end: the rest is dropped.
enum PipeFeeder {
    static func feed(_ data: Data, chunkSize: Int, to handle: FileHandle) {
        signal(SIGPIPE, SIG_IGN)
        var offset = 0
        while offset < data.count {
            let end = min(offset + max(chunkSize, 1), data.count)
            do {
                try handle.write(contentsOf: data[offset..<end])
            } catch {
                break
            }
            offset = end
            usleep(50)
        }
        try? handle.close()
    }
}
