import Foundation
import RestmapTestSupport
import XCTest

/// The CI examples of docs/ci.md — the fenced blocks from "**GitHub Actions**" to the next
/// heading of level 1 or 2 (`## Reports, exit status and baselines`; `###` headings inside the
/// range are allowed): GitHub Actions workflows and fragments, code scanning, the
/// plain shell step, GitLab CI, the GitHub Action and pre-commit — each linted and run as a
/// user copying it would, so a snippet that drifts from restmap's options, action.yml or the
/// hooks fails here. How the tools are found and run follows PackagingTests; actionlint,
/// pre-commit and PyYAML (with pre-commit) come with `make test` (`make deps`), and without
/// them these tests fail, they are not skipped.
///
/// The snippets run in a scratch workspace laid out as they expect: `api.plist` and
/// `api/api.plist` (copies of Configs/employees.plist) and `samples/manifest.json`. The
/// manifest lists employees.json at /employees and departments.json at /departments and, with
/// them, the rest of Samples/manifest.json's samples (copied flat into samples/): the snippets
/// ask for `--min-coverage 90`, and the two employees samples alone exercise 68.4% of the
/// config (as the example in docs/commands.md shows), all nine 100%. employees.plist passes
/// `check --strict` as it is, so the config is not changed.
final class ReadmeCISnippetTests: XCTestCase {
    private var scratch: URL!
    private let root = RestmapBinary.packageRoot
    /// The page holding the CI examples, relative to the package root.
    private let page = "docs/ci.md"

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-readme-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: - The snippets

    private enum Kind: Equatable { case workflow, gitLab, preCommit, shell }

    private struct Snippet {
        let language: String, line: Int, text: String
        var name: String { "docs/ci.md:\(line) (\(language))" }
    }

    /// The fenced blocks of the CI examples, with the line each starts on. The section must
    /// still hold every example's lead-in, so that a reorganized page fails here rather than
    /// leaving snippets untested. The range ends at the next `#` or `##` heading outside a
    /// fence; `###` subheadings may divide it.
    private func snippets() throws -> [Snippet] {
        let lines = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            .components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("**GitHub Actions**") }) else {
            throw Missing(description: "\(page) has no \"**GitHub Actions**\" CI examples")
        }
        var fenced = false
        var end = lines.endIndex
        for index in (start + 1)..<lines.endIndex {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle() }
            if !fenced, line.hasPrefix("# ") || line.hasPrefix("## ") {
                end = index
                break
            }
        }
        let section = lines[start..<end]
        for lead in ["**Code scanning**", "**Plain shell step**", "**GitLab CI**", "**The GitHub Action**", "**pre-commit**"] {
            XCTAssertTrue(section.contains { $0.hasPrefix(lead) }, "\(page)'s CI examples (line \(start + 1)) lack \(lead)")
        }
        var found: [Snippet] = []
        var open: (language: String, line: Int, body: [String])?
        for (index, line) in zip(section.indices, section) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                open?.body.append(line)
                continue
            }
            if let block = open {
                found.append(Snippet(language: block.language, line: block.line, text: block.body.joined(separator: "\n") + "\n"))
                open = nil
            } else {
                open = (String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 1, [])
            }
        }
        XCTAssertNil(open, "an unclosed fence in \(page)'s CI examples")
        return found
    }

    /// What a snippet is, from its language and its content; nil for one these tests do not
    /// know how to run (which fails `testEverySnippetIsRunByTheseTests`).
    private func kind(of snippet: Snippet) -> Kind? {
        let lines = snippet.text.components(separatedBy: "\n")
        switch snippet.language {
        case "sh", "bash", "shell": return .shell
        case "yaml", "yml":
            if lines.contains(where: { $0.hasPrefix("repos:") }) { return .preCommit }
            if lines.contains(where: { $0.hasPrefix("jobs:") }) { return .workflow }
            if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("script:") }) { return .gitLab }
            let step = lines.contains { line in ["- run:", "- uses:"].contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) } }
            return step ? .workflow : nil
        default: return nil
        }
    }

    private func snippets(_ kind: Kind) throws -> [Snippet] {
        let matching = try snippets().filter { self.kind(of: $0) == kind }
        XCTAssertFalse(matching.isEmpty, "no \(kind) snippet in \(page)'s CI examples")
        return matching
    }

    /// Every block is one of the kinds below, and every kind is there.
    func testEverySnippetIsRunByTheseTests() throws {
        let all = try snippets()
        for snippet in all { XCTAssertNotNil(kind(of: snippet), "\(snippet.name) is run by no test:\n\(snippet.text)") }
        for expected in [Kind.workflow, .gitLab, .preCommit, .shell] {
            XCTAssertTrue(all.contains { kind(of: $0) == expected }, "no \(expected) snippet among \(all.map(\.name))")
        }
    }

    // MARK: - GitHub Actions

    /// A fragment made a whole workflow: steps go under a job's `steps:`, job keys under a job
    /// (with `runs-on` when missing); a whole workflow is kept.
    private func workflow(from snippet: Snippet) -> String {
        let lines = snippet.text.components(separatedBy: "\n")
        if lines.contains(where: { $0.hasPrefix("jobs:") }) { return snippet.text }
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let body = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
        let isSteps = body.first { !$0.isEmpty }?.hasPrefix("- ") ?? false
        let pad = String(repeating: " ", count: isSteps ? 6 : 4)
        var header = "name: \(snippet.name)\non: [push, pull_request]\njobs:\n  restmap:\n"
        if !snippet.text.contains("runs-on:") { header += "    runs-on: ubuntu-latest\n" }
        if isSteps { header += "    steps:\n" }
        return header + body.map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

    /// Every workflow snippet, made whole, lints clean with actionlint (and shellcheck on its
    /// `run:` scripts, when installed). The repository's action (`uses: OWNER/restmap@REF`) is
    /// resolved locally — rewritten to `uses: ./` in a repository holding this action.yml — so
    /// that its `with:` inputs are checked against action.yml's.
    func testGitHubActionsSnippetsLint() throws {
        let actionlint = try tool("actionlint")
        let repository = try makeDirectory("lint-repo")
        XCTAssertEqual(try run("/usr/bin/env", ["git", "init", "-q"], in: repository).status, 0)
        try FileManager.default.copyItem(at: root.appendingPathComponent("action.yml"), to: repository.appendingPathComponent("action.yml"))
        let workflows = try makeDirectory("lint-repo/.github/workflows")
        let ownAction = try NSRegularExpression(pattern: #"uses:\s*[\w.-]+/restmap@\S+"#)
        var usesTheAction = false
        for snippet in try snippets(.workflow) {
            let text = workflow(from: snippet)
            let local = ownAction.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "uses: ./")
            usesTheAction = usesTheAction || local != text
            try write(local, to: workflows.appendingPathComponent("readme-\(snippet.line).yml"))
        }
        XCTAssertTrue(usesTheAction, "no CI snippet uses the repository's action (uses: OWNER/restmap@REF)")
        let lint = try run(actionlint, ["-oneline"], in: repository)
        XCTAssertEqual(lint.status, 0, "actionlint on \(page)'s workflows (.github/workflows/readme-LINE.yml):\n\(lint.output)")
    }

    /// Each workflow snippet's `run:` steps that invoke restmap run in order, in a workspace of
    /// their own, and exit 0; the reports they name are written; a `sarif_file:` given to a
    /// later step exists by then. Other steps (checkout, apt-get, make, the action itself,
    /// which PackagingTests runs) are left out.
    func testGitHubActionsRestmapStepsRun() throws {
        var ran = 0
        for snippet in try snippets(.workflow) {
            let workspace = try makeWorkspace()
            let file = scratch.appendingPathComponent("workflow-\(snippet.line).yml")
            try write(workflow(from: snippet), to: file)
            let jobs = (try yamlAsJSON(file) as? [String: Any])?["jobs"] as? [String: [String: Any]] ?? [:]
            for (_, job) in jobs.sorted(by: { $0.key < $1.key }) {
                for step in job["steps"] as? [[String: Any]] ?? [] {
                    if let command = step["run"] as? String, invokesRestmap(command) {
                        try assertRuns(["-c", command], in: workspace, snippet)
                        ran += 1
                    }
                    if let sarif = (step["with"] as? [String: Any])?["sarif_file"] as? String {
                        XCTAssertTrue(exists(sarif, in: workspace), "\(snippet.name): \(step["uses"] ?? "a step") uploads \(sarif), which no step wrote")
                    }
                }
            }
        }
        XCTAssertGreaterThan(ran, 0, "no workflow snippet runs restmap")
    }

    private func invokesRestmap(_ command: String) -> Bool {
        command.components(separatedBy: "\n").contains { ShellWords.split($0.trimmingCharacters(in: .whitespaces)).first == "restmap" }
    }

    // MARK: - Plain shell, GitLab CI

    /// The plain shell step runs with `sh -e`, exits 0 and writes the reports it names.
    func testPlainShellStepRuns() throws {
        for snippet in try snippets(.shell) {
            let workspace = try makeWorkspace()
            let script = scratch.appendingPathComponent("step-\(snippet.line).sh")
            try write(snippet.text, to: script)
            try assertRuns([script.path], in: workspace, snippet)
        }
    }

    /// Each GitLab job's `script` lines run in turn (with `sh -e`, as a runner runs them) and
    /// exit 0; the files under `artifacts: reports:` exist, the code-quality report is a JSON
    /// array and the JUnit report a `<testsuites>` document.
    func testGitLabJobRuns() throws {
        for snippet in try snippets(.gitLab) {
            let workspace = try makeWorkspace()
            let file = scratch.appendingPathComponent("gitlab-\(snippet.line).yml")
            try write(snippet.text, to: file)
            let jobs = (try yamlAsJSON(file) as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }.filter { $0.value["script"] != nil }
            XCTAssertFalse(jobs.isEmpty, "\(snippet.name) has no job with a script")
            for (name, job) in jobs {
                let script = (job["script"] as? [String]) ?? [(job["script"] as? String) ?? ""]
                for command in script { try assertRuns(["-c", command], in: workspace, snippet) }
                let reports = (job["artifacts"] as? [String: Any])?["reports"] as? [String: Any] ?? [:]
                XCTAssertFalse(reports.isEmpty, "\(snippet.name): job \(name) keeps no reports")
                for (kind, value) in reports {
                    for path in (value as? [String]) ?? [value as? String].compactMap({ $0 }) {
                        try assertReport(kind == "codequality" ? "codeclimate" : kind, at: path, in: workspace, snippet)
                    }
                }
            }
        }
    }

    // MARK: - pre-commit

    /// The config is valid for pre-commit (`validate-config`), and each hook does what it
    /// would with the config's `files` and `args` (entry from .pre-commit-hooks.yaml, the
    /// workspace's files matching `files` passed unless `pass_filenames: false`): exit 0.
    /// PackagingTests runs the hooks through pre-commit itself.
    func testPreCommitConfigIsValidAndItsHooksPass() throws {
        let preCommit = try tool("pre-commit")
        let definitions = try yamlAsJSON(root.appendingPathComponent(".pre-commit-hooks.yaml")) as? [[String: Any]] ?? []
        for snippet in try snippets(.preCommit) {
            let workspace = try makeWorkspace()
            let config = workspace.appendingPathComponent(".pre-commit-config.yaml")
            try write(snippet.text, to: config)
            let valid = try run(preCommit, ["validate-config", config.path], in: workspace,
                                environment: ["PRE_COMMIT_HOME": scratch.appendingPathComponent("pre-commit-home").path])
            XCTAssertEqual(valid.status, 0, "pre-commit validate-config on \(snippet.name):\n\(valid.output)")

            let files = (FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? []).sorted()
            let hooks = ((try yamlAsJSON(config) as? [String: Any])?["repos"] as? [[String: Any]] ?? []).flatMap { $0["hooks"] as? [[String: Any]] ?? [] }
            XCTAssertFalse(hooks.isEmpty, "\(snippet.name) names no hooks")
            for hook in hooks {
                let id = hook["id"] as? String ?? "?"
                guard let definition = definitions.first(where: { $0["id"] as? String == id }), let entry = definition["entry"] as? String else {
                    XCTFail("\(snippet.name): .pre-commit-hooks.yaml has no hook \(id)")
                    continue
                }
                var words = ShellWords.split(entry)
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(words[0]).path) { words[0] = root.appendingPathComponent(words[0]).path }
                var arguments = words + (hook["args"] as? [String] ?? definition["args"] as? [String] ?? [])
                if (hook["pass_filenames"] ?? definition["pass_filenames"]) as? Bool != false {
                    let pattern = try NSRegularExpression(pattern: hook["files"] as? String ?? definition["files"] as? String ?? "")
                    let matched = files.filter { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
                    XCTAssertFalse(matched.isEmpty, "\(snippet.name): hook \(id)'s files match nothing in \(files)")
                    arguments += matched
                }
                let result = try run("/usr/bin/env", arguments, in: workspace, environment: ["PATH": try pathWithRestmap(), "RESTMAP": ""])
                XCTAssertEqual(result.status, 0, "\(snippet.name): hook \(id), \(arguments.joined(separator: " ")):\n\(result.output)")
            }
        }
    }

    // MARK: - Running snippets

    /// A scratch workspace as the snippets expect it (see the type's comment).
    private func makeWorkspace() throws -> URL {
        let workspace = try makeDirectory("workspace-\(UUID().uuidString)")
        let config = root.appendingPathComponent("Configs/employees.plist")
        try makeDirectory(workspace.lastPathComponent + "/api")
        try FileManager.default.copyItem(at: config, to: workspace.appendingPathComponent("api.plist"))
        try FileManager.default.copyItem(at: config, to: workspace.appendingPathComponent("api/api.plist"))
        let samples = try makeDirectory(workspace.lastPathComponent + "/samples")
        let shipped = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Samples/manifest.json"))) as? [[String: Any]] ?? []
        var manifest: [[String: Any]] = []
        for var entry in shipped {
            let source = root.appendingPathComponent("Samples").appendingPathComponent(entry["file"] as? String ?? "")
            try FileManager.default.copyItem(at: source, to: samples.appendingPathComponent(source.lastPathComponent))
            entry["file"] = source.lastPathComponent
            manifest.append(entry)
        }
        for (path, file) in [("/employees", "employees.json"), ("/departments", "departments.json")] {
            XCTAssertTrue(manifest.contains { $0["path"] as? String == path && $0["file"] as? String == file }, "Samples/manifest.json lost \(file) at \(path)")
        }
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: samples.appendingPathComponent("manifest.json"))
        return workspace
    }

    /// Runs `sh -e ARGUMENTS` in the workspace with restmap on PATH and asserts exit 0, then
    /// that each report the script names (`--report FORMAT=FILE`, `-o FILE`) is there.
    private func assertRuns(_ arguments: [String], in workspace: URL, _ snippet: Snippet, line: UInt = #line) throws {
        let result = try run("/bin/sh", ["-e"] + arguments, in: workspace, environment: ["PATH": try pathWithRestmap()])
        let script = arguments.first == "-c" ? arguments[1] : snippet.text
        XCTAssertEqual(result.status, 0, "\(snippet.name) in \(workspace.path):\n\(script)\n\(result.output)", line: line)
        for command in script.replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n") {
            let words = ShellWords.split(command.replacingOccurrences(of: "\t", with: " "))
            guard words.first == "restmap" else { continue }
            var stdoutFormat = "text"
            var output: String?
            for (index, word) in words.enumerated() where index + 1 < words.count {
                let value = words[index + 1]
                if word == "--report", let equals = value.firstIndex(of: "=") {
                    try assertReport(String(value[..<equals]), at: String(value[value.index(after: equals)...]), in: workspace, snippet)
                } else if word == "--report" {
                    stdoutFormat = value
                } else if word == "-o" || word == "--output" {
                    output = value
                }
            }
            if let output { try assertReport(stdoutFormat, at: output, in: workspace, snippet) }
        }
    }

    /// A report a snippet names exists and is of its format.
    private func assertReport(_ format: String, at path: String, in workspace: URL, _ snippet: Snippet) throws {
        let url = workspace.appendingPathComponent(path)
        guard let data = try? Data(contentsOf: url), !data.isEmpty else {
            return XCTFail("\(snippet.name): the \(format) report \(path) was not written")
        }
        let text = String(decoding: data, as: UTF8.self)
        switch format {
        case "sarif":
            let sarif = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            XCTAssertEqual(sarif?["version"] as? String, "2.1.0", "\(snippet.name): \(path)")
        case "codeclimate": XCTAssertTrue(try JSONSerialization.jsonObject(with: data) is [Any], "\(snippet.name): \(path) is a JSON array:\n\(text)")
        case "json": XCTAssertTrue(try JSONSerialization.jsonObject(with: data) is [String: Any], "\(snippet.name): \(path)")
        case "junit": XCTAssertTrue(text.contains("<testsuites"), "\(snippet.name): \(path) is JUnit:\n\(text)")
        case "html": XCTAssertTrue(text.contains("<html"), "\(snippet.name): \(path)")
        default: break
        }
    }

    private func exists(_ path: String, in workspace: URL) -> Bool {
        FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path)
    }

    // MARK: - Helpers (as in PackagingTests)

    /// A YAML file read as JSON would be (python3 with PyYAML, which pre-commit brings).
    private func yamlAsJSON(_ file: URL) throws -> Any {
        let script = "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)"
        let result = try run("/usr/bin/env", ["python3", "-c", script, file.path])
        guard result.status == 0, let value = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) else {
            throw Missing(description: "reading \(file.path) with python3 and PyYAML (`make test` installs them with pre-commit): \(result.output)")
        }
        return value
    }

    /// Runs a program (from the package root unless told), standard output and error together.
    private func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        try ProgramRun.run(program, arguments, in: directory ?? root, environment: environment)
    }

    @discardableResult
    private func makeDirectory(_ relative: String) throws -> URL {
        let url = scratch.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    private struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// PATH plus the directories pip puts commands in (a pyenv without shims may lack them).
    private func searchPath() -> [String] {
        let query = "import sys, sysconfig; print(sysconfig.get_path('scripts')); print(sysconfig.get_path('scripts', 'posix_user'))"
        let pip = (try? run("/usr/bin/env", ["python3", "-c", query])).flatMap { $0.status == 0 ? $0.output : nil } ?? ""
        return (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            + pip.split(separator: "\n").map(String.init)
    }

    /// A tool `make deps` installs; a missing one fails the test saying so.
    private func tool(_ name: String) throws -> String {
        for directory in searchPath() where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        throw Missing(description: "\(name) is not installed: `make test` installs it (`make deps`, with pip)")
    }

    /// PATH with a directory holding `restmap` (a link to the built binary) first.
    private func pathWithRestmap() throws -> String {
        let bin = scratch.appendingPathComponent("bin")
        if !FileManager.default.fileExists(atPath: bin.appendingPathComponent("restmap").path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("restmap"), withDestinationURL: RestmapBinary.url)
        }
        return ([bin.path] + searchPath()).joined(separator: ":")
    }
}
