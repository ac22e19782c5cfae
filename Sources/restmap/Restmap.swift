import ArgumentParser
import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `restmap` command: maps API payloads through a RestKitMapper-style config.
@main
struct Restmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restmap",
        abstract: "Map JSON and XML API payloads through a RestKitMapper-style plist config.",
        discussion: CommandManual(
            summary: "Run 'restmap help COMMAND' for a command's options.",
            exitStatus: [
                (0, "success"),
                (1, "data problems: malformed input, nothing mapped, validation errors"),
                (2, "usage or config errors"),
            ],
            examples: [
                ("Start a config from a sample payload", "restmap init /employees=employees.json -o api.plist"),
                ("Map a payload", "restmap map -c api.plist /employees=employees.json"),
            ]).discussion,
        version: RestmapVersion.current,
        subcommands: [
            MapCommand.self, RequestCommand.self, CheckCommand.self, ValidateCommand.self, DescribeCommand.self,
            DumpCommand.self, ConnectCommand.self, InitCommand.self,
        ]
    )

    /// Runs the command line with restmap's exit codes: argument errors exit 2 (not the
    /// parser library's 64), data problems 1.
    static func main() {
        TemporaryFileCleanup.installSignalHandlers()
        if getenv("RESTMAP_NAMED_TEMPORARY_FILES").map({ String(cString: $0) }) == "1" {
            AtomicFileSink.usesUnnamedTemporaryFiles = false
        }
        runWithLargeStack { execute() }
        terminate(0)
    }

    /// Ends the process after saying how many diagnostics went unprinted.
    private static func finish(_ code: Int32) -> Never {
        Console.shared.finish()
        terminate(code)
    }

    private static func execute() {
        // Taken from argv as bytes: a file name that is not UTF-8 must survive (FilePath).
        let arguments = FilePath.arguments
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            finish(0)
        } catch let error as RestmapError {
            Console.shared.report(error.diagnostics)
            finish(error.exitCode)
        } catch let exitCode as ExitCode {
            finish(exitCode.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version print to stdout.
                print(fullMessage(for: error))
                finish(0)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { Console.shared.writeError(message + "\n") }
            finish(2)
        }
    }
}

/// Ends the process with `code` (the C library's exit; `ParsableCommand` has an `exit` of its own).
func terminate(_ code: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(code)
    #else
    Darwin.exit(code)
    #endif
}
