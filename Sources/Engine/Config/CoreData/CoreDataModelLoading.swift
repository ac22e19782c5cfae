// FoundationEssentials where it exists: the full Foundation would load ICU into every run
// (megabytes of resident memory) for nothing restmap needs.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CoreDataModel {
    /// Largest `contents` accepted; real models are kilobytes (WordPress's is about 300 KB).
    static let sizeLimit = InputLimits.modelBytes

    /// Loads the model named by `--model`: a `.xcdatamodeld` bundle (its current version), a
    /// `.xcdatamodel` directory, or a `contents` file. `version` picks a bundle version by
    /// directory name (with or without `.xcdatamodel`), overriding `.xccurrentversion`.
    /// Every failure is a usage error (exit 2) with located diagnostics.
    static func load(path: String, version: String? = nil) throws -> CoreDataModel {
        let located = try CoreDataModelLocator.locate(path, version: version)
        let bytes: [UInt8]
        do {
            bytes = try FileByteSource(path: located.contents).readAll(limit: sizeLimit)
        } catch let error as RestmapError {
            throw RestmapError(.usage, diagnostics: error.diagnostics)
        }
        return try parse(bytes, file: located.contents, notes: located.warnings)
    }

    /// Reads a model from the bytes of a `contents` file; `file` names it in diagnostics.
    static func parse(_ bytes: [UInt8], file: String) throws -> CoreDataModel {
        try parse(bytes, file: file, notes: [])
    }

    private static func parse(_ bytes: [UInt8], file: String, notes: [Diagnostic]) throws -> CoreDataModel {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw RestmapError.usage(
                .modelCompiled, "'\(file)' is a binary property list, probably a compiled Core Data model (.mom); "
                    + CoreDataModelLocator.compiledAdvice)
        }
        let root = try CoreDataXMLElement.parseDocument(bytes, file: file)
        var reader = CoreDataModelReader()
        reader.read(root)
        return try CoreDataModel(
            file: file, entities: reader.entities, composites: reader.composites,
            diagnostics: notes + reader.diagnostics)
    }
}
