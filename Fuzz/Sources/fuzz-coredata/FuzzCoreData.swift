import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// Core Data models (`--model`): `CoreDataModel.parse` on the bytes of a `contents` file
// (libxml2 SAX into a small element tree, then entities, inheritance, identification), then
// every query the binding makes, and `ModelBinding` + `ConfigLinter` of each sample config
// (Configs/) against the model — what `check -c CONFIG --model FUZZED` does.
//
// Invariants, beyond "no crash, no hang, only RestmapError":
// - every diagnostic (errors and warnings) names a line of the file;
// - an entity is a kind of itself and of each of its superentities, and none of its
//   superentities is itself (inheritance cycles are refused, not followed).

let sampleConfigs: [MappingDefinitions] = {
    // Fuzz/Sources/fuzz-coredata/FuzzCoreData.swift -> the repository root.
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    let root = parts.joined(separator: "/")
    return ["articles.plist", "employees.plist", "employees-binary.bplist", "gists.plist", "people.json"]
        .compactMap { name in
            let path = root + "/Configs/" + name
            guard let node = try? ConfigDocumentReader().read(path: path) else { return nil }
            return try? ConfigLoader().load(node, file: path, log: DiagnosticLog())
        }
}()

/// Bounds the quadratic checks on inputs with many entities.
let entityCheckLimit = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoreData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    expect(sampleConfigs.count == 5, "the harness could not load the sample configs from Configs/")
    let bytes = fuzzInput(data, size)
    let file = "fuzz.contents"
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }

    func checkLines(_ diagnostics: [Diagnostic], _ stage: String) {
        for diagnostic in diagnostics {
            guard let location = diagnostic.location, location.file == file, let line = location.line else { continue }
            expect(line >= 1 && line <= lineCount, "\(stage) diagnostic at line \(line) of \(lineCount): \(diagnostic)")
        }
    }

    let parsed = attempt("CoreDataModel.parse") { try CoreDataModel.parse(bytes, file: file) }
    guard case .success(let model) = parsed else {
        checkLines(parsed.diagnostics ?? [], "parse")
        return 0
    }
    checkLines(model.warnings, "model warning")

    let names = model.entities.prefix(entityCheckLimit).map(\.name)
    for entity in model.entities.prefix(entityCheckLimit) {
        let name = entity.name
        let ancestors = model.superentities(of: name)
        expect(!ancestors.contains(name), "entity '\(name)' is its own superentity: \(ancestors)")
        expect(model.entity(name, isKindOf: name), "entity '\(name)' is not a kind of itself")
        for ancestor in ancestors where model.entity(named: ancestor) != nil {
            expect(model.entity(name, isKindOf: ancestor), "'\(name)' is not a kind of its superentity '\(ancestor)'")
        }
        for other in names { _ = model.entity(name, isKindOf: other) }
        for attribute in model.attributes(of: name) {
            expect(model.attribute(named: attribute.name, in: name) != nil,
                   "attribute '\(attribute.name)' of '\(name)' cannot be looked up")
        }
        for relationship in model.relationships(of: name) {
            expect(model.relationship(named: relationship.name, in: name) != nil,
                   "relationship '\(relationship.name)' of '\(name)' cannot be looked up")
        }
        _ = model.identification(for: name)
        _ = model.inferredIdentificationAttributes(for: name)
    }
    for composite in model.composites.prefix(entityCheckLimit) {
        _ = model.composite(named: composite.name)
    }

    for config in sampleConfigs {
        var bound = config
        let log = DiagnosticLog()
        ModelBinding().apply(model, to: &bound, log: log)
        ConfigLinter().lint(bound, log: log)
        checkLines(log.diagnostics, "binding")
    }
    return 0
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_coredata_main")
func fuzzCoreDataMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzCoreData)
}
