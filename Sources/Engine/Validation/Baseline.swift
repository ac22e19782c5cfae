/// The findings a team has accepted for now (`--baseline FILE`), so that restmap can be
/// adopted on a config with years of drift: a baselined finding is still reported, marked
/// as such, but never fails the run; a new one does. Written by `--write-baseline FILE` as
/// JSON, one entry per finding, matched by fingerprint (`FindingFingerprint`: code, file,
/// config entry and payload place — not the line, so moved lines keep their entries):
///
/// ```
/// { "version": 1, "tool": "restmap",
///   "findings": [ { "fingerprint", "code", "file", "entry": STRING|null, "message" } ] }
/// ```
public struct Baseline: Sendable {
    private(set) var fingerprints: Set<String> = []

    public init() {}

    /// Reads a baseline `--write-baseline` wrote.
    /// - Throws: `RestmapError` (usage, RM7013) when it cannot be read or is not one.
    public init(path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try FileByteSource(path: path).readAll(limit: InputLimits.manifestBytes)
        } catch let error as RestmapError {
            throw RestmapError.usage(.baselineUnusable, "baseline '\(path)' cannot be read: \(error.diagnostics.first?.message ?? "")", at: .file(path))
        }
        let document: Value
        do {
            document = try JSONReader.value(from: bytes, file: path)
        } catch let error as RestmapError {
            throw RestmapError(.usage, diagnostics: error.diagnostics.map { Diagnostic(.baselineUnusable, .error, "baseline is not JSON: " + $0.message, at: $0.location) })
        }
        guard case .object(let root) = document, case .array(let entries)? = root["findings"], root["tool"] == .string("restmap") else {
            throw RestmapError.usage(
                .baselineUnusable, "'\(path)' is not a restmap baseline (an object with \"tool\": \"restmap\" and \"findings\"); write one with --write-baseline", at: .file(path))
        }
        for entry in entries {
            if case .object(let fields) = entry, case .string(let fingerprint)? = fields["fingerprint"] { fingerprints.insert(fingerprint) }
        }
    }

    /// Marks the findings the baseline holds.
    func mark(_ findings: inout [ValidationFinding], workingDirectory: String?) {
        guard !fingerprints.isEmpty else { return }
        for index in findings.indices where fingerprints.contains(FindingFingerprint.of(findings[index], workingDirectory: workingDirectory)) {
            findings[index].baselined = true
        }
    }

    /// The baseline of `findings`, as `--write-baseline` writes it.
    public static func render(_ findings: [ValidationFinding], workingDirectory: String?) -> String {
        var seen = Set<String>()
        var entries: [Value] = []
        for finding in findings where finding.expectedSeverity == nil {
            let fingerprint = FindingFingerprint.of(finding, workingDirectory: workingDirectory)
            guard seen.insert(fingerprint).inserted else { continue }
            entries.append(.object(ValueObject([
                ("fingerprint", .string(fingerprint)), ("code", .string(finding.code.rawValue)),
                ("file", .string(FilePath.display(FindingFingerprint.relative(finding.location.file, to: workingDirectory)))),
                ("entry", finding.configEntry.map { .string($0.name) } ?? .null), ("message", .string(finding.message)),
            ])))
        }
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        do {
            try writer.write(.object(ValueObject([("version", 1), ("tool", "restmap"), ("findings", .array(entries))])))
            try writer.newline()
            try writer.flush()
        } catch {
            // A memory sink does not fail.
        }
        return sink.text
    }
}
