import Foundation
import RestmapTestSupport
import XCTest
@testable import RestmapEngine

/// Helpers for the tests that translate RestKit v0.27.3's own tests: each test
/// names the RestKit test it follows and asserts RestKit's result.
enum Conformance {
    /// Runs `restmap map` — the built CLI, on its default path (the default thread count) —
    /// over the config and payloads written to a scratch folder, and holds every other
    /// execution path (`ExecutionPath.all`: thread counts, standard input, pipes, a store then
    /// `dump`, shards) to the same result; a path that differs fails the calling test.
    /// `model` is the contents of a Core Data model file (`--model`).
    static func map(
        config: String, inputs: [(path: String?, payload: String)], model: String? = nil,
        options: MapOptions = recordsOptions(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> MapOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(config.utf8).write(to: folder.appendingPathComponent("config.json"))
        var arguments = ["map", "-c", "config.json"]
        if let model {
            try Data(model.utf8).write(to: folder.appendingPathComponent("model.xcdatamodel"))
            arguments += ["--model", "model.xcdatamodel"]
        }
        arguments += options.commandLine
        for (index, input) in inputs.enumerated() {
            let name = "input\(index + 1).json"
            try Data(input.payload.utf8).write(to: folder.appendingPathComponent(name))
            arguments.append(input.path.map { "\($0)=\(name)" } ?? name)
        }
        let report = try PathDifferential.check(Invocation(arguments: arguments, directory: folder))
        for finding in report.findings {
            XCTFail("restmap \(arguments.joined(separator: " ")) — \(finding)", file: file, line: line)
        }
        let result = report.reference
        return MapOutcome(
            output: result.stdout, diagnostics: result.stderr.split(separator: "\n").map(String.init), exitCode: result.status)
    }

    /// What `check` reports about a JSON config: every diagnostic, rendered.
    static func check(_ config: String, model: CoreDataModel? = nil) throws -> [String] {
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "config.json", model: model)
        return log.diagnostics.map(\.description)
    }

    /// The warnings `check` gives about a JSON config.
    static func warnings(_ config: String) throws -> [String] {
        try check(config).filter { $0.contains("warning:") }
    }

    /// A model in the spirit of RestKit's test model: humans own cats; a cat names its
    /// human by `humanID`.
    static func humanModel() throws -> CoreDataModel {
        try CoreDataModel.parse(Array(humanModelContents.utf8), file: "Humans.xcdatamodel/contents")
    }

    /// `humanModel`'s file.
    static let humanModelContents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Human" syncable="YES">
                <attribute name="railsID" optional="YES" attributeType="Integer 64"/>
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="houseID" optional="YES" attributeType="Integer 64"/>
                <attribute name="sex" optional="YES" attributeType="String"/>
                <relationship name="cats" optional="YES" toMany="YES" destinationEntity="Cat"/>
                <relationship name="friends" optional="YES" toMany="YES" destinationEntity="Human"/>
            </entity>
            <entity name="Cat" syncable="YES">
                <attribute name="railsID" optional="YES" attributeType="Integer 64"/>
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="humanID" optional="YES" attributeType="Integer 64"/>
                <attribute name="sex" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """
}

extension MapOptions {
    /// The `restmap map` options that ask for these options (the thread count left to the
    /// CLI's default).
    var commandLine: [String] {
        var words = ["--shape", shape == .records ? "records" : "tree", "--format", format.rawValue]
        if compact { words.append("--compact") }
        if inputFormat != .auto { words += ["--input-format", inputFormat.rawValue] }
        if maxDepth != InputLimits.defaultMaxDepth { words += ["--max-depth", String(maxDepth)] }
        if let defaultPath { words += ["--path", defaultPath] }
        if let entity { words += ["--entity", entity] }
        if let keyPath { words += ["--key-path", keyPath] }
        if let status { words += ["--status", String(status)] }
        if exchange.method != "GET" { words += ["--method", exchange.method] }
        for header in exchange.requestHeaders { words += ["--header", "\(header.name): \(header.value)"] }
        for header in exchange.responseHeaders { words += ["--response-header", "\(header.name): \(header.value)"] }
        return words
    }
}
