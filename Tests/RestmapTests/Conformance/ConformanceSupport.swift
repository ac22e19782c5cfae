import XCTest
@testable import RestmapBase
@testable import RestmapTypes
@testable import RestmapConfig
@testable import RestmapMapping
@testable import RestmapPipeline

/// Helpers for the tests that translate RestKit v0.27.3's own tests (issue 11): each test
/// names the RestKit test it follows and asserts RestKit's result.
enum Conformance {
    /// Runs `map` in memory like `mapInMemory`, with an optional Core Data model.
    static func map(
        config: String, inputs: [(path: String?, payload: String)], model: CoreDataModel? = nil,
        options: MapOptions = recordsOptions()
    ) throws -> MapOutcome {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(
            configBytes: Array(config.utf8), file: "config.json", model: model)
        precondition(!log.hasErrors, "test config has errors: \(log.diagnostics)")
        let sink = MemorySink()
        let run = try MapRun(definitions: definitions, options: options, log: log, output: sink)
        let sources = inputs.enumerated().map { index, input in
            MapInput(source: MemoryByteSource(input.payload, name: "input\(index + 1).json"), requestPath: input.path)
        }
        let code = try run.run(sources)
        return MapOutcome(output: sink.text, diagnostics: log.diagnostics.map(\.description), exitCode: code)
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
        try CoreDataModel.parse(
            Array(
                """
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
                """.utf8), file: "Humans.xcdatamodel/contents")
    }
}
