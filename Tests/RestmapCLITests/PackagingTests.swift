import Foundation
import RestmapTestSupport
import XCTest

/// The CI packaging (SPEC §3.8), each piece run for real with the built binary: the GitHub
/// Action (action.yml, its step scripts/github-action.sh), the pre-commit hooks
/// (.pre-commit-hooks.yaml, scripts/pre-commit-check.sh) and the release archive (`make dist`,
/// scripts/dist.sh). actionlint and pre-commit come with `make test` (`make deps`); without
/// them these tests fail, they are not skipped.
final class PackagingTests: XCTestCase {
    private var scratch: URL!
    private let root = RestmapBinary.packageRoot

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-packaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: - The GitHub Action

    /// A workflow using the action (`uses: ./`, as a repository using its own copy would)
    /// lints clean, and actionlint reads the action's inputs from action.yml: a wrong input
    /// name and a missing required one are reported. The composite steps themselves, put into
    /// a reusable workflow's job with the action's inputs, lint clean too (expressions,
    /// `steps.*` and `inputs.*` references, the actions used, and `run:` scripts through
    /// shellcheck when it is installed).
    func testActionAndAWorkflowUsingItLint() throws {
        let actionlint = try tool("actionlint")
        let repository = try makeDirectory("workflow-repo")
        try git(["init", "-q"], in: repository)
        try FileManager.default.copyItem(at: root.appendingPathComponent("action.yml"), to: repository.appendingPathComponent("action.yml"))
        let workflows = try makeDirectory("workflow-repo/.github/workflows")
        try write(workflow(with: "config: api.plist"), to: workflows.appendingPathComponent("restmap.yml"))
        let clean = try run(actionlint, ["-oneline"], in: repository)
        XCTAssertEqual(clean.status, 0, "actionlint on a workflow using the action:\n\(clean.output)")

        try write(workflow(with: "cfg: api.plist"), to: workflows.appendingPathComponent("restmap.yml"))
        let wrong = try run(actionlint, ["-oneline"], in: repository)
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.output.contains("input \"cfg\" is not defined"), wrong.output)
        XCTAssertTrue(wrong.output.contains("missing input \"config\""), wrong.output)

        // The composite steps as the job of a reusable workflow (PyYAML comes with pre-commit).
        let script = """
            import sys, yaml
            action = yaml.safe_load(open(sys.argv[1]))
            assert action["runs"]["using"] == "composite", action["runs"]
            inputs = {name: {"type": "string", "required": bool(spec.get("required", False))}
                      for name, spec in action["inputs"].items()}
            workflow = {"name": "action.yml's steps", "on": {"workflow_call": {"inputs": inputs}},
                        "permissions": {"contents": "read", "security-events": "write"},
                        "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}}}
            yaml.safe_dump(workflow, open(sys.argv[2], "w"), sort_keys=False)
            """
        let steps = scratch.appendingPathComponent("action-steps.yml")
        let converted = try run("/usr/bin/env", ["python3", "-c", script, root.appendingPathComponent("action.yml").path, steps.path])
        XCTAssertEqual(converted.status, 0, "action.yml as a workflow (python3 with PyYAML, installed with pre-commit):\n\(converted.output)")
        let lint = try run(actionlint, ["-oneline", steps.path], in: scratch)
        XCTAssertEqual(lint.status, 0, "actionlint on action.yml's composite steps:\n\(lint.output)")
    }

    private func workflow(with configInput: String) -> String {
        """
        name: API samples
        on: [push, pull_request]
        permissions:
          contents: read
          security-events: write
        jobs:
          restmap:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v5
              - id: restmap
                uses: ./
                with:
                  \(configInput)
                  manifest: samples/manifest.json
                  samples: /employees=samples/employees.json
                  fail-on: warning
              - if: always()
                env:
                  SARIF: ${{ steps.restmap.outputs.sarif }}
                  JUNIT: ${{ steps.restmap.outputs.junit }}
                run: ls -l "$SARIF" "$JUNIT"

        """
    }

    /// The action's step on a passing and a failing sample: restmap's exit status, the SARIF
    /// and JUnit reports where the outputs say, annotations in the log, a job summary.
    func testActionScriptReportsAndExitsWithRestmapsStatus() throws {
        let pass = try runAction(["INPUT_CONFIG": "Configs/employees.plist", "INPUT_SAMPLES": "/employees=Samples/employees/employees.json"])
        XCTAssertEqual(pass.status, 0, pass.output)
        try assertReports(pass)
        XCTAssertTrue(pass.output.contains("::warning file=Samples/employees/employees.json,line=19,col=5,title=RM5003::"), pass.output)
        XCTAssertTrue(pass.summary.hasPrefix("## restmap validate: passed"), pass.summary)
        XCTAssertTrue(pass.summary.contains("Samples/employees/employees.json"), "the markdown report lists the sample:\n\(pass.summary)")

        let failing = ["INPUT_CONFIG": "Configs/employees.plist", "INPUT_SAMPLES": "/employees=Samples/validation/employees-truncated.json"]
        let fail = try runAction(failing)
        XCTAssertEqual(fail.status, 1, fail.output)
        try assertReports(fail)
        XCTAssertTrue(fail.output.contains("::error file=Samples/validation/employees-truncated.json,line=4,col=1,title=RM3002::"), fail.output)
        XCTAssertTrue(fail.summary.hasPrefix("## restmap validate: FAILED"), fail.summary)
        XCTAssertTrue(try String(contentsOf: fail.sarif, encoding: .utf8).contains("RM3002"))

        // fail-on is passed through: `never` reports the error and exits 0.
        let never = try runAction(failing.merging(["INPUT_FAIL_ON": "never"]) { $1 })
        XCTAssertEqual(never.status, 0, never.output)
        XCTAssertTrue(never.output.contains("title=RM3002::"), never.output)

        // Several samples, separated by newlines as a YAML block gives them, and a manifest.
        let several = try runAction([
            "INPUT_CONFIG": "Configs/employees.plist", "INPUT_MANIFEST": "Samples/manifest.json",
            "INPUT_SAMPLES": "/employees=Samples/employees/employees.json\n  /departments=Samples/employees/departments.json\n",
        ])
        XCTAssertEqual(several.status, 0, several.output)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Samples/manifest.json"))) as? [Any]
        let junit = try String(contentsOf: several.junit, encoding: .utf8)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, (manifest?.count ?? 0) + 2, junit)
        for sample in ["Samples/employees/employees.json (/employees)", "Samples/employees/departments.json (/departments)"] {
            XCTAssertTrue(junit.contains("name=\"\(sample)\""), "\(sample) in\n\(junit)")
        }

        let noConfig = try runAction(["INPUT_SAMPLES": "/employees=Samples/employees/employees.json"])
        XCTAssertEqual(noConfig.status, 2)
        XCTAssertTrue(noConfig.output.contains("::error title=restmap::the action's config input is required"), noConfig.output)
    }

    /// A restmap whose `validate --help` lists no markdown report (one built before it): the
    /// summary is made from restmap's summary line instead.
    func testActionScriptSummarizesWithoutTheMarkdownReport() throws {
        let wrapper = scratch.appendingPathComponent("restmap-without-markdown")
        try write("""
            #!/bin/sh
            if [ "$1" = validate ] && [ "$2" = --help ]; then "\(RestmapBinary.url.path)" validate --help | grep -v markdown; exit; fi
            exec "\(RestmapBinary.url.path)" "$@"

            """, to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let inputs = ["INPUT_CONFIG": "Configs/employees.plist", "INPUT_SAMPLES": "/employees=Samples/validation/employees-truncated.json",
                      "RESTMAP": wrapper.path]
        let fail = try runAction(inputs)
        XCTAssertEqual(fail.status, 1, fail.output)
        try assertReports(fail)
        XCTAssertTrue(fail.summary.hasPrefix("## restmap validate: FAILED\n"), fail.summary)
        XCTAssertTrue(fail.summary.contains("<pre>validate: 1 sample, 0 passed, 1 failed; 1 error"), fail.summary)
        XCTAssertFalse(fail.summary.contains("| Sample |"), "no markdown report was asked for:\n\(fail.summary)")
    }

    private struct ActionRun {
        var status: Int32, output: String, summary: String, outputs: String, sarif: URL, junit: URL
    }

    /// Runs scripts/github-action.sh from the package root as the action runs it, with the
    /// runner's files in a directory of its own and restmap on PATH.
    private func runAction(_ inputs: [String: String]) throws -> ActionRun {
        let runner = try makeDirectory("runner-\(UUID().uuidString)")
        let summary = runner.appendingPathComponent("step-summary.md")
        let outputs = runner.appendingPathComponent("github-output")
        try write("", to: summary)
        try write("", to: outputs)
        var environment = ["RUNNER_TEMP": runner.appendingPathComponent("temp").path, "GITHUB_STEP_SUMMARY": summary.path,
                           "GITHUB_OUTPUT": outputs.path, "RESTMAP": "", "PATH": try pathWithRestmap()]
        for (key, value) in inputs { environment[key] = value }
        let result = try run("/usr/bin/env", ["bash", "scripts/github-action.sh"], environment: environment)
        let reports = runner.appendingPathComponent("temp/restmap")
        return ActionRun(
            status: result.status, output: result.output, summary: try String(contentsOf: summary, encoding: .utf8),
            outputs: try String(contentsOf: outputs, encoding: .utf8),
            sarif: reports.appendingPathComponent("restmap.sarif"), junit: reports.appendingPathComponent("junit.xml"))
    }

    private func assertReports(_ action: ActionRun, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(action.outputs, "sarif=\(action.sarif.path)\njunit=\(action.junit.path)\n", file: file, line: line)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: action.sarif)) as? [String: Any]
        XCTAssertEqual(sarif?["version"] as? String, "2.1.0", file: file, line: line)
        let junit = try String(contentsOf: action.junit, encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuite"), junit, file: file, line: line)
        XCTAssertFalse(action.summary.isEmpty, "a job summary", file: file, line: line)
    }

    // MARK: - pre-commit

    /// The hooks from a repository holding this working tree's hook files, run by pre-commit
    /// with restmap on PATH: `try-repo restmap-check` passes a clean config and fails a broken
    /// one; from a `.pre-commit-config.yaml`, restmap-check passes options through and
    /// restmap-validate runs with the arguments given, passing and failing with the sample.
    func testPreCommitHooks() throws {
        let preCommit = try tool("pre-commit")
        let wrapper = root.appendingPathComponent("scripts/pre-commit-check.sh")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: wrapper.path), "pre-commit runs \(wrapper.path) itself: it must be executable")
        let manifest = try run(preCommit, ["validate-manifest", ".pre-commit-hooks.yaml"])
        XCTAssertEqual(manifest.status, 0, manifest.output)
        let hooks = try makeDirectory("hooks")
        try makeDirectory("hooks/scripts")
        XCTAssertEqual(try run("/bin/cp", ["-p", ".pre-commit-hooks.yaml", hooks.path]).status, 0)
        XCTAssertEqual(try run("/bin/cp", ["-p", "scripts/pre-commit-check.sh", hooks.appendingPathComponent("scripts").path]).status, 0)
        try git(["init", "-q"], in: hooks)
        try git(["add", "-A"], in: hooks)
        try git(["-c", "user.name=restmap tests", "-c", "user.email=tests@restmap.invalid", "-c", "commit.gpgsign=false",
                 "commit", "-q", "-m", "hooks"], in: hooks)
        let revision = try run("/usr/bin/env", ["git", "rev-parse", "HEAD"], in: hooks).output.trimmingCharacters(in: .whitespacesAndNewlines)

        let project = try makeDirectory("project")
        try git(["init", "-q"], in: project)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Configs/employees.plist"), to: project.appendingPathComponent("api.plist"))
        try write("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>path_mappings</key>\n", to: project.appendingPathComponent("broken.plist"))
        for sample in ["employees/employees.json", "validation/employees-truncated.json"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Samples/\(sample)"),
                                             to: project.appendingPathComponent(URL(fileURLWithPath: sample).lastPathComponent))
        }
        let environment = ["PATH": try pathWithRestmap(), "PRE_COMMIT_HOME": scratch.appendingPathComponent("pre-commit-home").path,
                           "PRE_COMMIT_COLOR": "never", "RESTMAP": ""]
        func preCommitRun(_ arguments: [String]) throws -> (status: Int32, output: String) {
            try run(preCommit, arguments, in: project, environment: environment)
        }

        let clean = try preCommitRun(["try-repo", hooks.path, "restmap-check", "--files", "api.plist"])
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertTrue(clean.output.contains("restmap check") && clean.output.contains("Passed"), clean.output)
        let broken = try preCommitRun(["try-repo", hooks.path, "restmap-check", "--files", "api.plist", "broken.plist"])
        XCTAssertEqual(broken.status, 1, broken.output)
        XCTAssertTrue(broken.output.contains("Failed"), broken.output)
        XCTAssertTrue(broken.output.contains("broken.plist:"), "the finding names the broken config:\n\(broken.output)")
        XCTAssertTrue(broken.output.contains("api.plist: 0 errors, 0 warnings"), "each config is checked:\n\(broken.output)")

        func config(_ sample: String) -> String {
            """
            repos:
              - repo: \(hooks.path)
                rev: \(revision)
                hooks:
                  - id: restmap-check
                    args: [--fail-on=warning, --quiet]
                  - id: restmap-validate
                    args: [-c, api.plist, /employees=\(sample)]

            """
        }
        try write(config("employees.json"), to: project.appendingPathComponent(".pre-commit-config.yaml"))
        let options = try preCommitRun(["run", "--verbose", "restmap-check", "--files", "api.plist"])
        XCTAssertEqual(options.status, 0, options.output)
        XCTAssertFalse(options.output.contains("0 errors, 0 warnings"), "--quiet reached restmap check:\n\(options.output)")
        let validate = try preCommitRun(["run", "--verbose", "restmap-validate", "--files", "employees.json"])
        XCTAssertEqual(validate.status, 0, validate.output)
        XCTAssertTrue(validate.output.contains("PASS employees.json (/employees)"), validate.output)

        try write(config("employees-truncated.json"), to: project.appendingPathComponent(".pre-commit-config.yaml"))
        let invalid = try preCommitRun(["run", "restmap-validate", "--files", "employees-truncated.json"])
        XCTAssertEqual(invalid.status, 1, invalid.output)
        XCTAssertTrue(invalid.output.contains("employees-truncated.json:4:1: error:"), invalid.output)
    }

    // MARK: - make dist

    /// scripts/dist.sh (what `make dist` runs on the release binary) with the built binary:
    /// an archive named by version and architecture that, unpacked anywhere, runs, and holds
    /// the man pages, the completions and the README; the same inputs give the same bytes.
    func testDistArchiveRunsFromWhereItIsUnpacked() throws {
        let version = try RestmapBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let arch = try run("/usr/bin/env", ["uname", "-m"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let out = scratch.appendingPathComponent("dist")
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let made = try run("/bin/sh", ["scripts/dist.sh", RestmapBinary.url.path, out.path], environment: environment)
        XCTAssertEqual(made.status, 0, made.output)
        let archive = out.appendingPathComponent("restmap-\(version)-linux-\(arch).tar.gz")
        XCTAssertEqual(made.output.split(separator: "\n").last.map(String.init), archive.path, "dist.sh prints the archive's path last")

        let unpacked = try makeDirectory("unpacked")
        XCTAssertEqual(try run("/usr/bin/env", ["tar", "-xzf", archive.path, "-C", unpacked.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: unpacked.path), ["restmap-\(version)"])
        let top = unpacked.appendingPathComponent("restmap-\(version)")
        let binary = top.appendingPathComponent("bin/restmap").path
        let shown = try run(binary, ["--version"], in: top)
        XCTAssertEqual(shown.status, 0, shown.output)
        XCTAssertEqual(shown.output, version + "\n")
        let check = try run(binary, ["check", "-c", root.appendingPathComponent("Configs/employees.plist").path], in: top)
        XCTAssertEqual(check.status, 0, check.output)

        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("man").path).filter { $0.hasSuffix(".1") }
        XCTAssertTrue(pages.contains("restmap.validate.1"), "\(pages)")
        for page in pages {
            XCTAssertEqual(try? Data(contentsOf: top.appendingPathComponent("share/man/man1/\(page)")),
                           try Data(contentsOf: root.appendingPathComponent("man/\(page)")), "share/man/man1/\(page)")
        }
        for completion in ["share/bash-completion/completions/restmap", "share/zsh/site-functions/_restmap",
                           "share/fish/vendor_completions.d/restmap.fish"] {
            let text = (try? String(contentsOf: top.appendingPathComponent(completion), encoding: .utf8)) ?? ""
            XCTAssertTrue(text.contains("validate") && text.contains("max-depth"), "\(completion) completes commands and options")
        }
        XCTAssertEqual(try Data(contentsOf: top.appendingPathComponent("README.md")), try Data(contentsOf: root.appendingPathComponent("README.md")))

        let listing = try run("/usr/bin/env", ["tar", "-tvzf", archive.path, "--numeric-owner"]).output
        XCTAssertFalse(listing.split(separator: "\n").contains { !$0.contains(" 0/0 ") }, "every entry owned by 0/0:\n\(listing)")
        let again = try run("/bin/sh", ["scripts/dist.sh", RestmapBinary.url.path, scratch.appendingPathComponent("again").path], environment: environment)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: String(again.output.split(separator: "\n").last ?? ""))),
                       try Data(contentsOf: archive), "the same binary and sources give the same archive")
    }

    /// `make dist` builds the static release binary and gives it to scripts/dist.sh. It builds
    /// the `restmap` product alone: with the static standard library, a build of every target
    /// fails at the tests' support library, which imports XCTest (it has no static build).
    func testMakeDistBuildsTheReleaseBinaryAndPacksIt() throws {
        let plan = try run("/usr/bin/env", ["make", "--no-print-directory", "-n", "dist"])
        XCTAssertEqual(plan.status, 0, plan.output)
        let lines = plan.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("swift build -c release --static-swift-stdlib --product restmap"), plan.output)
        XCTAssertEqual(lines.last, "sh scripts/dist.sh .build/release/restmap dist", plan.output)
    }

    // MARK: - Helpers

    /// Runs a program (from the package root unless told), standard output and error together.
    private func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        try ProgramRun.run(program, arguments, in: directory ?? root, environment: environment)
    }

    private func git(_ arguments: [String], in directory: URL) throws {
        let result = try run("/usr/bin/env", ["git"] + arguments, in: directory)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.output)")
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

    /// The directories pip puts commands in: PATH may lack them (a pyenv without shims).
    private func pythonScriptDirectories() -> [String] {
        let query = "import sys, sysconfig; print(sysconfig.get_path('scripts')); print(sysconfig.get_path('scripts', 'posix_user'))"
        guard let result = try? run("/usr/bin/env", ["python3", "-c", query]), result.status == 0 else { return [] }
        return result.output.split(separator: "\n").map(String.init)
    }

    /// A tool `make deps` installs, from PATH or pip's directories; a missing one fails the
    /// test with what installs it.
    private func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + pythonScriptDirectories() {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingTool(description: "\(name) is not installed: `make test` installs it (`make deps`, with pip)")
    }

    private struct MissingTool: Error, CustomStringConvertible {
        let description: String
    }

    /// PATH with a directory holding `restmap` (the built binary, whatever its file is called)
    /// first, and pip's directories last (pre-commit's own commands).
    private func pathWithRestmap() throws -> String {
        let bin = scratch.appendingPathComponent("bin")
        if !FileManager.default.fileExists(atPath: bin.appendingPathComponent("restmap").path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("restmap"), withDestinationURL: RestmapBinary.url)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return ([bin.path, path] + pythonScriptDirectories()).joined(separator: ":")
    }
}
