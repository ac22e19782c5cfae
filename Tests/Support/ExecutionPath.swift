import Foundation

/// One way of running a command that must give what the default way gives (the same bytes
/// and exit status; for stores and shards the same records). Each path says when it applies
/// and how it compares; `ExecutionPath.all` is the one list of them, so a new path, or a new
/// golden, adds its comparisons without new test code.
public struct ExecutionPath: Sendable {
    public let name: String
    /// The differences between this path and the default run of the context's invocation,
    /// or nil when the path does not apply to it.
    let compare: @Sendable (_ context: PathContext) throws -> [String]?

    public static let all: [ExecutionPath] = [
        threads(1), threads(2), threads(4),
        standardInput, pipe(chunkSize: 1), pipe(chunkSize: 61),
        ndjsonKeptWhole,
        storeThenDump, storeInBatchesOfOne, storeKeepingTheGraph,
        shards(2), shards(3), shards(5),
        shardsIntoStore(2), shardsIntoStore(3), shardsIntoStore(5),
    ]

    /// `--threads N`: everything the same, stderr included.
    static func threads(_ count: Int) -> ExecutionPath {
        ExecutionPath(name: "--threads \(count)") { context in
            let (invocation, reference) = (context.invocation, context.reference)
            guard ["map", "validate"].contains(invocation.command), !invocation.has("--threads") else { return nil }
            let result = try run(invocation.adding("--threads", String(count)))
            return differences(result, reference)
        }
    }

    /// The one input file given on standard input (`-`, or `URI=-`): the same, with the file
    /// named `<stdin>` in messages and reports.
    static let standardInput = ExecutionPath(name: "standard input") { context in
        let (invocation, reference) = (context.invocation, context.reference)
        guard let (piped, file) = onStandardInput(invocation) else { return nil }
        let result = try RestmapBinary.run(piped.arguments, input: .file(try data(of: file, in: invocation)), in: invocation.directory)
        return differences(result, renaming(reference, file))
    }

    /// The one input file written into a pipe `chunkSize` bytes at a time.
    static func pipe(chunkSize: Int) -> ExecutionPath {
        ExecutionPath(name: "a pipe fed \(chunkSize) byte\(chunkSize == 1 ? "" : "s") at a time") { context in
            let (invocation, reference) = (context.invocation, context.reference)
            guard let (piped, file) = onStandardInput(invocation) else { return nil }
            let bytes = try data(of: file, in: invocation)
            // One byte at a time is for small inputs; larger ones get larger chunks below.
            guard chunkSize > 1 || bytes.count <= 16_384 else { return nil }
            let result = try RestmapBinary.run(
                piped.arguments, input: .pipe(bytes, chunkSize: chunkSize), in: invocation.directory)
            return differences(result, renaming(reference, file))
        }
    }

    /// NDJSON records printed as they are mapped, against the same records printed once the
    /// whole graph is kept (a run that also stores keeps it). Where the run succeeds: a run
    /// that fails still prints a stream's good lines, and prints nothing when it kept the graph.
    static let ndjsonKeptWhole = ExecutionPath(name: "NDJSON kept whole") { context in
        let (invocation, reference) = (context.invocation, context.reference)
        guard invocation.command == "map", invocation.value(of: "--format") == "ndjson",
            invocation.value(of: "--shape") ?? "tree" == "tree", !invocation.has("--store", "-q", "--quiet", "-o", "--output"),
            reference.status == 0
        else { return nil }
        let store = context.scratch.appendingPathComponent("kept.db").path
        let result = try run(invocation.adding("--store", store))
        return differences(result, reference)
    }

    /// `map --store` then `dump` against `--shape records`: the same records, unset and null
    /// being one thing in a store. A run that fails stores nothing.
    static let storeThenDump = ExecutionPath(name: "--store then dump") { context in
        guard let expected = try context.recordsReference(), let stored = try context.singleStore() else { return nil }
        var lines = stored.status == expected.status ? [] : ["exit status \(stored.status), --shape records \(expected.status)"]
        guard expected.status == 0 else {
            if stored.dump != nil { lines.append("a failed run left a store behind") }
            return lines
        }
        lines += try RecordSet(parsing: stored.dump ?? "", unsetAsAbsent: true)
            .differences(from: RecordSet(parsing: expected.stdout, unsetAsAbsent: true))
        return lines
    }

    /// The store loaded one object at a time (a batch a mapped object, each merged into the
    /// store by primary key and connected at the commit) against the default load: the same
    /// store, byte for byte, and the same exit status.
    static let storeInBatchesOfOne = ExecutionPath(name: "--store in batches of one object") { context in
        guard let single = try context.singleStore() else { return nil }
        let path = context.scratch.appendingPathComponent("batches.db").path
        let result = try RestmapBinary.run(
            storeRun(context.invocation, path).arguments, stdin: context.invocation.stdin, in: context.invocation.directory,
            environment: ["RESTMAP_STORE_BATCH": "1"])
        var lines = result.status == single.status ? [] : ["exit status \(result.status), one batch \(single.status)"]
        let dumped = try dump(path, in: context.invocation.directory)
        if dumped != single.dump { lines.append("dump differs:\n\(TextDifference.first(dumped ?? "(no store)", single.dump ?? "(no store)"))") }
        return lines
    }

    /// The store written from the run's whole graph (records printed too, so the run keeps
    /// it) against the streamed load of a run printing none: the same store, byte for byte.
    static let storeKeepingTheGraph = ExecutionPath(name: "--store keeping the whole graph") { context in
        guard let single = try context.singleStore() else { return nil }
        let path = context.scratch.appendingPathComponent("graph.db").path
        let records = context.scratch.appendingPathComponent("graph-records.json").path
        let result = try run(storeRun(context.invocation, path).removing("-q").adding("-o", records))
        var lines = result.status == single.status ? [] : ["exit status \(result.status), streamed \(single.status)"]
        let dumped = try dump(path, in: context.invocation.directory)
        if dumped != single.dump { lines.append("dump differs:\n\(TextDifference.first(dumped ?? "(no store)", single.dump ?? "(no store)"))") }
        return lines
    }

    /// `--shard I/K` for every I, the shards' records merged, against one run's records.
    static func shards(_ count: Int) -> ExecutionPath {
        ExecutionPath(name: "\(count) shards' records") { context in
            guard let records = recordsRun(context.invocation), let expected = try context.recordsReference() else { return nil }
            var merged = RecordSet()
            var lines: [String] = []
            var statuses: [Int32] = []
            for index in 1...count {
                let shard = try run(records.adding("--shard", "\(index)/\(count)"))
                statuses.append(shard.status)
                lines += merged.merge(try RecordSet(parsing: shard.stdout, unsetAsAbsent: false))
            }
            lines += shardStatusDifferences(statuses, expected.status)
            lines += merged.differences(from: try RecordSet(parsing: expected.stdout, unsetAsAbsent: false), referencesMayWait: true)
            return lines
        }
    }

    /// The K shards loaded one after another into one store, against one run's store.
    static func shardsIntoStore(_ count: Int) -> ExecutionPath {
        ExecutionPath(name: "\(count) shards into one store") { context in
            // A failed run stores nothing (storeThenDump holds that).
            guard let single = try context.singleStore(), single.status == 0 else { return nil }
            let sharded = context.scratch.appendingPathComponent("sharded-\(count).db").path
            var statuses: [Int32] = []
            for index in 1...count {
                statuses.append(try run(storeRun(context.invocation, sharded).adding("--shard", "\(index)/\(count)")).status)
            }
            var lines = shardStatusDifferences(statuses, single.status)
            lines += try RecordSet(parsing: dump(sharded, in: context.invocation.directory) ?? "", unsetAsAbsent: false)
                .differences(from: RecordSet(parsing: single.dump ?? "", unsetAsAbsent: false), referenceOrderFree: true)
            return lines
        }
    }

    // MARK: - Helpers

    static func run(_ invocation: Invocation) throws -> CommandResult {
        try RestmapBinary.run(invocation.arguments, stdin: invocation.stdin, in: invocation.directory)
    }

    /// What `dump` prints of a store, nil when there is no store.
    static func dump(_ store: String, in directory: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: store) else { return nil }
        return try run(Invocation(arguments: ["dump", "--store", store, "--compact"], directory: directory)).stdout
    }

    /// Exit status, stdout and stderr, each compared.
    static func differences(_ result: CommandResult, _ reference: CommandResult) -> [String] {
        var lines: [String] = []
        if result.status != reference.status { lines.append("exit status \(result.status), default \(reference.status)") }
        if result.stdout != reference.stdout { lines.append("stdout differs:\n\(TextDifference.first(result.stdout, reference.stdout))") }
        if result.stderr != reference.stderr { lines.append("stderr differs:\n\(TextDifference.first(result.stderr, reference.stderr))") }
        return lines
    }

    /// The invocation with its one input file read from standard input instead.
    static func onStandardInput(_ invocation: Invocation) -> (Invocation, String)? {
        guard let input = invocation.singleFileInput, !invocation.has("--manifest") else { return nil }
        var piped = invocation
        piped.arguments[input.position] = input.requestPath.map { "\($0)=-" } ?? "-"
        return (piped, input.file)
    }

    static func data(of file: String, in invocation: Invocation) throws -> Data {
        try Data(contentsOf: invocation.directory.appendingPathComponent(file))
    }

    /// What the default run prints, with the file called what standard input is called.
    static func renaming(_ reference: CommandResult, _ file: String) -> CommandResult {
        var renamed = reference
        renamed.stdout = reference.stdout.replacingOccurrences(of: file, with: "<stdin>")
        renamed.stderr = reference.stderr.replacingOccurrences(of: file, with: "<stdin>")
        return renamed
    }

    /// The `map` invocation printing compact `--shape records` JSON, or nil for other commands.
    static func recordsRun(_ invocation: Invocation) -> Invocation? {
        guard invocation.command == "map", !invocation.has("--store", "--shard") else { return nil }
        return invocation.removing("--shape", "--format", "--compact", "-o", "--output", "-q", "--quiet")
            .adding("--shape", "records", "--format", "json", "--compact")
    }

    static func storeRun(_ invocation: Invocation, _ store: String) -> Invocation {
        invocation.removing("--shape", "--format", "--compact", "-o", "--output", "-q", "--quiet")
            .adding("-q", "--store", store)
    }

    /// The shards together fail exactly when one run fails: each fails as one run does for
    /// what is wrong with an input as a whole; none fails where one run succeeds.
    static func shardStatusDifferences(_ statuses: [Int32], _ expected: Int32) -> [String] {
        let merged = statuses.max() ?? 0
        return merged == expected ? [] : ["shards exit \(statuses), one run \(expected)"]
    }
}

/// Where two texts part, for a failure message.
enum TextDifference {
    static func first(_ got: String, _ expected: String) -> String {
        let a = got.split(separator: "\n", omittingEmptySubsequences: false)
        let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            let gotLine = index < a.count ? String(a[index].prefix(300)) : "(end)"
            let expectedLine = index < b.count ? String(b[index].prefix(300)) : "(end)"
            return "  line \(index + 1): got      \(gotLine)\n  line \(index + 1): expected \(expectedLine)"
        }
        return "  (same lines; the final newline differs)"
    }
}
