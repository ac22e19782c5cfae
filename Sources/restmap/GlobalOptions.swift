import ArgumentParser
import RestmapBase
import RestmapFormats
import RestmapTypes
import RestmapConfig
import RestmapMapping
import RestmapOutput
import RestmapRequest
import RestmapValidation
import RestmapDescribe
import RestmapPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Options every subcommand shares: the config and the optional Core Data model.
struct GlobalOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "The mapping config (XML/binary plist or JSON). Default: restmap.plist in the current directory.")
    var config: String?

    @Option(name: .long, help: "A Core Data model (.xcdatamodeld, .xcdatamodel or its contents file) giving attribute types.")
    var model: String?

    /// The config path to use, or a usage error when none is given and there is no default.
    func configPath() throws -> String {
        if let config { return config }
        if access("restmap.plist", F_OK) == 0 { return "restmap.plist" }
        throw RestmapError.usage(.noConfig, "no config given: pass -c FILE (or put a restmap.plist in the current directory)")
    }

    /// Loads, shapes and lints the config. Config errors stop the command with exit 2.
    /// - Parameter log: receives warnings (and the errors, before the throw).
    func loadDefinitions(log: DiagnosticLog) throws -> MappingDefinitions {
        let definitions = try readDefinitions(log: log)
        if log.hasErrors {
            throw RestmapError(.usage, diagnostics: [])
        }
        return definitions
    }

    /// Loads, lints and (with `--model`) binds the config to the model, reporting every
    /// finding to `log`; the caller decides what errors mean.
    func readDefinitions(log: DiagnosticLog) throws -> MappingDefinitions {
        let path = try configPath()
        let root = try ConfigDocumentReader().read(path: path)
        var definitions = try ConfigLoader().load(root, file: path, log: log)
        if let model {
            let coreDataModel = try CoreDataModel.load(path: model)
            log.emit(contentsOf: coreDataModel.warnings)
            ModelBinding().apply(coreDataModel, to: &definitions, log: log)
        }
        ConfigLinter().lint(definitions, log: log)
        return definitions
    }
}
