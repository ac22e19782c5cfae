/// The config half of the pipeline, in the order every command runs it:
///
/// 1. **read** — the file's bytes into a located plist tree (`ConfigDocumentReader`: XML or
///    binary plist, or JSON);
/// 2. **load** — the tree into `MappingDefinitions` (`ConfigLoader`), reporting wrong shapes;
/// 3. **bind** — with `--model`, the Core Data model's types and relationships onto the
///    definitions (`ModelBinding`);
/// 4. **lint** — the cross-entry rules of `restmap check` (`ConfigLinter`).
///
/// Every finding goes to `log`; what errors mean is the caller's decision (`check` counts
/// them, the other commands stop with exit 2 through `requireDefinitions`). A document that
/// cannot be read at all throws a usage `RestmapError`.
public struct ConfigPipeline {
    let log: DiagnosticLog

    public init(log: DiagnosticLog) {
        self.log = log
    }

    /// Runs the four steps on the config at `path`, with the model at `modelPath` if any.
    public func definitions(configAt path: String, modelAt modelPath: String? = nil) throws -> MappingDefinitions {
        let root = try ConfigDocumentReader().read(path: path)
        return try definitions(from: root, file: path) { try modelPath.map { try CoreDataModel.load(path: $0) } }
    }

    /// Runs the four steps on a config held in memory (a config about to be written);
    /// `file` names it in diagnostics.
    public func definitions(configBytes bytes: [UInt8], file: String) throws -> MappingDefinitions {
        try definitions(configBytes: bytes, file: file, model: nil)
    }

    /// As above, with a model (tests, fuzzing).
    func definitions(
        configBytes bytes: [UInt8], file: String, model: CoreDataModel?
    ) throws -> MappingDefinitions {
        let root = try ConfigDocumentReader().parse(bytes, file: file)
        return try definitions(from: root, file: file) { model }
    }

    /// As `definitions(configAt:modelAt:)`, but config errors stop the command: exit 2,
    /// after they have been reported to `log`.
    public func requireDefinitions(configAt path: String, modelAt modelPath: String? = nil) throws -> MappingDefinitions {
        let definitions = try definitions(configAt: path, modelAt: modelPath)
        if log.hasErrors {
            throw RestmapError(.usage, diagnostics: [])
        }
        return definitions
    }

    /// Steps 2–4 on a tree already read. The model is read after the config is loaded, so
    /// that the config's own findings are reported even when the model cannot be read.
    private func definitions(
        from root: PlistNode, file: String, model: () throws -> CoreDataModel?
    ) throws -> MappingDefinitions {
        var definitions = try ConfigLoader().load(root, file: file, log: log)
        if let model = try model() {
            log.emit(contentsOf: model.warnings)
            ModelBinding().apply(model, to: &definitions, log: log)
        }
        ConfigLinter().lint(definitions, log: log)
        return definitions
    }
}
