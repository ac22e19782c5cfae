import ArgumentParser
import RestmapEngine

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

    /// The config through the config pipeline; config errors stop the command with exit 2.
    /// - Parameter log: receives warnings (and the errors, before the throw).
    func loadDefinitions(log: DiagnosticLog) throws -> MappingDefinitions {
        try ConfigPipeline(log: log).requireDefinitions(configAt: try configPath(), modelAt: model)
    }

    /// The config through the config pipeline, every finding reported to `log`; the caller
    /// decides what errors mean (`check`).
    func readDefinitions(log: DiagnosticLog) throws -> MappingDefinitions {
        try ConfigPipeline(log: log).definitions(configAt: try configPath(), modelAt: model)
    }
}
