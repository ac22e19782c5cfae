import Foundation
import RestmapTestSupport
import XCTest

/// `make install` lays restmap out as a packaged tool: binary, man pages, completions; and
/// `make uninstall` takes all of it away again. Both go through scripts/install.sh, which
/// these tests run with the built binary into a temporary PREFIX.
final class InstallTests: XCTestCase {
    private var prefix: URL!
    private let commands = ["map", "request", "check", "validate", "describe", "dump", "connect", "init"]

    override func setUpWithError() throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: prefix)
    }

    /// Runs a program from the package root; returns its status and standard output.
    private func shell(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = RestmapBinary.packageRoot
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func install() throws {
        let (status, _) = try shell("/bin/sh", ["scripts/install.sh", RestmapBinary.url.path, prefix.path])
        XCTAssertEqual(status, 0)
    }

    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: prefix.appendingPathComponent(relative).path)
    }

    func testInstallLaysOutBinaryManPagesAndCompletions() throws {
        try install()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/restmap").path))
        XCTAssertTrue(exists("share/man/man1/restmap.1"))
        for command in commands {
            XCTAssertTrue(exists("share/man/man1/restmap.\(command).1"), "a man page for \(command)")
        }
        for path in ["share/bash-completion/completions/restmap", "share/zsh/site-functions/_restmap",
                     "share/fish/vendor_completions.d/restmap.fish"] {
            let text = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            XCTAssertTrue(text.contains("validate") && text.contains("max-depth"), "\(path) completes commands and options")
        }
        let (status, version) = try shell(prefix.appendingPathComponent("bin/restmap").path, ["--version"])
        XCTAssertEqual(status, 0)
        XCTAssertFalse(version.isEmpty)
    }

    func testManRendersTheInstalledPage() throws {
        try install()
        let page = prefix.appendingPathComponent("share/man/man1/restmap.map.1").path
        let (status, text) = try shell("/usr/bin/man", ["-l", "-P", "cat", page], environment: ["MANWIDTH": "100"])
        XCTAssertEqual(status, 0, "man -l renders the page")
        let plain = text.replacingOccurrences(of: "\u{8}.", with: "")
        XCTAssertTrue(plain.contains("restmap map"), plain)
        XCTAssertTrue(plain.contains("--max-depth"))
    }

    /// The committed pages (`make man`) must list every option `--help` shows; a command
    /// whose options changed without `make man` fails here.
    func testManPagesListEveryOptionOfTheirCommand() throws {
        for command in commands {
            let help = try RestmapBinary.run([command, "--help"]).stdout
            // The options `--help` lists, one a line (`  -o, --output <file>`), not ones its prose names.
            let options = Set(help.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\s+(?:-[a-zA-Z], )?(--[a-z][a-z-]+)/).map { String($0.output.1) }
            })
            XCTAssertFalse(options.isEmpty, "no options read from \(command) --help")
            let page = try String(
                contentsOf: RestmapBinary.packageRoot.appendingPathComponent("man/restmap.\(command).1"), encoding: .utf8)
            for option in options where option != "--help" && option != "--version" {
                // mdoc writes `--max-depth` as the flag macro `Fl -max-depth`; a mention of the
                // option in some other page's prose does not count.
                XCTAssertTrue(page.contains("Fl -\(option.dropFirst(2))"), "man/restmap.\(command).1 lacks \(option): run make man")
            }
        }
    }

    /// Each man page has EXAMPLES and an EXIT STATUS listing, status by status, what the
    /// command's `--help` says: both come from one source (CommandManual), so they agree.
    func testEveryManPageHasExamplesAndTheExitStatusItsHelpGives() throws {
        for command in ["", "map", "request", "check", "validate", "describe", "dump", "connect", "init"] {
            let page = try String(
                contentsOf: RestmapBinary.packageRoot.appendingPathComponent("man/restmap\(command.isEmpty ? "" : "." + command).1"), encoding: .utf8)
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let exitAt = lines.firstIndex(of: #".Sh "EXIT STATUS""#), let examplesAt = lines.firstIndex(of: ".Sh EXAMPLES") else {
                XCTFail("restmap \(command): no EXIT STATUS or EXAMPLES section; run make man")
                continue
            }
            var pageStatuses: [String] = []
            for index in exitAt..<examplesAt where lines[index].hasPrefix(".It ") {
                pageStatuses.append(lines[index].dropFirst(4) + "  " + lines[index + 1])
            }
            XCTAssertTrue(lines[examplesAt...].contains(".Bd -literal -offset indent"), "restmap \(command): no example")
            let help = try RestmapBinary.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout
            let helpStatuses = help.components(separatedBy: "EXIT STATUS:\n").last?.components(separatedBy: "\n\n").first?
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            XCTAssertFalse(pageStatuses.isEmpty, "restmap \(command)")
            XCTAssertEqual(pageStatuses, helpStatuses, "restmap \(command): the man page and --help disagree; run make man")
        }
    }

    /// `make demo` and `make install` install only what building needs; the test tools
    /// (a PostgreSQL server, Chromium, Python packages) come with `make test` alone. Read
    /// from make's dry run, which prints every recipe line whatever is installed already.
    func testMakeDemoAndInstallSetUpOnlyWhatBuildingNeeds() throws {
        func packages(_ target: String) throws -> Set<String> {
            let (status, plan) = try shell("/usr/bin/env", ["make", "-n", target])
            XCTAssertEqual(status, 0, plan)
            var names = Set<String>()
            for line in plan.split(separator: "\n") {
                if let range = line.range(of: "apt-get install -y ") {
                    names.formUnion(line[range.upperBound...].prefix { $0 != ";" }.split(separator: " ").map(String.init))
                }
                if let range = line.range(of: "pip install ") {
                    names.insert("pip:" + line[range.upperBound...].prefix { $0 != ";" && $0 != " " })
                }
            }
            return names
        }
        let building: Set = ["libxml2-dev", "libsqlite3-dev", "libpq-dev", "libyaml-dev", "libmimalloc-dev", "pkg-config"]
        for target in ["demo", "install"] {
            XCTAssertEqual(try packages(target), building, "make \(target)")
        }
        let testing = try packages("test")
        XCTAssertTrue(testing.isSuperset(of: building.union(["postgresql", "chromium", "sqlite3", "man-db"])), "\(testing)")
        XCTAssertTrue(testing.contains("pip:jsonschema"), "\(testing)")
    }

    #if os(Linux)
    /// On Linux the executable allocates with mimalloc: linked ahead of the C library, its
    /// `malloc` and `free` are the ones the program binds to, as the dynamic linker reports
    /// (`LD_DEBUG=bindings`). A link order with the C library first would leave glibc's
    /// allocator in place with no error at all: only slower runs.
    func testTheExecutableAllocatesWithMimalloc() throws {
        let result = try RestmapBinary.run(["--version"], environment: ["LD_DEBUG": "bindings"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bindings = result.stderr.split(separator: "\n").filter { line in
            line.contains("/restmap [0] to ") && (line.contains("symbol `malloc'") || line.contains("symbol `free'"))
        }
        XCTAssertFalse(bindings.isEmpty, "no binding of malloc or free reported for the executable")
        for line in bindings {
            XCTAssertTrue(line.contains("/libmimalloc.so"), "bound elsewhere: \(line)")
        }
    }
    #endif

    func testUninstallRemovesEverythingInstalled() throws {
        try install()
        let (status, _) = try shell("/bin/sh", ["scripts/install.sh", "--uninstall", prefix.path])
        XCTAssertEqual(status, 0)
        let left = FileManager.default.enumerator(atPath: prefix.path)?.compactMap { item -> String? in
            let path = prefix.appendingPathComponent(item as! String).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            return isDirectory.boolValue ? nil : item as? String
        } ?? []
        XCTAssertEqual(left, [], "uninstall leaves no file behind")
    }
}
